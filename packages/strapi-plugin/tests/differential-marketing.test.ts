import type { FilePluginConfig } from '../server/src/config/plugin-config';
import { MARKETING_APP_DIR } from './support/fixture-app';
import { DOCUMENTS, FILES, MARKETING_CONFIG } from './support/marketing-seed';
import {
  describeDifferential,
  type DifferentialFixture,
} from './support/differential/strapi-differential';

// Issue 44: the incremental store equals a rebuild from scratch on the LaunchPad-like marketing
// site (pages of dynamic-zone sections, articles, products, FAQs, testimonials, plans and
// categories shown inside pages, an SEO component, media, two locales), configured as the README
// shows, through every entry point editors and apps use. See support/differential.

const CONTENT_TYPES = MARKETING_CONFIG.contentTypes;

const MARKETING: DifferentialFixture = {
  name: 'marketing',
  appDir: MARKETING_APP_DIR,
  config: { ...MARKETING_CONFIG, mcp: {} } as FilePluginConfig,
  seed: { files: FILES, documents: DOCUMENTS },
  catalog: {
    locales: ['en', 'fr'],
    slugAttribute: 'slug',
    fixedSlugs: ['homepage'],
    reciprocal: [
      { uid: 'api::category.category', attribute: 'articles', target: 'api::article.article' },
    ],
    settingsVariants: 3,
    zone: {
      attribute: 'dynamic_zone',
      added: {
        __component: 'dynamic-zone.cta',
        heading: 'Ready when you are',
        sub_heading: 'Added by an editor.',
        CTAs: [{ text: 'Read more', URL: '/en/blog', target: '_self', variant: 'primary' }],
      },
    },
    texts: [
      'A laser measures the distance',
      'iPhone',
      'eBay',
      'e-commerce',
      '3.5',
      '10:30',
      'Pricing for small teams',
      'Ünïcödé & <b>markup</b>',
      '',
    ],
  },
  settings: [
    undefined,
    // The articles move to another route: every article's URL changes at once.
    {
      contentTypes: {
        ...CONTENT_TYPES,
        'api::article.article': { url: '/{locale}/articles/{slug}' },
      },
    },
    // A section type left out of every page.
    { components: { 'dynamic-zone.hero': false } },
  ],
  searchQueries: ['laser distance', 'pricing', 'launch'],
};

describeDifferential(MARKETING, {
  // In `npm test` PostgreSQL is the pages-tree fixture's (with a second, reading instance):
  // the store's SQL is the same for every content model, and CI's time is shared. The server's
  // sequence is shorter than SQLite's: what it adds is its dialect's queries under the commands.
  test: {
    sqlite: { sequences: 1, maxCommands: 25 },
    mysql: { sequences: 1, maxCommands: 8 },
  },
  fuzz: {
    sqlite: { sequences: 10, maxCommands: 200 },
    postgres: { sequences: 4, maxCommands: 100 },
    mysql: { sequences: 4, maxCommands: 100 },
  },
});
