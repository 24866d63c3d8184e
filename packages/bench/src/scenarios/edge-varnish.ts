import http, { type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import express from 'express';
import type { AgentDocument } from '@agent-ready/core';
import { agentReady, type AgentReadyMiddleware } from '@agent-ready/express';
import { DEFAULT_SITEMAP_SHARD_ITEMS, sitemapShardOfId } from '@agent-ready/store/internal';
import { startVarnish, varnishMissing, type VarnishInstance } from '@agent-ready/test-support';
import {
  figure,
  percentile,
  ScenarioSkipped,
  type BenchFigure,
  type BenchScenario,
} from '../measurement';

const SITE = { origin: 'https://shop.example', name: 'Shop', language: 'en', overviewPath: '/' };
const TOKEN = 'bench-purge-token';

interface Answer {
  status: number;
  etag: string | undefined;
  body: string;
}

/** Kept-alive connections, as a crawler keeps them. */
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 4 });

function get(origin: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${origin}${path}`, { agent: keepAlive }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          etag: res.headers.etag,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    request.on('error', reject);
  });
}

function post(n: number, revision: number): AgentDocument {
  return {
    id: `post-${n}`,
    url: `/posts/${n}/`,
    title: `Post ${n}`,
    section: 'posts',
    body: {
      format: 'markdown',
      value: `Post ${n}, revision ${revision}: ${'lorem ipsum '.repeat(40)}`,
    },
    modified: new Date(Date.UTC(2025, 9, 1, 0, 0, revision)).toISOString(),
  };
}

/** One site served by Express on a loopback port, counting the requests that reach it. */
interface CountedOrigin {
  server: Server;
  origin: string;
  port: number;
  requests: number;
}

async function serve(agent: express.RequestHandler): Promise<CountedOrigin> {
  const app = express();
  const counted: CountedOrigin = {
    server: http.createServer(app),
    origin: '',
    port: 0,
    requests: 0,
  };
  app.use((_req, _res, next) => {
    counted.requests++;
    next();
  });
  app.use(agent);
  app.use((_req, res) => void res.status(404).end());
  await new Promise<void>((resolve) => counted.server.listen(0, '127.0.0.1', resolve));
  counted.port = (counted.server.address() as { port: number }).port;
  counted.origin = `http://127.0.0.1:${counted.port}`;
  return counted;
}

/** Until every purge committed so far has reached Varnish. */
async function purged(agent: AgentReadyMiddleware): Promise<void> {
  await agent.idle();
  for (;;) {
    const status = await agent.readPurgeStatus();
    if (!status || status.waiting === 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Issue 32: a site behind a real Varnish running docs/edge/varnish.vcl. The same table is
 * served twice: with the `edge` option (Surrogate-Control, cache tags, purge on change) and as
 * a site was before it (Cache-Control only), each behind its own Varnish. A steady crawl (every
 * M-URL, the sitemap, the change feed, llms.txt and the SCP sitemap, round after round, with an
 * edit between rounds) counts the requests that reach the origin per 1,000 agent requests; and
 * save-to-visible (the M-URL, its sitemap shard and the change feed all showing the new hash) is
 * timed through the edge and at the origin.
 */
export const edgeVarnishScenario: BenchScenario = {
  id: 'edge.varnish',
  title: 'At the edge: a steady agent crawl and save-to-visible through Varnish (shipped VCL)',
  async run({ quick }) {
    const missing = varnishMissing();
    if (missing) throw new ScenarioSkipped(missing);
    const documents = quick ? 200 : 1000;
    const rounds = quick ? 4 : 10;
    const samples = quick ? 15 : 40;
    const dir = mkdtempSync(join(tmpdir(), 'agent-ready-bench-edge-'));
    const database = { client: 'sqlite' as const, filename: join(dir, 'site.sqlite') };
    const varnishes: VarnishInstance[] = [];
    const servers: CountedOrigin[] = [];
    let agent: AgentReadyMiddleware | undefined;
    let plainAgent: AgentReadyMiddleware | undefined;
    try {
      // The edge Varnish first: the writer's purger needs its address, Varnish the writer's port.
      const holder = { agent: undefined as AgentReadyMiddleware | undefined };
      const edgeOrigin = await serve((req, res, next) => holder.agent!(req, res, next));
      servers.push(edgeOrigin);
      const edge = await startVarnish({
        backend: { port: edgeOrigin.port },
        purgeToken: TOKEN,
        storage: '128m',
      });
      varnishes.push(edge);
      agent = agentReady({
        site: SITE,
        database,
        rebuild: { debounceMs: 5, healIntervalMs: 0 },
        logger: false,
        edge: { purger: { type: 'varnish', addresses: [edge.origin], token: TOKEN } },
      });
      holder.agent = agent;
      plainAgent = agentReady({ site: SITE, database, mode: 'read-only', logger: false });
      const plainOrigin = await serve(plainAgent);
      servers.push(plainOrigin);
      const plain = await startVarnish({ backend: { port: plainOrigin.port }, storage: '128m' });
      varnishes.push(plain);

      for (let n = 1; n <= documents; n++) await agent.publish(post(n, 0));
      await purged(agent);

      const shardPath = (shard: number) =>
        shard === 1 ? '/llm-sitemap.json' : `/llm-sitemap-${shard}.json`;
      const shards = Math.ceil(documents / DEFAULT_SITEMAP_SHARD_ITEMS);
      const crawl = [
        ...Array.from({ length: documents }, (_, i) => `/posts/${i + 1}/llm.json`),
        ...Array.from({ length: shards }, (_, i) => shardPath(i + 1)),
        '/llm-changes.json',
        '/llms.txt',
        '/scp/sitemap.xml',
      ];
      /** Origin requests per 1,000 agent requests, one value per round. */
      const steadyCrawl = async (front: VarnishInstance, behind: CountedOrigin) => {
        for (const path of crawl) await get(front.origin, path); // the first crawl fills it
        const perRound: number[] = [];
        for (let round = 1; round <= rounds; round++) {
          // A steady site: an edit between rounds, purged before the next round reads.
          await agent!.publish(post(1 + ((round * 37) % documents), round));
          await purged(agent!);
          const before = behind.requests;
          for (const path of crawl) await get(front.origin, path);
          perRound.push(((behind.requests - before) / crawl.length) * 1000);
        }
        return perRound;
      };
      const withEdge = await steadyCrawl(edge, edgeOrigin);
      const withoutEdge = await steadyCrawl(plain, plainOrigin);

      /** From a save's start until `origin` shows its hash in the M-URL, shard and feed. */
      let revision = 1000;
      const saveToVisible = async (origin: string, viaEdge: boolean) => {
        const n = 1 + ((revision * 53) % documents);
        // The feed page after the newest change now: the one an agent reads next.
        const since = (
          JSON.parse((await get(edgeOrigin.origin, '/llm-changes.json?since=now')).body) as {
            next: string;
          }
        ).next;
        const watched = [
          `/posts/${n}/llm.json`,
          shardPath(sitemapShardOfId(n, DEFAULT_SITEMAP_SHARD_ITEMS)),
          `/llm-changes.json?since=${encodeURIComponent(since)}`,
        ];
        // Cached at the edge before the save, as in a steady crawl.
        if (viaEdge) for (const path of watched) await get(origin, path);
        const start = performance.now();
        const { hash } = await agent!.publish(post(n, ++revision));
        const pending = new Set(watched);
        while (pending.size > 0) {
          if (performance.now() - start > 30_000)
            throw new Error(`${[...pending].join(', ')} did not show the save within 30 s`);
          for (const path of [...pending]) {
            const answer = await get(origin, path);
            const seen = path.endsWith('llm.json')
              ? answer.etag === `"${hash}"`
              : answer.body.includes(hash);
            if (seen) pending.delete(path);
          }
        }
        const elapsed = performance.now() - start;
        await purged(agent!);
        return elapsed;
      };
      const atOrigin: number[] = [];
      const atEdge: number[] = [];
      for (let i = 0; i < samples + 3; i++) {
        const o = await saveToVisible(edgeOrigin.origin, false);
        const e = await saveToVisible(edge.origin, true);
        if (i >= 3) {
          atOrigin.push(o);
          atEdge.push(e);
        }
      }

      const figures: BenchFigure[] = [
        figure({
          id: 'edge.varnish.origin-requests-per-1000',
          title: `origin requests per 1,000 agent requests, steady crawl of ${crawl.length} URLs behind Varnish, edge option on`,
          unit: 'requests',
          betterIs: 'lower',
          samples: withEdge,
          baseline: {
            title: 'same crawl, edge option off (Cache-Control only)',
            samples: withoutEdge,
          },
          budget: 10,
          notes: `each round reads every M-URL, the sitemap, the change feed, llms.txt and the SCP sitemap once through Varnish, after one edit whose purge was delivered (one edit per crawl of the whole site: each edit costs the M-URL, its shard, the feed, llms.txt and the SCP sitemap a miss); ${rounds} rounds, ${documents} documents`,
        }),
      ];
      for (const p of [50, 95]) {
        figures.push(
          figure({
            id: `edge.varnish.save-to-visible.p${p}`,
            title: `save until visible through Varnish (M-URL, shard, change feed), p${p}`,
            unit: 'ms',
            betterIs: 'lower',
            samples: [percentile(atEdge, p)],
            baseline: { title: 'same at the origin', samples: [percentile(atOrigin, p)] },
            goalRatio: 1.5,
            notes:
              'through the edge this is the save, the purge request to Varnish (sent when the commit enqueues it) and the misses that fetch the new bytes',
          }),
        );
      }
      return figures;
    } finally {
      keepAlive.destroy();
      await agent?.close();
      await plainAgent?.close();
      for (const varnish of varnishes) await varnish.stop();
      for (const { server } of servers) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
