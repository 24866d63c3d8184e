import type { Knex } from 'knex';
import { ValidationError } from '@agent-ready/core/errors';
import { dialectOf } from '../open-database';
import type { TableNames } from '../table-names';
import { CACHE_TAG } from './purger';

/** Rows written per statement: far below every database's parameter limit. */
const INSERT_CHUNK = 200;

/**
 * Records cache tags to purge, inside the caller's transaction: they are delivered if and only
 * if the change that made the cached objects stale commits, also when the process dies right
 * after the commit (a delivery loop of any instance sends them, see createPurgeDelivery).
 *
 * One row per tag. A tag already waiting is not added twice; if it is being delivered right
 * now, its lease is cleared, so that delivery cannot delete it: the new change may have
 * committed after that purge went out, and needs one of its own.
 */
export async function enqueuePurgeKeys(
  trx: Knex | Knex.Transaction,
  tables: TableNames,
  keys: Iterable<string>,
  now: number = Date.now(),
): Promise<void> {
  // Sorted: two transactions enqueueing overlapping tags lock their rows in the same order.
  const unique = [...new Set(keys)].sort();
  for (const key of unique) {
    if (!CACHE_TAG.test(key)) {
      throw new ValidationError('store.purge.key', 'a cache tag is 1 to 128 of a-z, 0-9 and -', {
        field: 'keys',
        value: key,
      });
    }
  }
  for (let i = 0; i < unique.length; i += INSERT_CHUNK) {
    const rows = unique.slice(i, i + INSERT_CHUNK).map((key) => ({
      cache_key: key,
      enqueued_ms: now,
      attempts: 0,
      next_attempt_ms: now,
      lease_holder: null,
      lease_until_ms: null,
    }));
    await trx(tables.purgeOutbox)
      .insert(rows)
      .onConflict('cache_key')
      .merge(['enqueued_ms', 'lease_holder', 'lease_until_ms']);
  }
}

/** A tag claimed for delivery. */
export interface ClaimedPurge {
  key: string;
  attempts: number;
}

/**
 * Leases up to `limit` due tags to `holder` until `now + leaseMs`: rows whose next attempt has
 * come and that no live lease holds. Where the database has `FOR UPDATE SKIP LOCKED`
 * (PostgreSQL, MySQL 8, MariaDB 10.6+), concurrent claimers take disjoint rows; SQLite (one
 * writer at a time) claims with one conditional UPDATE.
 */
export async function claimDuePurges(
  knex: Knex,
  tables: TableNames,
  options: { holder: string; now: number; leaseMs: number; limit: number },
): Promise<ClaimedPurge[]> {
  const { holder, now, leaseMs, limit } = options;
  const t = tables.purgeOutbox;
  const due = (query: Knex.QueryBuilder) =>
    query
      .where('next_attempt_ms', '<=', now)
      .andWhere((q) => q.whereNull('lease_until_ms').orWhere('lease_until_ms', '<', now));
  // In key order: InnoDB then walks the primary key and locks the rows it reads until it has
  // `limit` of them. Ordered by the due time it sorted every due row first, locking them all,
  // and a second claimer skipped the whole queue.
  if (dialectOf(knex) === 'sqlite') {
    await knex(t)
      .whereIn('cache_key', due(knex(t).select('cache_key')).orderBy('cache_key').limit(limit))
      .update({ lease_holder: holder, lease_until_ms: now + leaseMs });
  } else {
    await knex.transaction(async (trx) => {
      const rows = (await due(trx(t).select('cache_key'))
        .orderBy('cache_key')
        .limit(limit)
        .forUpdate()
        .skipLocked()) as { cache_key: string }[];
      if (rows.length === 0) return;
      await trx(t)
        .whereIn(
          'cache_key',
          rows.map((row) => row.cache_key),
        )
        .update({ lease_holder: holder, lease_until_ms: now + leaseMs });
    });
  }
  const claimed = (await knex(t)
    .where({ lease_holder: holder, lease_until_ms: now + leaseMs })
    .orderBy('cache_key')
    .select('cache_key', 'attempts')) as { cache_key: string; attempts: unknown }[];
  return claimed.map((row) => ({ key: row.cache_key, attempts: Number(row.attempts) }));
}

/** Deletes delivered tags that are still this holder's (not enqueued again meanwhile). */
export async function completePurges(
  knex: Knex,
  tables: TableNames,
  holder: string,
  keys: readonly string[],
  now: number,
): Promise<void> {
  await knex.transaction(async (trx) => {
    for (let i = 0; i < keys.length; i += INSERT_CHUNK) {
      await trx(tables.purgeOutbox)
        .whereIn('cache_key', keys.slice(i, i + INSERT_CHUNK))
        .andWhere({ lease_holder: holder })
        .delete();
    }
    await trx(tables.purgeStats)
      .where({ id: 1 })
      .update({
        keys_sent: trx.raw('?? + ?', ['keys_sent', keys.length]),
        requests_sent: trx.raw('?? + 1', ['requests_sent']),
        last_sent_ms: now,
      });
  });
}

/**
 * Puts tags whose purge failed back, to be tried at `nextAttemptMs` (their lease released, their
 * attempts counted), and records the error for the admin view.
 */
export async function failPurges(
  knex: Knex,
  tables: TableNames,
  holder: string,
  failed: readonly ClaimedPurge[],
  outcome: {
    message: string;
    permanent: boolean;
    now: number;
    nextAttemptMs: (attempts: number) => number;
  },
): Promise<void> {
  await knex.transaction(async (trx) => {
    // Rows with the same attempt count share their next attempt: one UPDATE per count.
    const byAttempts = new Map<number, string[]>();
    for (const { key, attempts } of failed) {
      byAttempts.set(attempts, [...(byAttempts.get(attempts) ?? []), key]);
    }
    for (const [attempts, keys] of byAttempts) {
      for (let i = 0; i < keys.length; i += INSERT_CHUNK) {
        await trx(tables.purgeOutbox)
          .whereIn('cache_key', keys.slice(i, i + INSERT_CHUNK))
          .andWhere({ lease_holder: holder })
          .update({
            attempts: attempts + 1,
            next_attempt_ms: outcome.nextAttemptMs(attempts + 1),
            lease_holder: null,
            lease_until_ms: null,
            last_error: outcome.message,
          });
      }
    }
    await trx(tables.purgeStats)
      .where({ id: 1 })
      .update({
        failures: trx.raw('?? + 1', ['failures']),
        last_error: outcome.message,
        last_error_ms: outcome.now,
        last_error_permanent: outcome.permanent,
      });
  });
}

/** What the admin view shows of purges. */
export interface PurgeStatus {
  /** Tags delivered since the table was made, and the requests that carried them. */
  sent: number;
  requests: number;
  /** Failed purge requests (each retried later). */
  failed: number;
  /** Tags waiting to be purged, and how many of those have failed at least once. */
  waiting: number;
  retrying: number;
  lastSentAt?: Date;
  lastError?: { message: string; at: Date; permanent: boolean };
}

export async function readPurgeStatus(knex: Knex, tables: TableNames): Promise<PurgeStatus> {
  const [stats, waiting, retrying] = await Promise.all([
    knex(tables.purgeStats).where({ id: 1 }).first(),
    knex(tables.purgeOutbox).count({ n: '*' }).first(),
    knex(tables.purgeOutbox).where('attempts', '>', 0).count({ n: '*' }).first(),
  ]);
  const row = (stats ?? {}) as Record<string, unknown>;
  const number = (value: unknown) => Number(value ?? 0);
  return {
    sent: number(row.keys_sent),
    requests: number(row.requests_sent),
    failed: number(row.failures),
    waiting: number((waiting as { n?: unknown } | undefined)?.n),
    retrying: number((retrying as { n?: unknown } | undefined)?.n),
    ...(row.last_sent_ms == null ? {} : { lastSentAt: new Date(number(row.last_sent_ms)) }),
    ...(row.last_error == null
      ? {}
      : {
          lastError: {
            message: String(row.last_error),
            at: new Date(number(row.last_error_ms)),
            permanent: Boolean(row.last_error_permanent),
          },
        }),
  };
}
