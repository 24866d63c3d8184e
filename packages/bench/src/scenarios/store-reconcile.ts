import { performance } from 'node:perf_hooks';
import type { DatabaseOption, RegenerationEngine } from '@agent-ready/store';
import { availableDialects, databaseConfig, probeDatabases } from '@agent-ready/test-support';
import { figure, type BenchFigure, type BenchScenario } from '../measurement';
import { benchDocument, publishedBenchRow, withBenchEngine } from './bench-documents';

/**
 * The first reconcile of an existing site (the Strapi plugin's start-up reconcile, the Express
 * adapter's `rebuild()`): N documents the table does not have yet, against a plain multi-row
 * INSERT of the same rows into the same table in the same run; then a second reconcile with
 * nothing changed, which should read each row once to compare and write nothing.
 */

/** Rows per INSERT of the baseline: as many as fit the database's bound-parameter limit. */
const PARAMETER_LIMIT = { sqlite: 32_766, postgres: 65_535, mysql: 65_535 } as const;

/** Rounds of INSERT then reconcile, interleaved (AGENT_READY_BENCH_RECONCILE_ROUNDS). */
const ROUNDS = Math.max(1, Number(process.env.AGENT_READY_BENCH_RECONCILE_ROUNDS) || 2);

function documentCount(quick: boolean): number {
  const asked = Number(process.env.AGENT_READY_BENCH_RECONCILE_DOCUMENTS);
  if (Number.isSafeInteger(asked) && asked > 0) return asked;
  return quick ? 20_000 : 100_000;
}

/** The rows the reconcile stores, built beforehand: the baseline times the INSERTs alone. */
function plainRows(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => publishedBenchRow(benchDocument(i, 0), i + 1));
}

async function plainInsertSeconds(
  engine: RegenerationEngine,
  rows: Record<string, unknown>[],
): Promise<number> {
  // SQLite: knex's multi-row INSERT is a compound SELECT, at most 500 terms.
  const perInsert = Math.min(
    engine.dialect === 'sqlite' ? 500 : 1000,
    Math.floor(PARAMETER_LIMIT[engine.dialect] / Object.keys(rows[0]!).length),
  );
  const start = performance.now();
  await engine.knex.transaction(async (trx) => {
    for (let at = 0; at < rows.length; at += perInsert) {
      await trx(engine.tables.documents).insert(rows.slice(at, at + perInsert));
    }
  });
  return (performance.now() - start) / 1000;
}

function* listing(count: number) {
  for (let i = 0; i < count; i++) yield benchDocument(i, 0);
}

export const storeReconcileScenario: BenchScenario = {
  id: 'store.reconcile',
  title: 'Store: the first reconcile of an existing site vs a plain multi-row INSERT',
  async run({ quick }) {
    await probeDatabases();
    const count = documentCount(quick);
    const n = count.toLocaleString('en-US');
    const rows = plainRows(count);
    const figures: BenchFigure[] = [];
    for (const dialect of availableDialects()) {
      const database = databaseConfig(dialect) as DatabaseOption;
      await withBenchEngine(database, async (engine) => {
        // Interleaved rounds, the best of each kept: the machine is shared, and a burst of
        // someone else's work should not decide the ratio either way.
        const baselines: number[] = [];
        const reconciles: number[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          baselines.push(await plainInsertSeconds(engine, rows));
          await engine.knex(engine.tables.documents).truncate();
          const start = performance.now();
          const first = await engine.reconcile(listing(count), { total: count });
          reconciles.push((performance.now() - start) / 1000);
          if (first.changed !== count) throw new Error(`reconcile stored ${first.changed} of ${n}`);
          if (round < ROUNDS - 1) await engine.knex(engine.tables.documents).truncate();
        }
        const baseline = Math.min(...baselines);
        const seconds = Math.min(...reconciles);
        figures.push(
          figure({
            id: `store.reconcile.${dialect}`,
            title: `${dialect}: reconcile of ${n} new documents`,
            unit: 's',
            betterIs: 'lower',
            samples: [seconds],
            baseline: {
              title: `plain multi-row INSERT of the same ${n} rows (rendered beforehand)`,
              samples: [baseline],
            },
            goalRatio: 3,
            notes: `${Math.round(count / seconds).toLocaleString('en-US')} documents/s, rendering each M-URL, twin and SCP line included; batches of 1,000 in one transaction each; best of ${ROUNDS} interleaved rounds (reconcile ${reconciles.map((r) => r.toFixed(1)).join(', ')} s; INSERT ${baselines.map((r) => r.toFixed(1)).join(', ')} s)`,
          }),
        );
        await engine.refreshStatistics();
        const start = performance.now();
        const second = await engine.reconcile(listing(count), { total: count });
        const unchangedSeconds = (performance.now() - start) / 1000;
        const readNote = `${second.rowsRead.toLocaleString('en-US')} rows read (each row once to compare; a count of the published rows shows nothing is to be removed), ${unchangedSeconds.toFixed(1)} s`;
        figures.push(
          figure({
            id: `store.reconcile-unchanged.written.${dialect}`,
            title: `${dialect}: second reconcile of ${n}, nothing changed: rows written`,
            unit: 'rows',
            betterIs: 'lower',
            samples: [second.rowsWritten],
            budget: 0,
            notes: readNote,
          }),
          figure({
            id: `store.reconcile-unchanged.read.${dialect}`,
            title: `${dialect}: second reconcile of ${n}, nothing changed: rows read`,
            unit: 'rows',
            betterIs: 'lower',
            samples: [second.rowsRead],
            budget: count,
            notes: readNote,
          }),
        );
      });
    }
    return figures;
  },
};
