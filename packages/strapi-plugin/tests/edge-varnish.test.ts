import http from 'node:http';
import {
  describeWithVarnish,
  freePort,
  startVarnish,
  waitForState,
  type VarnishInstance,
} from '@agent-ready/test-support';
import {
  bootFixture,
  createFixtureDatabase,
  FIXTURE_CONFIG,
  type Fixture,
  type FixtureDatabase,
} from './support/fixture-app';

// The Strapi plugin behind a real varnishd running the shipped VCL, with the `edge` option's
// Varnish purger: agent responses are answered from the cache, and an edit saved in Strapi is
// new at the edge once its purge is delivered (and only then: no waiting for a lifetime).

const ARTICLE = 'api::article.article';
const TOKEN = 'strapi-edge-token';
const M_URL = '/en/blog/cached/llm.json';
const blocks = (text: string) => [{ type: 'paragraph', children: [{ type: 'text', text }] }];

interface Answer {
  status: number;
  etag?: string;
  hit: boolean;
}

function send(origin: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}${path}`, { agent: false }, (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            ...(res.headers.etag ? { etag: res.headers.etag } : {}),
            // Varnish names two transactions in X-Varnish when it served a stored object.
            hit: /^\d+ \d+$/.test(String(res.headers['x-varnish'])),
          }),
        );
      })
      .on('error', reject);
  });
}

describeWithVarnish('the Strapi plugin behind Varnish (shipped VCL, real varnishd)', () => {
  let database: FixtureDatabase;
  let f: Fixture;
  let varnish: VarnishInstance;
  let origin: string;
  let documentId: string;

  const purged = () =>
    waitForState('the purges delivered', async () => {
      await f.agentReady.whenIdle();
      const status = await f.agentReady.purgeStatus();
      return status?.waiting === 0 ? status : undefined;
    });

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    varnish = await startVarnish({ backend: { port }, purgeToken: TOKEN });
    database = await createFixtureDatabase('sqlite');
    f = await bootFixture({
      database,
      config: {
        ...FIXTURE_CONFIG,
        site: { ...FIXTURE_CONFIG.site, origin },
        edge: {
          purger: { type: 'varnish', addresses: [varnish.origin], token: TOKEN },
          // No settle re-purge (store/test/edge-settle-repurge.test.ts has it): its second purge,
          // 2 s after the first, would drop the object between a miss and the hit asserted next.
          delivery: { pollIntervalMs: 50, settleMs: 0 },
        },
      },
    });
    await new Promise<void>((resolve) => f.http.listen(port, '127.0.0.1', resolve));
    const created = (await f.strapi.documents(ARTICLE as never).create({
      data: { title: 'Cached', slug: 'cached', excerpt: 'Kept.', content: blocks('First.') },
      status: 'published',
    } as never)) as unknown as { documentId: string };
    documentId = created.documentId;
    await purged();
  }, 300_000);

  afterAll(async () => {
    await varnish?.stop();
    await f?.stop();
  });

  it('answers the M-URL from the cache, and the edit at once after its purge', async () => {
    const first = await send(varnish.origin, M_URL);
    expect(first.status).toBe(200);
    const again = await send(varnish.origin, M_URL);
    expect(again).toEqual({ ...first, hit: true });

    await f.strapi.documents(ARTICLE as never).update({
      documentId,
      locale: 'en',
      data: { content: blocks('Edited.') },
      status: 'published',
    } as never);
    const status = await purged();
    expect(status.sent).toBeGreaterThan(0);
    expect(status.failed).toBe(0);

    const atOrigin = await send(origin, M_URL);
    expect(atOrigin.etag).not.toBe(first.etag);
    const fresh = await send(varnish.origin, M_URL);
    expect(fresh).toMatchObject({ status: 200, etag: atOrigin.etag, hit: false });
    expect(await send(varnish.origin, M_URL)).toMatchObject({ etag: atOrigin.etag, hit: true });
  });
});
