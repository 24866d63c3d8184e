import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type HttpResponse } from '@agent-ready/core/http';
import { createAgentEndpoints } from '@agent-ready/core/serve';
import { mUrlFor } from '@agent-ready/core/tct';
import type { DatabaseOption } from '@agent-ready/store';
import { DEFAULT_SITEMAP_SHARD_ITEMS, sitemapShardOfId } from '@agent-ready/store/internal';
import { availableDialects, databaseConfig, probeDatabases } from '@agent-ready/test-support';
import { figure, percentile, type BenchFigure, type BenchScenario } from '../measurement';
import { BENCH_ORIGIN, benchDocument, bulkLoad, withBenchEngine } from './bench-documents';

/**
 * From a save's start until an agent sees it everywhere it looks: the M-URL answers the new
 * bytes, its sitemap shard lists the new hash, and the change feed names it. All three are read
 * from the table at commit (no rebuild in between), so this is the save plus three reads, and
 * should not grow with the site.
 */
async function saveToVisible(
  database: DatabaseOption,
  size: number,
  samples: number,
): Promise<number[]> {
  return withBenchEngine(database, async (engine) => {
    await bulkLoad(engine, size);
    const endpoints = createAgentEndpoints(engine.reader, { origin: BENCH_ORIGIN });
    const get = async (target: string): Promise<HttpResponse> => {
      const outcome = await endpoints.handle({ method: 'GET', target, headers: {} });
      if (outcome.kind !== 'respond') throw new Error(`${target} was not answered`);
      return outcome.response;
    };
    const cursor = async () =>
      (JSON.parse(String((await get('/llm-changes.json?since=now')).body)) as { next: string })
        .next;
    const times: number[] = [];
    for (let i = 0; i < samples + 10; i++) {
      const index = (i * 7919) % size;
      const doc = benchDocument(index, 2_000_000 + i);
      const since = await cursor();
      const mPath = new URL(mUrlFor(doc.cUrl)).pathname;
      const shard = sitemapShardOfId(index + 1, DEFAULT_SITEMAP_SHARD_ITEMS);
      const start = performance.now();
      const saved = await engine.upsert(doc);
      const mUrl = await get(mPath);
      const listing = await get(shard === 1 ? '/llm-sitemap.json' : `/llm-sitemap-${shard}.json`);
      const feed = await get(`/llm-changes.json?since=${since}`);
      const elapsed = performance.now() - start;
      // Seen, not just answered: the new hash in all three.
      const hash = saved.hash;
      if (
        mUrl.headers.etag !== `"${hash}"` ||
        !String(listing.body).includes(hash) ||
        !String(feed.body).includes(hash)
      ) {
        throw new Error(`save ${i} of document ${index} was not visible everywhere at once`);
      }
      if (i >= 10) times.push(elapsed); // the first ten warm caches, JIT and pools
    }
    return times;
  });
}

/** Issue 18: save until agents see it (M-URL, sitemap shard, change feed), by site size. */
export const saveToVisibleScenario: BenchScenario = {
  id: 'store.save-to-visible',
  title: 'Save until agents see it (M-URL, sitemap shard, change feed), by site size',
  async run({ quick }) {
    await probeDatabases();
    const sizes = quick ? [1_000, 20_000] : [1_000, 100_000, 1_000_000];
    const samples = quick ? 30 : 100;
    const figures: BenchFigure[] = [];
    for (const dialect of availableDialects().filter((d) => d !== 'mysql')) {
      const dir = mkdtempSync(join(tmpdir(), 'agent-ready-bench-visible-'));
      const database =
        dialect === 'sqlite'
          ? ({ client: 'sqlite', filename: join(dir, 'site.sqlite') } as DatabaseOption)
          : (databaseConfig(dialect) as DatabaseOption);
      try {
        const [small, ...larger] = sizes;
        const base = await saveToVisible(database, small!, samples);
        for (const size of larger) {
          const times = await saveToVisible(database, size, samples);
          for (const p of [50, 95]) {
            figures.push(
              figure({
                id: `store.save-to-visible.p${p}.${dialect}.${size}`,
                title: `${dialect}: save until visible, p${p}, at ${size.toLocaleString('en-US')} documents`,
                unit: 'ms',
                betterIs: 'lower',
                samples: [percentile(times, p)],
                baseline: {
                  title: `same at ${small!.toLocaleString('en-US')} documents`,
                  samples: [percentile(base, p)],
                },
                goalRatio: 2,
                notes:
                  'the save, then the M-URL, its sitemap shard and the change feed each showing the new hash',
              }),
            );
          }
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    return figures;
  },
};
