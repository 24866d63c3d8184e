import type { Knex } from 'knex';
import { announceChange } from './announce-change';
import type { TableNames } from '../schema/table-names';

/**
 * The `state` table's rows: `content_seq` (bumped by every effective change, in commit order,
 * because each writer holds its row lock until commit), `artifacts_seq` (the content_seq the
 * current artifacts were built from), `rebuild_lease` (who may rebuild artifacts right now),
 * `artifacts_generation` (the last build generation handed out), `artifacts_installed` (the
 * generation installed last) and `commit_clock` (the last change's commit stamp).
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
  const seq = await readSequence(trx, t, 'content_seq');
  // Other processes learn of it when it commits (PostgreSQL), not at their next poll.
  await announceChange(trx, t, `content:${seq}`);
  return seq;
}

/**
 * Stamps a change's commit time: `proposedMs`, or 1 ms after the previous change's stamp when
 * that is later. Writers hold the content sequence lock until commit, so the stamps increase in
 * commit order, across instances and whatever their clocks say.
 */
export async function advanceCommitClock(
  trx: Knex.Transaction,
  t: TableNames,
  proposedMs: number,
): Promise<number> {
  const row = await trx(t.state).where({ name: 'commit_clock' }).first('value');
  const stamp = Math.max(proposedMs, Number(row?.value ?? 0) + 1);
  await trx(t.state).where({ name: 'commit_clock' }).update({ value: stamp });
  return stamp;
}

export async function readSequence(
  knex: Knex | Knex.Transaction,
  t: TableNames,
  name: 'content_seq' | 'artifacts_seq',
): Promise<number> {
  const row = await knex(t.state).where({ name }).first('value');
  return Number(row?.value ?? 0);
}

export interface Sequences {
  /** Position of the last effective change of the documents. */
  content: number;
  /** The content position the installed artifacts were built from. */
  artifacts: number;
  /**
   * Generation of the last install. Moves on every install, also one that rebuilt an unchanged
   * table under new settings, so caches keyed on these three numbers never serve replaced bytes.
   */
  installed: number;
  /** Moves with every change of the sitemap's settings or shard layout. */
  sitemapLayout: number;
}

export async function readSequences(knex: Knex, t: TableNames): Promise<Sequences> {
  const rows: { name: string; value: unknown }[] = await knex(t.state)
    .whereIn('name', ['content_seq', 'artifacts_seq', 'artifacts_installed', 'sitemap_layout'])
    .select('name', 'value');
  const value = (name: string) => Number(rows.find((r) => r.name === name)?.value ?? 0);
  return {
    content: value('content_seq'),
    artifacts: value('artifacts_seq'),
    installed: value('artifacts_installed'),
    sitemapLayout: value('sitemap_layout'),
  };
}

/**
 * A new build generation, greater than every one handed out before. Taken once a build holds the
 * rebuild lease, so generations follow lease tenure: a build only ever deletes chunks of older
 * generations, never those of a builder that took the lease over after it.
 */
export async function allocateArtifactGeneration(knex: Knex, t: TableNames): Promise<number> {
  return knex.transaction(async (trx) => {
    await trx(t.state).where({ name: 'artifacts_generation' }).increment('value', 1);
    const row = await trx(t.state).where({ name: 'artifacts_generation' }).first('value');
    return Number(row?.value);
  });
}

const REBUILD_LEASE = 'rebuild_lease';

/**
 * Inside an install's transaction: locks the lease row and tells whether `holder` still holds
 * it. The fence: a builder whose lease was taken over while it stalled installs nothing.
 */
export async function stillHoldsRebuildLease(
  trx: Knex.Transaction,
  t: TableNames,
  holder: string,
): Promise<boolean> {
  await trx(t.state)
    .where({ name: REBUILD_LEASE })
    .update({ holder: trx.ref('holder') });
  return holdsStateLease(trx, t, REBUILD_LEASE, holder);
}

/**
 * Takes the lease in state row `name` (the rebuild's `rebuild_lease`, an adapter job's, see
 * job-state) if it is free, expired, or held by a holder `isGone` knows to be dead (a process of
 * this machine that no longer runs); returns whether we hold it.
 */
export async function acquireStateLease(
  knex: Knex,
  t: TableNames,
  name: string,
  lease: { holder: string; now: number; leaseMs: number; isGone?: (holder: string) => boolean },
): Promise<boolean> {
  const { holder, now, leaseMs, isGone = () => false } = lease;
  const current = await knex(t.state).where({ name }).first('holder');
  const dead =
    typeof current?.holder === 'string' && current.holder !== holder && isGone(current.holder)
      ? current.holder
      : undefined;
  await knex(t.state)
    .where({ name })
    .andWhere((q) => {
      q.whereNull('holder').orWhere('expires_ms', '<', now).orWhere('holder', holder);
      // Compare-and-set: only the dead holder we saw, not whoever took the lease since.
      if (dead !== undefined) q.orWhere('holder', dead);
    })
    .update({ holder, expires_ms: now + leaseMs });
  return holdsStateLease(knex, t, name, holder);
}

/**
 * Reads the holder back rather than trusting the update count: MySQL reports rows *changed*,
 * not rows matched, unless the connection was opened with FOUND_ROWS (an adopted knex may not be).
 */
export async function holdsStateLease(
  knex: Knex | Knex.Transaction,
  t: TableNames,
  name: string,
  holder: string,
): Promise<boolean> {
  const row = await knex(t.state).where({ name }).first('holder');
  return row?.holder === holder;
}

export async function renewStateLease(
  knex: Knex,
  t: TableNames,
  name: string,
  lease: { holder: string; now: number; leaseMs: number },
): Promise<boolean> {
  await knex(t.state)
    .where({ name, holder: lease.holder })
    .update({ expires_ms: lease.now + lease.leaseMs });
  return holdsStateLease(knex, t, name, lease.holder);
}

export async function releaseStateLease(
  knex: Knex,
  t: TableNames,
  name: string,
  holder: string,
): Promise<void> {
  await knex(t.state).where({ name, holder }).update({ holder: null, expires_ms: null });
}

/** The rebuild's lease (see acquireStateLease). */
export function acquireRebuildLease(
  knex: Knex,
  t: TableNames,
  holder: string,
  now: number,
  leaseMs: number,
  isGone?: (holder: string) => boolean,
): Promise<boolean> {
  return acquireStateLease(knex, t, REBUILD_LEASE, { holder, now, leaseMs, isGone });
}

export function renewRebuildLease(
  knex: Knex,
  t: TableNames,
  holder: string,
  now: number,
  leaseMs: number,
): Promise<boolean> {
  return renewStateLease(knex, t, REBUILD_LEASE, { holder, now, leaseMs });
}

export function releaseRebuildLease(knex: Knex, t: TableNames, holder: string): Promise<void> {
  return releaseStateLease(knex, t, REBUILD_LEASE, holder);
}
