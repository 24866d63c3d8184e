import { dropAgentTables, type DatabaseOption } from '@agent-ready/store';
import { openDatabase } from '@agent-ready/store/internal';

/** Removes a test run's tables from a shared server (SQLite files are per test, left in tmp). */
export async function dropTables(database: DatabaseOption, prefix: string): Promise<void> {
  const db = openDatabase(database);
  await dropAgentTables(db.knex, prefix);
  await db.knex.destroy();
}
