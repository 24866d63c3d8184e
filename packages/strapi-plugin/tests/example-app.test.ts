import request from 'supertest';
import { waitForState } from '@agent-ready/test-support';
import { adminJwt, createAdminUser, superAdminRoleId } from './support/admin-users';
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

  it('shows words shaped like identifiers, numbers or times: a quote’s title, alt texts, captions, a category', () => {
    const [mUrl, twin] = served.get('/article/our-beans-sold-online')!;
    const content = (JSON.parse(mUrl!) as { content: string }).content;
    expect(twin).toContain('Category: [e-commerce](https://blog.example/category/e-commerce)');
    expect(twin).toContain(
      '![iPhone](https://cms.blog.example/uploads/first_order_9c0d.jpg "10:30")',
    );
    expect(twin).toContain('## eBay\n\nCoffee is one of the categories');
    // The example's own seed captions its images with the file's name.
    expect(twin).toContain('/uploads/coffee_art_7a8b.jpg "coffee-art")');
    expect(content).toContain('Category: e-commerce');
    expect(content).toContain('[Image: iPhone]\n10:30');
    expect(content).toContain('eBay\n\nCoffee is one of the categories');
    expect(content).toContain('[Image: An image uploaded to Strapi called coffee-art]\ncoffee-art');
  });

  it('counts those words in the coverage, as reaching agents', async () => {
    const roles = [await superAdminRoleId(f.strapi)];
    await createAdminUser(f.strapi, 'admin@blog.example', roles);
    const jwt = await adminJwt(f.http, 'admin@blog.example');
    const res = await request(f.http)
      .get('/agent-ready/overview')
      .set('authorization', `Bearer ${jwt}`);
    const coverage = new Map(
      (
        res.body as {
          contentTypes: { uid: string; coverage?: { strings: number; reached: number } }[];
        }
      ).contentTypes.map((type) => [type.uid, type.coverage] as const),
    );
    const strings = entryExpectations(f.strapi, published, ROUTES, RULES)
      .filter(({ document }) => document.uid === 'api::article.article')
      .reduce((sum, entry) => sum + entry.strings.length, 0);
    expect(coverage.get('api::article.article')).toMatchObject({ strings, reached: strings });
  });

  it('never shows a draft', async () => {
    const endpoints = await everyAgentEndpoint(f.http, []);
    expect(endpoints.filter(({ text }) => text.includes(DRAFT_MARKER)).map((e) => e.path)).toEqual(
      [],
    );
  });

  it('summarises the site in llms.txt with its own SEO description, says so in the admin, and follows its edits', async () => {
    // No `site.summary` set: the Global's `defaultSeo.metaDescription`, not the site's name again.
    const summaryLine = async () =>
      (await request(f.http).get('/llms.txt')).text
        .split('\n')
        .find((line) => line.startsWith('>'));
    // (Read when the Global was seeded, after start-up: the settings follow it.)
    await waitForState('the Global description in llms.txt', async () =>
      (await summaryLine()) === '> A blog made with Strapi' ? true : undefined,
    );
    const jwt = await adminJwt(f.http, 'admin@blog.example');
    const settings = await request(f.http)
      .get('/agent-ready/settings')
      .set('authorization', `Bearer ${jwt}`);
    expect(settings.body.derivedSummary).toEqual({
      text: 'A blog made with Strapi',
      from: 'Global › defaultSeo.metaDescription',
    });
    // Not a setting: the form shows it empty, and saving the form keeps following the Global.
    expect(settings.body.settings.site.summary).toBeUndefined();
    const global = await f.strapi.documents('api::global.global' as never).findFirst({
      status: 'published',
    } as never);
    await f.strapi.documents('api::global.global' as never).update({
      documentId: (global as { documentId: string }).documentId,
      data: { defaultSeo: { metaTitle: 'Page', metaDescription: 'Recipes and stories' } },
      status: 'published',
    } as never);
    await waitForState('the new summary in llms.txt', async () =>
      (await summaryLine()) === '> Recipes and stories' ? true : undefined,
    );
  });
});
