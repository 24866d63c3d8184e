import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Knex } from 'knex';
import {
  classifyAgent,
  createAgentIdentifier,
  createAgentEndpoints,
  parseUri,
  endpointOptionsFor,
  prepareOptionsFor,
  formatLinkHeader,
  htmlLinkTag,
  llmsTxtNoticeHtml,
  metricEventOf,
  prepareDocument,
  validateAgentSiteOptions,
  ValidationError,
  type AgentDocument,
  type AgentEndpoints,
  type AgentSiteOptions,
  type HttpResponse,
  type WebLink,
} from '@agent-ready/core';
import {
  openStoreReader,
  startServingMetrics,
  type ServingMetrics,
  type Dialect,
  type TableNames,
  type StoreReader,
  RegenerationEngine,
  siteArtifactSettings,
  isStoreUnavailable,
  type DatabaseOption,
  type RegenerationEngineOptions,
  type RemoveOutcome,
  type RemovalReason,
  type StoreLogger,
  type UpsertOutcome,
  CONSOLE_LOGGER,
  SILENT_LOGGER,
} from '@agent-ready/store';
import { augmentRobotsTxt } from './augment-robots-txt';
import { writeBufferedResponse, writeHttpResponse } from './write-http-response';

export interface AgentReadyOptions extends AgentSiteOptions {
  /** Where the table lives: a knex instance or a connection config. Default: SQLite `agent-ready.sqlite`. */
  database?: DatabaseOption;
  tablePrefix?: string;
  /**
   * `standalone` (default): this app publishes its own documents (`publish`, `unpublish`,
   * `rebuild`) and builds the artifacts. `read-only`: serve a table another process maintains
   * (the Strapi plugin), e.g. on a separate front-end server.
   */
  mode?: 'standalone' | 'read-only';
  /**
   * The app's own access check for protected documents (and, with `protect: 'all'`, every
   * endpoint): Express middleware that calls `next()` to allow, or answers (401, redirect) itself.
   */
  authorize?: RequestHandler;
  /** Add discovery `Link` headers to the app's pages (root index, page alternates). Default true. */
  pageLinks?: boolean;
  rebuild?: RegenerationEngineOptions['rebuild'];
  /** How long cached rows are trusted before re-checking the table (ms, default 250). */
  revalidateAfterMs?: number;
  /** Where rebuild failures and warnings go: default the console (stderr); `false` silences. */
  logger?: StoreLogger | false;
}

export interface AgentReadyMiddleware extends RequestHandler {
  /** Resolves once the database is open (and migrated, in standalone mode). */
  ready(): Promise<void>;
  /** Stores or updates a published document (standalone mode). */
  publish(document: AgentDocument): Promise<UpsertOutcome>;
  /** Takes a document off the agent endpoints: 404 from now on (standalone mode). */
  unpublish(id: string, locale?: string): Promise<RemoveOutcome>;
  /** Deletes a document: its M-URL answers 410 Gone (standalone mode). */
  remove(id: string, locale?: string): Promise<RemoveOutcome>;
  /** Makes the table match a complete list of published documents (standalone mode). */
  rebuild(
    documents: Iterable<AgentDocument> | AsyncIterable<AgentDocument>,
  ): Promise<{ seen: number; changed: number; unpublished: number }>;
  /** The discovery `<link>` tags for a page path, for templates. */
  linkTags(path: string): Promise<string>;
  /**
   * A Node request listener that answers public agent endpoints before Express sees the request
   * (Express's own per-request work costs more than ours), handing everything else to `app`:
   * `http.createServer(agent.handler(app))`. Keep `app.use(agent)` too: pages get their
   * discovery links and protected documents their access check there.
   */
  handler(
    app: (req: IncomingMessage, res: ServerResponse) => void,
  ): (req: IncomingMessage, res: ServerResponse) => void;
  /** Writes the metrics counted so far (they are also flushed on a timer and at close). */
  flushMetrics(): Promise<void>;
  /** Waits for pending artifact rebuilds (tests, graceful shutdown). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** The options this adapter adds to the site options (an unknown key is an error, with a hint). */
const ADAPTER_KEYS = [
  'database',
  'tablePrefix',
  'mode',
  'authorize',
  'pageLinks',
  'rebuild',
  'revalidateAfterMs',
  'logger',
] as const satisfies readonly Exclude<keyof AgentReadyOptions, keyof AgentSiteOptions>[];
// A new adapter option not listed above fails type-checking here.
type UnlistedAdapterKey = Exclude<
  Exclude<keyof AgentReadyOptions, keyof AgentSiteOptions>,
  (typeof ADAPTER_KEYS)[number]
>;
const EVERY_ADAPTER_KEY_LISTED: [UnlistedAdapterKey] extends [never] ? true : never = true;
void EVERY_ADAPTER_KEY_LISTED;

const ASSET_PATH = /\.(?!html?$)[A-Za-z0-9]{1,8}$/;

interface Runtime {
  endpoints: AgentEndpoints;
  engine?: RegenerationEngine;
  metrics?: ServingMetrics;
  close(): Promise<void>;
}

/**
 * Every agent endpoint as Express middleware: `app.use(agentReady({ site: { origin, name } }))`.
 * Options are validated at once (a bad key throws with its name); the database opens in the
 * background and requests wait for it.
 */
export function agentReady(input: AgentReadyOptions): AgentReadyMiddleware {
  const options = { ...input, ...validateAgentSiteOptions(input, { adapterKeys: ADAPTER_KEYS }) };
  if (options.mode !== undefined && options.mode !== 'standalone' && options.mode !== 'read-only') {
    throw new ValidationError('options.invalid', 'mode must be standalone or read-only', {
      field: 'mode',
      value: options.mode,
    });
  }
  if (options.authorize !== undefined && typeof options.authorize !== 'function') {
    throw new ValidationError('options.invalid', 'authorize must be Express middleware', {
      field: 'authorize',
    });
  }
  const database: DatabaseOption = options.database ?? {
    client: 'sqlite',
    filename: 'agent-ready.sqlite',
  };
  const logger = options.logger === false ? SILENT_LOGGER : (options.logger ?? CONSOLE_LOGGER);
  const metricsOptions = options.metrics || undefined;
  const metricsEnabled = metricsOptions !== undefined && metricsOptions.enabled !== false;
  const readOnly = options.mode === 'read-only';
  const llmsTxtNoticeEnabled = !(options.llmsTxt && options.llmsTxt.notice === false);
  const identifier = createAgentIdentifier(options.botAuth);
  /** Verified Web Bot Auth identities, per request, for the metrics' agent families. */
  const identities = new WeakMap<IncomingMessage, string>();
  const familyOf = (req: IncomingMessage) =>
    identities.get(req) ?? classifyAgent(req.headers['user-agent']);
  const augmentRobots = options.robotsTxt ? options.robotsTxt.augment === true : false;
  const endpointOptions = endpointOptionsFor(options);
  const prepareOptions = prepareOptionsFor(options);

  const openRuntime = async (): Promise<Runtime> => {
    const readerOptions = {
      ...(options.tablePrefix ? { tablePrefix: options.tablePrefix } : {}),
      ...(options.revalidateAfterMs !== undefined
        ? { revalidateAfterMs: options.revalidateAfterMs }
        : {}),
    };
    const metricsFor = (knex: Knex, tables: TableNames, dialect: Dialect, reader: StoreReader) =>
      metricsEnabled
        ? startServingMetrics(knex, tables, dialect, {
            ...(metricsOptions?.flushIntervalMs
              ? { flushIntervalMs: metricsOptions.flushIntervalMs }
              : {}),
            onPageSizesStored: () => reader.invalidate(),
            onError: (error) => logger.warn(`agent-ready: metrics flush failed: ${error.message}`),
          })
        : undefined;
    if (readOnly) {
      const {
        reader,
        database: db,
        tables,
        close,
      } = await openStoreReader(database, {
        ...readerOptions,
        logger,
      });
      const metrics = metricsFor(db.knex, tables, db.dialect, reader);
      return {
        endpoints: createAgentEndpoints(reader, endpointOptions),
        ...(metrics ? { metrics } : {}),
        close: async () => {
          await metrics?.close();
          await close();
        },
      };
    }
    const engine = await RegenerationEngine.open({
      database,
      ...(options.tablePrefix ? { tablePrefix: options.tablePrefix } : {}),
      ...siteArtifactSettings(options),
      ...(options.rebuild ? { rebuild: options.rebuild } : {}),
      logger,
      ...(options.revalidateAfterMs !== undefined
        ? { reader: { revalidateAfterMs: options.revalidateAfterMs } }
        : {}),
    });
    const metrics = metricsFor(engine.knex, engine.tables, engine.dialect, engine.reader);
    return {
      endpoints: createAgentEndpoints(engine.reader, endpointOptions),
      engine,
      ...(metrics ? { metrics } : {}),
      close: async () => {
        await metrics?.close();
        await engine.close();
      },
    };
  };
  // Opened once; a failed start (database down, writer's tables not there yet) is retried by the
  // next request instead of failing every request forever.
  let opening: Promise<Runtime> | undefined;
  let opened: Runtime | undefined;
  const runtime = (): Promise<Runtime> => {
    opening ??= openRuntime().then(
      (ready) => (opened = ready),
      (error: unknown) => {
        opening = undefined;
        throw error;
      },
    );
    return opening;
  };
  runtime().catch(() => undefined);

  async function writer(): Promise<RegenerationEngine> {
    const { engine } = await runtime();
    if (!engine) {
      throw new ValidationError(
        'options.read-only',
        'this middleware is read-only: documents are published by the writer',
        {
          field: 'mode',
        },
      );
    }
    return engine;
  }

  async function discoveryLinks(endpoints: AgentEndpoints, path: string): Promise<WebLink[]> {
    const links = path === '/' ? await endpoints.rootLinks() : [];
    return [...links, ...(await endpoints.pageLinks(path))];
  }

  async function addPageLinks(
    endpoints: AgentEndpoints,
    req: Request,
    res: Response,
  ): Promise<void> {
    if (options.pageLinks === false || (req.method !== 'GET' && req.method !== 'HEAD')) return;
    if (ASSET_PATH.test(req.path)) return;
    const links = await discoveryLinks(endpoints, req.path);
    const llmsTxt = links.find((link) => link.rel === 'describedby');
    res.locals.agentReady = {
      links,
      linkTags: links.map(htmlLinkTag).join('\n'),
      // A visible pointer near the top of the page, for agents that read the body (llms.txt v2).
      llmsTxtNotice: llmsTxt && llmsTxtNoticeEnabled ? llmsTxtNoticeHtml(llmsTxt.href) : '',
    };
    if (links.length > 0) res.append('Link', formatLinkHeader(links));
    for (const [name, value] of Object.entries(await endpoints.pageHeaders(req.path)))
      res.setHeader(name, value);
    // Pages that have a Markdown twin are negotiated: caches must keep HTML and Markdown apart.
    if (links.some((link) => link.type === 'text/markdown')) res.vary('Accept');
    const metrics = opened?.metrics;
    if (metrics) {
      // The page's own size is what the same document costs as HTML: remembered for the savings.
      const document = links.find(
        (link) => link.type === 'application/json' && link.rel === 'alternate',
      );
      res.on('finish', () => {
        const bytes = Number(res.getHeader('content-length') ?? 0);
        metrics.recorder.record({
          kind: 'page',
          family: familyOf(req),
          status: res.statusCode,
          bytesSent: bytes,
        });
        if (document && res.statusCode === 200 && bytes > 0)
          metrics.recorder.notePageSize(parseUri(document.href).path, bytes);
      });
    }
  }

  /** Counts a response the adapter sent (in memory; flushed later, never on this request's path). */
  function observe(req: IncomingMessage, response: HttpResponse): void {
    const metrics = opened?.metrics;
    if (!metrics) return;
    const event = metricEventOf(response, familyOf(req));
    if (event) metrics.recorder.record(event);
  }

  const unavailable: HttpResponse = {
    status: 503,
    headers: {
      'retry-after': '5',
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
    },
    body: Buffer.from('Service Unavailable\n'),
  };

  /** Marks a request `handler` already asked the endpoints about, so the middleware won't again. */
  const ALREADY_PASSED = Symbol('agent-ready passed');

  const middleware = (async (req: Request, res: Response, next: NextFunction) => {
    try {
      const { endpoints } = await runtime();
      // A signed request is verified first; a refusal (`gate: true`) answers only what
      // agent-ready would answer. The app's own pages are the app's: they go on, as in Strapi.
      let refusal: HttpResponse | undefined;
      if (identifier.needsVerification(req.headers) && !identities.has(req)) {
        const identity = await identifier.identify({
          method: req.method,
          url: `${req.protocol}://${req.headers.host ?? 'localhost'}${req.originalUrl}`,
          headers: req.headers,
        });
        if (identity.refusal) refusal = identity.refusal;
        else identities.set(req, identity.family);
      }
      let outcome = (req as unknown as Record<symbol, unknown>)[ALREADY_PASSED]
        ? ({ kind: 'pass' } as const)
        : await endpoints.handle({
            method: req.method,
            target: req.originalUrl,
            headers: req.headers,
          });
      if (outcome.kind === 'pass') {
        if (
          augmentRobots &&
          req.path === '/robots.txt' &&
          (req.method === 'GET' || req.method === 'HEAD')
        ) {
          augmentRobotsTxt(req, res, next, (rules) => endpoints.robotsTxt(rules));
          return;
        }
        // A page asked for as Markdown (Accept, by q-value) gets its twin, on the same URL.
        const page = ASSET_PATH.test(req.path)
          ? undefined
          : await endpoints.negotiatePage({
              method: req.method,
              target: req.originalUrl,
              headers: req.headers,
            });
        if (page) outcome = page;
        else {
          await addPageLinks(endpoints, req, res);
          next();
          return;
        }
      }
      if (outcome.kind === 'pass') return;
      if (refusal) {
        await writeHttpResponse(res, refusal);
        return;
      }
      if (outcome.kind === 'respond') {
        await writeHttpResponse(res, outcome.response);
        observe(req, outcome.response);
        return;
      }
      if (!options.authorize) {
        // Protected and no way to check: indistinguishable from absent.
        await writeHttpResponse(res, {
          status: 404,
          headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-cache' },
          ...(req.method === 'HEAD' ? {} : { body: Buffer.from('Not Found\n') }),
        });
        return;
      }
      options.authorize(req, res, (error?: unknown) => {
        if (error) {
          next(error);
          return;
        }
        outcome
          .respond()
          .then(async (response) => {
            await writeHttpResponse(res, {
              ...response,
              headers: { ...response.headers, 'cache-control': 'private, no-cache' },
            });
            observe(req, response);
          })
          .catch(next);
      });
    } catch (error) {
      if (isStoreUnavailable(error)) {
        logger.warn(`agent-ready: ${error.message}`);
        await writeHttpResponse(res, unavailable).catch(() => undefined);
        return;
      }
      next(error);
    }
  }) as AgentReadyMiddleware;

  middleware.handler = (app) => (req, res) => {
    // Signed requests go through the app: the middleware mounted there verifies them first.
    if (identifier.needsVerification(req.headers)) {
      app(req, res);
      return;
    }
    const ready = opened;
    if (ready) {
      // Hot path: a fresh cached row answers without a single await.
      const response = ready.endpoints.handleCached({
        method: req.method ?? 'GET',
        target: req.url ?? '/',
        headers: req.headers,
      });
      if (response) {
        writeBufferedResponse(res, response);
        observe(req, response);
        return;
      }
    }
    runtime()
      .then(({ endpoints }) =>
        endpoints.handle({
          method: req.method ?? 'GET',
          target: req.url ?? '/',
          headers: req.headers,
        }),
      )
      .then(async (outcome) => {
        if (outcome.kind === 'respond') {
          await writeHttpResponse(res, outcome.response);
          observe(req, outcome.response);
          return;
        }
        // Pages and protected documents go through the app (and the middleware mounted in it).
        if (outcome.kind === 'pass')
          (req as unknown as Record<symbol, unknown>)[ALREADY_PASSED] = true;
        app(req, res);
      })
      .catch(() => app(req, res));
  };

  middleware.flushMetrics = async () => {
    await (await runtime()).metrics?.flush();
  };

  middleware.ready = async () => {
    await runtime();
  };
  middleware.publish = async (document) =>
    (await writer()).upsert(prepareDocument(document, prepareOptions));
  const removal =
    (reason: RemovalReason) =>
    async (id: string, locale = '') =>
      (await writer()).remove(id, locale, reason);
  middleware.unpublish = removal('unpublished');
  middleware.remove = removal('deleted');
  middleware.rebuild = async (documents) => {
    const engine = await writer();
    async function* prepared() {
      for await (const document of documents) yield prepareDocument(document, prepareOptions);
    }
    return engine.reconcile(prepared());
  };
  middleware.linkTags = async (path) => {
    const { endpoints } = await runtime();
    return (await discoveryLinks(endpoints, path)).map(htmlLinkTag).join('\n');
  };
  middleware.idle = async () => {
    await (await runtime()).engine?.whenIdle();
  };
  middleware.close = async () => {
    await (await opening?.catch(() => undefined))?.close();
  };
  return middleware;
}
