import { documentRenderKey } from '@agent-ready/core/document';
import type { AdapterJob, SourceStamp } from '@agent-ready/store';
import type { ResolvedContentType } from '../mapping/resolve-content-types';
import type { StrapiEntry } from '../schema/strapi-schema';
import { documentKey } from '../mapping/to-agent-document';
import { readPublishedInBatches } from './read-published-entries';
import { settingsDigest, sourceStamper } from './source-stamp';
import type { SyncContext } from './sync-context';
import { exposedLocale, parseDocumentKey, storeEntries, syncDocument } from './sync-document';

/** What a reconcile pass did (the admin's rebuild job and health page show it). */
export interface ReconcileSummary {
  /** Published versions read from Strapi. */
  seen: number;
  /** Rows created or re-rendered. */
  changed: number;
  /** Rows taken off (unpublished or deleted meanwhile, no longer exposed). */
  removed: number;
  /** Versions that cannot be served (logged one by one). */
  failed: number;
  /**
   * Versions prepared (mapped and rendered) to compare with their rows; the others' rows already
   * held what their very source renders to (a source stamp), so they cost no rendering.
   */
  rendered?: number;
  /** Agent table rows read and written by the pass. */
  rowsRead?: number;
  rowsWritten?: number;
  /** Published versions an earlier, interrupted pass had settled: this one went on from there. */
  resumedFrom?: number;
}

/** How far the reconcile running now is: for the admin page's progress. */
export interface ReconcileProgress {
  /** Published versions checked so far (those of an interrupted pass this one resumed included). */
  done: number;
  /** Where this pass went on from, when an earlier one was interrupted (a crash, a restart). */
  resumedFrom?: number;
  /** Published versions to check (counted when the pass starts; content may change meanwhile). */
  total?: number;
  /** Versions per second so far. */
  ratePerSecond: number;
  /** At that rate, when `total` is known. */
  secondsLeft?: number;
  startedAt: string;
}

/** The last reconcile this instance ran: why, when it finished and how long it took. */
export type LastReconcile = ReconcileSummary & { reason: string; finishedAt: string; ms: number };

export interface ReconcileOptions {
  batchSize: number;
  onProgress?(summary: ReconcileSummary): void;
  /** Report progress every this many documents (default 10 batches). */
  progressEvery?: number;
  /** Stops the pass early (shutdown); nothing is removed then, the checkpoint is kept. */
  signal?: AbortSignal;
  /** Go on from where an unfinished pass stopped (default true). */
  resume?: boolean;
}

/** What a pass did, and whether it ran at all. */
export type ReconcileResult = Required<ReconcileSummary> & {
  /** Another instance holds the reconcile's lease: this one did nothing. */
  elsewhere?: boolean;
  /** Stopped before the end (the signal, or the lease lost): its checkpoint is kept. */
  stopped?: boolean;
};

/** The name of the pass's lease and checkpoint in the store's state table (job-state). */
export const RECONCILE_JOB = 'strapi-reconcile';
/** Renewed every page; a holder that stops renewing (a crash) loses it after this. */
const LEASE_MS = 60_000;

/**
 * Makes the table match the published content: every exposed published version is upserted
 * (skipped without rendering when its row already holds what this very source renders to, see
 * source-stamp; re-rendered after a settings or format change), then every row the pass did not
 * see is re-synced on its own, which removes it with the right reason. Rows another writer
 * changed after the pass began are left alone (their change is newer than anything read here),
 * so a reconcile never undoes a concurrent publish on another instance.
 *
 * One instance at a time (a lease in the store); after each page that wrote anything, a
 * checkpoint (content type, last row id, the content position the pass began at), so a pass
 * stopped by a crash, a restart or a shutdown goes on from there at the next start.
 */
export async function reconcileContent(
  context: SyncContext,
  options: ReconcileOptions,
): Promise<ReconcileResult> {
  const { engine } = context;
  const summary: ReconcileResult = {
    seen: 0,
    changed: 0,
    removed: 0,
    failed: 0,
    rendered: 0,
    rowsRead: 0,
    rowsWritten: 0,
    resumedFrom: 0,
  };
  const job = engine.job(RECONCILE_JOB);
  if (!(await job.acquireLease(LEASE_MS))) return { ...summary, elsewhere: true };
  try {
    return await reconcileHoldingLease(context, job, options, summary);
  } finally {
    await job.releaseLease().catch(() => undefined);
  }
}

async function reconcileHoldingLease(
  context: SyncContext,
  job: AdapterJob,
  options: ReconcileOptions,
  summary: ReconcileResult,
): Promise<ReconcileResult> {
  const { engine } = context;
  // Types without pages of their own have no rows: their entries are read with the pages.
  const types = [...context.types.values()].filter((type) => type.page.kind !== 'none');
  const version = settingsDigest(context);
  const saved = options.resume === false ? undefined : await job.readCheckpoint();
  // A checkpoint saved under other settings or types is void: everything is re-rendered anyway.
  const checkpoint =
    saved?.version === version && types.some((type) => type.uid === saved.place)
      ? saved
      : undefined;
  // The rule of every reconcile (engine.reconcile): rows changed after this are left alone. A
  // resumed pass takes its own, not its first attempt's: that attempt's own writes are newer than
  // the first position, and a document it stored then unpublished while Strapi was down would be
  // left served. Every row the removal step takes off is re-read from Strapi first anyway.
  const startedAt = await engine.contentPosition();
  // Read before any row is compared: every write after it, this pass's or not, moves it.
  const sequenceAtStart = await engine.contentSequence();
  const save = (place: string, position: number) =>
    job.saveCheckpoint({ place, position, startedAt, version });
  if (types.length > 0) await save(checkpoint?.place ?? types[0]!.uid, checkpoint?.position ?? 0);
  const renderKey = documentRenderKey(context.prepareOptions);
  const every = options.progressEvery ?? options.batchSize * 10;
  const served = new Set<string>();
  /** Rows whose current version cannot be served, with the revision of the read that found it. */
  const failed = new Map<string, number>();
  /** A save ignored as stale kept a row that need not be published (see the removal step). */
  let keptStale = false;
  /** Tombstones of paths this pass's entries left: each moved the content sequence too. */
  let ownTombstones = 0;
  const resumeAt = checkpoint ? types.findIndex((type) => type.uid === checkpoint.place) : 0;
  const stop = () => ({ ...summary, stopped: true });

  for (const [index, type] of types.entries()) {
    // Settled by an earlier attempt: only which versions are published, for the removals.
    const settledUpTo = index < resumeAt ? Infinity : index === resumeAt ? checkpoint?.position : 0;
    if (settledUpTo) {
      summary.resumedFrom += await collectSettled(context, type, options, served, settledUpTo);
      if (index < resumeAt) continue;
    }
    if (index === resumeAt && summary.resumedFrom > 0) options.onProgress?.({ ...summary });
    const stamp = sourceStamper(context, type);
    let revision = await engine.readRevision();
    for await (const batch of readPublishedInBatches(context.documents, type, options.batchSize, {
      afterId: settledUpTo ?? 0,
    })) {
      // SQLite's driver is synchronous: without a turn of the event loop between pages, a pass
      // would hold off every request (an editor's save included) and timer until it ends.
      await new Promise((resolve) => setImmediate(resolve));
      if (options.signal?.aborted) return stop();
      if (!(await job.renewLease(LEASE_MS))) return stop();
      const exposed = batch.flatMap((entry) => {
        const locale = exposedLocale(context, type, entry);
        return locale === undefined ? [] : [{ entry, locale }];
      });
      const stamps: SourceStamp[] = exposed.map(({ entry, locale }) => ({
        key: documentKey(type.uid, String(entry.documentId)),
        locale,
        stamp: stamp(entry),
      }));
      // One read of the page's rows: the sources they already hold are not prepared again.
      const checks = await engine.checkSourceStamps(stamps, renderKey);
      summary.rowsRead += checks.filter((check) => check.changeSeq !== undefined).length;
      const toStore = exposed.flatMap((_, at) => (checks[at]!.current ? [] : [at]));
      // The rest of the page at once: one read of their rows, their changes in one transaction.
      const stored = await storeEntries(
        context,
        type,
        toStore.map((at) => exposed[at]!.entry),
        revision,
      );
      summary.rendered += toStore.length;
      summary.rowsRead += stored.rowsRead;
      summary.rowsWritten += stored.rowsWritten;
      ownTombstones += stored.leftPaths;
      const statuses = exposed.map(() => 'unchanged' as string);
      const records: (SourceStamp & { changeSeq: number })[] = [];
      toStore.forEach((at, position) => {
        const status = stored.statuses[position]!;
        statuses[at] = status;
        const changeSeq =
          status === 'unchanged' ? checks[at]!.changeSeq : stored.changeSeqs[position];
        if ((status === 'created' || status === 'updated' || status === 'unchanged') && changeSeq)
          records.push({ ...stamps[at]!, changeSeq });
      });
      const recorded = await engine.recordSourceStamps(records);
      summary.rowsWritten += recorded;
      exposed.forEach(({ entry, locale }, at) => {
        const status = statuses[at];
        summary.seen++;
        const rowKey = `${documentKey(type.uid, String(entry.documentId))}\u0000${locale}`;
        if (status === 'stale') keptStale = true;
        if (status === 'failed') {
          summary.failed++;
          failed.set(rowKey, revision);
        } else served.add(rowKey);
        if (status === 'created' || status === 'updated') summary.changed++;
        if (summary.seen % every === 0) options.onProgress?.({ ...summary });
      });
      // A page that wrote nothing costs little to read again: no checkpoint write for it.
      if (stored.rowsWritten + recorded > 0) await save(type.uid, lastIdOf(batch));
      // Taken before the next batch is read.
      revision = await engine.readRevision();
    }
  }
  if (options.signal?.aborted) return stop();
  // Each row the pass saw is published now (a failed or stale one aside, and a resumed pass
  // only knows the settled part from Strapi): when the counts agree and nobody else wrote, the
  // published rows are those, and nothing is to be taken off without listing them.
  if (
    summary.resumedFrom === 0 &&
    failed.size === 0 &&
    !keptStale &&
    (await engine.nothingElsePublished({
      listed: served.size,
      sequenceAtStart,
      ownChanges: summary.changed + ownTombstones,
    }))
  )
    return finish();
  if (await removeUnseen(context, options, summary, { served, failed, startedAt })) return stop();
  summary.rowsWritten += summary.removed;
  return finish();

  async function finish(): Promise<ReconcileResult> {
    await job.clearCheckpoint();
    // A bulk change (a first sync, a new mapping) leaves the planner's statistics stale.
    if (summary.changed + summary.removed >= BULK_CHANGE) {
      await engine.refreshStatistics().catch(() => undefined);
    }
    return summary;
  }
}

/**
 * Takes off the published rows the pass did not see (changed after it began aside): a failed
 * one's old version at once, the others after a re-read from Strapi (syncDocument), so nothing
 * published meanwhile is taken off. True when the pass was stopped midway.
 */
async function removeUnseen(
  context: SyncContext,
  options: ReconcileOptions,
  summary: ReconcileResult,
  pass: { served: ReadonlySet<string>; failed: ReadonlyMap<string, number>; startedAt: number },
): Promise<boolean> {
  const { engine } = context;
  const { served, failed, startedAt } = pass;
  const unseen = new Set<string>();
  const unservable: { key: string; locale: string; revision: number }[] = [];
  for await (const row of engine.publishedDocuments()) {
    summary.rowsRead++;
    const rowKey = `${row.key}\u0000${row.locale}`;
    if (row.changeSeq > startedAt || served.has(rowKey)) continue;
    // Already logged: its current version cannot be served, so the old one is taken off.
    const failedAt = failed.get(rowKey);
    if (failedAt !== undefined)
      unservable.push({ key: row.key, locale: row.locale, revision: failedAt });
    else unseen.add(row.key);
  }
  for (const { key, locale, revision } of unservable) {
    if ((await engine.remove(key, locale, 'unpublished', { revision })).removed) summary.removed++;
  }
  for (const key of unseen) {
    if (options.signal?.aborted) return true;
    const parsed = parseDocumentKey(key);
    if (!parsed) continue;
    summary.removed += (await syncDocument(context, parsed.uid, parsed.documentId)).removed;
  }
  return false;
}

/**
 * The published versions of `type` up to row id `upToId` (settled by an earlier attempt),
 * added to `served` from a read of their keys alone; returns how many.
 */
async function collectSettled(
  context: SyncContext,
  type: ResolvedContentType,
  options: ReconcileOptions,
  served: Set<string>,
  upToId: number,
): Promise<number> {
  let count = 0;
  for await (const batch of readPublishedInBatches(context.documents, type, options.batchSize, {
    keysOnly: true,
    ...(Number.isFinite(upToId) ? { upToId } : {}),
  })) {
    for (const entry of batch) {
      const locale = exposedLocale(context, type, entry);
      if (locale === undefined) continue;
      served.add(`${documentKey(type.uid, String(entry.documentId))}\u0000${locale}`);
      count++;
    }
  }
  return count;
}

function lastIdOf(batch: readonly StrapiEntry[]): number {
  return Number(batch[batch.length - 1]!.id);
}

/** From this many changed rows on, a reconcile refreshes the planner's statistics. */
const BULK_CHANGE = 1000;
