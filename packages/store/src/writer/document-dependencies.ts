import type { Knex } from 'knex';
import { sha256Hex, type PreparedDocument } from '@agent-ready/core';
import { MAX_PARAMETERS, type Database } from '../schema/open-database';
import type { TableNames } from '../schema/table-names';

/**
 * What else each published document was made from (`PreparedDocument.dependsOn`: the related
 * entries and media files it shows or takes its URL from, in the source's own terms), kept
 * beside its row so that a change of one of them finds, by index, exactly the documents to make
 * again: an edited FAQ answer, an article's new title in the links that name it, a media
 * library's new alt text. Written in the row's own transaction, so the index always describes
 * the stored bytes; a row that stops serving (unpublished, deleted, a tombstone) depends on
 * nothing. The row keeps a digest of its list, so a write whose list did not change touches no
 * dependency row, and a list that changed alone (content the same) is rewritten without a new
 * change: agents see nothing new.
 */

/**
 * Where the lists live. Not `EngineStore`: the row writer imports this module, and the engine's
 * context imports the reader, which imports the row writer.
 */
interface DependencyTables {
  db: Database;
  tables: TableNames;
}

/** The digest a row keeps of its list: null when it depends on nothing. */
export function dependenciesDigest(doc: Pick<PreparedDocument, 'dependsOn'>): string | null {
  const targets = doc.dependsOn;
  return targets === undefined || targets.length === 0 ? null : sha256Hex(targets.join('\n'));
}

/** A row's new list (written when its digest changed). */
export interface RowDependencies {
  rowId: number;
  targets: readonly string[];
}

/**
 * Replaces the lists of these rows inside the write's transaction (the caller writes the rows'
 * digests, with their other columns).
 */
export async function replaceDependencies(
  trx: Knex.Transaction,
  store: DependencyTables,
  rows: readonly RowDependencies[],
): Promise<void> {
  if (rows.length === 0) return;
  const t = store.tables;
  const step = MAX_PARAMETERS[store.db.dialect] - 10;
  const ids = rows.map((row) => row.rowId);
  for (let at = 0; at < ids.length; at += step) {
    await trx(t.dependencies)
      .whereIn('document_id', ids.slice(at, at + step))
      .delete();
  }
  const inserts = rows.flatMap(({ rowId, targets }) =>
    targets.map((target) => ({ document_id: rowId, target })),
  );
  // Two columns a row: half the parameter budget per statement.
  const perInsert = Math.floor(step / 2);
  for (let at = 0; at < inserts.length; at += perInsert) {
    await trx(t.dependencies).insert(inserts.slice(at, at + perInsert));
  }
}

/** Drops the lists of rows that no longer serve (their digests are cleared with their content). */
export async function dropDependencies(
  trx: Knex.Transaction,
  store: DependencyTables,
  rowIds: readonly number[],
): Promise<void> {
  const step = MAX_PARAMETERS[store.db.dialect] - 10;
  for (let at = 0; at < rowIds.length; at += step) {
    await trx(store.tables.dependencies)
      .whereIn('document_id', rowIds.slice(at, at + step))
      .delete();
  }
}

/** A published document that depends on something that changed: its key and locale. */
export interface Dependent {
  key: string;
  locale: string;
}

/**
 * The published documents whose stored bytes were made from any of `targets`, each once, in
 * key order. One indexed read per chunk of targets: the cost follows the change, not the site.
 */
export async function findDependents(
  store: DependencyTables,
  targets: readonly string[],
): Promise<Dependent[]> {
  const t = store.tables;
  const unique = [...new Set(targets)];
  const step = MAX_PARAMETERS[store.db.dialect] - 10;
  const found = new Map<string, Dependent>();
  for (let at = 0; at < unique.length; at += step) {
    const rows = (await store.db
      .knex(`${t.dependencies} as d`)
      .join(`${t.documents} as r`, 'r.id', 'd.document_id')
      .whereIn('d.target', unique.slice(at, at + step))
      .andWhere('r.state', 'published')
      .distinct('r.doc_key', 'r.locale')) as { doc_key: string; locale: string | null }[];
    for (const row of rows) {
      const locale = String(row.locale ?? '');
      found.set(`${row.doc_key}\u0000${locale}`, { key: row.doc_key, locale });
    }
  }
  return [...found.values()].sort((a, b) =>
    a.key === b.key ? a.locale.localeCompare(b.locale) : a.key < b.key ? -1 : 1,
  );
}
