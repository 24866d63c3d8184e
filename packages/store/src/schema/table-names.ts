import { ValidationError } from '@agent-ready/core/errors';

export interface TableNames {
  documents: string;
  state: string;
  artifacts: string;
  artifactChunks: string;
  metrics: string;
  migrations: string;
  sitemapShards: string;
  settings: string;
  purgeOutbox: string;
  purgeStats: string;
  /** The full-text search index of the published documents (search/). */
  search: string;
  /**
   * The words the search index holds, for typo tolerance (search/correct-search-words): SQLite's
   * `fts5vocab` view of the index, PostgreSQL's table of lexemes; none on MySQL/MariaDB.
   */
  searchTerms: string;
  /** What each published document was made from beyond its own entry (writer/document-dependencies). */
  dependencies: string;
}

export const DEFAULT_TABLE_PREFIX = 'agent_ready_';

/** A prefix is an SQL identifier fragment: letters, digits and `_`, at most 31. */
export const TABLE_PREFIX = /^[a-z_][a-z0-9_]{0,30}$/i;

/** Table names from a prefix; the prefix is an SQL identifier fragment, never user content. */
export function tableNames(prefix: string = DEFAULT_TABLE_PREFIX): TableNames {
  if (!TABLE_PREFIX.test(prefix)) {
    throw new ValidationError(
      'store.table-prefix',
      'tablePrefix must be letters, digits and _ (≤ 31)',
      {
        field: 'tablePrefix',
        value: prefix,
      },
    );
  }
  return {
    documents: `${prefix}documents`,
    state: `${prefix}state`,
    artifacts: `${prefix}artifacts`,
    artifactChunks: `${prefix}artifact_chunks`,
    metrics: `${prefix}metrics`,
    migrations: `${prefix}migrations`,
    sitemapShards: `${prefix}sitemap_shards`,
    settings: `${prefix}settings`,
    purgeOutbox: `${prefix}purge_outbox`,
    purgeStats: `${prefix}purge_stats`,
    search: `${prefix}search`,
    searchTerms: `${prefix}search_terms`,
    dependencies: `${prefix}dependencies`,
  };
}
