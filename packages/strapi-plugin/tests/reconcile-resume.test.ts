import { availableDialects, waitForState, type DialectName } from '@agent-ready/test-support';
import {
  bootFixture,
  createFixtureDatabase,
  FIXTURE_CONFIG,
  type Fixture,
  type FixtureDatabase,
} from './support/fixture-app';
import { expectParity, getRaw, sitemapItems } from './support/agent-http';

// The start-up reconcile of a site that is already big: stopped half-way (a restart), it goes on
// from its checkpoint; what the first attempt settled is neither lost nor wrongly removed; and a
// start with nothing changed renders and writes nothing.

const ARTICLE = 'api::article.article';
const ARTICLES = 120;
const CONFIG = { ...FIXTURE_CONFIG, reconcile: { batchSize: 2 } };
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

const DIALECTS: DialectName[] = availableDialects().includes('postgres')
  ? ['sqlite', 'postgres']
  : ['sqlite'];

describe.each(DIALECTS)('a start-up reconcile stopped half-way [%s]', (dialect) => {
  let database: FixtureDatabase;
  const ids: string[] = [];

  beforeAll(async () => {
    database = await createFixtureDatabase(dialect);
    await withFixture({ database, plugin: false }, async (f) => {
      for (let n = 0; n < ARTICLES; n++) {
        const created = (await f.strapi.documents(ARTICLE as never).create({
          data: { title: `Article ${n}`, slug: `a-${n}`, content: blocks(`Text ${n}.`) },
          status: 'published',
        } as never)) as unknown as { documentId: string };
        ids.push(created.documentId);
      }
    });
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('goes on from its checkpoint at the next start: nothing lost, nothing wrongly removed', async () => {
    // First start: stopped (a shutdown) once a fifth of the articles are settled.
    await withFixture({ database, config: CONFIG }, async (f) => {
      const done = await waitForState('the reconcile under way', async () => {
        const progress = f.agentReady.status().reconcileProgress;
        return progress && progress.done >= ARTICLES / 5 ? progress.done : undefined;
      });
      expect(done).toBeLessThan(ARTICLES);
    });
    // While off: one article settled before the stop is unpublished, another deleted.
    await withFixture({ database, plugin: false }, async (f) => {
      await f.strapi.documents(ARTICLE as never).unpublish({ documentId: ids[0] } as never);
      await f.strapi.documents(ARTICLE as never).delete({ documentId: ids[1] } as never);
    });
    await withFixture({ database, config: CONFIG }, async (f) => {
      await f.agentReady.whenIdle();
      const last = f.agentReady.status().lastReconcile!;
      expect(last).toMatchObject({ reason: 'start-up', removed: 2, failed: 0 });
      // Not from zero: the settled part was only listed, and not rendered again.
      expect(last.resumedFrom).toBeGreaterThanOrEqual(ARTICLES / 5 - 2);
      expect(last.resumedFrom! + last.seen).toBe(ARTICLES - 2);
      expect(last.rendered).toBe(last.seen);
      const items = await sitemapItems(f.http);
      expect(items).toHaveLength(ARTICLES - 2);
      expect((await getRaw(f.http, '/en/blog/a-0/llm.json')).status).toBe(404);
      expect((await getRaw(f.http, '/en/blog/a-1/llm.json')).status).toBe(410);
      expect((await getRaw(f.http, `/en/blog/a-${ARTICLES - 1}/llm.json`)).status).toBe(200);
      await expectParity(f.http);
    });
  });

  it('a start with nothing changed renders nothing, writes no row and reads each once', async () => {
    await withFixture({ database, config: CONFIG }, async (f) => {
      await f.agentReady.whenIdle();
      expect(f.agentReady.status().lastReconcile).toMatchObject({
        seen: ARTICLES - 2,
        changed: 0,
        removed: 0,
        rendered: 0,
        rowsWritten: 0,
        resumedFrom: 0,
        // Its stamp, compared; the published rows are not listed again for the removal step.
        rowsRead: ARTICLES - 2,
      });
    });
  });

  it('a change of the settings renders every document again', async () => {
    await withFixture(
      { database, config: { ...CONFIG, mUrl: { suffix: 'agent.json' } } },
      async (f) => {
        await f.agentReady.whenIdle();
        expect(f.agentReady.status().lastReconcile).toMatchObject({
          seen: ARTICLES - 2,
          changed: ARTICLES - 2,
          rendered: ARTICLES - 2,
          resumedFrom: 0,
        });
        expect((await getRaw(f.http, '/en/blog/a-5/agent.json')).status).toBe(200);
      },
    );
  });
});
