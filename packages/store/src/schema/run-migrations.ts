import type { Knex } from 'knex';
import type { Dialect } from '../open-database';
import type { TableNames } from '../table-names';
import { MIGRATIONS, type StoreMigration } from './migrations';

/** Brings the store's tables to the latest version; safe to call from every instance at boot. */
export async function runMigrations(
  knex: Knex,
  tables: TableNames,
  dialect: Dialect,
): Promise<void> {
  await knex.migrate.latest({
    tableName: tables.migrations,
    // MySQL commits DDL implicitly, so a transaction around a migration protects nothing there (a
    // migration that fails halfway leaves its DDL behind either way) and only makes knex print a
    // warning to stdout through the knex's own logger (Strapi's, for the plugin).
    disableTransactions: dialect === 'mysql',
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
}
