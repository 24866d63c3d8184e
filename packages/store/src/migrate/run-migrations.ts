import type { Knex } from 'knex';
import type { Dialect } from '../schema/open-database';
import type { TableNames } from '../schema/table-names';
import { MIGRATIONS, type StoreMigration } from './migrations';

/** knex's warning when a MySQL transaction ran DDL (which MySQL commits implicitly). */
const IMPLICIT_COMMIT_WARNING = /implicitly committed/;

/**
 * Runs `run` with knex's warning about DDL in a MySQL transaction silenced. Our migrations run
 * in knex's migration transaction on purpose: its lock row is what makes several instances
 * starting at once wait for one another instead of failing with "Migration table is already
 * locked" (without a transaction knex does not wait). MySQL commits the DDL itself anyway, and
 * knex says so on the knex's own logger, which for Strapi's knex is stdout.
 */
async function withoutImplicitCommitWarnings<T>(knex: Knex, run: () => Promise<T>): Promise<T> {
  const logger = (knex.client as { logger?: { warn(message: unknown): void } }).logger;
  if (!logger) return run();
  const warn = logger.warn;
  logger.warn = function (message: unknown) {
    if (typeof message === 'string' && IMPLICIT_COMMIT_WARNING.test(message)) return;
    warn.call(this, message);
  };
  try {
    return await run();
  } finally {
    logger.warn = warn;
  }
}

/** Brings the store's tables to the latest version; safe to call from every instance at boot. */
export async function runMigrations(
  knex: Knex,
  tables: TableNames,
  dialect: Dialect,
): Promise<void> {
  const migrate = () =>
    knex.migrate.latest({
      tableName: tables.migrations,
      migrationSource: {
        getMigrations: async () => [...MIGRATIONS],
        getMigrationName: (migration: StoreMigration) => migration.name,
        getMigration: async (migration: StoreMigration) => ({
          up: (k: Knex) => migration.up(k, tables, dialect),
          down: async () => {
            throw new Error(`migration ${migration.name} cannot be reverted`);
          },
        }),
      } as Knex.MigrationSource<unknown>,
    });
  await (dialect === 'mysql' ? withoutImplicitCommitWarnings(knex, migrate) : migrate());
}
