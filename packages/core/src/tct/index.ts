export * from './tct-profile';
export {
  buildMUrlRepresentation,
  DEFAULT_MAX_M_URL_BYTES,
  type MUrlFields,
  type MUrlRepresentation,
} from './build-m-url';
export * from './find-html-markup';
export { DEFAULT_M_URL_SCHEME, mUrlFor, type MUrlScheme } from './m-url-path';
export {
  buildSitemapIndex,
  buildSitemaps,
  buildSitemapShard,
  buildSitemapShards,
  DEFAULT_MAX_SITEMAP_ITEMS,
  sitemapIndexPath,
  sitemapShardPath,
  type SitemapDocument,
  type SitemapEntry,
  type SitemapOptions,
  type SitemapSet,
  type SitemapShard,
  type SitemapShardSummary,
} from './build-sitemap';
export { buildPolicy, validatePolicy, type PolicyProblem, type TctPolicy } from './build-policy';
export * from './policy-options';
export * from './discovery-links';
export { buildTctIdentity, tctIdentityOf, type TctIdentity } from './tct-identity';
export {
  checkTct03MUrl,
  parseTct03Json,
  readTct03MUrl,
  Tct03DocumentError,
  type JsonObject,
  type Tct03MUrlDocument,
} from './read-tct03-document';
export * from './read-tct03-sitemap';
export { convertMUrlProfile } from './convert-m-url-profile';
