import { pathKey } from '../schema/path-key';
import type { Knex } from 'knex';
import { documentCacheTag, type PreparedDocument, type RenderedDocument } from '@agent-ready/core';
import {
  formatModified,
  fromRawRow,
  publishedRowValues,
  ROW_COLUMNS,
  sameMaterial,
  type DocumentRow,
} from './document-rows';
import type { EngineStore } from './engine-store';
import { touchSitemapShards } from '../sitemap/sitemap-shard-versions';
import { lockContentSequence, readSequence } from '../state/store-state';
import { announceChange } from '../state/announce-change';
import { MAX_PARAMETERS } from '../schema/open-database';
import { insertDocumentRows } from './insert-document-rows';
import type { UpsertOutcome } from './write-outcomes';
import { enqueueChangePurges, listingChangeTags } from '../edge/enqueue-change-purges';
import { leftBehind, tombstoneLeftPaths, type LeftPath } from './tombstone-left-paths';
import { writeSearchEntries } from '../search/index-search-entries';
import {
  dependenciesDigest,
  replaceDependencies,
  type RowDependencies,
} from './document-dependencies';

/**
 * Many documents in one transaction, at database speed: the stored rows read in one query per
 * batch, new rows written with multi-row INSERTs, the content sequence, the commit clock and the
 * sitemap shards moved once for the batch. The outcome of every document is the one `upsert`
 * would have had, one after another in the batch's order: the same change sequences, stamps,
 * `modified` and bytes. What the batch cannot settle on its own (a path another row holds, the
 * sitemap's overview document, a key twice in one batch) is left to `upsert`, one at a time.
 */

/** What a batch needs of the writer: its per-document rules. */
export interface BatchWriter {
  store: EngineStore;
  isOverview(doc: PreparedDocument): boolean;
  noteSize(doc: PreparedDocument, output: RenderedDocument): void;
  modifiedCandidate(doc: PreparedDocument): number;
}

export interface BatchOutcome {
  /** Per document, in order; undefined: left to `upsert`. */
  outcomes: (UpsertOutcome | undefined)[];
  /** Document rows read and written (revisions recorded on unchanged rows included). */
  rowsRead: number;
  rowsWritten: number;
}

const identity = (key: string, locale: string) => `${key}\u0000${locale}`;

/** The stored rows of these documents, by key and locale. */
async function readStoredRows(
  knex: Knex | Knex.Transaction,
  store: EngineStore,
  docs: readonly PreparedDocument[],
): Promise<Map<string, DocumentRow>> {
  const rows = new Map<string, DocumentRow>();
  const keys = [...new Set(docs.map((doc) => doc.key))];
  const step = MAX_PARAMETERS[store.db.dialect] - 10;
  for (let at = 0; at < keys.length; at += step) {
    const raws: Record<string, unknown>[] = await knex(store.tables.documents)
      .whereIn('doc_key', keys.slice(at, at + step))
      .select(ROW_COLUMNS);
    for (const raw of raws) {
      const row = fromRawRow(raw);
      rows.set(identity(row.key, row.locale), row);
    }
  }
  return rows;
}

/** Rows holding these path keys now, by path key. */
async function readPathHolders(
  trx: Knex.Transaction,
  store: EngineStore,
  keys: readonly string[],
): Promise<Map<string, number>> {
  const holders = new Map<string, number>();
  const step = MAX_PARAMETERS[store.db.dialect] - 10;
  for (let at = 0; at < keys.length; at += step) {
    const raws: { id: unknown; m_path_key: unknown }[] = await trx(store.tables.documents)
      .whereIn('m_path_key', keys.slice(at, at + step))
      .select('id', 'm_path_key');
    for (const raw of raws) holders.set(String(raw.m_path_key), Number(raw.id));
  }
  return holders;
}

interface PlannedWrite {
  index: number;
  doc: PreparedDocument;
  existing: DocumentRow | undefined;
  output: RenderedDocument;
  modifiedMs: number;
}

/** A pending document rendered before the lock: its modified candidate and likely bytes. */
interface RenderedAhead {
  candidateMs: number;
  modifiedMs: number;
  output: RenderedDocument;
}

/** What a batch decided under the lock, before it writes. */
interface BatchPlan {
  writes: PlannedWrite[];
  /** Rows whose recorded revision moves, by the new revision. */
  revisions: Map<number, number[]>;
  /** Rows whose list of what they were made from changed (document-dependencies). */
  dependencies: RowDependencies[];
}

/**
 * The documents a batch has to look at: each one's outcome is `unchanged` where its row
 * already serves it (read without any lock: a concurrent change of that row is newer than this
 * read, and doing nothing leaves it be); the rest are returned, a key seen twice left to
 * `upsert`.
 */
function pendingDocuments(
  docs: readonly PreparedDocument[],
  before: Map<string, DocumentRow>,
  outcomes: (UpsertOutcome | undefined)[],
): number[] {
  const pending: number[] = [];
  const seen = new Set<string>();
  docs.forEach((doc, index) => {
    const id = identity(doc.key, doc.locale);
    const row = before.get(id);
    if (seen.has(id)) return; // Twice in one batch: the second goes through `upsert`.
    seen.add(id);
    if (
      row &&
      sameMaterial(row, doc) &&
      (doc.revision ?? row.revision) === row.revision &&
      row.dependsDigest === dependenciesDigest(doc)
    ) {
      outcomes[index] = { status: 'unchanged', modified: row.modified, hash: row.hash ?? '' };
    } else pending.push(index);
  });
  return pending;
}

/**
 * Renders the pending documents before the lock, with the modified each will most likely get
 * (see `upsert`). The candidate is taken once, here, as `upsert` does: asked again under the
 * lock, a clock that moved since would make every document without a source timestamp render
 * twice.
 */
function renderAhead(
  writer: BatchWriter,
  docs: readonly PreparedDocument[],
  pending: readonly number[],
  before: Map<string, DocumentRow>,
): Map<number, RenderedAhead> {
  const rendered = new Map<number, RenderedAhead>();
  for (const index of pending) {
    const doc = docs[index]!;
    if (writer.isOverview(doc)) continue;
    const candidateMs = writer.modifiedCandidate(doc);
    const row = before.get(identity(doc.key, doc.locale));
    const likely = row ? Math.max(candidateMs, row.modifiedMs + 1) : candidateMs;
    rendered.set(index, {
      candidateMs,
      modifiedMs: likely,
      output: doc.render(formatModified(likely)),
    });
  }
  return rendered;
}

/**
 * Under the lock, each pending document's fate from its row as it is now: stale (an older
 * revision), unchanged (a revision or a dependency list recorded at most), left to `upsert`
 * (its path held by another row, or the overview), or a write with its final `modified`.
 */
async function planBatch(
  trx: Knex.Transaction,
  store: EngineStore,
  docs: readonly PreparedDocument[],
  pending: readonly number[],
  rendered: Map<number, RenderedAhead>,
  result: BatchOutcome,
): Promise<BatchPlan> {
  const { outcomes } = result;
  const stored = await readStoredRows(
    trx,
    store,
    pending.map((i) => docs[i]!),
  );
  result.rowsRead += stored.size;
  const holders = await readPathHolders(
    trx,
    store,
    pending.map((i) => pathKey(docs[i]!.mPath)),
  );
  result.rowsRead += holders.size;
  const claimed = new Set<string>();
  const plan: BatchPlan = { writes: [], revisions: new Map(), dependencies: [] };
  for (const index of pending) {
    const doc = docs[index]!;
    const existing = stored.get(identity(doc.key, doc.locale));
    outcomes[index] = undefined;
    if (existing && doc.revision !== undefined && existing.revision !== null) {
      if (doc.revision < existing.revision) {
        outcomes[index] = {
          status: 'stale',
          modified: existing.modified,
          hash: existing.hash ?? '',
        };
        continue;
      }
    }
    if (existing && sameMaterial(existing, doc)) {
      if (doc.revision !== undefined && doc.revision !== existing.revision) {
        plan.revisions.set(doc.revision, [
          ...(plan.revisions.get(doc.revision) ?? []),
          existing.id,
        ]);
      }
      // A new list alone is no news for agents: the row's bytes and change stay.
      if (existing.dependsDigest !== dependenciesDigest(doc)) {
        plan.dependencies.push({ rowId: existing.id, targets: doc.dependsOn ?? [] });
        await trx(store.tables.documents)
          .where({ id: existing.id })
          .update({ depends_digest: dependenciesDigest(doc) });
        result.rowsWritten++;
      }
      outcomes[index] = {
        status: 'unchanged',
        modified: existing.modified,
        hash: existing.hash ?? '',
      };
      continue;
    }
    const key = pathKey(doc.mPath);
    const holder = holders.get(key);
    const first = rendered.get(index);
    // Another row holds the path (a conflict, or a tombstone's claim to free), or the sitemap's
    // overview: one at a time, after this batch.
    if (!first || claimed.has(key) || (holder !== undefined && holder !== existing?.id)) continue;
    claimed.add(key);
    const keepModified =
      existing?.state === 'published' && existing.fingerprint === doc.fingerprint
        ? existing.modifiedMs
        : undefined;
    const modifiedMs =
      keepModified ?? Math.max(first.candidateMs, existing ? existing.modifiedMs + 1 : 0);
    const output =
      modifiedMs === first.modifiedMs ? first.output : doc.render(formatModified(modifiedMs));
    plan.writes.push({ index, doc, existing, output, modifiedMs });
  }
  return plan;
}

/** The writes stamped in order: their change positions, commit times and row values. */
interface StampedWrites {
  seq: number;
  committed: number;
  inserts: Record<string, unknown>[];
  shardWrites: { rowId: number; changeSeq: number }[];
  insertedSeq: Map<string, number>;
  left: LeftPath[];
  tags: string[];
}

/**
 * Each write in the batch's order, as `upsert` would make it: the tombstone of the path it
 * leaves first, then the document; an existing row updated at once, a new one kept for the
 * multi-row INSERT. Its outcome is set here.
 */
async function stampWrites(
  trx: Knex.Transaction,
  writer: BatchWriter,
  plan: BatchPlan,
  outcomes: (UpsertOutcome | undefined)[],
): Promise<StampedWrites> {
  const { tables: t, clock } = writer.store;
  const stamped: StampedWrites = {
    seq: await readSequence(trx, t, 'content_seq'),
    committed: 0,
    inserts: [],
    shardWrites: [],
    insertedSeq: new Map(),
    left: [],
    tags: [],
  };
  const clockRow = await trx(t.state).where({ name: 'commit_clock' }).first('value');
  stamped.committed = Number(clockRow?.value ?? 0);
  for (const write of plan.writes) {
    const { doc, existing, output, modifiedMs } = write;
    writer.noteSize(doc, output);
    let leftPathSeq: number | undefined;
    const behind = leftBehind(existing, doc);
    if (behind && existing) {
      leftPathSeq = stamped.seq += 1;
      stamped.committed = Math.max(clock(), stamped.committed + 1);
      stamped.left.push({
        row: existing,
        left: behind,
        changeSeq: stamped.seq,
        committedMs: stamped.committed,
        modifiedMs: Math.max(clock(), existing.modifiedMs + 1),
      });
    }
    const seq = (stamped.seq += 1);
    // A source timestamp ahead of our clock does not drag the commit clock into the future.
    stamped.committed = Math.max(Math.min(modifiedMs, clock()), stamped.committed + 1);
    const values = publishedRowValues(doc, output, {
      modifiedMs,
      committedMs: stamped.committed,
      changeSeq: seq,
      revision: doc.revision ?? existing?.revision ?? null,
    });
    if (existing) {
      const listed = doc.visibility === 'public' ? { listed: true } : {};
      await trx(t.documents)
        .where({ id: existing.id })
        .update({ ...values, ...listed });
      stamped.shardWrites.push({ rowId: existing.id, changeSeq: seq });
      if (existing.dependsDigest !== dependenciesDigest(doc))
        plan.dependencies.push({ rowId: existing.id, targets: doc.dependsOn ?? [] });
    } else {
      stamped.inserts.push({
        doc_key: doc.key,
        locale: doc.locale,
        ...values,
        listed: doc.visibility === 'public',
      });
      stamped.insertedSeq.set(identity(doc.key, doc.locale), seq);
    }
    outcomes[write.index] = {
      status: existing ? 'updated' : 'created',
      modified: formatModified(modifiedMs),
      hash: output.hash,
      changeSeq: seq,
      ...(leftPathSeq !== undefined ? { leftPathSeq } : {}),
    };
    stamped.tags.push(documentCacheTag(doc.key, doc.locale));
  }
  return stamped;
}

/**
 * The rest of the commit, once for the batch: the new rows inserted, the dependency lists,
 * the tombstones of the paths left, the sequences and the sitemap shards moved, the purges
 * owed, the search entries and the announcement to the other processes.
 */
async function commitStamped(
  trx: Knex.Transaction,
  store: EngineStore,
  plan: BatchPlan,
  stamped: StampedWrites,
  result: BatchOutcome,
): Promise<void> {
  const { tables: t } = store;
  const { writes, dependencies } = plan;
  const { shardWrites } = stamped;
  const insertedIds = new Set<number>();
  const insertedDependencies = new Map(
    writes.flatMap(({ doc, existing }) =>
      !existing && doc.dependsOn ? [[identity(doc.key, doc.locale), doc.dependsOn]] : [],
    ),
  );
  for (const inserted of await insertDocumentRows(trx, store, stamped.inserts)) {
    const id = identity(inserted.key, inserted.locale);
    const changeSeq = stamped.insertedSeq.get(id);
    if (changeSeq !== undefined) shardWrites.push({ rowId: inserted.id, changeSeq });
    insertedIds.add(inserted.id);
    const targets = insertedDependencies.get(id);
    if (targets) dependencies.push({ rowId: inserted.id, targets });
  }
  await replaceDependencies(trx, store, dependencies);
  result.rowsWritten += writes.length;
  // Once every document holds its new path, the paths they left get their tombstones.
  const tombstoned = await tombstoneLeftPaths(trx, store, stamped.left);
  shardWrites.push(...tombstoned.written);
  result.rowsWritten += tombstoned.written.length;
  await trx(t.state).where({ name: 'content_seq' }).update({ value: stamped.seq });
  await trx(t.state).where({ name: 'commit_clock' }).update({ value: stamped.committed });
  const shards = await touchSitemapShards(trx, t, shardWrites);
  // The purges `upsert` would have enqueued, once for the batch, owed when it commits.
  await enqueueChangePurges(trx, t, store.purging, [
    ...stamped.tags,
    ...tombstoned.tags,
    ...listingChangeTags(shards),
  ]);
  // Each written document's search entry, by its change position (one per write; the
  // tombstones of the paths left behind have none).
  const written = new Map(writes.map((w) => [result.outcomes[w.index]!.changeSeq!, w]));
  await writeSearchEntries(
    trx,
    store,
    shardWrites.flatMap(({ rowId, changeSeq }) => {
      const write = written.get(changeSeq);
      if (!write) return [];
      const { doc, output } = write;
      return [
        {
          id: rowId,
          title: doc.title,
          body: output.body,
          language: doc.language,
          visibility: doc.visibility,
          locale: doc.locale,
          section: doc.section,
          ...(insertedIds.has(rowId) ? { unindexed: true } : {}),
        },
      ];
    }),
  );
  // Other processes learn of it when it commits (PostgreSQL), not at their next poll.
  await announceChange(trx, t, `content:${stamped.seq}`);
}

/**
 * Upserts `docs` in one transaction where it can (see above). Unchanged documents cost one read
 * of their rows and no write at all, not even the sequence lock.
 */
export async function upsertDocumentBatch(
  writer: BatchWriter,
  docs: readonly PreparedDocument[],
  /** The transaction starts once this settles; rejected, nothing is written. */
  after?: Promise<unknown>,
): Promise<BatchOutcome> {
  const { store } = writer;
  const { db, tables: t } = store;
  const outcomes: (UpsertOutcome | undefined)[] = new Array(docs.length).fill(undefined);
  const result: BatchOutcome = { outcomes, rowsRead: 0, rowsWritten: 0 };
  const before = await readStoredRows(db.knex, store, docs);
  result.rowsRead += before.size;
  const pending = pendingDocuments(docs, before, outcomes);
  if (pending.length === 0) {
    await after;
    return result;
  }
  const rendered = renderAhead(writer, docs, pending, before);
  await after;
  await db.knex.transaction(async (trx) => {
    await lockContentSequence(trx, t);
    const plan = await planBatch(trx, store, docs, pending, rendered, result);
    for (const [revision, ids] of plan.revisions) {
      await trx(t.documents).whereIn('id', ids).update({ revision });
      result.rowsWritten += ids.length;
    }
    if (plan.writes.length === 0) {
      await replaceDependencies(trx, store, plan.dependencies);
      return;
    }
    const stamped = await stampWrites(trx, writer, plan, outcomes);
    await commitStamped(trx, store, plan, stamped, result);
  });
  return result;
}
