import express from 'express';
import request from 'supertest';
import { pathCacheTag, type ChangeFeedPage } from '@agent-ready/core/serve';
import {
  databaseConfig,
  describeEachDatabase,
  startPurgeReceiver,
  uniqueTablePrefix,
  waitForState,
  type PurgeReceiver,
} from '@agent-ready/test-support';
import { verifyPurgeWebhook, type DatabaseOption } from '@agent-ready/store';
import { agentReady, type AgentReadyMiddleware } from '../src';
import { dropTables } from './drop-tables';

const ORIGIN = 'https://example.com';
const SECRET = 'path-change-test-secret';

/**
 * Issue 38 over HTTP: an app republishes a document under a new URL (a slug change) or all of
 * them under a new pattern (`rebuild`). The old M-URL and twin answer 410, the change feed lists
 * the old URL as removed, the edge is told (a purge webhook on a real socket), the SCP sitemap,
 * llms.txt and JSON sitemap list only the new URL, and a read-only process on the same table
 * answers the same.
 */
describeEachDatabase('a path change over HTTP (Express)', (dialect) => {
  let database: DatabaseOption;
  let tablePrefix: string;
  let agent: AgentReadyMiddleware;
  let reader: AgentReadyMiddleware;
  let app: express.Express;
  let readerApp: express.Express;
  let receiver: PurgeReceiver;

  const post = (id: string, url: string, text = `The text of ${id}.`) => ({
    id,
    url,
    title: `Post ${id}`,
    section: 'posts',
    body: { format: 'markdown' as const, value: text },
  });
  const feedSince = async (target: express.Express, since: string) => {
    const res = await request(target).get(`/llm-changes.json?since=${since}`);
    expect(res.status).toBe(200);
    return (JSON.parse(res.text) as ChangeFeedPage).changes.map((c) => [c.change, c.cUrl]);
  };
  const cursorNow = async () =>
    (JSON.parse((await request(app).get('/llm-changes.json?since=now')).text) as ChangeFeedPage)
      .next;

  beforeAll(async () => {
    receiver = await startPurgeReceiver({ secret: SECRET, verify: verifyPurgeWebhook });
    database = databaseConfig(dialect) as DatabaseOption;
    tablePrefix = uniqueTablePrefix();
    const site = { origin: ORIGIN, name: 'Blog', language: 'en' };
    agent = agentReady({
      site,
      database,
      tablePrefix,
      rebuild: { debounceMs: 5, healIntervalMs: 0 },
      logger: false,
      // Snapshots of more than 3 pages wait for 3 changes or a day: a move is 2 (its tombstone
      // and its row), so only the page that left rebuilds this one at once.
      scp: { snapshotAfterChanges: 3, snapshotIntervalMs: 86_400_000 },
      edge: {
        purger: {
          type: 'webhook',
          url: receiver.url,
          secret: SECRET,
        },
        delivery: { pollIntervalMs: 20 },
      },
    });
    reader = agentReady({ site, database, tablePrefix, mode: 'read-only', logger: false });
    app = express().use(agent);
    readerApp = express().use(reader);
    for (const id of ['a', 'b', 'c', 'd']) await agent.publish(post(id, `/posts/${id}/`));
    await agent.idle();
  });

  afterAll(async () => {
    await reader?.close();
    await agent?.close();
    await receiver?.close();
    if (dialect !== 'sqlite') await dropTables(database, tablePrefix);
  });

  it('a slug change: 410 at the old M-URL and twin, the feed and the edge told, listings current', async () => {
    expect((await request(app).get('/posts/a/llm.json')).status).toBe(200);
    const scpBefore = (await request(app).get('/scp/sitemap.xml')).text;
    expect(scpBefore).toContain(`${ORIGIN}/posts/a/`);
    const since = await cursorNow();

    await agent.publish(post('a', '/posts/a-better-slug/'));
    const gone = await request(app).get('/posts/a/llm.json');
    expect(gone.status).toBe(410);
    expect(gone.headers['cache-control']).toBe('no-cache');
    expect((await request(app).head('/posts/a/llm.json')).status).toBe(410);
    expect((await request(app).get('/posts/a/index.html.md')).status).toBe(410);
    const moved = await request(app).get('/posts/a-better-slug/llm.json');
    expect(moved.status).toBe(200);
    expect(JSON.parse(moved.text).canonical_url).toBe(`${ORIGIN}/posts/a-better-slug/`);
    expect(await feedSince(app, since)).toEqual([
      ['removed', `${ORIGIN}/posts/a/`],
      ['upsert', `${ORIGIN}/posts/a-better-slug/`],
    ]);

    await waitForState('the old path purged at the edge', async () =>
      receiver.received.flat().includes(pathCacheTag('/posts/a/llm.json')) ? true : undefined,
    );
    await agent.idle();
    const scp = (await request(app).get('/scp/sitemap.xml')).text;
    expect(scp).not.toContain(`${ORIGIN}/posts/a/<`);
    expect(scp).toContain(`${ORIGIN}/posts/a-better-slug/`);
    // The section's snapshot was rebuilt at once (it holds more pages than the threshold).
    const snapshot = await request(app)
      .get('/scp/posts-snapshot.scp')
      .set('Accept-Encoding', 'identity')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    const pages = (snapshot.body as Buffer).toString('utf8');
    expect(pages).toContain(`"url":"${ORIGIN}/posts/a-better-slug/"`);
    expect(pages).not.toContain(`"url":"${ORIGIN}/posts/a/"`);
    const llms = (await request(app).get('/llms.txt')).text;
    expect(llms).not.toContain('/posts/a/index');
    expect(llms).toContain('/posts/a-better-slug/index');
    const items = JSON.parse((await request(app).get('/llm-sitemap.json')).text).items as {
      cUrl: string;
    }[];
    expect(items.map((item) => item.cUrl)).not.toContain(`${ORIGIN}/posts/a/`);

    // A read-only process on the same table answers the same.
    await waitForState('the reader answers 410', async () =>
      (await request(readerApp).get('/posts/a/llm.json')).status === 410 ? true : undefined,
    );
    expect(await feedSince(readerApp, since)).toEqual(await feedSince(app, since));
  });

  it('a URL pattern change (the app rebuilds with new URLs), and the old path taken again', async () => {
    const since = await cursorNow();
    const outcome = await agent.rebuild(
      ['a', 'b', 'c', 'd'].map((id) => post(id, `/articles/${id}/`)),
    );
    expect(outcome).toMatchObject({ seen: 4, changed: 4, unpublished: 0 });
    for (const id of ['b', 'c', 'd']) {
      expect((await request(app).get(`/posts/${id}/llm.json`)).status).toBe(410);
      expect((await request(app).get(`/articles/${id}/llm.json`)).status).toBe(200);
    }
    // a was at /posts/a-better-slug/ by then.
    expect((await request(app).get('/posts/a-better-slug/llm.json')).status).toBe(410);
    const changes = await feedSince(app, since);
    expect(changes.filter(([change]) => change === 'removed').map(([, url]) => url)).toEqual(
      expect.arrayContaining(['b', 'c', 'd'].map((id) => `${ORIGIN}/posts/${id}/`)),
    );
    expect(changes).toHaveLength(8);

    // A new post takes an old URL: served again, announced after its removal.
    await agent.publish(post('e', '/posts/b/', 'A new post at an old address.'));
    const taken = await request(app).get('/posts/b/llm.json');
    expect(taken.status).toBe(200);
    expect(JSON.parse(taken.text).content).toContain('A new post at an old address.');
    const later = await feedSince(app, since);
    expect(later.at(-1)).toEqual(['upsert', `${ORIGIN}/posts/b/`]);
    const at = (change: string) =>
      later.findIndex(([c, url]) => c === change && url === `${ORIGIN}/posts/b/`);
    expect(at('removed')).toBeGreaterThanOrEqual(0);
    expect(at('removed')).toBeLessThan(at('upsert'));
  });
});
