import type { Core } from '@strapi/strapi';
import type {
  LastReconcile,
  ReconcileSummary,
  RuntimeState,
  SettingsStatus,
} from '../admin-api/answer-types';
import { readAgentStats, type AgentStats } from '@agent-ready/core/metrics';
import { prepareOptionsFor, type AgentEndpoints } from '@agent-ready/core/serve';
import {
  openAgentSite,
  type AgentSite,
  type DatabaseOption,
  type RebuildReport,
  type RegenerationEngine,
} from '@agent-ready/store';
import type { AgentReadyPluginConfig, FilePluginConfig } from '../config/plugin-config';
import { PLUGIN_ID } from '../config/plugin-config';
import { notConfiguredWarning, type RequiredSetting } from '../config/required-settings';
import { MissingSettingsError, validateFilePluginConfig } from '../config/validate-plugin-config';
import { countPublishedEntries, type CountingDocumentsApi } from '../admin-api/count-documents';
import { SiteChecks } from '../admin-api/site-checks';
import { createAgentKoaMiddleware } from '../http/agent-koa-middleware';
import { answerAheadOfKoa } from '../http/answer-ahead-of-koa';
import { LearnedStrapiHeaders } from '../http/learn-strapi-headers';
import type { KoaMiddleware } from '../http/koa-context';
import type { ResolvedContentType } from '../mapping/resolve-content-types';
import type { RuntimeSettings, StoredSettings } from '../settings/runtime-settings';
import type { PluginStoreApi } from '../settings/settings-store';
import { createChangeMiddleware, type DocumentServiceMiddleware } from '../sync/change-middleware';
import { DocumentSyncQueue } from '../sync/document-sync-queue';
import type { DocumentsApi, QueryApi } from '../sync/read-published-entries';
import type { PluginLogger, SyncContext } from '../sync/sync-context';
import { syncDocument } from '../sync/sync-document';
import { SavedSettings } from '../settings/saved-settings';
import { ExclusiveWork } from './exclusive-work';
import {
  documentsChange,
  knownLocales,
  preparePluginConfig,
  type PreparedConfig,
} from './prepare-plugin-config';
import { RebuildJobs } from './rebuild-job';
import { runReconcilePass } from './run-reconcile-pass';
import { RecentProblems } from './recent-problems';

export interface AgentReadyStatus {
  state: RuntimeState;
  contentTypes: string[];
  /** Documents waiting for (or in) a sync. */
  pending: number;
  reconciling: boolean;
  lastReconcile?: LastReconcile;
  /** The last artifact rebuild this instance installed. */
  lastRebuild?: RebuildReport;
  settings: SettingsStatus;
  /** While `not-configured`: the required settings still missing. */
  missing?: RequiredSetting[];
}

const DEFAULT_BATCH_SIZE = 100;
/** How often an instance looks for settings another instance saved (one indexed row read). */
const SETTINGS_POLL_MS = 10_000;

function strapiLogger(strapi: Core.Strapi): PluginLogger {
  return {
    info: (message) => strapi.log.info(message),
    warn: (message) => strapi.log.warn(message),
    error: (message) => strapi.log.error(message),
  };
}

/**
 * The plugin at run time, one per Strapi instance. `register` subscribes the Document Service
 * middleware (changes are queued from then on); `start` (bootstrap) lays the settings saved in
 * the admin panel over config/plugins, checks the mapping against the schemas, opens the engine
 * on Strapi's own database, mounts the endpoints and reconciles; `saveSettings` applies new
 * settings without a restart; `stop` (destroy) lets work in progress finish and closes the engine.
 * When a required setting is missing from both (REQUIRED_SETTINGS), `start` leaves the plugin
 * "not configured" instead: Strapi runs as if it were absent until saved settings supply the rest.
 *
 * Reconciles and settings changes run one at a time with the sync queue paused, so a document
 * is never synced with half-installed settings.
 */
export class AgentReadyRuntime {
  /** The settings of config/plugins, validated (a required one may be missing). */
  readonly fileConfig: FilePluginConfig;
  /** Warnings and errors logged lately, for the admin page. */
  readonly problems = new RecentProblems();
  readonly siteChecks = new SiteChecks();
  readonly rebuildJobs: RebuildJobs;
  /** The settings in force; undefined until the plugin is configured and started. */
  private configValue?: AgentReadyPluginConfig;
  /** While not configured: what config/plugins and the saved settings give so far. */
  private incomplete?: MissingSettingsError;
  private readonly log: PluginLogger;
  private readonly queue: DocumentSyncQueue;
  private readonly unsubscribe: () => void;
  private readonly shutdown = new AbortController();
  private tracked: ReadonlySet<string>;
  private state: RuntimeState = 'registered';
  /** The site in force: engine, endpoints, identity and metrics (see openAgentSite). */
  private site?: AgentSite;
  private engineValue?: RegenerationEngine;
  private context?: SyncContext;
  private started?: Promise<void>;
  private readonly exclusiveWork: ExclusiveWork;
  private reconcilesWaiting = 0;
  private reconcileAbort?: AbortController;
  private lastReconcile?: LastReconcile;
  private readonly savedSettingsStore: SavedSettings;
  private settingsPoll?: NodeJS.Timeout;
  /** Puts Strapi's HTTP server back to Koa alone (see answerAheadOfKoa). */
  private restoreKoa?: () => void;

  constructor(private readonly strapi: Core.Strapi) {
    this.fileConfig = validateFilePluginConfig(strapi.config.get(`plugin::${PLUGIN_ID}`));
    this.log = this.problems.recording(strapiLogger(strapi));
    this.savedSettingsStore = new SavedSettings(
      strapi as unknown as PluginStoreApi,
      (settings) => this.prepare(settings),
      this.log,
    );
    this.queue = new DocumentSyncQueue({
      run: async (uid, documentId) => {
        if (!this.context) return;
        await syncDocument(this.context, uid, documentId);
      },
      onError: (error, uid, documentId) =>
        this.log.error(
          `agent-ready: could not update ${uid} ${documentId} for agents (healed at its next change or the next start): ${(error as Error).message}`,
        ),
    });
    this.exclusiveWork = new ExclusiveWork(this.queue);
    // Saved settings may expose more types: until they are read at bootstrap, track the file's.
    this.tracked = new Set(Object.keys(this.fileConfig.contentTypes ?? {}));
    const middleware: DocumentServiceMiddleware = createChangeMiddleware({
      tracks: (uid) => this.tracked.has(uid),
      db: strapi.db,
      onChange: (uid, documentId) => this.queue.enqueue(uid, documentId),
      onError: (error) =>
        this.log.error(`agent-ready: change not recorded: ${(error as Error).message}`),
    });
    const documents = strapi.documents as unknown as {
      use(middleware: DocumentServiceMiddleware): unknown;
    };
    const unsubscribe = documents.use(middleware);
    this.unsubscribe = typeof unsubscribe === 'function' ? (unsubscribe as () => void) : () => {};
    this.rebuildJobs = new RebuildJobs({
      total: () => this.countPublished(),
      reconcile: (onProgress) => this.reconcile('rebuild from the admin panel', { onProgress }),
      rebuildArtifacts: async () => {
        const engine = this.engine;
        if (!engine) throw new Error('the plugin is not running');
        await engine.whenIdle();
        return engine.rebuildArtifacts();
      },
    });
  }

  /**
   * The settings in force: config/plugins with the admin panel's settings laid over it. Throws
   * while there are none (starting, not configured): callers check `status().state` first.
   */
  get config(): AgentReadyPluginConfig {
    if (!this.configValue) throw new Error(`agent-ready is ${this.state}: no settings in force`);
    return this.configValue;
  }

  /**
   * What the settings page shows and edits: the settings in force or, while not configured,
   * config/plugins with the saved settings laid over it, a required setting still missing.
   */
  get configSoFar(): FilePluginConfig {
    return this.configValue ?? this.incomplete?.config ?? this.fileConfig;
  }

  get engine(): RegenerationEngine | undefined {
    return this.engineValue;
  }

  /** The exposed content types as resolved against the schemas (empty before start). */
  get types(): ReadonlyMap<string, ResolvedContentType> {
    return this.context?.types ?? new Map();
  }

  /** Bootstrap: throws (failing Strapi's start) on a mapping that does not fit the schemas. */
  start(): Promise<void> {
    this.started ??= this.startOnce().catch((error) => {
      this.state = 'failed';
      throw error;
    });
    return this.started;
  }

  private async startOnce(): Promise<void> {
    this.state = 'starting';
    const prepared = await this.settingsAtStart();
    this.mountAgentMiddleware();
    if (prepared instanceof MissingSettingsError) this.waitForSettings(prepared);
    else await this.activate(prepared);
    this.settingsPoll = setInterval(() => void this.refreshSettings(), SETTINGS_POLL_MS);
    this.settingsPoll.unref();
  }

  /**
   * What start-up puts in force: the saved settings laid over config/plugins, else config/plugins
   * alone, or, when a required setting is missing from both, what there is so far. Throws (failing
   * Strapi's start) on config/plugins settings that do not fit the schemas.
   */
  private async settingsAtStart(): Promise<PreparedConfig | MissingSettingsError> {
    const saved = await this.savedSettingsStore.readAtStart();
    if (saved) return saved.kind === 'prepared' ? saved.prepared : saved.missing;
    try {
      return await this.prepare(undefined);
    } catch (error) {
      if (error instanceof MissingSettingsError) return error;
      throw error;
    }
  }

  /**
   * Not configured: Strapi runs as if the plugin were absent (no endpoints; the settings page
   * works) until the missing settings are saved in the admin panel, here or on another instance.
   * One warning says what is missing and where to set it.
   */
  private waitForSettings(incomplete: MissingSettingsError): void {
    this.incomplete = incomplete;
    this.state = 'not-configured';
    // No change is tracked (the first reconcile reads everything once configured), so nothing is
    // queued; open, the queue counts as idle (`whenIdle`).
    this.tracked = new Set();
    this.queue.open();
    this.log.warn(notConfiguredWarning(incomplete.missing));
  }

  /**
   * Registered at bootstrap: after Strapi's global middlewares (logger, errors, security, CORS,
   * compression when enabled), before its router, so no route or static file shadows ours. It is
   * mounted even while the plugin is not configured (Koa's chain is fixed once Strapi listens) and
   * passes every request straight to Strapi until there are endpoints; the endpoints behind it are
   * replaced when settings change. Root link, root page, bot auth and metrics are config/plugins
   * settings, fixed at start-up.
   */
  private mountAgentMiddleware(): void {
    const file = this.fileConfig;
    const strapiHeaders = new LearnedStrapiHeaders();
    const agentMiddleware = createAgentKoaMiddleware({
      site: () => this.site!,
      rootLink: file.rootLink !== false,
      rootPage: file.rootPage ?? 'admin-redirect',
      strapiHeaders,
      log: this.log,
    });
    // Fresh cached M-URLs are answered on the HTTP server itself, before Koa's chain; the
    // rest goes through Koa and the middleware below.
    this.restoreKoa = answerAheadOfKoa(this.strapi.server.httpServer, {
      site: () => this.site,
      strapiHeaders,
    });
    const untilConfigured: KoaMiddleware = async (ctx, next) => {
      if (this.site) await agentMiddleware(ctx, next);
      else await next();
    };
    this.strapi.server.use(untilConfigured as never);
  }

  /**
   * Puts a complete config in force for the first time (at start-up, or when settings saved in
   * the admin panel supply what was missing): opens the engine on Strapi's database, creates the
   * endpoints, starts the metrics and the first reconcile.
   */
  private async activate(prepared: PreparedConfig, reason = 'start-up'): Promise<void> {
    const { strapi, log } = this;
    const { config, types } = prepared;
    if (types.size === 0)
      log.warn('agent-ready: no content type is exposed (contentTypes is empty)');
    // Nothing changes before the site is open: if it cannot be, the state stays as it was.
    // Bot auth and metrics come from config/plugins (the admin page does not change them).
    const site = await openAgentSite({
      site: config,
      // Strapi's own knex (its version may differ from the store's: same API, other typings).
      database: strapi.db.connection as unknown as DatabaseOption,
      mode: 'standalone',
      ...(config.tablePrefix ? { tablePrefix: config.tablePrefix } : {}),
      ...(config.rebuild ? { rebuild: config.rebuild } : {}),
      ...(config.revalidateAfterMs !== undefined
        ? { revalidateAfterMs: config.revalidateAfterMs }
        : {}),
      logger: log,
    });
    const engine = site.engine!;
    this.engineValue = engine;
    this.configValue = config;
    this.incomplete = undefined;
    this.tracked = new Set(types.keys());
    this.context = {
      engine,
      types,
      prepareOptions: prepareOptionsFor(config),
      ...(config.locales ? { locales: new Set(config.locales) } : {}),
      documents: strapi.documents as unknown as DocumentsApi,
      db: strapi.db as unknown as QueryApi,
      log,
    };
    // Last: the middleware serves as soon as there is a site.
    this.site = site;
    this.state = 'ready';
    log.info(`agent-ready: serving ${types.size} content types (${[...types.keys()].join(', ')})`);
    if (config.reconcile?.onBootstrap === false) this.queue.open();
    else void this.reconcile(reason);
  }

  /** See preparePluginConfig. */
  private prepare(settings: RuntimeSettings | undefined): Promise<PreparedConfig> {
    return preparePluginConfig(this.strapi, this.fileConfig, settings);
  }

  /** Codes of the locales Strapi knows (undefined without i18n). */
  knownLocales(): Promise<{ code: string; name?: string }[] | undefined> {
    return knownLocales(this.strapi);
  }

  /**
   * Checks, saves (plugin store) and applies settings from the admin panel; `undefined` goes back
   * to config/plugins alone. Throws ConfigProblemsError, saving nothing, when they do not fit.
   * Resolves once the new settings are in force; documents are re-rendered in the background
   * when the mapping changed (see `whenIdle`).
   */
  saveSettings(settings: RuntimeSettings | undefined, updatedBy?: string): Promise<SettingsStatus> {
    return this.savedSettingsStore.serial(async () => {
      this.assertSettingsEditable();
      const { prepared, record } = await this.savedSettingsStore.write(settings, updatedBy);
      await this.putInForce(prepared, record, 'configured in the admin panel');
      this.log.info(
        `agent-ready: settings ${record ? 'saved in the admin panel' : 'reset to config/plugins'} are in force`,
      );
      return this.settingsStatus();
    });
  }

  /**
   * Applies settings another instance saved (polled every few seconds; also callable): instances
   * sharing a database converge on the last save. Never throws.
   */
  refreshSettings(): Promise<void> {
    const saved = this.savedSettingsStore;
    return saved
      .serial(async () => {
        if (this.state !== 'ready' && this.state !== 'not-configured') return;
        const change = await saved.readChange();
        if (!change) return;
        if (change.kind === 'missing') {
          if (this.state === 'not-configured') {
            // Still not enough to start: the settings form shows what there is now.
            saved.applied = change.stored;
            this.incomplete = change.missing;
          } else
            saved.refuse(
              change.missing,
              'settings saved on another instance do not fit this one and are ignored',
            );
          return;
        }
        try {
          await this.putInForce(change.prepared, change.stored, 'configured on another instance');
        } catch (error) {
          // Settings that do not fit are said; anything else (the database) is retried later.
          saved.refuse(
            error,
            'settings saved on another instance do not fit this one and are ignored',
          );
          return;
        }
        this.log.info('agent-ready: applied the settings saved on another instance');
      })
      .catch((error) => {
        this.log.error(`agent-ready: could not apply saved settings: ${(error as Error).message}`);
      });
  }

  /** Settings can be saved once the plugin runs, or while it waits for them (not configured). */
  private assertSettingsEditable(): void {
    if (this.state !== 'ready' && this.state !== 'not-configured') {
      throw new Error(`agent-ready is ${this.state}: settings can be changed once it is running`);
    }
  }

  /** Applies checked settings: the first complete ones start the plugin, later ones replace them. */
  private async putInForce(
    prepared: PreparedConfig,
    record: StoredSettings | undefined,
    reason: string,
  ): Promise<void> {
    if (this.state !== 'not-configured') {
      await this.install(prepared, record);
      return;
    }
    await this.activate(prepared, reason);
    this.savedSettingsStore.applied = record;
  }

  /**
   * Puts a prepared config in force: artifact builders (a new configuration key, so artifacts are
   * rebuilt), endpoints (policy), the sync context (mapping, locales, rendering). A reconcile with
   * the old mapping is stopped, and one with the new mapping follows, when documents change.
   */
  private async install(prepared: PreparedConfig, record: StoredSettings | undefined) {
    const { config, types } = prepared;
    const rerender = documentsChange(this.config, config);
    const swap = () => {
      this.configValue = config;
      this.savedSettingsStore.applied = record;
      this.tracked = new Set(types.keys());
      this.site!.reconfigure(config);
      const { locales: _old, ...context } = this.context!;
      this.context = {
        ...context,
        types,
        prepareOptions: prepareOptionsFor(config),
        ...(config.locales ? { locales: new Set(config.locales) } : {}),
      };
    };
    if (!rerender) {
      // Documents render the same: no sync can see a difference, so no need to wait for any.
      swap();
      return;
    }
    // The pass in progress reads with the old mapping: stop it (a new one follows), wait for
    // syncs in flight, then swap while none runs.
    this.reconcileAbort?.abort();
    await this.exclusiveWork.run(async () => swap());
    void this.reconcile('settings changed');
  }

  /**
   * Brings the table in line with the content (start-up, a settings change, on demand):
   * document syncs wait meanwhile and run afterwards, so nothing saved during the pass is lost.
   * Resolves undefined when the pass failed (logged) or was stopped. Never throws.
   */
  reconcile(
    reason = 'on demand',
    options: { onProgress?(summary: ReconcileSummary): void } = {},
  ): Promise<ReconcileSummary | undefined> {
    this.reconcilesWaiting++;
    return this.exclusiveWork
      .run(() => this.reconcileNow(reason, options))
      .catch(() => undefined)
      .finally(() => {
        this.reconcilesWaiting--;
      });
  }

  private async reconcileNow(
    reason: string,
    options: { onProgress?(summary: ReconcileSummary): void },
  ): Promise<ReconcileSummary | undefined> {
    const context = this.context;
    if (!context || this.shutdown.signal.aborted) return undefined;
    const abort = new AbortController();
    this.reconcileAbort = abort;
    try {
      const record = await runReconcilePass(context, {
        reason,
        batchSize: this.config.reconcile?.batchSize ?? DEFAULT_BATCH_SIZE,
        signal: AbortSignal.any([this.shutdown.signal, abort.signal]),
        stoppedBecause: () =>
          this.shutdown.signal.aborted ? 'shutdown' : 'settings changed; a new pass follows',
        log: this.log,
        ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      });
      if (record) this.lastReconcile = record;
      return record;
    } finally {
      if (this.reconcileAbort === abort) this.reconcileAbort = undefined;
    }
  }

  /** Published versions of every exposed content type in its exposed locales, in Strapi. */
  async countPublished(): Promise<number> {
    const documents = this.strapi.documents as unknown as CountingDocumentsApi;
    const locales = this.config.locales ?? (await this.knownLocales())?.map((l) => l.code) ?? [];
    let total = 0;
    for (const type of this.types.values()) {
      for (const locale of type.localized ? locales : ['']) {
        total += await countPublishedEntries(documents, type, locale);
      }
    }
    return total;
  }

  /** Queues a re-sync of one document (all locales), e.g. after a change made outside Strapi. */
  resync(uid: string, documentId: string): void {
    this.queue.enqueue(uid, documentId);
  }

  /**
   * Resolves when every change so far is visible to agents: start-up done, reconciles (also an
   * admin's rebuild job) and settings changes finished, no document waiting, artifacts rebuilt. For tests and graceful
   * shutdowns.
   */
  async whenIdle(): Promise<void> {
    await this.started;
    while (true) {
      await this.savedSettingsStore.settled();
      await this.exclusiveWork.settled();
      await this.rebuildJobs.whenIdle();
      await this.queue.whenIdle();
      await this.engineValue?.whenIdle();
      if (this.exclusiveWork.pending === 0 && this.queue.pending === 0) return;
    }
  }

  get endpoints(): AgentEndpoints | undefined {
    return this.site?.endpoints;
  }

  /** Whether responses are being counted (`metrics` on). */
  get metricsEnabled(): boolean {
    return this.site?.metrics !== undefined;
  }

  /** Writes the responses counted so far (also done on a timer and at shutdown). */
  async flushMetrics(): Promise<void> {
    await this.site?.metrics?.flush();
  }

  /** The last 30 days of agent traffic as stored (what /llm-stats.json serves). */
  async agentStats(): Promise<AgentStats> {
    const reader = this.engineValue?.reader;
    return readAgentStats(reader && ((fromDay) => reader.readMetrics(fromDay)));
  }

  settingsStatus(): SettingsStatus {
    return this.savedSettingsStore.status();
  }

  /** The settings saved in the admin panel that are in force, if any. */
  get savedSettings(): StoredSettings | undefined {
    return this.savedSettingsStore.applied;
  }

  status(): AgentReadyStatus {
    const lastRebuild = this.engineValue?.lastRebuild;
    const missing = this.state === 'not-configured' ? this.incomplete?.missing : undefined;
    return {
      state: this.state,
      contentTypes: [...this.types.keys()],
      pending: this.queue.pending,
      reconciling: this.reconcilesWaiting > 0,
      ...(this.lastReconcile ? { lastReconcile: this.lastReconcile } : {}),
      ...(lastRebuild ? { lastRebuild } : {}),
      settings: this.settingsStatus(),
      ...(missing ? { missing: [...missing] } : {}),
    };
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    this.shutdown.abort();
    if (this.settingsPoll) clearInterval(this.settingsPoll);
    this.unsubscribe();
    this.restoreKoa?.();
    await this.savedSettingsStore.settled();
    await this.exclusiveWork.settled();
    // A check in progress only makes HTTP requests and ends within its time budget on its own.
    await this.rebuildJobs.whenIdle();
    await this.queue.close();
    // Counted but not yet written: flushed now, so a restart loses none of it.
    await this.site?.close();
  }
}
