import request from 'supertest';
import { verifyPurgeWebhook } from '@agent-ready/store';
import { startPurgeReceiver, waitForState, type PurgeReceiver } from '@agent-ready/test-support';
import {
  bootFixture,
  createFixtureDatabase,
  FIXTURE_CONFIG,
  type Fixture,
  type FixtureDatabase,
} from './support/fixture-app';
import { adminJwt, createAdminUser, superAdminRoleId } from './support/admin-users';
import { getRaw } from './support/agent-http';

// The `edge` option on a real Strapi: config/plugins passes it to the store, agent responses carry
// the shared-cache headers and tags, every publish enqueues its purge, and the admin API's
// overview shows the purges sent, failed and waiting and the last error. The purges go to a
// webhook receiver run here that refuses the first request (503) and takes the rest.

const ARTICLE = 'api::article.article';
const SECRET = 'edge-purges-test-secret';
const blocks = (text: string) => [{ type: 'paragraph', children: [{ type: 'text', text }] }];

interface EdgeOverview {
  purger: string;
  sharedMaxAge: number;
  tagHeader: string;
  purges: {
    sent: number;
    requests: number;
    resent: number;
    failed: number;
    waiting: number;
    settling: number;
    retrying: number;
    lastSentAt?: string;
    lastError?: { message: string; at: string; permanent: boolean };
  };
}

let database: FixtureDatabase;
let f: Fixture;
let receiver: PurgeReceiver;
let jwt = '';
/** Keys of every purge request the receiver accepted (it refuses the first). */
const purged = () => receiver.received;

const overviewEdge = async () => {
  const res = await request(f.http)
    .get('/agent-ready/overview')
    .set('Authorization', `Bearer ${jwt}`);
  expect(res.status).toBe(200);
  return (res.body as { edge?: EdgeOverview }).edge;
};

beforeAll(async () => {
  receiver = await startPurgeReceiver({
    secret: SECRET,
    verify: verifyPurgeWebhook,
    refuseFirst: true,
  });
  const url = receiver.url;
  database = await createFixtureDatabase('sqlite');
  f = await bootFixture({
    database,
    config: {
      ...FIXTURE_CONFIG,
      edge: {
        purger: { type: 'webhook', url, secret: SECRET },
        delivery: { pollIntervalMs: 20, maxBackoffMs: 1000 },
        sharedMaxAge: 600,
      },
    },
  });
  await f.agentReady.whenIdle();
  await createAdminUser(f.strapi, 'edge-admin@example.com', [await superAdminRoleId(f.strapi)]);
  jwt = await adminJwt(f.http, 'edge-admin@example.com');
}, 300_000);

afterAll(async () => {
  await f?.stop();
  await receiver?.close();
});

it('sends shared caches a lifetime and the cache tags of each agent response', async () => {
  const res = await request(f.http).get('/llms.txt');
  expect(res.status).toBe(200);
  expect(res.headers['surrogate-control']).toMatch(/max-age=600/);
  expect(res.headers['surrogate-key']).toBeTruthy();
  // Agents and browsers keep revalidating.
  expect(res.headers['cache-control']).not.toMatch(/s-maxage|max-age=[1-9]/);
});

it('purges on publish and shows sent, failed, waiting and the last error in the overview', async () => {
  await f.strapi.documents(ARTICLE as never).create({
    data: { title: 'Edge', slug: 'edge', excerpt: 'At the edge.', content: blocks('Cached.') },
    status: 'published',
  } as never);
  await f.agentReady.whenIdle();

  // The first request was refused (503, retried), then everything went out, re-purges too.
  const edge = await waitForState('the purges delivered', async () => {
    const now = await overviewEdge();
    const { waiting, settling } = now?.purges ?? { waiting: 1, settling: 1 };
    return now && waiting === 0 && settling === 0 && purged().length > 0 ? now : undefined;
  });
  expect(edge).toMatchObject({ purger: 'webhook', sharedMaxAge: 600, tagHeader: 'surrogate-key' });
  expect(edge.purges.failed).toBeGreaterThanOrEqual(1);
  expect(edge.purges.lastError).toMatchObject({ permanent: false });
  expect(edge.purges.lastError!.message).toMatch(/503/);
  expect(Date.parse(edge.purges.lastError!.at)).not.toBeNaN();
  expect(edge.purges.sent + edge.purges.resent).toBe(purged().flat().length);
  expect(edge.purges.requests).toBe(purged().length);
  expect(Date.parse(edge.purges.lastSentAt!)).not.toBeNaN();
  // The new document's own tag (on its M-URL) was among the keys purged.
  const mUrl = await getRaw(f.http, '/en/blog/edge/llm.json');
  expect(mUrl.status).toBe(200);
  const documentTags = String(mUrl.headers['surrogate-key'])
    .split(' ')
    .filter((tag) => tag.startsWith('d-'));
  expect(documentTags).toHaveLength(1);
  expect(purged().flat()).toContain(documentTags[0]);
}, 120_000);

it('takes a type off: its documents leave the sitemap, llms.txt and SCP, the feed lists them removed, and the edge is purged', async () => {
  const admin = (method: 'put' | 'delete') =>
    request(f.http)[method]('/agent-ready/settings').set('Authorization', `Bearer ${jwt}`);
  await f.strapi.documents('api::page.page' as never).create({
    data: { title: 'Leaving', slug: 'leaving', body: 'Soon gone.' },
    status: 'published',
  } as never);
  await f.agentReady.whenIdle();
  const served = await getRaw(f.http, '/pages/leaving/llm.json');
  expect(served.status).toBe(200);
  const tag = String(served.headers['surrogate-key'])
    .split(' ')
    .find((key) => key.startsWith('d-'))!;
  const feed = await request(f.http).get('/llm-changes.json');
  const cursor = (JSON.parse(feed.text) as { next: string }).next;
  expect((await request(f.http).get('/scp/sitemap.xml')).text).toContain('/pages/leaving/');
  const before = purged().flat().length;

  const withoutPages = Object.fromEntries(
    Object.entries(FIXTURE_CONFIG.contentTypes).filter(([uid]) => uid !== 'api::page.page'),
  );
  expect((await admin('put').send({ contentTypes: withoutPages })).status).toBe(200);
  await f.agentReady.whenIdle();

  expect((await getRaw(f.http, '/pages/leaving/llm.json')).status).toBe(404);
  expect((await getRaw(f.http, '/pages/leaving.md')).status).toBe(404);
  for (const path of ['/llm-sitemap.json', '/llms.txt', '/scp/sitemap.xml']) {
    const text = (await request(f.http).get(path)).text;
    expect([path, text.includes('/pages/leaving/')]).toEqual([path, false]);
  }
  const changes = JSON.parse(
    (await request(f.http).get(`/llm-changes.json?since=${cursor}`)).text,
  ) as { changes: { change: string; cUrl: string }[] };
  expect(changes.changes).toContainEqual(
    expect.objectContaining({ change: 'removed', cUrl: 'https://example.com/pages/leaving/' }),
  );
  await waitForState('the document purged', async () =>
    purged().flat().slice(before).includes(tag) ? true : undefined,
  );
  expect((await admin('delete')).status).toBe(200);
  await f.agentReady.whenIdle();
}, 120_000);
