import { getRaw, pathOf, sitemapItems } from './support/agent-http';
import { DOCUMENTS, DRAFT_MARKER, FILES } from './support/example-seed';
import { bootFixture, EXAMPLE_APP_DIR, type Fixture } from './support/fixture-app';
import { seedDocuments } from './support/seed-documents';
import {
  entryExpectations,
  everyAgentEndpoint,
  foundIn,
  twinPath,
  type Routes,
  type TextRules,
} from './support/seeded-strings';

// The content model `create-strapi-app --example` generates, with the least configuration the
// README shows for it: an article's text lives in its `blocks` dynamic zone (rich text, quotes
// with a `string` title, media, sliders), its author has no page of its own and is shown in it.

const ORIGIN = 'https://blog.example';
const CONFIG = {
  site: { origin: ORIGIN, name: 'Strapi Blog', language: 'en' },
  rebuild: { debounceMs: 10, healIntervalMs: 0 },
  // Strapi's own public URL is not set in this app: media are put on this one.
  media: { baseUrl: 'https://cms.blog.example' },
  contentTypes: {
    'api::article.article': { url: '/article/{slug}' },
    'api::category.category': { url: '/category/{slug}' },
    'api::author.author': true,
    'api::about.about': { url: '/about' },
  },
};

/**
 * The front end's routes, as Strapi's Next.js blog starter has them (`pages/article/[slug]`,
 * `pages/category/[slug]`), and an about page. Authors have no page.
 */
const ROUTES: Routes = {
  'api::article.article': (data) => `/article/${String(data.slug)}`,
  'api::category.category': (data) => `/category/${String(data.slug)}`,
  'api::about.about': () => '/about',
};

const RULES: TextRules = {
  technical: new Set(['email']),
  skipComponents: new Set(['shared.seo']),
  files: new Map(FILES.map((file) => [file.key, file])),
};

let f: Fixture;
const served = new Map<string, string[]>();
const EXPOSED = new Set(Object.keys(CONFIG.contentTypes));
const published = DOCUMENTS.filter(
  (document) => document.status === 'published' && EXPOSED.has(document.uid),
);

beforeAll(async () => {
  f = await bootFixture({ appDir: EXAMPLE_APP_DIR, config: CONFIG });
  await seedDocuments(f.strapi, { files: FILES, documents: DOCUMENTS });
  await f.agentReady.whenIdle();
  for (const item of await sitemapItems(f.http)) {
    const mUrl = await getRaw(f.http, pathOf(item.mUrl));
    const twin = await getRaw(f.http, twinPath(pathOf(item.cUrl)));
    served.set(pathOf(item.cUrl), [
      (mUrl.body as Buffer).toString('utf8'),
      (twin.body as Buffer).toString('utf8'),
    ]);
  }
});

afterAll(async () => {
  await f?.stop();
});

describe("Strapi's example app (create-strapi-app --example), configured as the README shows", () => {
  it('serves the front end’s routes, and no page for authors', async () => {
    const expected = published.flatMap((document) =>
      Object.entries(document.locales).flatMap(([locale, data]) => {
        const route = ROUTES[document.uid];
        return route ? [`${ORIGIN}${route(data, locale)}`] : [];
      }),
    );
    expect((await sitemapItems(f.http)).map((item) => item.cUrl).sort()).toEqual(expected.sort());
  });

  it('gets every string of the blocks zone, the quotes’ titles, alt texts and authors to agents', () => {
    const misses = entryExpectations(f.strapi, published, ROUTES, RULES).flatMap(
      ({ document, strings, paths }) => {
        const found = foundIn(paths.flatMap((path) => served.get(path) ?? []));
        const missing = strings.filter((text) => !found(text));
        return missing.length / Math.max(strings.length, 1) > 0.05 || paths.length === 0
          ? [`${document.key} at ${paths.join(' ')}: ${missing.join(' | ')}`]
          : [];
      },
    );
    expect(misses).toEqual([]);
  });

  it('links the author and category, and puts media on the configured media URL', () => {
    const [, twin] = served.get('/article/the-secret-of-good-coffee')!;
    expect(twin).toContain('Category: [Food](https://blog.example/category/food)');
    expect(twin).toContain('### Author: David Doe');
    expect(twin).toContain('https://cms.blog.example/uploads/coffee_beans_1a2b.jpg');
    expect(twin).toContain('https://res.cloudinary.example/demo/coffee_shadow.jpg');
    expect(twin).not.toContain('daviddoe@strapi.io');
  });

  it('never shows a draft', async () => {
    const endpoints = await everyAgentEndpoint(f.http, []);
    expect(endpoints.filter(({ text }) => text.includes(DRAFT_MARKER)).map((e) => e.path)).toEqual(
      [],
    );
  });
});
