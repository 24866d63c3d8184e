import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { validateAgentSiteOptions } from '@agent-ready/core/serve';
import { RegenerationEngine, scpArtifactBuilder, type DatabaseOption } from '@agent-ready/store';
import { DEFAULT_SITEMAP_SHARD_ITEMS, sitemapShardOfId } from '@agent-ready/store/internal';
import { availableDialects, databaseConfig, probeDatabases } from '@agent-ready/test-support';
import { figure, median, percentile, type BenchFigure, type BenchScenario } from '../measurement';
import {
  BENCH_ORIGIN as ORIGIN,
  benchDocument,
  bulkLoad,
  withBenchEngine,
} from './bench-documents';

/** A rebuild whose families all built: a scenario must not time a build that failed. */
async function rebuildOrFail(engine: RegenerationEngine): Promise<void> {
  await engine.rebuildArtifacts();
  const failures = engine.lastRebuild?.failures ?? [];
  if (failures.length > 0) {
    throw new Error(
      `rebuild failed: ${failures.map((f) => `${f.family}: ${f.message}`).join('; ')}`,
    );
  }
}

async function upsertLatencies(
  engine: RegenerationEngine,
  size: number,
  samples: number,
): Promise<number[]> {
  const latencies: number[] = [];
  // Warm-up: JIT, connection pool, page cache; not measured.
  for (let i = 0; i < 30; i++) await engine.upsert(benchDocument((i * 104729) % size, 10_000 + i));
  for (let i = 0; i < samples; i++) {
    const doc = benchDocument((i * 7919) % size, i + 1);
    const start = performance.now();
    await engine.upsert(doc);
    latencies.push(performance.now() - start);
  }
  return latencies;
}

export const storeUpsertScenario: BenchScenario = {
  id: 'store.upsert',
  title: 'Store: upsert latency by table size, a sitemap shard after an edit',
  async run({ quick }) {
    await probeDatabases();
    const large = quick ? 20_000 : 100_000;
    const samples = quick ? 150 : 400;
    const figures: BenchFigure[] = [];
    for (const dialect of availableDialects().filter((d) => d !== 'mysql')) {
      const database = databaseConfig(dialect) as DatabaseOption;
      const small = await withBenchEngine(database, async (engine) => {
        await bulkLoad(engine, 1000);
        return upsertLatencies(engine, 1000, samples);
      });
      const big = await withBenchEngine(database, async (engine) => {
        await bulkLoad(engine, large);
        const latencies = await upsertLatencies(engine, large, samples);
        // One edit, then its sitemap shard as the next agent gets it (composed from its
        // rows), beside the floor: reading the same columns of the same rows.
        const compose: number[] = [];
        const floor: number[] = [];
        const n = DEFAULT_SITEMAP_SHARD_ITEMS;
        for (let r = 0; r < (quick ? 3 : 7); r++) {
          const index = Math.floor(large / 2) + r * n;
          await engine.upsert(benchDocument(index, 1000 + r));
          // The document's row id is its bulk-load position + 1.
          const shard = sitemapShardOfId(index + 1, n);
          let start = performance.now();
          const served = await engine.reader.artifact(`/llm-sitemap-${shard}.json`);
          compose.push((performance.now() - start) / 1000);
          if (!served) throw new Error(`shard ${shard} is not served`);
          start = performance.now();
          const rows = await engine
            .knex(engine.tables.documents)
            .whereBetween('id', [(shard - 1) * n, shard * n - 1])
            .select('c_url', 'm_url', 'modified', 'hash');
          JSON.stringify(rows);
          floor.push((performance.now() - start) / 1000);
        }
        figures.push(
          figure({
            id: `store.sitemap-shard.${dialect}`,
            title: `${dialect}: a sitemap shard after an edit, at ${large.toLocaleString('en-US')} documents`,
            unit: 's',
            betterIs: 'lower',
            samples: compose,
            baseline: {
              title: `SELECT the same columns of its ${n.toLocaleString('en-US')} rows + JSON.stringify`,
              samples: floor,
            },
            goalRatio: 5,
            notes:
              'composed from its rows in one snapshot (canonical JSON, sha-256): what an edit costs, whatever the size of the site',
          }),
        );
        // SCP snapshot (gzip + zstd) of the same table, beside gzip alone of the same lines.
        const scpEngine = await RegenerationEngine.open({
          database,
          tablePrefix: engine.tables.documents.replace(/documents$/, ''),
          builders: [
            scpArtifactBuilder(
              validateAgentSiteOptions({
                site: { origin: ORIGIN, name: 'Bench' },
                scp: { deltaRetention: 1 },
              }),
            ),
          ],
          rebuild: { automatic: false },
        });
        {
          try {
            let scpPeak = 0;
            const before = process.memoryUsage().rss;
            const sampler = setInterval(
              () => (scpPeak = Math.max(scpPeak, process.memoryUsage().rss)),
              5,
            );
            let start = performance.now();
            await rebuildOrFail(scpEngine);
            const scpSeconds = (performance.now() - start) / 1000;
            clearInterval(sampler);
            start = performance.now();
            const lines = await engine.knex(engine.tables.documents).select('scp_line');
            gzipSync(
              Buffer.from(lines.map((l: { scp_line: string }) => `${l.scp_line}\n`).join('')),
            );
            const floorSeconds = (performance.now() - start) / 1000;
            figures.push(
              figure({
                id: `store.scp-snapshot.${dialect}`,
                title: `${dialect}: SCP snapshot (gzip+zstd) at ${large.toLocaleString('en-US')} documents`,
                unit: 's',
                betterIs: 'lower',
                samples: [scpSeconds],
                baseline: { title: 'SELECT the lines + gzip alone', samples: [floorSeconds] },
                notes: `peak RSS growth during the build: ${(Math.max(0, scpPeak - before) / 2 ** 20).toFixed(0)} MiB (it streams: pages never all in memory)`,
              }),
            );
          } finally {
            await scpEngine.close();
          }
        }
        return latencies;
      });
      for (const p of [50, 95]) {
        figures.push(
          figure({
            id: `store.upsert.p${p}.${dialect}`,
            title: `${dialect}: upsert p${p} at ${large.toLocaleString('en-US')} documents`,
            unit: 'ms',
            betterIs: 'lower',
            samples: [percentile(big, p)],
            baseline: { title: `same at 1,000 documents`, samples: [percentile(small, p)] },
            goalRatio: 1.5,
            notes:
              p === 50
                ? `O(1) per document: the ratio should stay near 1 (median of all samples ${median(big).toFixed(2)} ms)`
                : undefined,
          }),
        );
      }
    }
    return figures;
  },
};
