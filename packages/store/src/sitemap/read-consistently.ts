import type { Knex } from 'knex';

/**
 * Runs `read` in one transaction that sees a single committed state (PostgreSQL and MySQL:
 * REPEATABLE READ; SQLite: a read transaction is a snapshot already), so a version read and the
 * rows read under it agree.
 */
export function readConsistently<T>(knex: Knex, read: (trx: Knex.Transaction) => Promise<T>) {
  const client = String((knex.client as { config?: { client?: unknown } }).config?.client ?? '');
  const snapshot = /pg|postgres|mysql/.test(client);
  return knex.transaction(read, snapshot ? { isolationLevel: 'repeatable read' } : undefined);
}
