import type { Knex } from 'knex';
import type { TableNames } from './table-names';

/**
 * The `state` table's rows: `content_seq` (bumped by every effective change, in commit order,
 * because each writer holds its row lock until commit), `artifacts_seq` (the content_seq the
 * current artifacts were built from) and `rebuild_lease` (who may rebuild artifacts right now).
 */
export async function lockContentSequence(trx: Knex.Transaction, t: TableNames): Promise<void> {
  // A write as the transaction's first statement: on SQLite it takes the write lock up front
  // (no deferred-transaction upgrade failures); on PostgreSQL and MySQL it locks the row, which
  // serializes writers in one order and so rules out deadlocks.
  await trx(t.state)
    .where({ name: 'content_seq' })
    .update({ value: trx.ref('value') });
}

export async function bumpContentSequence(trx: Knex.Transaction, t: TableNames): Promise<number> {
  await trx(t.state).where({ name: 'content_seq' }).increment('value', 1);
  return readSequence(trx, t, 'content_seq');
}

export async function readSequence(
  knex: Knex | Knex.Transaction,
  t: TableNames,
  name: 'content_seq' | 'artifacts_seq',
): Promise<number> {
  const row = await knex(t.state).where({ name }).first('value');
  return Number(row?.value ?? 0);
}

export async function readSequences(
  knex: Knex,
  t: TableNames,
): Promise<{ content: number; artifacts: number }> {
  const rows: { name: string; value: unknown }[] = await knex(t.state)
    .whereIn('name', ['content_seq', 'artifacts_seq'])
    .select('name', 'value');
  const value = (name: string) => Number(rows.find((r) => r.name === name)?.value ?? 0);
  return { content: value('content_seq'), artifacts: value('artifacts_seq') };
}

/** Takes the rebuild lease if it is free or expired; returns whether we hold it. */
export async function acquireRebuildLease(
  knex: Knex,
  t: TableNames,
  holder: string,
  now: number,
  leaseMs: number,
): Promise<boolean> {
  await knex(t.state)
    .where({ name: 'rebuild_lease' })
    .andWhere((q) =>
      q.whereNull('holder').orWhere('expires_ms', '<', now).orWhere('holder', holder),
    )
    .update({ holder, expires_ms: now + leaseMs });
  return holdsRebuildLease(knex, t, holder);
}

/**
 * Reads the holder back rather than trusting the update count: MySQL reports rows *changed*,
 * not rows matched, unless the connection was opened with FOUND_ROWS (an adopted knex may not be).
 */
async function holdsRebuildLease(knex: Knex, t: TableNames, holder: string): Promise<boolean> {
  const row = await knex(t.state).where({ name: 'rebuild_lease' }).first('holder');
  return row?.holder === holder;
}

export async function renewRebuildLease(
  knex: Knex,
  t: TableNames,
  holder: string,
  now: number,
  leaseMs: number,
): Promise<boolean> {
  await knex(t.state)
    .where({ name: 'rebuild_lease', holder })
    .update({ expires_ms: now + leaseMs });
  return holdsRebuildLease(knex, t, holder);
}

export async function releaseRebuildLease(
  knex: Knex,
  t: TableNames,
  holder: string,
): Promise<void> {
  await knex(t.state)
    .where({ name: 'rebuild_lease', holder })
    .update({ holder: null, expires_ms: null });
}
