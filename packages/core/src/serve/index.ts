export * from './agent-content-source';
export type { AgentOutcome, AgentRequest } from './agent-outcome';
export * from './artifact-descriptor';
export type { AgentEndpointsOptions } from './endpoint-context';
export * from './create-agent-endpoints';
export {
  agentSiteOptionsObject,
  agentSiteOptionsSchema,
  botAuthOptionsSchema,
  endpointOptionsFor,
  llmindexOptionsSchema,
  llmsTxtOptionsSchema,
  metricsOptionsSchema,
  prepareOptionsFor,
  readServingSettings,
  robotsTxtOptionsSchema,
  scpOptionsSchema,
  servingSettingsOf,
  siteOptionsSchema,
  siteTctProfile,
  validateAgentSiteOptions,
  withSiteOptionRules,
  type AgentSiteOptions,
  type LlmindexSiteOptions,
  type LlmsTxtSiteOptions,
  type ScpSiteOptions,
  type ServingSettings,
} from './agent-site-options';
export * from './robots-txt';
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
} from './change-feed';
export * from './page-discovery';
export * from './agent-path';
export { notFoundResponse, serviceUnavailableResponse } from './error-responses';
export { PAGE_LIST_HEADERS, type PageDecoration } from './decorate-page';
export { MARKDOWN_CONTENT_TYPE } from './serve-markdown-twin';
export { POLICY_PATH } from './serve-policy';
export { ROBOTS_TXT_PATH } from './serve-robots-txt';
export { STATS_PATH } from './serve-stats';
