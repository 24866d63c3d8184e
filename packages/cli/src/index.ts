export { mapJsonLines } from './io/map-json-lines';

// The client library agents import: a bounded HTTP client, discovery, the validator, sync.
export * from './client/client-errors';
export {
  HttpClient,
  isSameOrigin,
  originOf,
  type HttpClientOptions,
  type HttpClientStats,
  type HttpExchange,
  type HttpExchangeHead,
  type HttpRequestInit,
  type HttpRequestRecord,
} from './client/http/http-client';
export {
  limitConcurrency,
  forEachConcurrently,
  type Limiter,
} from './client/http/limit-concurrency';
export { parseRetryAfter } from './client/http/parse-retry-after';
export {
  headerLinks,
  htmlLinks,
  selectLinks,
  mediaTypeOf,
  charsetOf,
  type DiscoveredLink,
} from './client/discovery/find-links';
export { readHtmlLinks, type HtmlLinkTag } from './client/discovery/read-html-links';
export { discoverTctSitemaps } from './client/discovery/discover-tct-sitemaps';
export { findSitemapXmlUrls, readRobotsSitemaps } from './client/discovery/find-sitemap-xml';
export {
  readTctSitemap,
  type TctSitemapItem,
  type TctSitemapReading,
} from './client/tct/read-tct-sitemap';
export {
  mUrlHashOf,
  verifyMUrlRepresentation,
  type MUrlVerification,
} from './client/tct/verify-m-url';
export { sameUrl } from './client/tct/same-url';
export {
  VALIDATION_CHECKS,
  checkDefinition,
  type CheckDefinition,
  type CheckProtocol,
} from './client/validate/check-catalog';
export type { CheckEvidence, CheckResult, CheckStatus } from './client/validate/check-recorder';
export {
  validateSite,
  parseOrigin,
  type ValidateSiteOptions,
  type ValidationReport,
  type ValidationSummary,
} from './client/validate/validate-site';
export { formatValidationReport } from './client/validate/format-validation-report';
export { syncSite } from './client/sync/sync-site';
export { syncScp, type ScpSyncOptions } from './client/sync/sync-scp';
export {
  SyncState,
  SYNC_STATE_FILE,
  type StoredDocument,
  type StoredSitemap,
  type ScpSectionState,
  type SyncScpIndex,
  type StoredCollection,
} from './client/sync/sync-state';
export type {
  SyncOptions,
  SyncReport,
  SyncProblem,
  SyncProgress,
  NaiveCost,
} from './client/sync/sync-report';
export { formatSyncReport } from './client/sync/format-sync-report';
