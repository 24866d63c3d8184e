export * from './agent-content-source';
export type * from './document-catalog';
export { matchCatalogLocales } from './match-catalog-locales';
export type { AgentOutcome, AgentRequest } from './agent-outcome';
export * from './artifact-descriptor';
export * from './read-artifact-descriptor';
export type { AgentEndpointsOptions } from './endpoint-context';
export * from './create-agent-endpoints';
export {
  agentSiteOptionsObject,
  agentSiteOptionsSchema,
  validateAgentSiteOptions,
  withSiteOptionRules,
  type AgentSiteOptions,
  type LlmindexSiteOptions,
  type LlmsTxtSiteOptions,
  type ScpSiteOptions,
} from './agent-site-options';
export {
  botAuthOptionsSchema,
  llmindexOptionsSchema,
  llmsTxtOptionsSchema,
  metricsOptionsSchema,
  MCP_DEFAULT_PATH,
  mcpOptionsSchema,
  rateLimitOptionsSchema,
  robotsTxtOptionsSchema,
  scpOptionsSchema,
  siteOptionsSchema,
} from './site-option-schemas';
export {
  endpointOptionsFor,
  prepareOptionsFor,
  readServingSettings,
  servingSettingsOf,
  siteTctProfile,
  type ServingSettings,
} from './serving-settings';
export * from './families/robots-txt/compose-robots-txt';
export * from './families/robots-txt/app-robots-txt';
export {
  CHANGE_FEED_REL,
  CHANGES_PAGE_SIZE,
  CHANGES_PATH,
  formatChangeCursor,
  parseChangeCursor,
  type ChangeEntry,
  type ChangeFeedPage,
  type ChangeFeedPosition,
  type ChangeFeedSource,
  type StoredChangeView,
} from './families/change-feed/read-change-feed';
export * from './page-discovery';
export * from './agent-path';
export {
  notFoundResponse,
  serviceUnavailableResponse,
  tooManyRequestsResponse,
} from './error-responses';
export { gateTctRequest, respondWithTctResource } from './respond-tct';
export * from './rate-limit-rule';
export {
  addPageHeaders,
  PAGE_LIST_HEADERS,
  type PageDecoration,
  type PageResponseHeaders,
} from './decorate-page';
export { MARKDOWN_CONTENT_TYPE } from './families/markdown-twin';
export { POLICY_PATH } from './families/policy';
export { mayNameRobotsTxt, ROBOTS_TXT_PATH } from './families/robots-txt';
export { STATS_PATH } from './families/stats';
export {
  ENDPOINT_FAMILIES,
  endpointFamiliesWith,
  endpointFamily,
  isFamilyOn,
} from './families/registry';
// The stored families, which the store pairs with their builders (its STORED_FAMILIES).
export { jsonSitemapFamily } from './families/json-sitemap';
export { llmindexFamily } from './families/llmindex';
export { llmsTxtFamily, withoutLlmsTxtTwinDirective } from './families/llms-txt';
export { scpFamily } from './families/scp';
export type {
  ArtifactDescriptorBase,
  EndpointFamily,
  FamilyContext,
  FamilyEndpoint,
  FamilyListing,
  FamilyStart,
  FamilySwitch,
  ListingSite,
  StoredArtifactFamily,
} from './families/endpoint-family';
// What an extension's stored family is made of (see `AgentEndpointsExtension`).
export { answerAsStored } from './families/answer-stored-artifact';
export { FieldReader, type Json } from './families/descriptor-fields';
export type { DescriptorOf } from './families/stored-artifact-families';
export {
  cacheControlOf,
  keptUntilPurged,
  NO_SNIFF,
  oneFormPolicy,
  REVALIDATE,
  type CacheControlRule,
  type ContentUsageRule,
  type HeaderForm,
  type EdgeHeaderSettings,
  type HeaderPolicy,
  type SharedCacheHeaders,
  type SharedCachePolicy,
  type SharedCacheSubject,
} from './families/header-policy';
export * from './edge/cache-tags';
export { AGENT_INDEX_PAGE, ANSWER_POLICIES, type AnswerPolicy } from './families/answer-policies';
