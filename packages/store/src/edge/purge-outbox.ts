import type { Knex } from 'knex';
import { ValidationError } from '@agent-ready/core/errors';
import { dialectOf } from '../schema/open-database';
import type { TableNames } from '../schema/table-names';
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
 * committed after that purge went out, and needs one of its own. A tag kept for its settle
 * re-purge (completePurges) becomes a first purge again, due now unless it is backing off
 * from a failure.
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
      settle: false,
    }));
    const t = tables.purgeOutbox;
    await trx(t)
      .insert(rows)
      .onConflict('cache_key')
      .merge({
        enqueued_ms: now,
        lease_holder: null,
        lease_until_ms: null,
        settle: false,
        next_attempt_ms: trx.raw('case when ?? = 0 then ? else ?? end', [
          `${t}.attempts`,
          now,
          `${t}.next_attempt_ms`,
        ]),
      });
  }
}

/** A tag claimed for delivery. */
export interface ClaimedPurge {
  key: string;
  attempts: number;
  /** The settle re-purge of a tag already purged once (see completePurges). */
  settle: boolean;
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
    await retryOnDeadlock(() => claimLocked(knex, t, due, { holder, now, leaseMs, limit }));
  }
  const claimed = (await knex(t)
    .where({ lease_holder: holder, lease_until_ms: now + leaseMs })
    .orderBy('cache_key')
    .select('cache_key', 'attempts', 'settle')) as {
    cache_key: string;
    attempts: unknown;
    settle: unknown;
  }[];
  return claimed.map((row) => ({
    key: row.cache_key,
    attempts: Number(row.attempts),
    settle: Boolean(Number(row.settle)),
  }));
}

/** How often a claim that lost a deadlock is tried again before this round gives up. */
const CLAIM_TRIES = 3;

/**
 * InnoDB may pick a claim as a deadlock victim when two claimers lock rows of the queue at once
 * (seen on MariaDB for rows rewritten by completePurges); it asks to try again, and a claim is
 * safe to repeat.
 */
async function retryOnDeadlock(claim: () => Promise<void>): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      return await claim();
    } catch (error) {
      const { errno, code } = error as { errno?: unknown; code?: unknown };
      const deadlock = errno === 1213 || code === 'ER_LOCK_DEADLOCK' || code === '40P01';
      if (!deadlock || tries >= CLAIM_TRIES) throw error;
    }
  }
}

async function claimLocked(
  knex: Knex,
  t: string,
  due: (query: Knex.QueryBuilder) => Knex.QueryBuilder,
  options: { holder: string; now: number; leaseMs: number; limit: number },
): Promise<void> {
  const { holder, now, leaseMs, limit } = options;
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

/**
 * Records one accepted purge request. Of its tags still this holder's (not enqueued again
 * meanwhile), a settle re-purge is deleted, and a first purge is kept as a settle re-purge due
 * `settleMs` later (deleted at once when `settleMs` is 0). The second purge removes what a cache
 * stored after the first from a fetch that began before the commit, or from an instance that
 * had not yet seen the change (docs/edge.md); kept in the outbox, it survives a crash.
 */
export async function completePurges(
  knex: Knex,
  tables: TableNames,
  holder: string,
  batch: readonly ClaimedPurge[],
  options: { now: number; settleMs: number },
): Promise<void> {
  const { now, settleMs } = options;
  const first = batch.filter((row) => !row.settle).map((row) => row.key);
  const settled = batch.filter((row) => row.settle).map((row) => row.key);
  await knex.transaction(async (trx) => {
    const mine = (keys: string[]) =>
      trx(tables.purgeOutbox).whereIn('cache_key', keys).andWhere({ lease_holder: holder });
    for (let i = 0; i < settled.length; i += INSERT_CHUNK) {
      await mine(settled.slice(i, i + INSERT_CHUNK)).delete();
    }
    for (let i = 0; i < first.length; i += INSERT_CHUNK) {
      const chunk = mine(first.slice(i, i + INSERT_CHUNK));
      if (settleMs === 0) {
        await chunk.delete();
      } else {
        await chunk.update({
          settle: true,
          attempts: 0,
          next_attempt_ms: now + settleMs,
          lease_holder: null,
          lease_until_ms: null,
          last_error: null,
        });
      }
    }
    await trx(tables.purgeStats)
      .where({ id: 1 })
      .update({
        keys_sent: trx.raw('?? + ?', ['keys_sent', first.length]),
        keys_resent: trx.raw('?? + ?', ['keys_resent', settled.length]),
        requests_sent: trx.raw('?? + 1', ['requests_sent']),
        last_sent_ms: now,
      });
  });
}

/**
 * When the outbox next needs a delivery round, if it holds anything: the earliest next attempt
 * of a tag no live lease holds (a first retry, a settle re-purge; in the past when one came due
 * after the last claim, and then a round is due at once), or the end of a live lease (its holder
 * may have died, and the tag is then this instance's to send).
 */
export async function nextPurgeDue(
  knex: Knex,
  tables: TableNames,
  now: number,
): Promise<number | undefined> {
  const row = (await knex(tables.purgeOutbox)
    .select(
      knex.raw('min(case when ?? > ? then ?? else ?? end) as due', [
        'lease_until_ms',
        now,
        'lease_until_ms',
        'next_attempt_ms',
      ]),
    )
    .first()) as { due?: unknown } | undefined;
  return row?.due == null ? undefined : Number(row.due);
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
  /**
   * Tags delivered for changes since the table was made (first purges), and the requests that
   * carried them (with the settle re-purges).
   */
  sent: number;
  requests: number;
  /** Settle re-purges delivered (each tag once more, `settleMs` after its first purge). */
  resent: number;
  /** Failed purge requests (each retried later). */
  failed: number;
  /** Tags of changes waiting for their first purge. */
  waiting: number;
  /** Tags purged once and waiting for their settle re-purge. */
  settling: number;
  /** Waiting tags (first or settle) that have failed at least once. */
  retrying: number;
  lastSentAt?: Date;
  lastError?: { message: string; at: Date; permanent: boolean };
}

/**
 * The outbox's figures, read in one statement: one snapshot, so a delivery committing meanwhile
 * is counted in all of them or in none (read apart, a re-purge could show as sent and still
 * settling).
 */
export async function readPurgeStatus(knex: Knex, tables: TableNames): Promise<PurgeStatus> {
  const outbox = () => knex(tables.purgeOutbox).count('*');
  const stats = (await knex(tables.purgeStats)
    .where({ id: 1 })
    .first(
      '*',
      outbox().where({ settle: false }).as('waiting_keys'),
      outbox().where({ settle: true }).as('settling_keys'),
      outbox().where('attempts', '>', 0).as('retrying_keys'),
    )) as Record<string, unknown> | undefined;
  const row = stats ?? {};
  const number = (value: unknown) => Number(value ?? 0);
  return {
    sent: number(row.keys_sent),
    requests: number(row.requests_sent),
    resent: number(row.keys_resent),
    failed: number(row.failures),
    waiting: number(row.waiting_keys),
    settling: number(row.settling_keys),
    retrying: number(row.retrying_keys),
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
