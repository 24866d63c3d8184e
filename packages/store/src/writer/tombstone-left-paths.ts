import type { Knex } from 'knex';
import { pathCacheTag, sha256Hex, type PreparedDocument } from '@agent-ready/core';
import { pathKey } from '../schema/path-key';
import { CLEARED_CONTENT, type DocumentRow } from './document-rows';
import type { EngineStore } from './engine-store';
import { MAX_PARAMETERS } from '../schema/open-database';
import { insertDocumentRows } from './insert-document-rows';

/**
 * A document whose path changes (its URL pattern or slug changed, it keeps its id) leaves its
 * old M-URL behind. Agents that synced it must learn that it is gone, not that it never was: the
 * old path gets a tombstone of its own, a row in the documents table like a deleted document's,
 * so it answers 410 Gone, the change feed lists it as removed, its SCP section sees a page leave,
 * and a later document (or the same one moving back) takes the path over as it takes a deleted
 * document's (the path claim gives way). One row per path, under a key no source uses, written
 * again each time a document leaves that path.
 *
 * The same row marks a section a page left without leaving its path (its type's section
 * changed): then it claims nothing and is not listed (the URL is served as before), it only
 * stands in the old section, so that section's SCP snapshot is rebuilt without the page.
 */

/** The key of the tombstone row of a path documents left (one per path; locale ''). */
export function leftPathKey(mPath: string): string {
  return `agent-ready:left-path:${sha256Hex(mPath)}`;
}

/**
 * What storing `doc` over `existing` leaves behind. `path`: the row holds its path now (a
 * published document, or a deleted one's tombstone answering 410) and `doc` is at another (an
 * unpublished row gave its path back already: 404). `section`: a public page keeps its path
 * but moves to another section, which its old one must learn.
 */
export function leftBehind(
  existing: DocumentRow | undefined,
  doc: PreparedDocument,
): 'path' | 'section' | undefined {
  if (existing === undefined || existing.mPathKey === null) return undefined;
  if (existing.mPath !== doc.mPath) return 'path';
  const wasListed = existing.state === 'published' && existing.visibility === 'public';
  return wasListed && existing.section !== doc.section ? 'section' : undefined;
}

/** A path (or section) a write leaves, and where its tombstone stands in the commit order. */
export interface LeftPath {
  /** The document's row as it was before the write (its old path, URLs, section). */
  row: DocumentRow;
  /** `path`: the tombstone claims the old path (410) and is listed; `section`: neither. */
  left: 'path' | 'section';
  changeSeq: number;
  committedMs: number;
  modifiedMs: number;
}

/**
 * Inside the write's transaction, once the documents that left these paths hold their new ones:
 * a tombstone claims each old path (a row written again, or a new one). Returns the rows written
 * (for their sitemap shards: every row moves its shard, so every process composes the same
 * bytes) and the cache tags to purge: each old path's, beside the document's own, which the
 * caller purges already.
 */
export async function tombstoneLeftPaths(
  trx: Knex.Transaction,
  store: Pick<EngineStore, 'db' | 'tables'>,
  left: readonly LeftPath[],
): Promise<{ written: { rowId: number; changeSeq: number }[]; tags: string[] }> {
  if (left.length === 0) return { written: [], tags: [] };
  const t = store.tables;
  const keys = left.map(({ row }) => leftPathKey(row.mPath));
  const stored = new Map<string, number>();
  const step = MAX_PARAMETERS[store.db.dialect] - 10;
  for (let at = 0; at < keys.length; at += step) {
    const raws: { id: unknown; doc_key: unknown }[] = await trx(t.documents)
      .whereIn('doc_key', keys.slice(at, at + step))
      .andWhere({ locale: '' })
      .select('id', 'doc_key');
    for (const raw of raws) stored.set(String(raw.doc_key), Number(raw.id));
  }
  const written: { rowId: number; changeSeq: number }[] = [];
  const inserts: Record<string, unknown>[] = [];
  const insertedSeq = new Map<string, number>();
  for (const [at, { row, left: what, changeSeq, committedMs, modifiedMs }] of left.entries()) {
    const path = what === 'path';
    const key = keys[at]!;
    // Every column, so that each insert has the same ones (a multi-row INSERT needs that).
    const values = {
      state: 'deleted',
      visibility: row.visibility,
      c_url: row.cUrl,
      m_url: row.mUrl,
      m_path: row.mPath,
      m_path_key: path ? pathKey(row.mPath) : null,
      section: row.section,
      title: row.title,
      description: row.description,
      language: row.language,
      modified: new Date(modifiedMs).toISOString(),
      modified_ms: modifiedMs,
      committed_ms: committedMs,
      fingerprint: row.fingerprint,
      render_key: row.renderKey,
      ...CLEARED_CONTENT,
      usage: null,
      llm_role: null,
      llm_data: null,
      revision: null,
      change_seq: changeSeq,
      // Agents heard of the path only if the document was ever public there; a section's
      // marker is no news to them (the URL is served as before).
      listed: path && row.listed,
    };
    const id = stored.get(key);
    if (id !== undefined) {
      await trx(t.documents).where({ id }).update(values);
      written.push({ rowId: id, changeSeq });
    } else {
      inserts.push({ doc_key: key, locale: '', ...values });
      insertedSeq.set(key, changeSeq);
    }
  }
  for (const inserted of await insertDocumentRows(trx, store, inserts)) {
    const changeSeq = insertedSeq.get(inserted.key);
    if (changeSeq !== undefined) written.push({ rowId: inserted.id, changeSeq });
  }
  const paths = left.filter(({ left: what }) => what === 'path');
  return { written, tags: paths.map(({ row }) => pathCacheTag(row.mPath)) };
}
