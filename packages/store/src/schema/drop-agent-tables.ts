import type { Knex } from 'knex';
import { tableNames } from './table-names';

/**
 * Drops every table of the store under `tablePrefix` (the uninstall; tests and benchmarks that
 * share a server clean up with it). Children first, so no constraint stands in the way.
 */
export async function dropAgentTables(knex: Knex, tablePrefix?: string): Promise<void> {
  const t = tableNames(tablePrefix);
  for (const name of [
    t.artifactChunks,
    t.artifacts,
    t.documents,
    t.state,
    t.sitemapShards,
    t.settings,
    t.metrics,
    t.purgeOutbox,
    t.purgeStats,
    t.searchTerms,
    t.search,
    t.dependencies,
    `${t.migrations}_lock`,
    t.migrations,
  ]) {
    await knex.schema.dropTableIfExists(name);
  }
}
