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

/** Where a pass starts: its checkpoint's, or the table's position now. */
interface PassStart {
  /** The content position changes after which are newer than this pass (never unpublished). */
  startedAt: number;
  /** The content sequence before any row is compared: every write after it moves it. */
  sequenceAtStart: number;
  /** Documents an earlier attempt settled (resumed), else 0. */
  from: number;
  total: number | undefined;
}

/**
 * One reconcile pass: the listing read in batches, each written while the next is rendered, in
 * the listing's order; then what the listing no longer has unpublished, and the documents whose
 * URL was held meanwhile stored. Its state is what the batches tell each other.
 */
class ReconcilePass {
  readonly outcome: ReconcileOutcome;
  /** Every document of the listing, by identity. */
  private readonly seen = new Set<string>();
  private batch: PreparedDocument[] = [];
  private nextAnalyzeAt = FIRST_ANALYZE;
  /** The batch being written: the next one is read and rendered meanwhile (see `startBatch`). */
  private inFlight: Promise<void> | undefined;
  /** A document the listing already had: its batch waits for the one before to commit. */
  private repeats = false;
  /** A stale save kept a row the listing has, which need not be published (see `nothingElsePublished`). */
  private keptStale = false;
  /** Tombstones of paths this pass's documents left: each moved the content sequence too. */
  private ownTombstones = 0;
  /**
   * Documents whose URL another published row held when their batch was written: a complete
   * listing may give a document the URL of one it no longer has (unpublished at the end of the
   * pass) or of one that moves later in the listing. Stored again once those are settled; a URL
   * still held then is claimed twice by the listing itself (DuplicateUrlError, as before).
   */
  private readonly deferred: PreparedDocument[] = [];
  private readonly startedMs = Date.now();

  private constructor(
    private readonly writer: ReconcileWriter,
    private readonly source: ReconcileSource,
    private readonly options: ReconcileOptions,
    private readonly at: PassStart,
  ) {
    this.outcome = {
      seen: 0,
      changed: 0,
      unpublished: 0,
      rowsRead: 0,
      rowsWritten: 0,
      resumedFrom: at.from,
    };
  }

  /** Starts a pass where its checkpoint says (`resume`) or from the start, checkpointed. */
  static async begin(
    writer: ReconcileWriter,
    source: ReconcileSource,
    options: ReconcileOptions,
  ): Promise<ReconcilePass> {
    const { store } = writer;
    const resumable = typeof source === 'function';
    const checkpoint =
      resumable && options.resume
        ? await translateDatabaseErrors('read the reconcile checkpoint', () =>
            readReconcileCheckpoint(store.db.knex, store.tables),
          )
        : undefined;
    const startedAt = checkpoint?.startedAt ?? (await readContentPosition(store));
    // Read before any row is compared: every write after it, ours or not, moves it.
    const sequenceAtStart = await readContentSequence(store);
    const pass = new ReconcilePass(writer, source, options, {
      startedAt,
      sequenceAtStart,
      from: checkpoint?.done ?? 0,
      total: options.total ?? checkpoint?.total,
    });
    if (!checkpoint) await pass.save(0);
    pass.report('reading');
    return pass;
  }

  private get list(): ((from: number) => Documents) | undefined {
    return typeof this.source === 'function' ? this.source : undefined;
  }

  private save(done: number): Promise<void> {
    const { knex } = this.writer.store.db;
    const { startedAt, total } = this.at;
    if (!this.list) return Promise.resolve();
    return translateDatabaseErrors('save the reconcile checkpoint', () =>
      saveReconcileCheckpoint(knex, this.writer.store.tables, {
        done,
        startedAt,
        ...(total !== undefined ? { total } : {}),
      }),
    );
  }

  report(phase: ReconcileProgress['phase']): ReconcileProgress {
    const { from, total } = this.at;
    this.writer.progress = measureReconcileProgress(
      {
        phase,
        done: from + this.outcome.seen,
        ...(total !== undefined ? { total } : {}),
        seen: this.outcome.seen,
        changed: this.outcome.changed,
        resumedFrom: from,
      },
      this.startedMs,
      Date.now(),
    );
    return this.writer.progress;
  }

  /** A batch that met a taken URL, one document at a time: the others are stored. */
  private async writeEach(docs: PreparedDocument[]): Promise<BatchOutcome> {
    const each: BatchOutcome = { outcomes: [], rowsRead: 0, rowsWritten: 0 };
    for (const doc of docs) {
      try {
        const one = await this.writer.upsertMany([doc]);
        each.outcomes.push(one.outcomes[0]);
        each.rowsRead += one.rowsRead;
        each.rowsWritten += one.rowsWritten;
      } catch (error) {
        if (!(error instanceof DuplicateUrlError)) throw error;
        this.deferred.push(doc);
        each.outcomes.push(undefined);
      }
    }
    return each;
  }

  /** Writes a batch once the one before committed, and counts what it did. */
  private async write(docs: PreparedDocument[], after: Promise<void> | undefined): Promise<void> {
    const { outcome, options } = this;
    if (this.repeats) await after;
    let written: BatchOutcome;
    try {
      written = await this.writer.upsertMany(docs, after);
    } catch (error) {
      if (!(error instanceof DuplicateUrlError)) throw error;
      written = await this.writeEach(docs);
    }
    outcome.rowsRead += written.rowsRead;
    outcome.rowsWritten += written.rowsWritten;
    for (const result of written.outcomes) {
      if (result?.status === 'created' || result?.status === 'updated') outcome.changed++;
      if (result?.status === 'stale') this.keptStale = true;
      // The tombstone of a path a document left is a change of its own.
      if (result?.leftPathSeq !== undefined) this.ownTombstones++;
    }
    const before = outcome.seen;
    outcome.seen += docs.length;
    if (outcome.changed >= this.nextAnalyzeAt) {
      // The planner must see the table as it grows: with the statistics of a near-empty table
      // (PostgreSQL's until autovacuum catches up) each batch's lookups turn into scans.
      await this.writer.refreshStatistics();
      this.nextAnalyzeAt = outcome.changed * 2;
    }
    // Past a deferred document no checkpoint: a resumed pass must come back to it.
    if (written.rowsWritten > 0 && this.deferred.length === 0)
      await this.save(this.at.from + outcome.seen);
    const progress = this.report('reading');
    const every = options.progressEvery ?? 500;
    if (Math.floor(outcome.seen / every) > Math.floor(before / every))
      options.onProgress?.(progress);
  }

  /**
   * Starts writing the batch: its rows are read and its documents rendered now, its transaction
   * waits for the batch before it, so the database writes one batch while this process renders
   * the next, and batches still commit in the listing's order. Waits for the one before.
   */
  private async startBatch(): Promise<void> {
    const next = this.write(this.batch, this.inFlight);
    // Its failure is reported through the batch before it when that one failed first.
    next.catch(() => undefined);
    this.batch = [];
    this.repeats = false;
    try {
      await this.inFlight;
    } finally {
      this.inFlight = next;
    }
  }

  /** Reads the listing (from the checkpoint on) and writes it, batch after batch. */
  async writeListing(): Promise<void> {
    const { options } = this;
    const batchSize = Math.max(1, options.batchSize ?? 1000);
    const documents = this.list ? this.list(this.at.from) : (this.source as Documents);
    try {
      for await (const doc of documents) {
        const id = identity(doc);
        if (this.seen.has(id)) this.repeats = true;
        this.seen.add(id);
        this.batch.push(doc);
        if (this.batch.length >= batchSize) {
          if (options.signal?.aborted) break;
          await this.startBatch();
        }
      }
      if (!options.signal?.aborted && this.batch.length > 0) await this.startBatch();
    } finally {
      await this.inFlight;
    }
  }

  /** Resumed: the documents an earlier attempt settled are in the listing too. */
  async noteSettledBefore(): Promise<void> {
    const { list } = this;
    if (this.at.from === 0 || !list) return;
    let position = 0;
    for await (const doc of list(0)) {
      if (position++ >= this.at.from) break;
      this.seen.add(identity(doc));
    }
  }

  /**
   * Whether every published row is one the listing has, told by a count (one read): each
   * listed document's row is published now unless a stale save kept one that is not.
   */
  async nothingToUnpublish(): Promise<boolean> {
    return (
      this.at.from === 0 &&
      !this.keptStale &&
      this.deferred.length === 0 &&
      nothingElsePublished(this.writer.store, {
        listed: this.seen.size,
        sequenceAtStart: this.at.sequenceAtStart,
        ownChanges: this.outcome.changed + this.ownTombstones,
      })
    );
  }

  /** Unpublishes every published row the listing does not have and no one changed since. */
  async unpublishUnlisted(): Promise<void> {
    const { outcome } = this;
    const { startedAt } = this.at;
    for await (const row of listPublishedDocuments(this.writer.store)) {
      outcome.rowsRead++;
      if (row.changeSeq > startedAt || this.seen.has(identity(row))) continue;
      const removed = await this.writer.remove(row.key, row.locale, 'unpublished', {
        unchangedSince: startedAt,
      });
      if (removed.removed) {
        outcome.unpublished++;
        outcome.rowsWritten++;
      }
    }
  }

  /**
   * The documents deferred for a URL another row held, once the rows the listing lost are
   * unpublished. Documents of the listing that trade URLs (a swap, a cycle) wait on each other:
   * then the one holding the first one's URL leaves it (unpublished, and stored at its own new
   * URL in turn), as a source moving them one at a time would have. A URL still held by a row
   * that is not waiting is claimed twice by the listing itself (DuplicateUrlError).
   */
  async storeDeferred(): Promise<void> {
    const { writer, outcome } = this;
    const { knex } = writer.store.db;
    let pending = this.deferred;
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
          findPathHolder(knex, writer.store.tables, first.mPath),
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

  /** Clears the checkpoint and reports the pass done. */
  async finish(): Promise<ReconcileOutcome> {
    const { store } = this.writer;
    if (this.list)
      await translateDatabaseErrors('clear the reconcile checkpoint', () =>
        clearReconcileCheckpoint(store.db.knex, store.tables),
      );
    // Reported whether anyone listens: the status pages read it (`writer.progress`).
    const done = this.report('done');
    this.options.onProgress?.(done);
    return this.outcome;
  }

  /** Stopped by the signal: the checkpoint stays, nothing is unpublished. */
  stop(): ReconcileOutcome {
    const stopped = this.report('stopped');
    this.options.onProgress?.(stopped);
    return { ...this.outcome, stopped: true };
  }
}

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
  const pass = await ReconcilePass.begin(writer, source, options);
  await pass.writeListing();
  if (options.signal?.aborted) return pass.stop();
  await pass.noteSettledBefore();
  pass.report('unpublishing');
  if (!(await pass.nothingToUnpublish())) {
    await pass.unpublishUnlisted();
    await pass.storeDeferred();
  }
  return pass.finish();
}
