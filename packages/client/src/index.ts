// The client library agents import: a bounded HTTP client, discovery, the validator, sync.
export * from './errors/client-errors';
export { isSameOrigin, originOf } from './http/same-origin';
export {
  HttpClient,
  type HttpClientOptions,
  type HttpClientStats,
  type HttpExchange,
  type HttpExchangeHead,
  type HttpRequestInit,
  type HttpRequestRecord,
} from './http/http-client';
export { connectUrl, parseConnectTo, parseConnectToList, type ConnectTo } from './http/connect-to';
export { parseOrigin } from './http/parse-origin';
export { limitConcurrency, forEachConcurrently, type Limiter } from './http/limit-concurrency';
export { parseRetryAfter } from './http/parse-retry-after';
export {
  headerLinks,
  htmlLinks,
  selectLinks,
  mediaTypeOf,
  charsetOf,
  type DiscoveredLink,
} from './discovery/find-links';
export { readHtmlLinks, type HtmlLinkTag } from './discovery/read-html-links';
export { discoverTctSitemaps } from './discovery/discover-tct-sitemaps';
export { findSitemapXmlUrls, readRobotsSitemaps } from './discovery/find-sitemap-xml';
export {
  readTctSitemap,
  readTctSitemapDocument,
  type ListedDocument,
  type ListedShard,
  type TctSitemapDocument,
  type TctSitemapItem,
  type TctSitemapReading,
} from './tct/read-tct-sitemap';
export { mUrlHashOf, verifyMUrlRepresentation, type MUrlVerification } from './tct/verify-m-url';
export { sameUrl } from './tct/same-url';
export {
  VALIDATION_CHECKS,
  TCT_1_CHECKS,
  SHARED_CHECKS,
  validationChecks,
  checkDefinition,
  type CheckDefinition,
  type CheckProtocol,
} from './validate/check-catalog';
export { TCT_03_CHECKS } from './validate/check-catalog-tct03';
export type { CheckEvidence, CheckResult, CheckStatus } from './validate/check-recorder';
export {
  validateSite,
  type ValidateSiteOptions,
  type ValidationReport,
  type ValidationSummary,
} from './validate/validate-site';
export { formatValidationReport } from './validate/format-validation-report';
export { syncSite } from './sync/sync-site';
export { syncScp, type ScpSyncOptions } from './sync/sync-scp';
export {
  SyncState,
  SYNC_STATE_FILE,
  type StoredDocument,
  type StoredDocumentDetails,
  type StoredSitemap,
  type ScpSectionState,
  type SyncScpIndex,
  type StoredCollection,
} from './sync/sync-state';
export type {
  SyncOptions,
  SyncReport,
  SyncProblem,
  SyncProgress,
  NaiveCost,
} from './sync/sync-report';
export { formatSyncReport } from './sync/format-sync-report';
