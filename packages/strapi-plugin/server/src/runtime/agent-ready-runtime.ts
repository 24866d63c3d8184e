import type { Core } from '@strapi/strapi';
import {
  createAgentEndpoints,
  endpointOptionsFor,
  prepareOptionsFor,
  type AgentEndpoints,
} from '@agent-ready/core';
import { RegenerationEngine, siteArtifactBuilders, type DatabaseOption } from '@agent-ready/store';
import type { AgentReadyPluginConfig } from '../config/plugin-config';
import { PLUGIN_ID } from '../config/plugin-config';
import {
  KNOWN_CONFIG_KEYS,
  throwConfigProblems,
  validatePluginConfig,
} from '../config/validate-plugin-config';
import { createAgentKoaMiddleware } from '../http/agent-koa-middleware';
import { resolveContentTypes } from '../mapping/resolve-content-types';
import type { SchemaLookup, StrapiSchema } from '../mapping/strapi-schema';
import { createChangeMiddleware, type DocumentServiceMiddleware } from '../sync/change-middleware';
import { DocumentSyncQueue } from '../sync/document-sync-queue';
import type { DocumentsApi, QueryApi } from '../sync/read-published-entries';
import { reconcileContent, type ReconcileSummary } from '../sync/reconcile-content';
import type { PluginLogger, SyncContext } from '../sync/sync-context';
import { syncDocument } from '../sync/sync-document';

export type RuntimeState = 'registered' | 'starting' | 'ready' | 'failed' | 'stopped';

export interface AgentReadyStatus {
  state: RuntimeState;
  contentTypes: string[];
  /** Documents waiting for (or in) a sync. */
  pending: number;
  reconciling: boolean;
  lastReconcile?: ReconcileSummary & { reason: string; finishedAt: string; ms: number };
}

const DEFAULT_BATCH_SIZE = 100;

function logger(strapi: Core.Strapi): PluginLogger {
  return {
    info: (message) => strapi.log.info(message),
    warn: (message) => strapi.log.warn(message),
    error: (message) => strapi.log.error(message),
  };
}

/**
 * The plugin at run time, one per Strapi instance. `register` subscribes the Document Service
 * middleware (changes are queued from then on); `start` (bootstrap) checks the mapping against
 * the schemas, opens the engine on Strapi's own database, mounts the endpoints and reconciles;
 * `stop` (destroy) lets work in progress finish and closes the engine.
 */
export class AgentReadyRuntime {
  readonly config: AgentReadyPluginConfig;
  private readonly log: PluginLogger;
  private readonly queue: DocumentSyncQueue;
  private readonly unsubscribe: () => void;
  private readonly shutdown = new AbortController();
  private state: RuntimeState = 'registered';
  private engine?: RegenerationEngine;
  private context?: SyncContext;
  private endpointsValue?: AgentEndpoints;
  private started?: Promise<void>;
  private reconciling?: Promise<ReconcileSummary | undefined>;
  private lastReconcile?: AgentReadyStatus['lastReconcile'];

  constructor(private readonly strapi: Core.Strapi) {
    this.config = validatePluginConfig(strapi.config.get(`plugin::${PLUGIN_ID}`));
    this.log = logger(strapi);
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
    const tracked = new Set(Object.keys(this.config.contentTypes));
    const middleware: DocumentServiceMiddleware = createChangeMiddleware({
      tracks: (uid) => tracked.has(uid),
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
    const { strapi, config, log } = this;
    this.state = 'starting';
    const raw = strapi.config.get(`plugin::${PLUGIN_ID}`) as Record<string, unknown>;
    for (const key of Object.keys(raw ?? {})) {
      if (!KNOWN_CONFIG_KEYS.has(key)) log.warn(`agent-ready: unknown option ${key} is ignored`);
    }
    const lookup: SchemaLookup = {
      contentType: (uid) =>
        strapi.contentTypes[uid as keyof typeof strapi.contentTypes] as unknown as
          StrapiSchema | undefined,
      component: (uid) =>
        strapi.components[uid as keyof typeof strapi.components] as unknown as
          StrapiSchema | undefined,
      privateAttributes: strapi.config.get('api.responses.privateAttributes', []) as string[],
    };
    const types = resolveContentTypes(config.contentTypes, lookup);
    await this.checkLocales();
    if (types.size === 0)
      log.warn('agent-ready: no content type is exposed (contentTypes is empty)');

    const engine = await RegenerationEngine.open({
      // Strapi's own knex (its version may differ from the store's: same API, other typings).
      database: strapi.db.connection as unknown as DatabaseOption,
      ...(config.tablePrefix ? { tablePrefix: config.tablePrefix } : {}),
      builders: siteArtifactBuilders(config),
      ...(config.rebuild ? { rebuild: config.rebuild } : {}),
      logger: log,
    });
    this.engine = engine;
    const endpoints = createAgentEndpoints(engine.reader, endpointOptionsFor(config));
    this.endpointsValue = endpoints;
    this.context = {
      engine,
      types,
      prepareOptions: prepareOptionsFor(config),
      ...(config.locales ? { locales: new Set(config.locales) } : {}),
      documents: strapi.documents as unknown as DocumentsApi,
      db: strapi.db as unknown as QueryApi,
      log,
    };
    // Registered at bootstrap: after Strapi's global middlewares (logger, errors, security, CORS,
    // compression when enabled), before its router, so no route or static file shadows ours.
    strapi.server.use(
      createAgentKoaMiddleware({
        endpoints,
        rootLink: config.rootLink !== false,
        rootPage: config.rootPage ?? 'admin-redirect',
        log,
      }) as never,
    );
    this.state = 'ready';
    log.info(`agent-ready: serving ${types.size} content types (${[...types.keys()].join(', ')})`);
    if (config.reconcile?.onBootstrap === false) this.queue.open();
    else void this.reconcile('start-up');
  }

  private async checkLocales(): Promise<void> {
    const wanted = this.config.locales;
    if (!wanted) return;
    const service = this.strapi.plugin('i18n')?.service('locales') as
      { find(): Promise<{ code: string }[]> } | undefined;
    if (!service) return;
    const known = new Set((await service.find()).map((locale) => locale.code));
    throwConfigProblems(
      wanted.flatMap((code, index) =>
        known.has(code)
          ? []
          : [{ field: `locales[${index}]`, message: `no such locale: ${code}`, value: code }],
      ),
    );
  }

  /**
   * Brings the table in line with the content (start-up, or on demand): document syncs wait
   * meanwhile and run afterwards, so nothing saved during the pass is lost. Never throws.
   */
  reconcile(reason = 'on demand'): Promise<ReconcileSummary | undefined> {
    const previous = this.reconciling ?? Promise.resolve(undefined);
    const run = previous.then(async () => {
      const context = this.context;
      if (!context || this.shutdown.signal.aborted) return undefined;
      await this.queue.pause();
      const started = Date.now();
      const batchSize = this.config.reconcile?.batchSize ?? DEFAULT_BATCH_SIZE;
      this.log.info(`agent-ready: reconciling the agent table with the content (${reason})`);
      try {
        const summary = await reconcileContent(context, {
          batchSize,
          signal: this.shutdown.signal,
          onProgress: (s) =>
            this.log.info(
              `agent-ready: reconcile: ${s.seen} published versions checked, ${s.changed} updated`,
            ),
        });
        const ms = Date.now() - started;
        this.lastReconcile = { ...summary, reason, finishedAt: new Date().toISOString(), ms };
        this.log.info(
          `agent-ready: reconciled ${summary.seen} published versions in ${(ms / 1000).toFixed(1)} s: ${summary.changed} updated, ${summary.removed} removed, ${summary.failed} not servable`,
        );
        return summary;
      } catch (error) {
        this.log.error(
          `agent-ready: reconcile failed (it runs again at the next start): ${(error as Error).message}`,
        );
        return undefined;
      } finally {
        this.queue.open();
      }
    });
    this.reconciling = run;
    void run.finally(() => {
      if (this.reconciling === run) this.reconciling = undefined;
    });
    return run;
  }

  /** Queues a re-sync of one document (all locales), e.g. after a change made outside Strapi. */
  resync(uid: string, documentId: string): void {
    this.queue.enqueue(uid, documentId);
  }

  /**
   * Resolves when every change so far is visible to agents: start-up done, reconcile finished,
   * no document waiting, artifacts rebuilt. For tests and graceful shutdowns.
   */
  async whenIdle(): Promise<void> {
    await this.started;
    while (true) {
      await this.reconciling;
      await this.queue.whenIdle();
      await this.engine?.whenIdle();
      if (this.reconciling === undefined && this.queue.pending === 0) return;
    }
  }

  get endpoints(): AgentEndpoints | undefined {
    return this.endpointsValue;
  }

  status(): AgentReadyStatus {
    return {
      state: this.state,
      contentTypes: [...(this.context?.types.keys() ?? [])],
      pending: this.queue.pending,
      reconciling: this.reconciling !== undefined,
      ...(this.lastReconcile ? { lastReconcile: this.lastReconcile } : {}),
    };
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    this.shutdown.abort();
    this.unsubscribe();
    await this.reconciling;
    await this.queue.close();
    await this.engine?.close();
  }
}
