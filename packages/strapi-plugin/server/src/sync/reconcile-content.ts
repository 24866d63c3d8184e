import type { ReconcileSummary } from '../admin-api/answer-types';
import { documentKey } from '../mapping/to-agent-document';
import { readPublishedInBatches } from './read-published-entries';
import type { SyncContext } from './sync-context';
import { exposedLocale, parseDocumentKey, storeEntries, syncDocument } from './sync-document';

export interface ReconcileOptions {
  batchSize: number;
  onProgress?(summary: ReconcileSummary): void;
  /** Report progress every this many documents (default 10 batches). */
  progressEvery?: number;
  /** Stops the pass early (shutdown); nothing is removed then. */
  signal?: AbortSignal;
}

/**
 * Makes the table match the published content: every exposed published version is upserted
 * (cheap when unchanged; re-rendered after a settings or format change), then every row the pass
 * did not see is re-synced on its own, which removes it with the right reason. Rows another
 * writer changed after the pass began are left alone (their change is newer than anything read
 * here), so a reconcile never undoes a concurrent publish on another instance.
 */
export async function reconcileContent(
  context: SyncContext,
  options: ReconcileOptions,
): Promise<ReconcileSummary> {
  const { engine } = context;
  // The rule of every reconcile (engine.reconcile): rows changed after this are left alone.
  const startedAt = await engine.contentPosition();
  const summary: ReconcileSummary = { seen: 0, changed: 0, removed: 0, failed: 0 };
  const every = options.progressEvery ?? options.batchSize * 10;
  const served = new Set<string>();
  /** Rows whose current version cannot be served, with the revision of the read that found it. */
  const failed = new Map<string, number>();
  for (const type of context.types.values()) {
    let revision = await engine.readRevision();
    for await (const batch of readPublishedInBatches(context.documents, type, options.batchSize)) {
      if (options.signal?.aborted) return summary;
      const exposed = batch.flatMap((entry) => {
        const locale = exposedLocale(context, type, entry);
        return locale === undefined ? [] : [{ entry, locale }];
      });
      // The page at once: one read of its rows, its changes in one transaction.
      const statuses = await storeEntries(
        context,
        type,
        exposed.map(({ entry }) => entry),
        revision,
      );
      exposed.forEach(({ entry, locale }, index) => {
        const status = statuses[index]!;
        summary.seen++;
        const rowKey = `${documentKey(type.uid, String(entry.documentId))}\u0000${locale}`;
        if (status === 'failed') {
          summary.failed++;
          failed.set(rowKey, revision);
        } else served.add(rowKey);
        if (status === 'created' || status === 'updated') summary.changed++;
        if (summary.seen % every === 0) options.onProgress?.({ ...summary });
      });
      // Taken before the next batch is read.
      revision = await engine.readRevision();
    }
  }
  if (options.signal?.aborted) return summary;
  const unseen = new Set<string>();
  const unservable: { key: string; locale: string; revision: number }[] = [];
  for await (const row of engine.publishedDocuments()) {
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
    if (options.signal?.aborted) break;
    const parsed = parseDocumentKey(key);
    if (!parsed) continue;
    summary.removed += (await syncDocument(context, parsed.uid, parsed.documentId)).removed;
  }
  // A bulk change (a first sync, a new mapping) leaves the planner's statistics stale.
  if (summary.changed + summary.removed >= BULK_CHANGE) {
    await engine.refreshStatistics().catch(() => undefined);
  }
  return summary;
}

/** From this many changed rows on, a reconcile refreshes the planner's statistics. */
const BULK_CHANGE = 1000;
