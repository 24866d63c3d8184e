import { openDatabase, type Database, type DatabaseOption } from '../schema/open-database';
import { SILENT_LOGGER, type StoreLogger } from '../ground/store-logger';
import { RedisChangeRelay, type NotifyOptions } from '../notify/redis-change-relay';
import { StoreReader } from './store-reader';
import type { StoreReaderOptions } from './store-reader-options';
import { StoreError, translateDatabaseErrors } from '../ground/store-errors';
import { tableNames, type TableNames } from '../schema/table-names';

/**
 * Read-only access to a table another process maintains (e.g. a front-end server beside the
 * Strapi plugin): no migrations, no writes. Fails with a clear error when the tables are missing.
 */
export async function openStoreReader(
  database: DatabaseOption,
  options: Omit<StoreReaderOptions, 'relay'> & {
    tablePrefix?: string;
    logger?: StoreLogger;
    /** `{ redis: url }`: learn of the writers' commits over Redis (see `RedisChangeRelay`). */
    notify?: NotifyOptions;
  } = {},
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
  let relay: RedisChangeRelay | undefined;
  try {
    relay = options.notify
      ? await RedisChangeRelay.open(
          options.notify,
          db.knex,
          tables,
          options.logger ?? SILENT_LOGGER,
        )
      : undefined;
  } catch (error) {
    if (db.owned) await db.knex.destroy();
    throw error;
  }
  const { notify: _notify, ...readerOptions } = options;
  const reader = new StoreReader(db.knex, tables, {
    ...readerOptions,
    ...(relay ? { relay } : {}),
  });
  return {
    reader,
    database: db,
    tables,
    close: async () => {
      reader.close();
      await relay?.close();
      if (db.owned) await db.knex.destroy();
    },
  };
}
