import type { FilePluginConfig } from '../server/src/config/plugin-config';
import { PAGES_TREE_APP_DIR } from './support/fixture-app';
import { DOCUMENTS, FILES } from './support/pages-tree-seed';
import {
  describeDifferential,
  type DifferentialFixture,
} from './support/differential/strapi-differential';

// Issue 44 on a pages tree (the public Next.js monorepo starter's model): pages under pages,
// each at its `fullPath`, which the app's own document middleware keeps when a slug or a parent
// changes (children too), two locales with the default one unprefixed, configured with `true`.
// Pages move under other pages here (never under themselves). See support/differential.

const PAGE = 'api::page.page';

const PAGES_TREE: DifferentialFixture = {
  name: 'pages-tree',
  appDir: PAGES_TREE_APP_DIR,
  config: {
    site: { origin: 'https://www.pages.example', name: 'Northwind Studio' },
    rebuild: { debounceMs: 10, healIntervalMs: 0 },
    urls: { localePrefix: 'except-default' },
    mcp: {},
    contentTypes: { [PAGE]: true },
  } as FilePluginConfig,
  seed: { files: FILES, documents: DOCUMENTS },
  catalog: {
    locales: ['en', 'cs'],
    slugAttribute: 'slug',
    fixedSlugs: ['/'],
    // A page's children, set from the child's side only (`parent`, by MovePage): a random
    // parent could put a page under itself, which the app's middleware does not guard against.
    reciprocal: [],
    excludedRelations: ['parent', 'children'],
    parent: 'parent',
    settingsVariants: 2,
    texts: ['Web design in Brno', 'e-commerce', 'iPhone', '<p>Rich <strong>text</strong></p>', ''],
    zone: {
      attribute: 'content',
      added: {
        __component: 'sections.hero',
        title: '<p>Added by an editor</p>',
        description: '<p>A hero section at the end.</p>',
      },
    },
  },
  settings: [undefined, { contentTypes: { [PAGE]: { url: '/{locale}/{fullPath*}' } } }],
  searchQueries: ['design', 'careers'],
};

describeDifferential(PAGES_TREE, {
  // PostgreSQL, as the public pages-tree starter runs; MariaDB runs the marketing site's. The
  // server's sequence is shorter than SQLite's: what it adds is its dialect's queries under the
  // commands and a second instance serving the same bytes.
  test: {
    sqlite: { sequences: 1, maxCommands: 20 },
    postgres: { sequences: 1, maxCommands: 8 },
  },
  fuzz: {
    sqlite: { sequences: 10, maxCommands: 200 },
    postgres: { sequences: 4, maxCommands: 100 },
    mysql: { sequences: 4, maxCommands: 100 },
  },
});
