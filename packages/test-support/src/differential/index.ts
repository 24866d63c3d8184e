// The differential test's reading of a served site, shared by the adapters' differential tests
// (Express, the Strapi plugin): read every channel into a snapshot, compare two snapshots, check
// what must hold within one site and what the change feed names between two snapshots.
export { requestOverHttp } from './site-request';
export type { HttpSiteRequest, SiteRequest, SiteRequestInit, SiteResponse } from './site-request';
export { readChangeFeed, readSiteSnapshot, type SnapshotOptions } from './read-site-snapshot';
export { publishedByFeed, snapshotDifferences } from './compare-snapshots';
export { snapshotInvariantViolations } from './snapshot-invariants';
export { feedStepViolations } from './feed-step';
export type * from './site-snapshot';
