// The public surface of @agent-ready/store, named one by one (a test pins the list:
// public-surface.json): what a site needs to write the agent tables and serve them. Row-level
// helpers stay inside the package; what only our own packages need (the bench's bulk loading,
// tests) is in `@agent-ready/store/internal`.

// Writing the table: the engine, its options and outcomes.
export { RegenerationEngine, type RegenerationEngineOptions } from './regeneration-engine';
export type {
  ReconcileOptions,
  ReconcileOutcome,
  ReconcileSource,
} from './writer/reconcile-documents';
export type { ReconcileProgress } from './writer/reconcile-progress';
export type { ReconcileCheckpoint } from './writer/reconcile-checkpoint';
export type { SourceStamp, SourceStampCheck } from './writer/source-stamps';
export type { Dependent } from './writer/document-dependencies';
export type { AdapterJob, JobCheckpoint } from './job-state';
export type { BatchOutcome } from './writer/upsert-document-batch';
export type {
  RemovalReason,
  RemoveOptions,
  RemoveOutcome,
  UpsertOutcome,
  UpsertStatus,
} from './writer/write-outcomes';
export type { ArtifactsStatus } from './read-engine-status';
export type { RebuildOutcome, RebuildReport } from './rebuild/run-rebuild-pass';
export type { BuildFailure } from './rebuild/build-artifact-families';

// The artifact families kept in step with the table.
export type {
  ArtifactBuildContext,
  ArtifactBuilder,
  ArtifactBuildResult,
  DocumentColumn,
  ScheduledBuild,
} from './rebuild/artifact-builder';
export type { ArtifactInput } from './artifacts/artifact-input';
export {
  siteArtifactBuilders,
  siteArtifactSettings,
  type SiteArtifactHosting,
} from './rebuild/site-artifact-builders';
export { STORED_FAMILIES, storedFamily, type StoredFamily } from './rebuild/stored-families';
export { scpArtifactBuilder } from './rebuild/build-scp-artifacts';
export { llmsTxtArtifactBuilder } from './rebuild/build-llms-txt-artifacts';
export { llmindexArtifactBuilder } from './rebuild/build-llmindex-artifacts';
export type { SitemapSettingsInput } from './sitemap/sitemap-settings';

// Serving from the table.
export {
  openAgentSite,
  siteStoreOptionsOf,
  type AgentSite,
  type AgentSiteOutcome,
  type AgentSiteRequest,
  type OpenAgentSiteOptions,
  type SiteStoreOptions,
} from './open-agent-site';
export { answerFromCache } from './answer-from-cache';
export { openSiteOnce, type SiteOnce } from './open-site-once';
export {
  alreadyPassed,
  answerAheadOfFramework,
  type AheadOfFrameworkOptions,
} from './answer-ahead-of-framework';
export { documentPublishing, type DocumentPublishing } from './publish-documents';
export { openStoreReader } from './reader/open-store-reader';
export { StoreReader, type StoredArtifact } from './reader/store-reader';
export type { StoreReaderOptions } from './reader/store-reader-options';
export type { ChangeListenerStatus } from './reader/listen-for-changes';
export {
  notifyOptionsSchema,
  type ChangeRelayStatus,
  type NotifyOptions,
} from './notify/redis-change-relay';
export type { ServingMetrics } from './reader/serving-metrics';

// The database, options, logging and errors.
export type { DatabaseOption, Dialect } from './schema/open-database';
export type { TableNames } from './schema/table-names';
export { dropAgentTables } from './schema/drop-agent-tables';
export {
  databaseOption,
  edgeOption,
  loggerOption,
  notifyOption,
  rebuildOptionsSchema,
  revalidateAfterMsOption,
  scpObjectStorageOption,
  tablePrefixOption,
} from './store-options';
export { CONSOLE_LOGGER, SILENT_LOGGER, type StoreLogger } from './ground/store-logger';
export {
  DuplicateUrlError,
  isStoreUnavailable,
  StoreError,
  StoreUnavailableError,
} from './ground/store-errors';

// Shared caches in front of the site: the `edge` option, purgers, the purge outbox and its
// delivery, what they have done, collections in object storage.
export { PurgeError, type Purger } from './edge/purger';
export { createVarnishPurger, type VarnishPurgerOptions } from './edge/varnish-purger';
export { createFastlyPurger, type FastlyPurgerOptions } from './edge/fastly-purger';
export { createCloudflarePurger, type CloudflarePurgerOptions } from './edge/cloudflare-purger';
export {
  createWebhookPurger,
  verifyPurgeWebhook,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMESTAMP_HEADER,
  type WebhookPurgerOptions,
} from './edge/webhook-purger';
export { type PurgerKind } from './edge/purger-kind';
export { PURGER_KINDS, type PurgerType } from './edge/purger-kinds';
export {
  createPurger,
  purgeDeliveryOptionsSchema,
  purgerOptionsSchema,
  type PurgerOptions,
} from './edge/purger-options';
export { enqueuePurgeKeys, readPurgeStatus, type PurgeStatus } from './edge/purge-outbox';
export {
  createPurgeDelivery,
  type PurgeDelivery,
  type PurgeDeliveryOptions,
  type PurgeRound,
} from './edge/purge-delivery';
export {
  DEFAULT_SHARED_MAX_AGE,
  edgeHeaderSettingsOf,
  edgeOptionsSchema,
  type EdgeOptions,
} from './edge/edge-options';
export { type EdgePurging } from './edge/enqueue-change-purges';
export {
  createScpObjectStorage,
  SCP_OBJECT_STORAGE_NEEDS_SCP,
  scpCollectionHostFor,
  scpObjectStorageOptionsSchema,
  withScpObjectStorageRule,
  ScpUploadError,
  type ScpCollectionHost,
  type ScpObjectStorageOptions,
} from './rebuild/scp-object-storage';
