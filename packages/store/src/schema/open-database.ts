import knexFactory, { type Knex } from 'knex';
import { ValidationError } from '@agent-ready/core/errors';
import { knexLog, SILENT_LOGGER, type StoreLogger } from '../ground/store-logger';
import { StoreError } from '../ground/store-errors';

export type Dialect = 'sqlite' | 'postgres' | 'mysql';

/** Bound parameters per statement (SQLite's default limit; PostgreSQL and MySQL allow 65535). */
export const MAX_PARAMETERS: Record<Dialect, number> = {
  sqlite: 32_766,
  postgres: 65_535,
  mysql: 65_535,
};

/** Where the table lives: an existing knex instance (e.g. Strapi's) or a connection config. */
export type DatabaseOption =
  | Knex
  | { client: 'sqlite'; filename: string }
  | { client: 'postgres'; connection: string | Knex.PgConnectionConfig; pool?: Knex.PoolConfig }
  | { client: 'mysql'; connection: string | Knex.MySql2ConnectionConfig; pool?: Knex.PoolConfig };

export interface Database {
  knex: Knex;
  dialect: Dialect;
  /** Whether we created the knex instance (and so must destroy it). */
  owned: boolean;
}

export function isKnex(value: unknown): value is Knex {
  return typeof value === 'function' && typeof (value as Knex).transaction === 'function';
}

export function dialectOf(knex: Knex): Dialect {
  const client = String(
    (knex.client as { config?: { client?: unknown } }).config?.client ?? knex.client.dialect ?? '',
  );
  if (/sqlite/i.test(client)) return 'sqlite';
  if (/^(pg|postgres|postgresql|pgnative|cockroachdb)$/i.test(client)) return 'postgres';
  if (/^(mysql|mysql2|mariadb)$/i.test(client)) return 'mysql';
  throw new ValidationError('store.dialect', `unsupported database client ${client}`, {
    field: 'database.client',
    value: client,
  });
}

/**
 * The driver package knex loads for each client, the app's own: no dependency, nor a peer range
 * that could clash with the version an app (or Strapi) pins.
 */
const DRIVER_PACKAGES: Readonly<Record<Dialect, string>> = {
  sqlite: 'better-sqlite3',
  postgres: 'pg',
  mysql: 'mysql2',
};

/**
 * knex loads the driver when it is created and, when the package is missing, throws a message
 * that names neither our option nor the fix: say both.
 */
function withDriver(dialect: Dialect, create: () => Database): Database {
  try {
    return create();
  } catch (error) {
    const driver = DRIVER_PACKAGES[dialect];
    if (error instanceof Error && error.message.includes(`Cannot find module '${driver}'`)) {
      throw new StoreError(
        'store.driver-missing',
        `database.client "${dialect}" needs the ${driver} package, which is not installed: npm install ${driver}`,
        { field: 'database.client', value: dialect },
      );
    }
    throw error;
  }
}

/**
 * Opens (or adopts) the database. SQLite gets WAL and a busy timeout, so several processes
 * can share the file; an adopted knex instance is used as its owner configured it. knex's own
 * warnings go to `logger`, never to stdout.
 */
export function openDatabase(
  option: DatabaseOption,
  logger: StoreLogger = SILENT_LOGGER,
): Database {
  if (isKnex(option)) return { knex: option, dialect: dialectOf(option), owned: false };
  const client = (option as { client?: unknown }).client;
  if (client === 'sqlite' || client === 'postgres' || client === 'mysql')
    return withDriver(client, () => openOwnedDatabase(option, logger));
  throw new ValidationError('store.dialect', 'database.client must be sqlite, postgres or mysql', {
    field: 'database.client',
    value: client,
  });
}

/** A knex pool's `afterCreate` that sets SQLite pragmas on each new better-sqlite3 connection. */
export function sqlitePragmas(pragmas: readonly string[]) {
  return (
    conn: { pragma(sql: string): unknown },
    done: (error: Error | null, conn: unknown) => void,
  ): void => {
    try {
      for (const pragma of pragmas) conn.pragma(pragma);
      done(null, conn);
    } catch (error) {
      done(error as Error, conn);
    }
  };
}

function openOwnedDatabase(option: Exclude<DatabaseOption, Knex>, logger: StoreLogger): Database {
  switch (option.client) {
    case 'sqlite': {
      const knex = knexFactory({
        client: 'better-sqlite3',
        log: knexLog(logger),
        connection: { filename: option.filename },
        useNullAsDefault: true,
        pool: {
          min: 1,
          max: 1,
          afterCreate: sqlitePragmas([
            'journal_mode = WAL',
            'busy_timeout = 10000',
            'synchronous = NORMAL',
          ]),
        },
      });
      return { knex, dialect: 'sqlite', owned: true };
    }
    case 'postgres':
      return {
        knex: knexFactory({
          client: 'pg',
          log: knexLog(logger),
          connection: option.connection,
          pool: option.pool ?? { min: 0, max: 10 },
        }),
        dialect: 'postgres',
        owned: true,
      };
    case 'mysql':
      return {
        knex: knexFactory({
          client: 'mysql2',
          log: knexLog(logger),
          connection:
            typeof option.connection === 'string'
              ? option.connection
              : { charset: 'utf8mb4', supportBigNumbers: true, ...option.connection },
          pool: option.pool ?? { min: 0, max: 10 },
        }),
        dialect: 'mysql',
        owned: true,
      };
  }
}
