import express from 'express';
import request from 'supertest';
import { CHANGE_FEED_REL, parseChangeCursor, type ChangeFeedPage } from '@agent-ready/core/serve';
import { databaseConfig, describeEachDatabase, uniqueTablePrefix } from '@agent-ready/test-support';
import type { DatabaseOption } from '@agent-ready/store';
import { agentReady, type AgentReadyMiddleware } from '../src';

const ORIGIN = 'https://example.com';

describeEachDatabase('change feed /llm-changes.json', (dialect) => {
  let agent: AgentReadyMiddleware;
  let app: express.Express;

  const text = (value: string) => ({ format: 'text' as const, value });
  const page = async (since?: string) => {
    const res = await request(app).get(
      since === undefined ? '/llm-changes.json' : `/llm-changes.json?since=${since}`,
    );
    expect(res.status).toBe(200);
    return { res, feed: JSON.parse(res.text) as ChangeFeedPage };
  };

  beforeAll(async () => {
    agent = agentReady({
      site: { origin: ORIGIN, name: 'Example', language: 'en' },
      database: databaseConfig(dialect) as DatabaseOption,
      tablePrefix: uniqueTablePrefix(),
      rebuild: { debounceMs: 10, healIntervalMs: 0 },
    });
    app = express();
    app.use(agent);
  });

  afterAll(() => agent.close());

  it('lists changes in commit order with the M-URL ETag, tombstones for what left, never drafts or private documents', async () => {
    await agent.publish({ id: 'a', url: '/a/', title: 'A', body: text('first') });
    await agent.publish({ id: 'b', url: '/b/', title: 'B', body: text('second') });
    await agent.publish({
      id: 'private',
      url: '/private/',
      title: 'Members',
      body: text('x'),
      visibility: 'protected',
    });
    await agent.unpublish('private'); // never public: not even a tombstone
    const { res, feed } = await page();
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers.etag).toMatch(/^"sha256-[0-9a-f]{64}"$/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(feed.since).toBeNull();
    expect(feed.more).toBe(false);
    expect(feed.changes.map((c) => [c.change, c.cUrl])).toEqual([
      ['upsert', `${ORIGIN}/a/`],
      ['upsert', `${ORIGIN}/b/`],
    ]);
    // The listed ETag is the one the M-URL serves.
    const mUrl = await request(app).get('/a/llm.json');
    expect(`"${(feed.changes[0] as { etag: string }).etag}"`).toBe(mUrl.headers.etag);

    // Nothing new: the same page, and a 304 for a conditional request.
    const again = await request(app)
      .get(`/llm-changes.json?since=${feed.next}`)
      .set('If-None-Match', (await page(feed.next)).res.headers.etag!);
    expect(again.status).toBe(304);

    // One edit, one removal, one document made private: exactly those, in that order.
    await agent.publish({ id: 'a', url: '/a/', title: 'A', body: text('first, edited') });
    await agent.remove('b');
    await agent.publish({ id: 'c', url: '/c/', title: 'C', body: text('third') });
    await agent.publish({
      id: 'c',
      url: '/c/',
      title: 'C',
      body: text('third'),
      visibility: 'protected',
    });
    const next = await page(feed.next);
    expect(next.feed.since).toBe(feed.next);
    expect(next.feed.changes.map((c) => [c.change, c.cUrl])).toEqual([
      ['upsert', `${ORIGIN}/a/`],
      ['removed', `${ORIGIN}/b/`],
      ['removed', `${ORIGIN}/c/`],
    ]);
    expect(Buffer.byteLength(next.res.text)).toBeLessThan(1000);
    const edited = await request(app).get('/a/llm.json');
    expect(`"${(next.feed.changes[0] as { etag: string }).etag}"`).toBe(edited.headers.etag);
  });

  it('pages by cursor and refuses cursors it did not give out', async () => {
    for (let i = 0; i < 5; i++) {
      await agent.publish({ id: `p${i}`, url: `/p${i}/`, title: `P${i}`, body: text(`${i}`) });
    }
    const start = await page();
    const all = start.feed.changes.length;
    expect(all).toBeGreaterThanOrEqual(5);

    const bad = await request(app).get('/llm-changes.json?since=not-a-cursor');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({ error: 'invalid-cursor' });
    const twice = await request(app).get(
      `/llm-changes.json?since=${start.feed.next}&since=${start.feed.next}`,
    );
    expect(twice.status).toBe(400);

    const position = parseChangeCursor(start.feed.next)!;
    const otherEpoch = `${(position.epoch + 1).toString(36)}-${position.seq}`;
    const future = `${position.epoch.toString(36)}-${position.seq + 1000}`;
    for (const cursor of [otherEpoch, future]) {
      const gone = await request(app).get(`/llm-changes.json?since=${cursor}`);
      expect(gone.status).toBe(410);
      expect(JSON.parse(gone.text)).toMatchObject({
        error: 'cursor-expired',
        sitemap: `${ORIGIN}/llm-sitemap.json`,
      });
      expect(gone.headers.link).toContain('rel="index"');
    }
    expect((await request(app).post('/llm-changes.json')).status).toBe(405);
    expect((await request(app).head('/llm-changes.json')).status).toBe(200);
  });

  it('is linked from the sitemap shards, the sitemap index and the policy descriptor', async () => {
    const sharded = agentReady({
      site: { origin: ORIGIN, name: 'Example', language: 'en' },
      database: databaseConfig(dialect) as DatabaseOption,
      tablePrefix: uniqueTablePrefix(),
      sitemap: { maxItemsPerShard: 1 },
      policy: { effective: '2025-10-01T00:00:00Z' },
      rebuild: { debounceMs: 10, healIntervalMs: 0 },
    });
    try {
      const shardedApp = express();
      shardedApp.use(sharded);
      await sharded.publish({ id: 'a', url: '/a/', title: 'A', body: text('first') });
      await sharded.publish({ id: 'b', url: '/b/', title: 'B', body: text('second') });
      await sharded.idle();
      const feedLink = `<${ORIGIN}/llm-changes.json>; rel="${CHANGE_FEED_REL}"; type="application/json"`;
      for (const path of [
        '/llm-sitemap.json',
        '/llm-sitemap-2.json',
        '/llm-sitemap-index.json',
        '/llm-policy.json',
      ]) {
        const res = await request(shardedApp).get(path);
        expect({ path, status: res.status }).toEqual({ path, status: 200 });
        expect(res.headers.link).toContain(feedLink);
        // Also on a 304.
        const again = await request(shardedApp).get(path).set('If-None-Match', res.headers.etag!);
        expect(again.status).toBe(304);
        expect(again.headers.link).toContain(feedLink);
      }
      // The sitemap keeps its link to the policy beside the feed's.
      expect((await request(shardedApp).get('/llm-sitemap.json')).headers.link).toContain(
        `<${ORIGIN}/llm-policy.json>; rel="describedby"`,
      );
    } finally {
      await sharded.close();
    }
  });
});
