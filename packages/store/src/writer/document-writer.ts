import { pathKey } from '../schema/path-key';
import type { Knex } from 'knex';
import { normalizeUri, type PreparedDocument } from '@agent-ready/core';
import {
  CLEARED_CONTENT,
  findDocumentRow,
  findPathHolder,
  formatModified,
  insertDocumentRow,
  publishedRowValues,
  sameMaterial,
  type DocumentRow,
} from './document-rows';
import { documentChangeTags, enqueueChangePurges } from '../edge/enqueue-change-purges';
import type { SitemapSettings } from '../sitemap/sitemap-settings';
import type { EngineStore } from './engine-store';
import type { Dialect } from '../schema/open-database';
import {
  reconcileDocuments,
  type ReconcileOptions,
  type ReconcileOutcome,
  type ReconcileSource,
} from './reconcile-documents';
import type { ReconcileProgress } from './reconcile-progress';
import { upsertDocumentBatch, type BatchOutcome } from './upsert-document-batch';
import { dropSearchEntries, writeSearchEntries } from '../search/index-search-entries';
import {
  dependenciesDigest,
  dropDependencies,
  findDependents,
  replaceDependencies,
  type Dependent,
} from './document-dependencies';
import { touchSitemapShard, touchSitemapShards } from '../sitemap/sitemap-shard-versions';
import { leftBehind, tombstoneLeftPaths } from './tombstone-left-paths';
import {
  DuplicateUrlError,
  isUniqueViolation,
  translateDatabaseErrors,
} from '../ground/store-errors';
import { advanceCommitClock, bumpContentSequence, lockContentSequence } from '../state/store-state';
import type { RemovalReason, RemoveOptions, RemoveOutcome, UpsertOutcome } from './write-outcomes';

/** Over this, agents with small context windows may truncate a document: worth a warning. */
export const LARGE_DOCUMENT_CHARACTERS = 50_000;

/** How a document is named in messages: its key, and its locale when it has one. */
function documentLabel(key: string, locale: string): string {
  return `${key}${locale ? ` [${locale}]` : ''}`;
}

/** What a writer reads of the engine's settings in force (`configure` replaces them in place). */
export interface DocumentWriterSettings {
  sitemap: SitemapSettings | undefined;
}

/**
 * The engine's write path: every change of a document is one transaction that locks the content
 * sequence first, writes the row (or turns it into a tombstone), bumps the sequence, stamps the
 * commit clock and moves the version of the row's sitemap shard, so the M-URL, the change feed
 * and the sitemap agree at every commit. Path claims keep one live document per M-URL; revisions
 * (the database's clock) refuse a write whose read is older than the stored row's.
 */
export class DocumentWriter {
  /** Documents this instance stored whose M-URL or twin is over 50,000 characters (for health pages). */
  readonly largeDocuments = new Map<string, number>();
  /** Where this instance's last (or current) reconcile stands. */
  progress?: ReconcileProgress;
  private lastRevision = 0;

  constructor(
    readonly store: EngineStore,
    private readonly settings: DocumentWriterSettings,
    /** Called after every effective write (readers and artifacts follow). */
    private readonly onChanged: () => void,
  ) {}

  /**
   * The revision for a read of the source that is about to start (pass it to `upsert` and
   * `remove` as `revision`): the database server's clock in milliseconds, strictly increasing
   * within this engine. One clock for every instance that shares the database, so a racing
   * sync that read later wins whatever the skew between the instances' own clocks. (SQLite is
   * embedded: every process sharing its file runs on one host, and that host's clock is the
   * database's: SQLite's own, not the JavaScript one.) Not the commit sequence: two reads
   * between the same two commits would tie.
   */
  async readRevision(): Promise<number> {
    const { db } = this.store;
    const ms = await translateDatabaseErrors('read the database clock', () =>
      readDatabaseClockMs(db.knex, db.dialect),
    );
    this.lastRevision = Math.max(ms, this.lastRevision + 1);
    return this.lastRevision;
  }

  /**
   * Stores a published document. Does nothing when nothing semantic changed (same fingerprint,
   * render key, path, visibility and section): no new `modified`, no sequence bump, no rebuild.
   * A save carrying an older revision than the stored one is ignored as stale.
   */
  async upsert(doc: PreparedDocument): Promise<UpsertOutcome> {
    const { db, tables: t, clock } = this.store;
    // Render before taking any lock, with the modified this save will most likely get.
    const candidateMs = this.modifiedCandidate(doc);
    let rendered = { modifiedMs: candidateMs, output: doc.render(formatModified(candidateMs)) };
    const outcome = await translateDatabaseErrors('upsert', () =>
      db.knex.transaction(async (trx) => {
        await lockContentSequence(trx, t);
        const existing = await findDocumentRow(trx, t, doc.key, doc.locale);
        if (
          existing &&
          doc.revision !== undefined &&
          existing.revision !== null &&
          doc.revision < existing.revision
        ) {
          return {
            status: 'stale' as const,
            modified: existing.modified,
            hash: existing.hash ?? '',
          };
        }
        if (existing && sameMaterial(existing, doc)) {
          if (doc.revision !== undefined && doc.revision !== existing.revision) {
            await trx(t.documents).where({ id: existing.id }).update({ revision: doc.revision });
          }
          // What it was made from may change while its bytes do not: no news for agents.
          const digest = dependenciesDigest(doc);
          if (existing.dependsDigest !== digest) {
            await replaceDependencies(trx, this.store, [
              { rowId: existing.id, targets: doc.dependsOn ?? [] },
            ]);
            await trx(t.documents).where({ id: existing.id }).update({ depends_digest: digest });
          }
          return {
            status: 'unchanged' as const,
            modified: existing.modified,
            hash: existing.hash ?? '',
          };
        }
        await this.claimPath(trx, doc, existing);
        // A re-render for a new render key alone keeps `modified`: the content did not change.
        const keepModified =
          existing?.state === 'published' && existing.fingerprint === doc.fingerprint
            ? existing.modifiedMs
            : undefined;
        const modifiedMs =
          keepModified ?? Math.max(candidateMs, existing ? existing.modifiedMs + 1 : 0);
        if (modifiedMs !== rendered.modifiedMs) {
          rendered = { modifiedMs, output: doc.render(formatModified(modifiedMs)) };
        }
        this.noteSize(doc, rendered.output);
        // The path it leaves (a new slug or pattern) is gone, not unknown: its tombstone's
        // change comes first, in commit order, then the document's at its new path. (A page that
        // only moves to another section leaves a mark in its old one: see tombstone-left-paths.)
        const behind = leftBehind(existing, doc);
        const left =
          behind && existing
            ? {
                row: existing,
                left: behind,
                changeSeq: await bumpContentSequence(trx, t),
                committedMs: await advanceCommitClock(trx, t, clock()),
                modifiedMs: Math.max(clock(), existing.modifiedMs + 1),
              }
            : undefined;
        const changeSeq = await bumpContentSequence(trx, t);
        // A source timestamp ahead of our clock does not drag the commit clock into the future.
        const committedMs = await advanceCommitClock(trx, t, Math.min(modifiedMs, clock()));
        const values = publishedRowValues(doc, rendered.output, {
          modifiedMs,
          committedMs,
          changeSeq,
          revision: doc.revision ?? existing?.revision ?? null,
        });
        // Once public, always in the change feed (a later removal must reach agents).
        const listed = doc.visibility === 'public' ? { listed: true } : {};
        let rowId: number;
        if (existing) {
          await trx(t.documents)
            .where({ id: existing.id })
            .update({ ...values, ...listed });
          rowId = existing.id;
        } else {
          rowId = await insertDocumentRow(trx, t, db.dialect, {
            doc_key: doc.key,
            locale: doc.locale,
            ...values,
            listed: doc.visibility === 'public',
          });
        }
        if ((existing?.dependsDigest ?? null) !== dependenciesDigest(doc)) {
          await replaceDependencies(trx, this.store, [{ rowId, targets: doc.dependsOn ?? [] }]);
        }
        // The search index too: a search never names what the rows do not publish.
        await writeSearchEntries(trx, this.store, [
          {
            id: rowId,
            title: doc.title,
            body: rendered.output.body,
            language: doc.language,
            visibility: doc.visibility,
            locale: doc.locale,
            section: doc.section,
            ...(existing ? {} : { unindexed: true }),
          },
        ]);
        // The row's sitemap shard moves in this transaction: sitemap and M-URL agree at commit.
        const shards = new Set(
          await touchSitemapShard(trx, t, rowId, changeSeq, this.isOverview(doc)),
        );
        const tombstoned = await tombstoneLeftPaths(trx, this.store, left ? [left] : []);
        for (const shard of await touchSitemapShards(trx, t, tombstoned.written)) shards.add(shard);
        // The purge is owed exactly when this commits (delivered after, also after a crash).
        await enqueueChangePurges(trx, t, this.store.purging, [
          ...documentChangeTags(doc.key, doc.locale, shards),
          ...tombstoned.tags,
        ]);
        return {
          status: existing ? ('updated' as const) : ('created' as const),
          modified: formatModified(modifiedMs),
          hash: rendered.output.hash,
          changeSeq,
          ...(left ? { leftPathSeq: left.changeSeq } : {}),
        };
      }),
    );
    if (outcome.status === 'created' || outcome.status === 'updated') this.changed();
    return outcome;
  }

  /**
   * Takes the document off the agent endpoints. `unpublished`: its M-URL answers 404;
   * `deleted`: a tombstone, 410 Gone. Either way it leaves every listing at the next rebuild.
   */
  async remove(
    key: string,
    locale = '',
    reason: RemovalReason = 'deleted',
    options: RemoveOptions = {},
  ): Promise<RemoveOutcome> {
    const { db, tables: t, clock } = this.store;
    const { revision } = options;
    const changed = await translateDatabaseErrors('remove', () =>
      db.knex.transaction(async (trx): Promise<RemoveOutcome> => {
        await lockContentSequence(trx, t);
        const existing = await findDocumentRow(trx, t, key, locale);
        if (!existing) return { removed: false };
        if (revision !== undefined && existing.revision !== null) {
          if (revision < existing.revision) return { removed: false, stale: true };
        }
        if (options.unchangedSince !== undefined && existing.changeSeq > options.unchangedSince) {
          return { removed: false, stale: true };
        }
        if (
          existing.state === reason ||
          (existing.state === 'deleted' && reason === 'unpublished')
        ) {
          // Already off: still remember the newest read that saw it gone.
          if (revision !== undefined && revision !== existing.revision) {
            await trx(t.documents).where({ id: existing.id }).update({ revision });
          }
          return { removed: false };
        }
        // Another document serves this URL now (it took it once this one was unpublished): a
        // removal listed after that document's upsert would tell agents the URL is gone. The
        // row leaves the change feed; that document's entry, later than this row's last one,
        // already says what the URL serves.
        const holder =
          reason === 'deleted' ? await findPathHolder(trx, t, existing.mPath) : undefined;
        const servedByAnother =
          holder !== undefined &&
          holder.id !== existing.id &&
          holder.state === 'published' &&
          holder.visibility === 'public';
        const modifiedMs = Math.max(clock(), existing.modifiedMs + 1);
        const changeSeq = await bumpContentSequence(trx, t);
        const committedMs = await advanceCommitClock(trx, t, clock());
        await trx(t.documents)
          .where({ id: existing.id })
          .update({
            state: reason,
            modified: formatModified(modifiedMs),
            modified_ms: modifiedMs,
            committed_ms: committedMs,
            ...CLEARED_CONTENT,
            revision: revision ?? existing.revision,
            change_seq: changeSeq,
            // An unpublished page gives its URL back; a tombstone keeps (or takes back) it, to
            // answer 410, unless another document holds that URL now.
            m_path_key:
              reason === 'unpublished' || (holder && holder.id !== existing.id)
                ? null
                : pathKey(existing.mPath),
            ...(servedByAnother ? { listed: false } : {}),
          });
        await dropSearchEntries(trx, this.store, [existing.id]);
        await dropDependencies(trx, this.store, [existing.id]);
        const shards = await touchSitemapShard(trx, t, existing.id, changeSeq, false);
        await enqueueChangePurges(
          trx,
          t,
          this.store.purging,
          documentChangeTags(existing.key, existing.locale, shards),
        );
        return { removed: true, changeSeq };
      }),
    );
    if (changed.removed) this.changed();
    return changed;
  }

  /**
   * Makes the table match a complete listing of the published documents: upserts each (cheap
   * when unchanged) and unpublishes rows the source no longer has. Used at start-up to heal after
   * a crash, a settings change or a new representation format. The rule of every reconcile (the
   * Strapi plugin's too): a row another writer changed after the pass began is newer than the
   * listing, and is left alone, so a reconcile never undoes a concurrent publish.
   */
  async reconcile(
    source: ReconcileSource,
    options: ReconcileOptions = {},
  ): Promise<ReconcileOutcome> {
    return reconcileDocuments(this, source, options);
  }

  /**
   * Upserts many documents: one read of their rows, their changes in one transaction with
   * multi-row writes (see upsert-document-batch), each with the outcome `upsert` would have had.
   * What a batch cannot settle on its own goes through `upsert`, one at a time, after it.
   */
  async upsertMany(
    docs: readonly PreparedDocument[],
    /** Its transaction starts once this settles (the batch before it, in a reconcile). */
    after?: Promise<unknown>,
  ): Promise<BatchOutcome> {
    let result: BatchOutcome;
    try {
      result = await translateDatabaseErrors('upsert', () =>
        upsertDocumentBatch(this, docs, after),
      );
    } catch (error) {
      // A row written meanwhile under the same key or path: one at a time, which knows why.
      if (!isUniqueViolation(error)) throw error;
      result = { outcomes: docs.map(() => undefined), rowsRead: 0, rowsWritten: 0 };
    }
    const { outcomes } = result;
    const changed = (o: UpsertOutcome | undefined) =>
      o?.status === 'created' || o?.status === 'updated';
    // Readers and artifacts follow; the purges the batch enqueued go out now.
    if (outcomes.some(changed)) this.changed();
    for (let index = 0; index < docs.length; index++) {
      if (outcomes[index]) continue;
      result.rowsRead++;
      outcomes[index] = await this.upsert(docs[index]!);
      if (changed(outcomes[index])) result.rowsWritten++;
    }
    return result;
  }

  /**
   * The published documents made from any of `targets` (their `dependsOn`): what to make again
   * when one of those changed in the source.
   */
  dependentsOf(targets: readonly string[]): Promise<Dependent[]> {
    return translateDatabaseErrors('read dependents', () => findDependents(this.store, targets));
  }

  /**
   * Fresh query-planner statistics for the documents table, after a bulk load (a first sync, a
   * large reconcile). PostgreSQL's autovacuum gets there eventually; until it does the planner
   * believes the table is nearly empty and picks plans that are quadratic at scale.
   */
  async refreshStatistics(): Promise<void> {
    const { knex, dialect } = this.store.db;
    const table = this.store.tables.documents;
    await translateDatabaseErrors('analyze', async () => {
      if (dialect === 'mysql') await knex.raw('ANALYZE TABLE ??', [table]);
      else await knex.raw('ANALYZE ??', [table]);
    });
  }

  /** After an effective write commits: readers and artifacts follow, purges go out. */
  private changed(): void {
    this.onChanged();
    this.store.purging?.onEnqueued?.();
  }

  /** Remembers (and warns about) a document too large for agents with small context windows. */
  noteSize(doc: PreparedDocument, output: { body: Buffer; markdown: string }): void {
    const label = documentLabel(doc.key, doc.locale);
    const size = Math.max(output.body.length, output.markdown.length);
    if (size <= LARGE_DOCUMENT_CHARACTERS) {
      this.largeDocuments.delete(label);
      return;
    }
    this.largeDocuments.set(label, size);
    this.store.logger.warn(
      `agent-ready: ${doc.cUrl} is ${size} characters as M-URL/Markdown (over ${LARGE_DOCUMENT_CHARACTERS}); agents may truncate it`,
    );
  }

  /** Whether a stored document is the sitemap's overview item (listed first in shard 1). */
  isOverview(doc: PreparedDocument): boolean {
    const overviewUrl = this.settings.sitemap?.overviewUrl;
    return (
      overviewUrl !== undefined &&
      doc.visibility === 'public' &&
      normalizeUri(doc.cUrl) === overviewUrl
    );
  }

  modifiedCandidate(doc: PreparedDocument): number {
    const source = doc.sourceModified === undefined ? NaN : Date.parse(doc.sourceModified);
    return Number.isFinite(source) ? source : this.store.clock();
  }

  /** Makes sure no other live document serves the same M-URL; frees a tombstone's claim on it. */
  private async claimPath(
    trx: Knex.Transaction,
    doc: PreparedDocument,
    existing: DocumentRow | undefined,
  ) {
    const { tables } = this.store;
    const holder = await findPathHolder(trx, tables, doc.mPath);
    if (!holder || holder.id === existing?.id) return;
    if (holder.state === 'published') {
      throw new DuplicateUrlError(
        'store.duplicate-url',
        `${doc.cUrl} (document ${documentLabel(doc.key, doc.locale)}) has the same M-URL ${doc.mUrl} as ${holder.cUrl} (document ${documentLabel(holder.key, holder.locale)})`,
        { field: 'url', value: doc.cUrl },
      );
    }
    await trx(tables.documents).where({ id: holder.id }).update({ m_path_key: null });
  }
}

/** The database server's current time, in milliseconds since the epoch. */
export async function readDatabaseClockMs(knex: Knex, dialect: Dialect): Promise<number> {
  // The time of the statement itself, not of the transaction's start (now() in PostgreSQL).
  const sql = {
    sqlite: "select cast(round((julianday('now') - 2440587.5) * 86400000) as integer) as ms",
    postgres: 'select floor(extract(epoch from clock_timestamp()) * 1000) as ms',
    mysql: 'select floor(unix_timestamp(sysdate(3)) * 1000) as ms',
  }[dialect];
  const result = (await knex.raw(sql)) as unknown;
  const rows =
    dialect === 'postgres'
      ? (result as { rows: { ms: unknown }[] }).rows
      : dialect === 'mysql'
        ? (result as [{ ms: unknown }[]])[0]
        : (result as { ms: unknown }[]);
  return Number(rows[0]!.ms);
}
