import {
  bootFixture,
  createFixtureDatabase,
  FIXTURE_CONFIG,
  type Fixture,
  type FixtureDatabase,
} from './support/fixture-app';
import { expectParity, getRaw, pathOf, sitemapItems } from './support/agent-http';

// Start-up: installing the plugin on a site that already has content, changing the settings,
// content changed while the plugin was off, and settings that do not fit the schemas.

const ARTICLE = 'api::article.article';
const blocks = (text: string) => [{ type: 'paragraph', children: [{ type: 'text', text }] }];

async function withFixture<T>(
  options: Parameters<typeof bootFixture>[0],
  body: (f: Fixture) => Promise<T>,
): Promise<T> {
  const f = await bootFixture(options);
  try {
    return await body(f);
  } finally {
    await f.stop({ keepDatabase: true });
  }
}

describe('reconcile at start-up', () => {
  let database: FixtureDatabase;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await createFixtureDatabase('sqlite');
    // An existing site: content created before the plugin was installed.
    await withFixture({ database, plugin: false }, async (f) => {
      const create = async (uid: string, data: object, published: boolean) =>
        (
          (await f.strapi.documents(uid as never).create({
            data,
            ...(published ? { status: 'published' } : {}),
          } as never)) as unknown as { documentId: string }
        ).documentId;
      ids.existing = await create(
        ARTICLE,
        { title: 'Existing', slug: 'existing', content: blocks('Old.') },
        true,
      );
      ids.kept = await create(
        ARTICLE,
        { title: 'Kept', slug: 'kept', content: blocks('Stays.') },
        true,
      );
      await f.strapi.documents(ARTICLE as never).update({
        documentId: ids.kept,
        locale: 'fr',
        data: { title: 'Gardé', slug: 'garde', content: blocks('Reste.') },
        status: 'published',
      } as never);
      ids.draft = await create(
        ARTICLE,
        { title: 'Draft', slug: 'draft', content: blocks('No.') },
        false,
      );
      ids.page = await create(
        'api::page.page',
        { title: 'A page', slug: 'a-page', body: 'Text.' },
        true,
      );
    });
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('first install on an existing site: every published document, no draft', async () => {
    await withFixture({ database }, async (f) => {
      await f.agentReady.whenIdle();
      expect(f.agentReady.status()).toMatchObject({
        state: 'ready',
        contentTypes: ['api::article.article', 'api::page.page', 'api::home.home'],
        lastReconcile: { reason: 'start-up', seen: 4, changed: 4, removed: 0, failed: 0 },
      });
      expect((await sitemapItems(f.http)).map((i) => pathOf(i.cUrl)).sort()).toEqual([
        '/en/blog/existing/',
        '/en/blog/kept/',
        '/fr/blog/garde/',
        '/pages/a-page/',
      ]);
      expect((await getRaw(f.http, '/en/blog/draft/llm.json')).status).toBe(404);
      await expectParity(f.http);
    });
  });

  it('a restart with nothing changed changes nothing', async () => {
    await withFixture({ database }, async (f) => {
      await f.agentReady.whenIdle();
      // Every row already holds what its very source renders to: nothing rendered, nothing written.
      expect(f.agentReady.status().lastReconcile).toMatchObject({
        seen: 4,
        changed: 0,
        removed: 0,
        rendered: 0,
        rowsWritten: 0,
      });
    });
  });

  it('changes made while off, a new M-URL scheme and fewer locales, applied in batches', async () => {
    await withFixture({ database, plugin: false }, async (f) => {
      await f.strapi
        .documents(ARTICLE as never)
        .delete({ documentId: ids.existing, locale: '*' } as never);
      await f.strapi
        .documents('api::page.page' as never)
        .unpublish({ documentId: ids.page } as never);
    });
    await withFixture(
      {
        database,
        config: {
          ...FIXTURE_CONFIG,
          mUrl: { suffix: 'agent.json' },
          locales: ['en'],
          reconcile: { batchSize: 1 },
        },
      },
      async (f) => {
        await f.agentReady.whenIdle();
        // Removed: the deleted article (410), the unpublished page and the French version (404).
        expect(f.agentReady.status().lastReconcile).toMatchObject({
          seen: 1,
          changed: 1,
          rendered: 1,
          removed: 3,
        });
        const kept = await getRaw(f.http, '/en/blog/kept/agent.json');
        expect(kept.status).toBe(200);
        expect(JSON.parse(kept.body.toString('utf8')).content).toBe('Kept\n\nStays.');
        expect((await sitemapItems(f.http)).map((i) => i.mUrl)).toEqual([
          'https://example.com/en/blog/kept/agent.json',
        ]);
        await expectParity(f.http);
      },
    );
  });
});

describe('settings that do not fit fail the start, naming the key', () => {
  it('a malformed option (checked when Strapi loads the config)', async () => {
    await expect(
      bootFixture({
        config: { ...FIXTURE_CONFIG, site: { origin: 'ftp://example.com', name: 'x' } },
      }),
    ).rejects.toThrow(/agent-ready[\s\S]*site\.origin: must be an absolute http\(s\) URL/);
  });

  it('attributes and locales that do not exist (checked against the schemas at bootstrap)', async () => {
    await expect(
      bootFixture({
        config: {
          ...FIXTURE_CONFIG,
          locales: ['en', 'de'],
          contentTypes: {
            'api::article.article': { body: 'nope', description: 'reviewerEmail' },
            'api::page.page': { url: '/{locale}/{slug}/' },
            'api::missing.missing': true,
          },
        },
      }),
    ).rejects.toThrow(
      new RegExp(
        [
          'contentTypes\\["api::article\\.article"\\]\\.description: reviewerEmail is a private attribute',
          'contentTypes\\["api::article\\.article"\\]\\.body: no such attribute: nope',
          'contentTypes\\["api::page\\.page"\\]\\.url: \\{locale\\} is used but the content type is not localized',
          'contentTypes\\["api::missing\\.missing"\\]: no such content type',
        ].join('[\\s\\S]*'),
      ),
    );
    await expect(
      bootFixture({ config: { ...FIXTURE_CONFIG, locales: ['en', 'de'] } }),
    ).rejects.toThrow(/locales\[1\]: no such locale: de/);
  });
});
