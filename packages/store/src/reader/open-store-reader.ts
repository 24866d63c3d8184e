import { openDatabase, type Database, type DatabaseOption } from '../schema/open-database';
import type { StoreLogger } from '../store-logger';
import { StoreReader, type StoreReaderOptions } from './store-reader';
import { StoreError, translateDatabaseErrors } from '../store-errors';
import { tableNames, type TableNames } from '../schema/table-names';

/**
 * Read-only access to a table another process maintains (e.g. a front-end server beside the
 * Strapi plugin): no migrations, no writes. Fails with a clear error when the tables are missing.
 */
export async function openStoreReader(
  database: DatabaseOption,
  options: StoreReaderOptions & { tablePrefix?: string; logger?: StoreLogger } = {},
): Promise<{
  reader: StoreReader;
  database: Database;
  tables: TableNames;
  close(): Promise<void>;
}> {
  const db = openDatabase(database, options.logger);
  const tables = tableNames(options.tablePrefix);
  const exists = await translateDatabaseErrors('open store', () =>
    db.knex.schema.hasTable(tables.documents),
  );
  if (!exists) {
    if (db.owned) await db.knex.destroy();
    throw new StoreError(
      'store.missing-tables',
      `table ${tables.documents} does not exist: start the writer (Strapi plugin or a standalone adapter) first, or check tablePrefix`,
      { field: 'tablePrefix', value: options.tablePrefix },
    );
  }
  const reader = new StoreReader(db.knex, tables, options);
  return {
    reader,
    database: db,
    tables,
    close: async () => {
      reader.close();
      if (db.owned) await db.knex.destroy();
    },
  };
}
