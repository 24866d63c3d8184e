import type { FilePluginConfig } from '../server/src/config/plugin-config';
import { DOCUMENTS, FILES } from './support/example-seed';
import { EXAMPLE_APP_DIR } from './support/fixture-app';
import {
  describeDifferential,
  type DifferentialFixture,
} from './support/differential/strapi-differential';

// Issue 44 on the content model of `create-strapi-app --example` (articles built from a `blocks`
// dynamic zone, authors shown in them, categories with pages of their own), with the article's
// URL taken from its category's slug as well as its own: a category's new slug moves every
// article in it. See support/differential.

const CONTENT_TYPES = {
  'api::article.article': { url: '/blog/{category.slug}/{slug}' },
  'api::category.category': { url: '/category/{slug}' },
  'api::author.author': true,
  'api::about.about': { url: '/about' },
} as const;

const EXAMPLE: DifferentialFixture = {
  name: 'example',
  appDir: EXAMPLE_APP_DIR,
  config: {
    site: { origin: 'https://blog.example', name: 'Strapi Blog', language: 'en' },
    rebuild: { debounceMs: 10, healIntervalMs: 0 },
    media: { baseUrl: 'https://cms.blog.example' },
    mcp: {},
    contentTypes: CONTENT_TYPES,
  } as FilePluginConfig,
  seed: { files: FILES, documents: DOCUMENTS },
  catalog: {
    locales: [''],
    slugAttribute: 'slug',
    fixedSlugs: [],
    reciprocal: [
      { uid: 'api::category.category', attribute: 'articles', target: 'api::article.article' },
      { uid: 'api::author.author', attribute: 'articles', target: 'api::article.article' },
    ],
    settingsVariants: 3,
    texts: ['Espresso at 10:30', 'iPhone', 'e-commerce', 'A laser measures the distance', ''],
    zone: {
      attribute: 'blocks',
      added: { __component: 'shared.quote', title: 'A reader writes', body: 'Best coffee guide.' },
    },
  },
  settings: [
    undefined,
    // The articles' URL without the category: every article moves at once.
    { contentTypes: { ...CONTENT_TYPES, 'api::article.article': { url: '/article/{slug}' } } },
    // Authors no longer exposed: their text leaves every article.
    {
      contentTypes: Object.fromEntries(
        Object.entries(CONTENT_TYPES).filter(([uid]) => uid !== 'api::author.author'),
      ),
    },
  ],
  searchQueries: ['coffee', 'pizza dough'],
};

describeDifferential(EXAMPLE, {
  // The servers run the other fixtures' sequences (CI's time is shared).
  test: { sqlite: { sequences: 1, maxCommands: 25 } },
  fuzz: {
    sqlite: { sequences: 10, maxCommands: 200 },
    postgres: { sequences: 4, maxCommands: 100 },
    mysql: { sequences: 4, maxCommands: 100 },
  },
});
