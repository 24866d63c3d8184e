// `@agent-ready/store/internal`: what only agent-ready's own packages need (the bench loads
// rows in bulk around the engine; tests open and drop tables), not for sites. No promise of
// stability: a name here may change in any release. A test pins the list (public-surface.json).

export { openDatabase, type Database } from './schema/open-database';
export { publishedRowValues, type PublishedRowStamp } from './writer/document-rows';
export { sitemapShardOfId } from './sitemap/sitemap-layout';
export { DEFAULT_SITEMAP_SHARD_ITEMS } from './sitemap/sitemap-settings';
export { runMigrations } from './migrate/run-migrations';
export { tableNames } from './schema/table-names';
export { fillSearchIndex } from './search/fill-search-index';
