import type { Knex } from 'knex';
import type { TableNames } from '../schema/table-names';

/**
 * Where a resumable reconcile stands, in three rows of the state table, so a reconcile stopped
 * by a crash, a restart or an abort goes on from its last written batch instead of from zero:
 * `reconcile_done` (documents of the listing settled), `reconcile_total` (its length when known,
 * -1 otherwise) and `reconcile_started_seq` (the content position the first attempt began at:
 * rows changed after it are newer than the listing, whichever attempt reads them).
 */
export interface ReconcileCheckpoint {
  done: number;
  total?: number;
  startedAt: number;
}

const ROWS = ['reconcile_done', 'reconcile_total', 'reconcile_started_seq'] as const;

export async function readReconcileCheckpoint(
  knex: Knex | Knex.Transaction,
  t: TableNames,
): Promise<ReconcileCheckpoint | undefined> {
  const rows: { name: string; value: unknown }[] = await knex(t.state)
    .whereIn('name', ROWS)
    .select('name', 'value');
  if (rows.length < ROWS.length) return undefined;
  const value = (name: string) => Number(rows.find((r) => r.name === name)?.value ?? 0);
  const total = value('reconcile_total');
  return {
    done: value('reconcile_done'),
    ...(total >= 0 ? { total } : {}),
    startedAt: value('reconcile_started_seq'),
  };
}

export async function saveReconcileCheckpoint(
  knex: Knex,
  t: TableNames,
  checkpoint: ReconcileCheckpoint,
): Promise<void> {
  const values: Record<(typeof ROWS)[number], number> = {
    reconcile_done: checkpoint.done,
    reconcile_total: checkpoint.total ?? -1,
    reconcile_started_seq: checkpoint.startedAt,
  };
  await knex.transaction(async (trx) => {
    for (const name of ROWS) {
      const updated = await trx(t.state).where({ name }).update({ value: values[name] });
      if (updated === 0) await trx(t.state).insert({ name, value: values[name] });
    }
  });
}

/** The reconcile ran to its end: the next one starts from the beginning. */
export async function clearReconcileCheckpoint(knex: Knex, t: TableNames): Promise<void> {
  await knex(t.state).whereIn('name', ROWS).delete();
}
