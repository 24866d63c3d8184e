import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Knex } from 'knex';
import { SILENT_LOGGER, type StoreLogger } from '../ground/store-logger';
import type { TableNames } from '../schema/table-names';
import {
  claimDuePurges,
  completePurges,
  failPurges,
  nextPurgeDue,
  type ClaimedPurge,
} from './purge-outbox';
import { PurgeError, type Purger } from './purger';

export interface PurgeDeliveryOptions {
  knex: Knex;
  tables: TableNames;
  purger: Purger;
  /** Soft purges where the cache has them (objects turn stale instead of going). */
  soft?: boolean;
  /** How often the background loop looks for due purges (ms, default 1,000). */
  pollIntervalMs?: number;
  /**
   * Each tag is purged once more this long after its first purge went out (ms, default 2,000;
   * 0: never): longer than a cache fetch that straddles a commit and its purge, plus the time
   * the other instances take to see the change (`revalidateAfterMs` where no PostgreSQL `NOTIFY`
   * tells them; docs/edge.md).
   */
  settleMs?: number;
  /** How long a claimed tag is this instance's to send (ms, default 120,000). */
  leaseMs?: number;
  /** Tags claimed per round (default 4 requests' worth). */
  claimLimit?: number;
  /** First retry after about this long, doubling per attempt (ms, default 1,000)... */
  baseBackoffMs?: number;
  /** ...up to this; a permanent failure waits this long too (ms, default 600,000). */
  maxBackoffMs?: number;
  logger?: StoreLogger;
  /** Milliseconds since the epoch, and [0, 1) for jitter: injectable for tests. */
  clock?: () => number;
  random?: () => number;
  /** Names this instance in leases (default host, pid and a random part). */
  instanceId?: string;
}

/** What one delivery round did. */
export interface PurgeRound {
  /** Tags the purger accepted for their first purge... */
  sent: number;
  /** ...and for their settle re-purge. */
  resent: number;
  /** Tags whose purge failed this round (put back for later). */
  failed: number;
  /** The failure, if any. */
  error?: PurgeError;
}

export interface PurgeDelivery {
  /**
   * Claims due tags and sends them through the purger in batches of its size, deleting each
   * batch once accepted, until nothing is due or a batch fails (then the rest is put back with
   * a backoff). Never throws for a purge failure: it is in the result and the stats.
   */
  deliverDue(): Promise<PurgeRound>;
  /** Starts the background loop (polls; `notify` runs it at once). */
  start(): void;
  /** A commit enqueued tags: deliver soon. */
  notify(): void;
  /** Resolves when no round is running. */
  whenIdle(): Promise<void>;
  /** Stops the loop and waits for a running round to end. */
  stop(): Promise<void>;
}

/** The default settle delay (PurgeDeliveryOptions.settleMs). */
export const DEFAULT_SETTLE_MS = 2000;

/**
 * Delivers the purge outbox (enqueuePurgeKeys) through one purger, at least once per tag.
 * Several instances can run it on one database: claims are leased, so a tag goes out once unless
 * an instance dies mid-send (its lease then expires and another sends it again); the settle
 * re-purge `settleMs` later is claimed and sent the same way. Failures are
 * retried with exponential backoff and jitter, not before the cache's `Retry-After`.
 */
export function createPurgeDelivery(options: PurgeDeliveryOptions): PurgeDelivery {
  const { knex, tables, purger } = options;
  const clock = options.clock ?? Date.now;
  const random = options.random ?? Math.random;
  const logger = options.logger ?? SILENT_LOGGER;
  const leaseMs = options.leaseMs ?? 120_000;
  const baseBackoffMs = options.baseBackoffMs ?? 1000;
  const maxBackoffMs = options.maxBackoffMs ?? 600_000;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const settleMs = options.settleMs ?? DEFAULT_SETTLE_MS;
  const claimLimit = options.claimLimit ?? purger.maxKeysPerRequest * 4;
  const holder =
    options.instanceId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  /** Full jitter over the upper half: retries from many instances spread out. */
  function backoff(attempts: number, error: PurgeError): number {
    if (!error.retryable) return maxBackoffMs;
    const ceiling = Math.min(maxBackoffMs, baseBackoffMs * 2 ** Math.min(attempts - 1, 30));
    const jittered = Math.round(ceiling * (0.5 + random() / 2));
    return Math.max(jittered, error.retryAfterMs ?? 0);
  }

  async function sendRound(claimed: ClaimedPurge[], round: PurgeRound): Promise<boolean> {
    for (let i = 0; i < claimed.length; i += purger.maxKeysPerRequest) {
      const batch = claimed.slice(i, i + purger.maxKeysPerRequest);
      const keys = batch.map((row) => row.key);
      try {
        await purger.purge(keys, { soft: options.soft ?? false });
      } catch (caught) {
        const error =
          caught instanceof PurgeError
            ? caught
            : new PurgeError(purger.name, `${purger.name} purge failed: ${String(caught)}`, {
                retryable: true,
                cause: caught,
              });
        const rest = claimed.slice(i);
        const now = clock();
        await failPurges(knex, tables, holder, rest, {
          message: error.message,
          permanent: !error.retryable,
          now,
          nextAttemptMs: (attempts) => now + backoff(attempts, error),
        });
        round.failed += rest.length;
        round.error = error;
        (error.retryable ? logger.warn : logger.error)(`agent-ready: ${error.message}`);
        return false;
      }
      await completePurges(knex, tables, holder, batch, { now: clock(), settleMs });
      const resent = batch.filter((row) => row.settle).length;
      round.sent += batch.length - resent;
      round.resent += resent;
    }
    return true;
  }

  async function deliverDue(): Promise<PurgeRound> {
    const round: PurgeRound = { sent: 0, resent: 0, failed: 0 };
    for (;;) {
      const claimed = await claimDuePurges(knex, tables, {
        holder,
        now: clock(),
        leaseMs,
        limit: claimLimit,
      });
      if (claimed.length === 0 || !(await sendRound(claimed, round))) return round;
    }
  }

  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;

  function schedule(delayMs: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, delayMs);
    timer.unref();
  }

  function run() {
    if (running) {
      again = true;
      return;
    }
    again = false;
    let delayMs = pollIntervalMs;
    running = deliverDue()
      .then(async () => {
        // A settle re-purge or a retry due before the next poll is sent when due, not up to a
        // poll interval late; one that came due while this round ran, at once.
        const now = clock();
        const due = await nextPurgeDue(knex, tables, now);
        if (due !== undefined) delayMs = Math.min(pollIntervalMs, Math.max(0, due - now));
      })
      .catch((error: Error) => logger.warn(`agent-ready: purge delivery: ${error.message}`))
      .finally(() => {
        running = undefined;
        schedule(again ? 0 : delayMs);
      });
  }

  return {
    deliverDue,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    notify() {
      if (!stopped) schedule(0);
    },
    async whenIdle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      while (running) await running;
    },
  };
}
