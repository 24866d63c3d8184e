import type { Knex } from 'knex';

/**
 * Inserts rows into a SQLite table inside a knex transaction through one prepared statement,
 * run once per row, the statement kept for the connection's next batches. better-sqlite3 runs
 * a prepared INSERT in microseconds; what a knex multi-row INSERT costs on SQLite is building
 * and parsing a statement of thousands of parameters for every 500 rows (a compound SELECT),
 * which for a bulk load costs more than the writing itself.
 */

/** The part of a better-sqlite3 connection this needs. */
interface SqliteConnection {
  prepare(sql: string): SqliteStatement;
}

interface SqliteStatement {
  run(params: unknown[]): { lastInsertRowid: number | bigint };
}

/** Prepared statements by connection and SQL: few (a table and its columns each). */
const statements = new WeakMap<object, Map<string, SqliteStatement>>();

const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;

/** As knex binds values for better-sqlite3: booleans as 0/1, dates as milliseconds. */
function bindable(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.valueOf();
  return value;
}

/**
 * Inserts `rows` (every row the same columns as the first; a missing value is NULL) in the
 * transaction `trx`, and returns each new row's id, in order.
 */
export async function insertSqliteRows(
  trx: Knex.Transaction,
  table: string,
  rows: readonly Record<string, unknown>[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  // A transaction's client answers with the transaction's own connection.
  const connection = (await trx.client.acquireConnection()) as SqliteConnection;
  const columns = Object.keys(rows[0]!);
  const sql = `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values (${columns
    .map(() => '?')
    .join(', ')})`;
  let cache = statements.get(connection);
  if (!cache) statements.set(connection, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = connection.prepare(sql)));
  const ids: number[] = [];
  for (const row of rows) {
    const result = statement.run(columns.map((column) => bindable(row[column])));
    ids.push(Number(result.lastInsertRowid));
  }
  return ids;
}
