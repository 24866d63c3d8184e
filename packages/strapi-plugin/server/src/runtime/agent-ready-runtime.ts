import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Core } from '@strapi/strapi';
import type {
  LastReconcile,
  ReconcileProgress,
  ReconcileSummary,
  RuntimeState,
} from './runtime-status';
import type { SettingsStatus } from '../settings/settings-status';
import { readAgentStats, type AgentStats } from '@agent-ready/core/metrics';
import type { AgentEndpoints } from '@agent-ready/core/serve';
import {
  openAgentSite,
  siteStoreOptionsOf,
  type AgentSite,
  type DatabaseOption,
  type PurgeStatus,
  type RebuildReport,
  type RegenerationEngine,
} from '@agent-ready/store';
import type { AgentReadyPluginConfig, FilePluginConfig } from '../config/plugin-config';
import { notConfiguredWarning, type RequiredSetting } from '../config/required-settings';
import { MissingSettingsError } from '../config/validate-plugin-config';
import { countPublishedEntries, type CountingDocumentsApi } from './count-documents';
import { SiteChecks } from './site-checks';
import { CoverageMonitor } from '../text-coverage/coverage-monitor';
import type { Coverage } from '../text-coverage/measure-coverage';
import { createAgentKoaMiddleware } from '../http/agent-koa-middleware';
import { createSiteMcpHandler, siteMcpSettings } from '@agent-ready/mcp';
import { answerAheadOfKoa } from '../http/answer-ahead-of-koa';
import { LearnedStrapiHeaders } from '../http/learn-strapi-headers';
import type { KoaApplication, KoaMiddleware } from '../http/koa-context';
import { strapiServerOrigins } from '../http/strapi-server-origins';
import { findSiteSummarySource, type SiteSummarySource } from '../mapping/find-site-summary';
import type { ResolvedContentType } from '../mapping/resolve-content-types';
import type { StrapiSchema } from '../schema/strapi-schema';
import type { RuntimeSettings, StoredSettings } from '../settings/runtime-settings';
import type { PluginLogger, SyncContext } from '../sync/sync-context';
import { DocumentSync } from '../sync/document-sync';
import {
  documentsChange,
  knownLocales,
  type PreparedConfig,
} from '../settings/prepare-plugin-config';
import { RebuildJobs } from './rebuild-job';
import { RecentProblems } from './recent-problems';
import { SettingsInForce } from './settings-in-force';

export interface AgentReadyStatus {
  state: RuntimeState;
  contentTypes: string[];
  /** Documents waiting for (or in) a sync. */
  pending: number;
  reconciling: boolean;
  /** While a reconcile runs: done, total, rate, time left. */
  reconcileProgress?: ReconcileProgress;
  lastReconcile?: LastReconcile;
  /** The last artifact rebuild this instance installed. */
  lastRebuild?: RebuildReport;
  settings: SettingsStatus;
  /** While `not-configured`: the required settings still missing. */
  missing?: RequiredSetting[];
  /** How much of each type's text reaches agents, as last measured (after a reconcile). */
  coverage?: Coverage;
}

const DEFAULT_BATCH_SIZE = 100;

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
 * It assembles three parts: the settings in force (SettingsInForce), the document sync
 * (DocumentSync: changes, syncs, reconciles) and the site serving agents (openAgentSite, mounted
 * in Koa and ahead of it).
 */
export class AgentReadyRuntime {
  /** Warnings and errors logged lately, for the admin page. */
  readonly problems = new RecentProblems();
  readonly siteChecks = new SiteChecks();
  readonly rebuildJobs: RebuildJobs;
  /** How much of each type's text reaches agents (the admin pages, Check now, the status). */
  readonly coverage: CoverageMonitor;
  private readonly log: PluginLogger;
  private readonly settings: SettingsInForce;
  private readonly sync: DocumentSync;
  private state: RuntimeState = 'registered';
  /** The site in force: engine, endpoints, identity and metrics (see openAgentSite). */
  private site?: AgentSite;
  /** See siteSummarySource (null: the site keeps none). */
  private summarySource?: SiteSummarySource | null;
  private engineValue?: RegenerationEngine;
  private started?: Promise<void>;
  /** Puts Strapi's HTTP server back to Koa alone (see answerAheadOfKoa). */
  private restoreKoa?: () => void;
  /** The MCP endpoint made for the site and config in force (see mcpEndpoint). */
  private mcp?: {
    config: AgentReadyPluginConfig;
    site: object;
    path: string;
    handle(req: IncomingMessage, res: ServerResponse): void;
  };

  constructor(private readonly strapi: Core.Strapi) {
    this.log = this.problems.recording(strapiLogger(strapi));
    this.settings = new SettingsInForce(strapi, this.log, {
      state: () => this.state,
      activate: (prepared, reason) => this.activate(prepared, reason),
      replace: (prepared, commit) => this.install(prepared, commit),
    });
    this.sync = new DocumentSync(strapi, {
      log: this.log,
      // Saved settings may expose more types: until they are read at bootstrap, track the file's.
      tracked: new Set(Object.keys(this.fileConfig.contentTypes ?? {})),
      batchSize: () => this.config.reconcile?.batchSize ?? DEFAULT_BATCH_SIZE,
      countPublished: () => this.countPublished(),
      onReconciled: () => void this.coverage.measureAndWarn(),
      // llms.txt's summary may be the site's own description: its edit reaches agents at once.
      onChanged: (uid) => {
        if (uid === this.siteSummaryUid()) void this.settings.refresh();
      },
    });
    this.coverage = new CoverageMonitor(() => this.sync.syncContext, this.log);
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

  /** The settings of config/plugins, validated (a required one may be missing). */
  get fileConfig(): FilePluginConfig {
    return this.settings.fileConfig;
  }

  /**
   * The settings in force: config/plugins with the admin panel's settings laid over it. Throws
   * while there are none (starting, not configured): callers check `status().state` first.
   */
  get config(): AgentReadyPluginConfig {
    return this.settings.config;
  }

  /**
   * What the settings page shows and edits: the settings in force or, while not configured,
   * config/plugins with the saved settings laid over it, a required setting still missing.
   */
  get configSoFar(): FilePluginConfig {
    return this.settings.configSoFar;
  }

  get engine(): RegenerationEngine | undefined {
    return this.engineValue;
  }

  /** Where syncs read and write, with the mapping in force (undefined until configured). */
  get syncContext(): SyncContext | undefined {
    return this.sync.syncContext;
  }

  /** The exposed content types as resolved against the schemas (empty before start). */
  get types(): ReadonlyMap<string, ResolvedContentType> {
    return this.sync.types;
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
    const prepared = await this.settings.atStart();
    this.mountAgentMiddleware();
    if (prepared instanceof MissingSettingsError) this.waitForSettings(prepared);
    else await this.activate(prepared);
    this.settings.startPolling();
  }

  /**
   * Not configured: Strapi runs as if the plugin were absent (no endpoints; the settings page
   * works) until the missing settings are saved in the admin panel, here or on another instance.
   * One warning says what is missing and where to set it.
   */
  private waitForSettings(incomplete: MissingSettingsError): void {
    this.settings.waitFor(incomplete);
    this.state = 'not-configured';
    this.sync.idleUntilConfigured();
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
      mcp: () => this.mcpEndpoint(),
    });
    const untilConfigured: KoaMiddleware = async (ctx, next) => {
      if (this.site) await agentMiddleware(ctx, next);
      else await next();
    };
    this.strapi.server.use(untilConfigured as never);
  }

  /** The MCP endpoint of the site and settings in force (option `mcp`), made once per config. */
  private mcpEndpoint() {
    const site = this.site;
    if (!site) return undefined;
    const config = this.config;
    const settings = siteMcpSettings(config);
    if (!settings) return undefined;
    if (this.mcp?.config !== config || this.mcp.site !== site) {
      const koa = this.strapi.server.app as unknown as KoaApplication;
      const handler = createSiteMcpHandler(site, config, {
        // Koa's own `ctx.ip` (Koa has not seen the request): the address, and so the `rateLimit`
        // budget, the client has on every other agent endpoint, `server.proxy` honoured.
        clientAddress: (req, res) => koa.createContext(req, res).ip,
        serverOrigins: strapiServerOrigins(this.strapi.config.get('server')),
        onError: (error) =>
          this.log.warn(`agent-ready: MCP call failed: ${(error as Error).message}`),
      });
      this.mcp = {
        config,
        site,
        path: settings.path,
        handle: (req, res) => {
          handler(req, res).catch((error: unknown) => {
            this.log.warn(`agent-ready: MCP request failed: ${(error as Error).message}`);
            if (!res.headersSent) res.writeHead(400, { 'content-type': 'application/json' });
            res.end();
          });
        },
      };
    }
    return this.mcp;
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
      // Table prefix, rebuild, revalidation; edge, object storage, notify (config/plugins only).
      ...siteStoreOptionsOf(config),
      logger: log,
    });
    const engine = site.engine!;
    this.engineValue = engine;
    this.settings.commit(config);
    this.sync.attach(engine, prepared);
    // Last: the middleware serves as soon as there is a site.
    this.site = site;
    this.state = 'ready';
    log.info(`agent-ready: serving ${types.size} content types (${[...types.keys()].join(', ')})`);
    if (config.reconcile?.onBootstrap === false) this.sync.open();
    else void this.reconcile(reason);
  }

  /**
   * Puts a prepared config in force over the one in force: artifact builders (a new configuration
   * key, so artifacts are rebuilt), endpoints (policy), the sync's mapping, locales and rendering.
   * A reconcile with the old mapping is stopped, and one with the new mapping follows, when
   * documents change (see DocumentSync.replaceMapping).
   */
  private async install(prepared: PreparedConfig, commit: () => void): Promise<void> {
    const rerender = documentsChange(this.config, prepared.config);
    await this.sync.replaceMapping(prepared, { rerender }, () => {
      commit();
      this.site!.reconfigure(prepared.config);
    });
  }

  /**
   * Where the site keeps its own description (find-site-summary.ts), from the schemas, which do
   * not change while Strapi runs: read once.
   */
  siteSummarySource(): SiteSummarySource | undefined {
    if (this.summarySource === undefined) {
      const component = (uid: string) =>
        this.strapi.components[uid as keyof typeof this.strapi.components] as unknown as
          StrapiSchema | undefined;
      this.summarySource =
        findSiteSummarySource(
          this.strapi.contentTypes as unknown as Record<string, StrapiSchema>,
          component,
        ) ?? null;
    }
    return this.summarySource ?? undefined;
  }

  private siteSummaryUid(): string | undefined {
    return this.siteSummarySource()?.uid;
  }

  /** llms.txt's summary when it is the site's own description, not a setting (see settings). */
  get derivedSummary(): string | undefined {
    return this.settings.derivedSummary;
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
    return this.settings.save(settings, updatedBy);
  }

  /**
   * Applies settings another instance saved (polled every few seconds; also callable): instances
   * sharing a database converge on the last save. Never throws.
   */
  refreshSettings(): Promise<void> {
    return this.settings.refresh();
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
    return this.sync.reconcile(reason, options);
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
    this.sync.resync(uid, documentId);
  }

  /**
   * Resolves when every change so far is visible to agents: start-up done, reconciles (also an
   * admin's rebuild job) and settings changes finished, no document waiting, artifacts rebuilt.
   * For tests and graceful shutdowns.
   */
  async whenIdle(): Promise<void> {
    await this.started;
    while (true) {
      await this.settings.settled();
      await this.sync.settled();
      await this.rebuildJobs.whenIdle();
      await this.sync.whenQueueIdle();
      await this.engineValue?.whenIdle();
      await this.coverage.settled();
      if (this.sync.idle) return;
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

  /**
   * Purges of the shared cache (the `edge` option): tags sent and waiting, failed requests and
   * the last error, as the purge outbox in the database has them (every instance's); undefined
   * without the option or a site.
   */
  async purgeStatus(): Promise<PurgeStatus | undefined> {
    return this.site?.readPurgeStatus();
  }

  settingsStatus(): SettingsStatus {
    return this.settings.status();
  }

  /** The settings saved in the admin panel that are in force, if any. */
  get savedSettings(): StoredSettings | undefined {
    return this.settings.savedSettings;
  }

  status(): AgentReadyStatus {
    const lastRebuild = this.engineValue?.lastRebuild;
    const missing = this.state === 'not-configured' ? this.settings.missing : undefined;
    const { lastReconcile } = this.sync;
    return {
      state: this.state,
      contentTypes: [...this.types.keys()],
      pending: this.sync.pending,
      reconciling: this.sync.reconciling,
      ...(this.sync.progress ? { reconcileProgress: { ...this.sync.progress } } : {}),
      ...(lastReconcile ? { lastReconcile } : {}),
      ...(lastRebuild ? { lastRebuild } : {}),
      settings: this.settingsStatus(),
      ...(missing ? { missing: [...missing] } : {}),
      ...(this.coverage.last ? { coverage: this.coverage.last } : {}),
    };
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    this.sync.stopTracking();
    this.settings.stopPolling();
    this.restoreKoa?.();
    await this.settings.settled();
    await this.sync.settled();
    // A check in progress only makes HTTP requests and ends within its time budget on its own.
    await this.rebuildJobs.whenIdle();
    await this.coverage.settled();
    await this.sync.close();
    // Counted but not yet written: flushed now, so a restart loses none of it.
    await this.site?.close();
  }
}
