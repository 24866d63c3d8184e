import type { PreparedDocument } from '@agent-ready/core';
import type { EngineStore } from './engine-store';
import type { RemoveOptions, RemoveOutcome, RemovalReason } from './write-outcomes';
import type { BatchOutcome } from './upsert-document-batch';
import {
  listPublishedDocuments,
  nothingElsePublished,
  readContentPosition,
  readContentSequence,
} from './read-content-position';
import {
  clearReconcileCheckpoint,
  readReconcileCheckpoint,
  saveReconcileCheckpoint,
} from './reconcile-checkpoint';
import { measureReconcileProgress, type ReconcileProgress } from './reconcile-progress';
import { findPathHolder } from './document-rows';
import { DuplicateUrlError, translateDatabaseErrors } from '../ground/store-errors';

type Documents = AsyncIterable<PreparedDocument> | Iterable<PreparedDocument>;

/**
 * A complete listing of the published documents: the documents themselves, or a function that
 * lists them from position `from` on (in the same order every time), which makes the reconcile
 * resumable (`resume`).
 */
export type ReconcileSource = Documents | ((from: number) => Documents);

export interface ReconcileOptions {
  /** Called every `progressEvery` documents read (default 500), and once at the end. */
  onProgress?: (progress: ReconcileProgress) => void;
  progressEvery?: number;
  /** Documents per batch: one read of their rows, one transaction for their changes (default 1000). */
  batchSize?: number;
  /** Length of the listing, when known: progress then tells the time left. */
  total?: number;
  /**
   * With a function source: go on from where an earlier reconcile that did not finish (a crash,
   * a restart, an abort) left off, instead of from the start.
   */
  resume?: boolean;
  /** Stops between batches; a resumable reconcile keeps its checkpoint, nothing is unpublished. */
  signal?: AbortSignal;
}

export interface ReconcileOutcome {
  seen: number;
  changed: number;
  /** Rows the listing no longer had, unpublished. */
  unpublished: number;
  /**
   * Document rows read and written: each listed document's row once to compare, and the listing
   * of published rows for removals when a count of them cannot show nothing is to be removed.
   */
  rowsRead: number;
  rowsWritten: number;
  /** Where this run resumed (0: from the start). */
  resumedFrom: number;
  /** Stopped by `signal` before the end. */
  stopped?: boolean;
}

/** What the reconcile needs of the writer. */
export interface ReconcileWriter {
  store: EngineStore;
  upsertMany(docs: readonly PreparedDocument[], after?: Promise<unknown>): Promise<BatchOutcome>;
  refreshStatistics(): Promise<void>;
  remove(
    key: string,
    locale: string,
    reason: RemovalReason,
    options: RemoveOptions,
  ): Promise<RemoveOutcome>;
  /** Where the reconcile stands, for status pages. */
  progress?: ReconcileProgress;
}

/** Rows changed before the first refresh of the planner's statistics; then each doubling. */
const FIRST_ANALYZE = 10_000;

const identity = (doc: { key: string; locale: string }) => `${doc.key}\u0000${doc.locale}`;

/**
 * Makes the table match a complete listing (see DocumentWriter.reconcile) in batches: each
 * batch's rows read at once, its changes written in one transaction, its checkpoint saved after
 * it when it changed anything (an unchanged batch writes nothing at all).
 */
export async function reconcileDocuments(
  writer: ReconcileWriter,
  source: ReconcileSource,
  options: ReconcileOptions = {},
): Promise<ReconcileOutcome> {
  const { store } = writer;
  const { knex } = store.db;
  const t = store.tables;
  const list = typeof source === 'function' ? source : undefined;
  const checkpoint =
    list && options.resume
      ? await translateDatabaseErrors('read the reconcile checkpoint', () =>
          readReconcileCheckpoint(knex, t),
        )
      : undefined;
  const startedAt = checkpoint?.startedAt ?? (await readContentPosition(store));
  // Read before any row is compared: every write after it, ours or not, moves it.
  const sequenceAtStart = await readContentSequence(store);
  const from = checkpoint?.done ?? 0;
  const total = options.total ?? checkpoint?.total;
  const save = (done: number) =>
    list
      ? translateDatabaseErrors('save the reconcile checkpoint', () =>
          saveReconcileCheckpoint(knex, t, {
            done,
            startedAt,
            ...(total !== undefined ? { total } : {}),
          }),
        )
      : Promise.resolve();
  if (!checkpoint) await save(0);
  const startedMs = Date.now();
  const outcome: ReconcileOutcome = {
    seen: 0,
    changed: 0,
    unpublished: 0,
    rowsRead: 0,
    rowsWritten: 0,
    resumedFrom: from,
  };
  const report = (phase: ReconcileProgress['phase']) => {
    writer.progress = measureReconcileProgress(
      {
        phase,
        done: from + outcome.seen,
        ...(total !== undefined ? { total } : {}),
        seen: outcome.seen,
        changed: outcome.changed,
        resumedFrom: from,
      },
      startedMs,
      Date.now(),
    );
    return writer.progress;
  };
  report('reading');
  const seen = new Set<string>();
  const batchSize = Math.max(1, options.batchSize ?? 1000);
  const every = options.progressEvery ?? 500;
  let batch: PreparedDocument[] = [];
  let nextAnalyzeAt = FIRST_ANALYZE;
  /** The batch being written: the next one is read and rendered meanwhile (see `start`). */
  let inFlight: Promise<void> | undefined;
  /** A document the listing already had: its batch waits for the one before to commit. */
  let repeats = false;
  /** A stale save kept a row the listing has, which need not be published (see `nothingElsePublished`). */
  let keptStale = false;
  /** Tombstones of paths this pass's documents left: each moved the content sequence too. */
  let ownTombstones = 0;
  /**
   * Documents whose URL another published row held when their batch was written: a complete
   * listing may give a document the URL of one it no longer has (unpublished at the end of the
   * pass) or of one that moves later in the listing. Stored again once those are settled; a URL
   * still held then is claimed twice by the listing itself (DuplicateUrlError, as before).
   */
  const deferred: PreparedDocument[] = [];
  /** A batch that met a taken URL, one document at a time: the others are stored. */
  const writeEach = async (docs: PreparedDocument[]): Promise<BatchOutcome> => {
    const each: BatchOutcome = { outcomes: [], rowsRead: 0, rowsWritten: 0 };
    for (const doc of docs) {
      try {
        const one = await writer.upsertMany([doc]);
        each.outcomes.push(one.outcomes[0]);
        each.rowsRead += one.rowsRead;
        each.rowsWritten += one.rowsWritten;
      } catch (error) {
        if (!(error instanceof DuplicateUrlError)) throw error;
        deferred.push(doc);
        each.outcomes.push(undefined);
      }
    }
    return each;
  };
  const write = async (docs: PreparedDocument[], after: Promise<void> | undefined) => {
    if (repeats) await after;
    let written: BatchOutcome;
    try {
      written = await writer.upsertMany(docs, after);
    } catch (error) {
      if (!(error instanceof DuplicateUrlError)) throw error;
      written = await writeEach(docs);
    }
    outcome.rowsRead += written.rowsRead;
    outcome.rowsWritten += written.rowsWritten;
    for (const result of written.outcomes) {
      if (result?.status === 'created' || result?.status === 'updated') outcome.changed++;
      if (result?.status === 'stale') keptStale = true;
      // The tombstone of a path a document left is a change of its own.
      if (result?.leftPathSeq !== undefined) ownTombstones++;
    }
    const before = outcome.seen;
    outcome.seen += docs.length;
    if (outcome.changed >= nextAnalyzeAt) {
      // The planner must see the table as it grows: with the statistics of a near-empty table
      // (PostgreSQL's until autovacuum catches up) each batch's lookups turn into scans.
      await writer.refreshStatistics();
      nextAnalyzeAt = outcome.changed * 2;
    }
    // Past a deferred document no checkpoint: a resumed pass must come back to it.
    if (written.rowsWritten > 0 && deferred.length === 0) await save(from + outcome.seen);
    const progress = report('reading');
    if (Math.floor(outcome.seen / every) > Math.floor(before / every))
      options.onProgress?.(progress);
  };
  /**
   * Starts writing the batch: its rows are read and its documents rendered now, its transaction
   * waits for the batch before it, so the database writes one batch while this process renders
   * the next, and batches still commit in the listing's order. Waits for the one before.
   */
  const start = async () => {
    const next = write(batch, inFlight);
    // Its failure is reported through the batch before it when that one failed first.
    next.catch(() => undefined);
    batch = [];
    repeats = false;
    try {
      await inFlight;
    } finally {
      inFlight = next;
    }
  };
  try {
    for await (const doc of list ? list(from) : (source as Documents)) {
      const id = identity(doc);
      if (seen.has(id)) repeats = true;
      seen.add(id);
      batch.push(doc);
      if (batch.length >= batchSize) {
        if (options.signal?.aborted) break;
        await start();
      }
    }
    if (!options.signal?.aborted && batch.length > 0) await start();
  } finally {
    await inFlight;
  }
  if (options.signal?.aborted) return stop(outcome);
  if (from > 0 && list) {
    // Resumed: the documents an earlier attempt settled are in the listing too.
    let position = 0;
    for await (const doc of list(0)) {
      if (position++ >= from) break;
      seen.add(identity(doc));
    }
  }
  report('unpublishing');
  // Each listed document's row is published now unless a stale save kept one that is not.
  if (
    from === 0 &&
    !keptStale &&
    deferred.length === 0 &&
    (await nothingElsePublished(store, {
      listed: seen.size,
      sequenceAtStart,
      ownChanges: outcome.changed + ownTombstones,
    }))
  )
    return finish();
  for await (const row of listPublishedDocuments(store)) {
    outcome.rowsRead++;
    if (row.changeSeq > startedAt || seen.has(identity(row))) continue;
    const removed = await writer.remove(row.key, row.locale, 'unpublished', {
      unchangedSince: startedAt,
    });
    if (removed.removed) {
      outcome.unpublished++;
      outcome.rowsWritten++;
    }
  }
  await storeDeferred();
  return finish();

  /**
   * The documents deferred for a URL another row held, once the rows the listing lost are
   * unpublished. Documents of the listing that trade URLs (a swap, a cycle) wait on each other:
   * then the one holding the first one's URL leaves it (unpublished, and stored at its own new
   * URL in turn), as a source moving them one at a time would have. A URL still held by a row
   * that is not waiting is claimed twice by the listing itself (DuplicateUrlError).
   */
  async function storeDeferred(): Promise<void> {
    let pending = deferred;
    while (pending.length > 0) {
      const waiting: PreparedDocument[] = [];
      for (const doc of pending) {
        try {
          const written = await writer.upsertMany([doc]);
          outcome.rowsRead += written.rowsRead;
          outcome.rowsWritten += written.rowsWritten;
          const result = written.outcomes[0];
          if (result?.status === 'created' || result?.status === 'updated') outcome.changed++;
        } catch (error) {
          if (!(error instanceof DuplicateUrlError)) throw error;
          waiting.push(doc);
        }
      }
      if (waiting.length === pending.length) {
        const first = waiting[0]!;
        const holder = await translateDatabaseErrors('read a path holder', () =>
          findPathHolder(knex, t, first.mPath),
        );
        const trading =
          holder !== undefined && waiting.some((doc) => identity(doc) === identity(holder));
        if (trading && (await writer.remove(holder.key, holder.locale, 'unpublished', {})).removed)
          outcome.rowsWritten++;
        // Not one of them: throws the first one's DuplicateUrlError.
        else await writer.upsertMany([first]);
      }
      pending = waiting;
    }
  }

  async function finish(): Promise<ReconcileOutcome> {
    if (list)
      await translateDatabaseErrors('clear the reconcile checkpoint', () =>
        clearReconcileCheckpoint(knex, t),
      );
    const done = report('done');
    options.onProgress?.(done);
    return outcome;
  }

  function stop(result: ReconcileOutcome): ReconcileOutcome {
    const stopped = report('stopped');
    options.onProgress?.(stopped);
    return { ...result, stopped: true };
  }
}
