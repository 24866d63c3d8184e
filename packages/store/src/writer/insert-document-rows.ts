import type { Knex } from 'knex';
import type { EngineStore } from './engine-store';
import { MAX_PARAMETERS, type Dialect } from '../schema/open-database';
import { insertSqliteRows } from '../ground/insert-sqlite-rows';

/**
 * Rows per INSERT: knex writes SQLite's multi-row INSERT as a compound SELECT, which SQLite
 * caps at 500 terms (SQLITE_MAX_COMPOUND_SELECT).
 */
const MAX_ROWS: Record<Dialect, number> = { sqlite: 500, postgres: 5_000, mysql: 5_000 };
/** Bytes per INSERT, well under MySQL's and MariaDB's default max_allowed_packet. */
const MAX_STATEMENT_BYTES = 4_000_000;

/** A new row's id with the key it was inserted under. */
export interface InsertedRowId {
  id: number;
  key: string;
  locale: string;
}

/**
 * Inserts document rows (every row the same columns as the first) with multi-row INSERTs, each
 * within the database's parameter limit and a few megabytes; on SQLite one prepared INSERT run
 * per row (see insert-sqlite-rows), faster there. Returns each new row's id: on PostgreSQL and
 * SQLite they come back with the INSERT, MySQL has no RETURNING and they are read back by key.
 */
export async function insertDocumentRows(
  trx: Knex.Transaction,
  store: Pick<EngineStore, 'db' | 'tables'>,
  rows: readonly Record<string, unknown>[],
): Promise<InsertedRowId[]> {
  if (rows.length === 0) return [];
  const table = store.tables.documents;
  const { dialect } = store.db;
  const idOf = (raw: { id: unknown; doc_key: unknown; locale: unknown }): InsertedRowId => ({
    id: Number(raw.id),
    key: String(raw.doc_key),
    locale: String(raw.locale ?? ''),
  });
  if (dialect === 'sqlite') {
    const ids = await insertSqliteRows(trx, table, rows);
    return rows.map((row, at) => idOf({ id: ids[at], doc_key: row.doc_key, locale: row.locale }));
  }
  const returned: InsertedRowId[] = [];
  const perRow = Object.keys(rows[0]!).length;
  const maxRows = Math.max(
    1,
    Math.min(MAX_ROWS[dialect], Math.floor(MAX_PARAMETERS[dialect] / perRow)),
  );
  let chunk: Record<string, unknown>[] = [];
  let bytes = 0;
  const flush = async () => {
    if (chunk.length === 0) return;
    if (dialect === 'postgres') {
      const raws = (await trx(table).insert(chunk, ['id', 'doc_key', 'locale'])) as {
        id: unknown;
        doc_key: unknown;
        locale: unknown;
      }[];
      returned.push(...raws.map(idOf));
    } else await trx(table).insert(chunk);
    chunk = [];
    bytes = 0;
  };
  for (const row of rows) {
    const size = ((row.body as Buffer | null)?.length ?? 0) + String(row.markdown ?? '').length;
    if (chunk.length >= maxRows || (chunk.length > 0 && bytes + size > MAX_STATEMENT_BYTES))
      await flush();
    chunk.push(row);
    bytes += size;
  }
  await flush();
  if (dialect === 'postgres') return returned;
  // MySQL: the new rows' ids read back (one read per parameter limit; every database's own ids).
  const wanted = new Set(rows.map((row) => `${String(row.doc_key)}\u0000${String(row.locale)}`));
  const keys = [...new Set(rows.map((row) => String(row.doc_key)))];
  const step = MAX_PARAMETERS[dialect] - 10;
  for (let at = 0; at < keys.length; at += step) {
    const raws: { id: unknown; doc_key: unknown; locale: unknown }[] = await trx(table)
      .whereIn('doc_key', keys.slice(at, at + step))
      .select('id', 'doc_key', 'locale');
    for (const raw of raws) {
      const id = idOf(raw);
      if (wanted.has(`${id.key}\u0000${id.locale}`)) returned.push(id);
    }
  }
  return returned;
}
