import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import {
  buildMUrlRepresentation,
  canonicalizeJson,
  mUrlFor,
  sha256Hex,
  validateAgentSiteOptions,
  type PreparedDocument,
} from '@agent-ready/core';
import {
  pathKey,
  RegenerationEngine,
  scpArtifactBuilder,
  sitemapArtifactBuilder,
  type DatabaseOption,
} from '@agent-ready/store';
import {
  availableDialects,
  databaseConfig,
  probeDatabases,
  uniqueTablePrefix,
} from '@agent-ready/test-support';
import { figure, median, type BenchFigure, type BenchScenario } from '../measurement';

const ORIGIN = 'https://bench.example';

function benchDocument(index: number, edit: number): PreparedDocument {
  const cUrl = `${ORIGIN}/articles/${index}/`;
  const mUrl = mUrlFor(cUrl);
  const content = `Article ${index}, revision ${edit}. `.repeat(30);
  return {
    key: `doc-${index}`,
    locale: '',
    cUrl,
    mUrl,
    mPath: new URL(mUrl).pathname,
    fingerprint: `sha256-${sha256Hex(content)}`,
    renderKey: 'bench-1',
    visibility: 'public',
    section: 'articles',
    title: `Article ${index}`,
    render(modified) {
      const rep = buildMUrlRepresentation({
        canonicalUrl: cUrl,
        title: `Article ${index}`,
        content,
        modified,
      });
      // Every field an SCP page requires: a line missing one fails the snapshot build.
      const scpLine = canonicalizeJson({
        url: cUrl,
        title: `Article ${index}`,
        description: `About article ${index}.`,
        modified,
        language: 'en',
        content: [{ type: 'text', text: content }],
      });
      return {
        body: rep.body,
        hash: rep.hash,
        scpLine,
        markdown: `# Article ${index}\n\n${content}\n`,
      };
    },
  };
}

/** Fills the table directly (the upsert path is what we measure, not how the table got full). */
async function bulkLoad(engine: RegenerationEngine, count: number): Promise<void> {
  const batch: Record<string, unknown>[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await engine.knex.batchInsert(engine.tables.documents, batch.splice(0), 250);
  };
  const modified = '2025-10-01T12:00:00.000Z';
  for (let i = 0; i < count; i++) {
    const doc = benchDocument(i, 0);
    const out = doc.render(modified);
    batch.push({
      doc_key: doc.key,
      locale: '',
      state: 'published',
      visibility: 'public',
      c_url: doc.cUrl,
      m_url: doc.mUrl,
      m_path: doc.mPath,
      m_path_key: pathKey(doc.mPath),
      section: doc.section,
      title: doc.title,
      modified,
      modified_ms: Date.parse(modified),
      committed_ms: Date.parse(modified),
      fingerprint: doc.fingerprint,
      render_key: doc.renderKey,
      hash: out.hash,
      body: out.body,
      scp_line: out.scpLine,
      change_seq: 0,
    });
    if (batch.length >= 2000) await flush();
  }
  await flush();
  // As the plugin does after a bulk reconcile: the planner must see the table as it now is.
  await engine.refreshStatistics();
}

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

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function withEngine<T>(
  database: DatabaseOption,
  run: (engine: RegenerationEngine, database: DatabaseOption) => Promise<T>,
): Promise<T> {
  const prefix = uniqueTablePrefix();
  const engine = await RegenerationEngine.open({
    database,
    tablePrefix: prefix,
    builders: [sitemapArtifactBuilder({ origin: ORIGIN })],
    rebuild: { automatic: false },
  });
  try {
    return await run(engine, database);
  } finally {
    for (const name of [
      'artifact_chunks',
      'artifacts',
      'documents',
      'state',
      'migrations_lock',
      'migrations',
    ]) {
      await engine.knex.schema.dropTableIfExists(`${prefix}${name}`);
    }
    await engine.close();
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
  title: 'Store: upsert latency by table size, sitemap rebuild at scale',
  async run({ quick }) {
    await probeDatabases();
    const large = quick ? 20_000 : 100_000;
    const samples = quick ? 150 : 400;
    const figures: BenchFigure[] = [];
    for (const dialect of availableDialects().filter((d) => d !== 'mysql')) {
      const small = await withEngine(databaseConfig(dialect) as DatabaseOption, async (engine) => {
        await bulkLoad(engine, 1000);
        return upsertLatencies(engine, 1000, samples);
      });
      const big = await withEngine(
        databaseConfig(dialect) as DatabaseOption,
        async (engine, database) => {
          await bulkLoad(engine, large);
          const latencies = await upsertLatencies(engine, large, samples);
          // Sitemap rebuild over the large table, beside the floor: reading the same columns.
          const rebuild: number[] = [];
          const floor: number[] = [];
          let peakRss = 0;
          for (let r = 0; r < (quick ? 1 : 3); r++) {
            await engine.upsert(benchDocument(r, 1000 + r));
            const sampler = setInterval(
              () => (peakRss = Math.max(peakRss, process.memoryUsage().rss)),
              5,
            );
            const before = process.memoryUsage().rss;
            let start = performance.now();
            await rebuildOrFail(engine);
            rebuild.push((performance.now() - start) / 1000);
            clearInterval(sampler);
            peakRss = Math.max(0, peakRss - before);
            start = performance.now();
            const rows = await engine
              .knex(engine.tables.documents)
              .select('c_url', 'm_url', 'modified', 'hash');
            JSON.stringify(rows);
            floor.push((performance.now() - start) / 1000);
          }
          figures.push(
            figure({
              id: `store.sitemap-rebuild.${dialect}`,
              title: `${dialect}: sitemap rebuild at ${large.toLocaleString('en-US')} documents`,
              unit: 's',
              betterIs: 'lower',
              samples: rebuild,
              baseline: { title: 'SELECT the same columns + JSON.stringify', samples: floor },
              notes: `peak RSS growth during the rebuild: ${(peakRss / 2 ** 20).toFixed(0)} MiB`,
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
        },
      );
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
