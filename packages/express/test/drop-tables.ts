import { openDatabase, type DatabaseOption } from '@agent-ready/store';

/** Removes a test run's tables from a shared server (SQLite files are per test, left in tmp). */
export async function dropTables(database: DatabaseOption, prefix: string): Promise<void> {
  const db = openDatabase(database);
  for (const name of [
    'artifact_chunks',
    'artifacts',
    'documents',
    'state',
    'migrations_lock',
    'migrations',
  ]) {
    await db.knex.schema.dropTableIfExists(`${prefix}${name}`);
  }
  await db.knex.destroy();
}
