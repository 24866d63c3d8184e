import express from 'express';
import request from 'supertest';
import { parseLinkHeader } from '@agent-ready/core/http';
import { databaseConfig, describeEachDatabase, uniqueTablePrefix } from '@agent-ready/test-support';
import type { DatabaseOption } from '@agent-ready/store';
import { agentReady, type AgentReadyMiddleware } from '../src';

// Issue 34: past one shard the sitemap is sharded, and `/llm-sitemap.json` (where every TCT
// client starts) must lead to the rest. Each shard links the index (`rel="index"`), so an agent
// that knows nothing but that path finds every published document, under both profiles, through
// real HTTP on every database.

const ORIGIN = 'https://example.com';
const DOCUMENTS = 10;

const text = (value: string) => ({ format: 'text' as const, value });

/** The `rel="index"` targets of a response's `Link` field. */
function indexLinks(link: string | undefined): string[] {
  return parseLinkHeader(link ?? '')
    .filter((parsed) => parsed.rels.includes('index'))
    .map((parsed) => parsed.href);
}

describeEachDatabase('sitemap shards lead to their index', (dialect) => {
  describe.each(['tct-1', 'tct-03'] as const)('under %s', (profile) => {
    let agent: AgentReadyMiddleware;
    let app: express.Express;

    /** A site on a table of its own, in shards of 3 documents. */
    const openSite = (name: string) =>
      agentReady({
        site: { origin: ORIGIN, name, language: 'en' },
        database: databaseConfig(dialect) as DatabaseOption,
        tablePrefix: uniqueTablePrefix(),
        tct: { profile },
        sitemap: { maxItemsPerShard: 3 },
        rebuild: { debounceMs: 10, healIntervalMs: 0 },
        logger: false,
      });

    beforeAll(async () => {
      agent = openSite('Example');
      app = express();
      app.use(agent);
      for (let n = 1; n <= DOCUMENTS; n++)
        await agent.publish({ id: `d${n}`, url: `/d/${n}/`, title: `D${n}`, body: text(`${n}`) });
      await agent.idle();
    });

    afterAll(() => agent.close());

    it('an agent that knows only /llm-sitemap.json finds every document through the index', async () => {
      const first = await request(app).get('/llm-sitemap.json');
      expect(first.status).toBe(200);
      const [index, ...others] = indexLinks(first.headers.link);
      expect([index, others]).toEqual([`${ORIGIN}/llm-sitemap-index.json`, []]);
      const listed = await request(app).get(new URL(index!).pathname);
      const shards = (JSON.parse(listed.text) as { sitemaps: { url: string }[] }).sitemaps;
      expect(shards.length).toBeGreaterThan(2);
      const cUrls = new Set<string>();
      for (const { url } of shards) {
        const shard = await request(app).get(new URL(url).pathname);
        // Every shard leads to the index, on 200, 304 and HEAD alike.
        expect([url, indexLinks(shard.headers.link)]).toEqual([url, [index]]);
        const again = await request(app)
          .get(new URL(url).pathname)
          .set('If-None-Match', shard.headers.etag!);
        expect([again.status, indexLinks(again.headers.link)]).toEqual([304, [index]]);
        const head = await request(app).head(new URL(url).pathname);
        expect(indexLinks(head.headers.link)).toEqual([index]);
        // The body stays an M-Sitemap: its items, nothing that lists other sitemaps.
        const body = JSON.parse(shard.text) as { items: { cUrl: string }[]; sitemaps?: unknown };
        expect(body.sitemaps).toBeUndefined();
        for (const item of body.items) cUrls.add(item.cUrl);
      }
      expect(cUrls.size).toBe(DOCUMENTS);
      // The index does not link itself.
      expect(indexLinks(listed.headers.link)).toEqual([]);
    });

    it('a site that fits in one shard has no index, and its sitemap links none', async () => {
      const small = openSite('Small');
      try {
        const smallApp = express();
        smallApp.use(small);
        await small.publish({ id: 'one', url: '/one/', title: 'One', body: text('1') });
        await small.idle();
        const sitemap = await request(smallApp).get('/llm-sitemap.json');
        expect([sitemap.status, indexLinks(sitemap.headers.link)]).toEqual([200, []]);
        expect((await request(smallApp).get('/llm-sitemap-index.json')).status).toBe(404);
      } finally {
        await small.close();
      }
    });
  });
});
