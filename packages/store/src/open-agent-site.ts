import {
  classifyAgent,
  countResponse,
  createAgentEndpoints,
  createAgentIdentifier,
  endpointOptionsFor,
  rateLimitSettings,
  servingSettingsOf,
  type AgentEndpoints,
  type AgentRequest,
  type AgentSiteOptions,
  type HttpResponse,
  type ServingSettings,
} from '@agent-ready/core';
import { createAgentRateLimiter, type AgentRateLimiter } from './reader/agent-rate-limiter';
import { edgeHeaderSettingsOf, type EdgeOptions } from './edge/edge-options';
import type { EdgePurging } from './edge/enqueue-change-purges';
import { createPurgeDelivery, type PurgeDelivery } from './edge/purge-delivery';
import { readPurgeStatus, type PurgeStatus } from './edge/purge-outbox';
import { createPurger, purgerOptionsSchema } from './edge/purger-options';
import type { Knex } from 'knex';
import type { DatabaseOption, Dialect } from './schema/open-database';
import type { TableNames } from './schema/table-names';
import { openStoreReader } from './reader/open-store-reader';
import { RegenerationEngine, type RegenerationEngineOptions } from './regeneration-engine';
import { startServingMetrics, type ServingMetrics } from './reader/serving-metrics';
import { scpCollectionHostFor, type ScpObjectStorageOptions } from './rebuild/scp-object-storage';
import { siteArtifactSettings, type SiteArtifactHosting } from './rebuild/site-artifact-builders';
import { declaredStoredFamilies, type StoredFamily } from './rebuild/stored-families';
import type { StoreLogger } from './ground/store-logger';
import type { StoreReader } from './reader/store-reader';
import type { NotifyOptions } from './notify/redis-change-relay';
import {
  createAnswerGate,
  type AgentSiteOutcome,
  type AgentSiteRequest,
} from './gate-agent-answer';

export type { AgentSiteOutcome, AgentSiteRequest } from './gate-agent-answer';

export interface OpenAgentSiteOptions {
  /** The site's options, validated (`validateAgentSiteOptions`). */
  site: AgentSiteOptions;
  /** Where the table lives: a knex instance (Strapi's) or a connection config. */
  database: DatabaseOption;
  tablePrefix?: string;
  /**
   * `standalone`: this process writes the table and builds the artifacts (an engine).
   * `read-only`: it serves a table another process maintains (a reader, no migrations).
   */
  mode: 'standalone' | 'read-only';
  rebuild?: RegenerationEngineOptions['rebuild'];
  /** How long cached rows are trusted before re-checking the table (ms, default 250). */
  revalidateAfterMs?: number;
  logger: StoreLogger;
  /**
   * A shared cache in front of the site, kept right by purges (docs/edge.md): agent responses
   * carry cache tags and a shared lifetime, every committed change enqueues the purge of the
   * tags whose bytes it changed, and this process delivers the outbox (as does every instance
   * with the option). Absent: no shared-cache header, nothing purged.
   */
  edge?: EdgeOptions;
  /**
   * SCP collections in object storage (docs/edge.md): snapshots and sealed delta parts uploaded
   * to an S3-compatible bucket and advertised in `/scp/sitemap.xml` at its public base URL.
   * Standalone mode only (the writer builds the collections; a reader serves its sitemap).
   * Refused with `scp: false`. Absent: every collection is served from the table.
   */
  scpObjectStorage?: ScpObjectStorageOptions;
  /**
   * `{ redis: url }`: every instance tells the others of its commits over Redis and revalidates
   * on theirs (docs/change-feed.md). Absent: PostgreSQL's NOTIFY, SQLite's data version, else
   * the `revalidateAfterMs` poll.
   */
  notify?: NotifyOptions;
  /** See `StoreReaderOptions.sqliteChangeCheck` (default true; the adapters never turn it off). */
  sqliteChangeCheck?: boolean;
  /**
   * Stored families beyond agent-ready's own (an extension's): each declared once with
   * `storedFamily(family, builder)`, core's family object (descriptor, headers, endpoint) and
   * the builder of its artifacts. The engine builds them with the others, the reader reads their
   * rows, the endpoints serve them after the registry's families. Give every process of the
   * site the same: one without a family leaves its paths to the app, and its next install (a
   * writer's) removes that family's files.
   */
  storedFamilies?: readonly StoredFamily[];
}

/** The options of `openAgentSite` an adapter takes from its user as they are. */
const SITE_STORE_KEYS = [
  'tablePrefix',
  'rebuild',
  'revalidateAfterMs',
  'edge',
  'scpObjectStorage',
  'notify',
] as const;

export type SiteStoreOptions = Pick<OpenAgentSiteOptions, (typeof SITE_STORE_KEYS)[number]>;

/**
 * The store options an adapter passes on to `openAgentSite`, those its user set: written once
 * for Express and the Strapi plugin, so an option the store gains reaches both.
 */
export function siteStoreOptionsOf(options: SiteStoreOptions): SiteStoreOptions {
  const picked: Record<string, unknown> = {};
  for (const key of SITE_STORE_KEYS)
    if (options[key] !== undefined && options[key] !== '') picked[key] = options[key];
  return picked as SiteStoreOptions;
}

/** One site served from one table: what both adapters run, in the same order. */
export interface AgentSite {
  readonly endpoints: AgentEndpoints;
  readonly reader: StoreReader;
  /** Standalone mode only. */
  readonly engine?: RegenerationEngine;
  /** While `metrics` is on. */
  readonly metrics?: ServingMetrics;
  /**
   * The request pipeline: the endpoints decide; what is agent-ready's is then checked against
   * Web Bot Auth (a refusal with `gate: true`), charged to the client's `rateLimit` budget (429
   * past it; a 304 is free) and counted. A store that cannot answer gives 503. Requests that are
   * not agent-ready's are neither verified, limited nor counted here.
   */
  handle(request: AgentSiteRequest): Promise<AgentSiteOutcome>;
  /**
   * A page request whose `Accept` prefers Markdown: its twin, through the same pipeline as
   * `handle`; `undefined` when the page has none or HTML is wanted (the app answers).
   */
  negotiatePage(request: AgentSiteRequest): Promise<AgentSiteOutcome | undefined>;
  /**
   * The hot path: a fresh cached public M-URL, synchronously (unsigned requests only). Off while
   * `rateLimit` is on: every request then goes through `handle`, which charges it.
   */
  handleCached(request: AgentRequest): HttpResponse | undefined;
  /**
   * Whether `GET`/`HEAD` `request` is for the robots.txt the site composes (`robotsTxt` set, as
   * the writer stored it for a read-only process): the adapter then asks the app for its own
   * first and sends `answerRobotsTxt`.
   */
  wantsRobotsTxt(request: AgentRequest): Promise<boolean>;
  /**
   * `/robots.txt` composed onto the app's own (`own`: what the app answered there; `undefined`
   * when it has none), through the same pipeline as `handle` (identity, metrics), but never
   * rate-limited.
   */
  answerRobotsTxt(request: AgentSiteRequest, own: string | undefined): Promise<AgentSiteOutcome>;
  /** The agent family a request counts under: `verified:<host>` for a valid signature. */
  agentFamily(request: AgentSiteRequest): Promise<string>;
  /**
   * Who is asking, for what the site serves outside `handle` (the MCP endpoint): the family to
   * count under, and the refusal to send when a failing signature is gated (`botAuth.gate`).
   */
  identifyAgent(request: AgentSiteRequest): Promise<{ family: string; refusal?: HttpResponse }>;
  /**
   * Charges one request of `family` to its client's `rateLimit` budget, for what the site serves
   * outside `handle` (the MCP endpoint): `undefined` to go on, else the seconds until the budget
   * is whole again (refuse with 429). Always `undefined` while `rateLimit` is off.
   */
  limitRate(request: AgentSiteRequest, family: string): Promise<number | undefined>;
  /** Whether a request carries a signature this site verifies. */
  needsVerification(request: AgentRequest): boolean;
  /**
   * Purges of the shared cache (the `edge` option): tags sent and waiting, failed requests, the
   * last error, for the admin view; `undefined` without the option.
   */
  readPurgeStatus(): Promise<PurgeStatus | undefined>;
  /** This process's purge delivery loop, while the `edge` option is set. */
  readonly purgeDelivery?: PurgeDelivery;
  /** New site options while running: endpoints, and the engine's builders and sitemap. */
  reconfigure(site: AgentSiteOptions): void;
  close(): Promise<void>;
}

/**
 * Opens a site on its table: an engine (standalone) or a reader (read-only), the endpoints over
 * it, serving metrics and the agent identifier, assembled once for every adapter.
 */
export async function openAgentSite(options: OpenAgentSiteOptions): Promise<AgentSite> {
  const { logger } = options;
  // Checked before anything opens: a bad option throws here, not in a rebuild.
  const extra = { storedFamilies: declaredStoredFamilies(options.storedFamilies).endpoints };
  const collections =
    options.mode === 'standalone'
      ? scpCollectionHostFor(options.site, options.scpObjectStorage)
      : undefined;
  const hosting: SiteArtifactHosting = collections ? { collections } : {};
  if (options.mode === 'read-only' && options.scpObjectStorage) {
    logger.warn(
      'agent-ready: scpObjectStorage is not used by a read-only process: its writer uploads the collections',
    );
  }
  const edge = options.edge;
  const edgeHeaders = edge ? { edge: edgeHeaderSettingsOf(edge) } : {};
  let purgeDelivery: PurgeDelivery | undefined;
  const purging: EdgePurging | undefined = edge
    ? {
        ...(edge.keyPrefix ? { keyPrefix: edge.keyPrefix } : {}),
        onEnqueued: () => purgeDelivery?.notify(),
      }
    : undefined;
  const store = await openSiteStore(options, hosting, purging);
  const { engine, reader, knex, tables } = store;
  const metrics = startSiteMetrics(options.site, store, logger);
  if (edge) {
    purgeDelivery = createPurgeDelivery({
      knex,
      tables,
      purger: createPurger(purgerOptionsSchema.parse(edge.purger)),
      ...edge.delivery,
      logger,
    });
  }
  const identifier = createAgentIdentifier(options.site.botAuth);
  let site = options.site;
  const endpointsFor = (next: AgentSiteOptions, stored?: ServingSettings) =>
    createAgentEndpoints(reader, { ...endpointOptionsFor(next, stored), ...edgeHeaders }, extra);
  let endpoints = endpointsFor(site);
  let limiter = limiterFor(site);
  /** Read-only: the stored serving settings the endpoints were made with, and their JSON. */
  let following: { settings: ServingSettings; json: string } | undefined;
  /**
   * A read-only process serves what its writer decided for the site as a whole (origin, policy,
   * usage, robots.txt rules, llms.txt notice), as stored with the artifacts, not its own options'
   * (which still decide its access hook and stats). Before the writer's first install, its own.
   */
  async function followWriter(): Promise<void> {
    if (options.mode !== 'read-only') return;
    const stored = await reader.servingSettings();
    if (!stored || stored === following?.settings) return;
    const json = JSON.stringify(stored);
    if (json !== following?.json) {
      endpoints = endpointsFor(site, stored);
      if (json !== JSON.stringify(servingSettingsOf(site)))
        logger.warn(
          "agent-ready: serving the site settings its writer stored with the artifacts (origin, policy, usage, robots.txt rules, llms.txt notice); this process's own differ and are not used",
        );
    }
    following = { settings: stored, json };
  }

  const count = (response: HttpResponse, family: string) => {
    if (metrics) countResponse(metrics.recorder, response, family);
  };
  const { through, identify, keyOf } = createAnswerGate({
    identifier,
    limiter: () => limiter,
    count,
    logger,
  });

  // Started once nothing above can throw; it also sends what a process killed after a commit
  // left undelivered.
  purgeDelivery?.start();
  return {
    get endpoints() {
      return endpoints;
    },
    reader,
    ...(engine ? { engine } : {}),
    ...(metrics ? { metrics } : {}),
    ...(purgeDelivery ? { purgeDelivery } : {}),
    readPurgeStatus: async () => (edge ? readPurgeStatus(knex, tables) : undefined),
    handle: async (request) =>
      (await through(request, async () => {
        await followWriter();
        return endpoints.handle(request);
      })) ?? { kind: 'pass' },
    negotiatePage: (request) =>
      through(request, async () => {
        await followWriter();
        return endpoints.negotiatePage(request);
      }),
    async wantsRobotsTxt(request) {
      await followWriter();
      return endpoints.wantsRobotsTxt(request);
    },
    // Never rate-limited: a client told to slow down must still be able to read the rules.
    answerRobotsTxt: async (request, own) =>
      (await through(
        request,
        async () => {
          await followWriter();
          return endpoints.answerRobotsTxt(request, own);
        },
        false,
      )) ?? { kind: 'pass' },
    handleCached(request) {
      if (limiter || identifier.needsVerification(request.headers)) return undefined;
      const response = endpoints.handleCached(request);
      if (response) count(response, classifyAgent(request.headers['user-agent']));
      return response;
    },
    async agentFamily(request) {
      return (await identify(request)).family;
    },
    async identifyAgent(request) {
      const identity = await identify(request);
      return {
        family: identity.family,
        ...(identity.refusal ? { refusal: identity.refusal } : {}),
      };
    },
    async limitRate(request, family) {
      const active = limiter;
      return active ? active.take(keyOf(request, family, active)) : undefined;
    },
    needsVerification: (request) => identifier.needsVerification(request.headers),
    reconfigure(next) {
      site = next;
      following = undefined;
      endpoints = endpointsFor(site);
      limiter = limiterFor(site, limiter);
      // The object storage stays: it is the process's, not the site options'.
      engine?.configure(siteArtifactSettings(site, hosting, options.storedFamilies));
    },
    async close() {
      await purgeDelivery?.stop();
      // Counted but not yet written: flushed now, so a restart loses none of it.
      await metrics?.close().catch((error: Error) => {
        logger.warn(`agent-ready: metrics not written at shutdown: ${error.message}`);
      });
      await store.close();
    },
  };
}

/** The table a site serves from: an engine's (standalone) or a reader's alone (read-only). */
interface SiteStore {
  engine?: RegenerationEngine;
  reader: StoreReader;
  knex: Knex;
  tables: TableNames;
  dialect: Dialect;
  close(): Promise<void>;
}

async function openSiteStore(
  options: OpenAgentSiteOptions,
  hosting: SiteArtifactHosting,
  purging: EdgePurging | undefined,
): Promise<SiteStore> {
  const { logger } = options;
  const prefix = options.tablePrefix ? { tablePrefix: options.tablePrefix } : {};
  const revalidate =
    options.revalidateAfterMs !== undefined ? { revalidateAfterMs: options.revalidateAfterMs } : {};
  const notify = options.notify ? { notify: options.notify } : {};
  const changeCheck = options.sqliteChangeCheck === false ? { sqliteChangeCheck: false } : {};
  const artifactFamilies = declaredStoredFamilies(options.storedFamilies).artifacts;
  if (options.mode === 'read-only') {
    const opened = await openStoreReader(options.database, {
      ...prefix,
      ...revalidate,
      ...notify,
      ...changeCheck,
      artifactFamilies,
      logger,
    });
    const { knex, dialect } = opened.database;
    return { reader: opened.reader, knex, tables: opened.tables, dialect, close: opened.close };
  }
  const engine = await RegenerationEngine.open({
    database: options.database,
    ...prefix,
    ...siteArtifactSettings(options.site, hosting, options.storedFamilies),
    artifactFamilies,
    ...(options.rebuild ? { rebuild: options.rebuild } : {}),
    logger,
    reader: { ...revalidate, ...changeCheck },
    ...(purging ? { purging } : {}),
    ...notify,
  });
  const { reader, knex, tables, dialect } = engine;
  return { engine, reader, knex, tables, dialect, close: () => engine.close() };
}

/**
 * One limiter for every agent endpoint of the site and its MCP endpoint: one budget per client.
 * Kept across `reconfigure` unless the `rateLimit` option itself changed.
 */
function limiterFor(
  next: AgentSiteOptions,
  current?: AgentRateLimiter,
): AgentRateLimiter | undefined {
  const settings = rateLimitSettings(next);
  if (!settings) return undefined;
  if (current && JSON.stringify(current.settings) === JSON.stringify(settings)) return current;
  return createAgentRateLimiter(settings);
}

/** The site's serving metrics (option `metrics`), counted in memory and flushed to its table. */
function startSiteMetrics(
  site: AgentSiteOptions,
  store: SiteStore,
  logger: StoreLogger,
): ServingMetrics | undefined {
  const settings = site.metrics || undefined;
  if (settings === undefined || settings.enabled === false) return undefined;
  return startServingMetrics(store.knex, store.tables, store.dialect, {
    ...(settings.flushIntervalMs ? { flushIntervalMs: settings.flushIntervalMs } : {}),
    onPageSizesStored: () => store.reader.invalidate(),
    onError: (error: Error) => logger.warn(`agent-ready: metrics flush failed: ${error.message}`),
  });
}
