import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  parseUri,
  prepareOptionsFor,
  notFoundResponse,
  PAGE_LIST_HEADERS,
  prepareDocument,
  rateLimitSettings,
  serviceUnavailableResponse,
  ValidationError,
  writeNodeResponse,
  type AgentDocument,
} from '@agent-ready/core';
import {
  answerFromCache,
  openAgentSite,
  isStoreUnavailable,
  type AgentSite,
  type AgentSiteOutcome,
  type AgentSiteRequest,
  type DatabaseOption,
  type PurgeStatus,
  type ReconcileOptions,
  type ReconcileOutcome,
  type RegenerationEngine,
  type RemoveOutcome,
  type RemovalReason,
  type UpsertOutcome,
  CONSOLE_LOGGER,
  SILENT_LOGGER,
  siteStoreOptionsOf,
} from '@agent-ready/store';
import { createSiteMcpHandler, siteMcpSettings } from '@agent-ready/mcp';
import { validateAgentReadyOptions, type AgentReadyOptions } from './agent-ready-options';
import { augmentRobotsTxt } from './augment-robots-txt';

export interface AgentReadyMiddleware extends RequestHandler {
  /** Resolves once the database is open (and migrated, in standalone mode). */
  ready(): Promise<void>;
  /** Stores or updates a published document (standalone mode). */
  publish(document: AgentDocument): Promise<UpsertOutcome>;
  /** Unpublishes a document: its M-URL answers 404 from now on (standalone mode). */
  unpublish(id: string, locale?: string): Promise<RemoveOutcome>;
  /** Deletes a document: its M-URL answers 410 Gone, from a tombstone (standalone mode). */
  remove(id: string, locale?: string): Promise<RemoveOutcome>;
  /**
   * Makes the table match a complete list of published documents (standalone mode), in batches
   * at database speed. With an array, `resume: true` goes on from where a rebuild of the same
   * list that did not finish (a crash, a restart) left off; `onProgress` gets done, total, rate
   * and time left (also `engine.reconcileProgress()`).
   */
  rebuild(
    documents: Iterable<AgentDocument> | AsyncIterable<AgentDocument>,
    options?: Pick<ReconcileOptions, 'resume' | 'onProgress' | 'progressEvery' | 'signal'>,
  ): Promise<ReconcileOutcome>;
  /** The discovery `<link>` tags for a page path, for templates. */
  linkTags(path: string): Promise<string>;
  /**
   * A Node request listener that answers public agent endpoints before Express sees the request
   * (Express's own per-request work costs more than ours), handing everything else to `app`:
   * `http.createServer(agent.handler(app))`. Keep `app.use(agent)` too: pages get their
   * discovery links and protected documents their access check there. With `rateLimit` on it
   * hands every request to `app`: the middleware charges it under Express's `req.ip`.
   */
  handler(
    app: (req: IncomingMessage, res: ServerResponse) => void,
  ): (req: IncomingMessage, res: ServerResponse) => void;
  /** Writes the metrics counted so far (they are also flushed on a timer and at close). */
  flushMetrics(): Promise<void>;
  /** Waits for pending artifact rebuilds (tests, graceful shutdown). */
  idle(): Promise<void>;
  /**
   * Purges of the shared cache (option `edge`): tags sent and waiting, failed requests, the last
   * error; `undefined` without the option.
   */
  readPurgeStatus(): Promise<PurgeStatus | undefined>;
  close(): Promise<void>;
}

const ASSET_PATH = /\.(?!html?$)[A-Za-z0-9]{1,8}$/;
/** A cheap first look: only these paths may be robots.txt (core decides, normalized). */
const ROBOTS_PATH = /^\/robots/i;

/**
 * Every agent endpoint as Express middleware: `app.use(agentReady({ site: { origin, name } }))`.
 * Options are validated at once (a bad key throws with its name); the database opens in the
 * background and requests wait for it.
 */
export function agentReady(input: AgentReadyOptions): AgentReadyMiddleware {
  const options = validateAgentReadyOptions(input);
  const database: DatabaseOption = options.database ?? {
    client: 'sqlite',
    filename: 'agent-ready.sqlite',
  };
  const logger = options.logger === false ? SILENT_LOGGER : (options.logger ?? CONSOLE_LOGGER);
  const prepareOptions = prepareOptionsFor(options);

  // Opened once; a failed start (database down, writer's tables not there yet) is retried by the
  // next request instead of failing every request forever.
  let opening: Promise<AgentSite> | undefined;
  let opened: AgentSite | undefined;
  const runtime = (): Promise<AgentSite> => {
    opening ??= openAgentSite({
      site: options,
      database,
      mode: options.mode === 'read-only' ? 'read-only' : 'standalone',
      ...siteStoreOptionsOf(options),
      logger,
    }).then(
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

  /**
   * The request as the site sees it: `url` is what a Web Bot Auth signature covers, the client's
   * address (the `rateLimit` key) Express's `req.ip`, which honours the app's `trust proxy`.
   */
  const siteRequest = (req: Request): AgentSiteRequest => ({
    method: req.method,
    target: req.originalUrl,
    headers: req.headers,
    url: `${req.protocol}://${req.headers.host ?? 'localhost'}${req.originalUrl}`,
    clientAddress: req.ip,
  });
  // Every request is charged through the app, where `req.ip` knows the app's proxies.
  const rateLimited = rateLimitSettings(options) !== undefined;

  async function addPageLinks(site: AgentSite, req: Request, res: Response): Promise<void> {
    if (options.pageLinks === false || (req.method !== 'GET' && req.method !== 'HEAD')) return;
    if (ASSET_PATH.test(req.path)) return;
    const { links, linkTags, llmsTxtNotice, headers } = await site.endpoints.decoratePage(req.path);
    res.locals.agentReady = { links, linkTags, llmsTxtNotice };
    for (const [name, value] of Object.entries(headers)) {
      // Link and Vary are lists: the app's own values stay.
      if (name === 'vary') res.vary(value);
      else if (PAGE_LIST_HEADERS.has(name)) res.append(name, value);
      else res.setHeader(name, value);
    }
    const { metrics } = site;
    if (metrics) {
      // Pages are the app's: counted (by agent family, a verified signature included) but never
      // gated. The page's own size is what the same document costs as HTML.
      const family = await site.agentFamily(siteRequest(req));
      const document = links.find(
        (link) => link.type === 'application/json' && link.rel === 'alternate',
      );
      res.on('finish', () => {
        const bytes = Number(res.getHeader('content-length') ?? 0);
        metrics.recorder.record({ kind: 'page', family, status: res.statusCode, bytesSent: bytes });
        if (document && res.statusCode === 200 && bytes > 0)
          metrics.recorder.notePageSize(parseUri(document.href).path, bytes);
      });
    }
  }

  // The MCP endpoint (option `mcp`), made once the site is open.
  const mcp = siteMcpSettings(options);
  let mcpHandler: ReturnType<typeof createSiteMcpHandler> | undefined;
  const mcpOf = (site: AgentSite) =>
    (mcpHandler ??= createSiteMcpHandler(site, options, {
      ...(options.authorize
        ? {
            authorize: (req, res) =>
              new Promise<boolean>((resolve, reject) => {
                options.authorize!(req as Request, res as Response, (error?: unknown) =>
                  error ? reject(error as Error) : resolve(true),
                );
                // Answered by the check itself (401, a redirect): nothing more to do.
                res.once('finish', () => resolve(false));
              }),
          }
        : {}),
      clientAddress: (req) => (req as Request).ip,
      onError: (error) =>
        logger.warn(`agent-ready: MCP call failed: ${(error as Error).message ?? String(error)}`),
    }));

  /** Marks a request `handler` already asked the endpoints about, so the middleware won't again. */
  const ALREADY_PASSED = Symbol('agent-ready passed');

  const middleware = (async (req: Request, res: Response, next: NextFunction) => {
    try {
      const request = siteRequest(req);
      const passed = (req as unknown as Record<symbol, unknown>)[ALREADY_PASSED] === true;
      // Hot path, as in `handler`: a fresh cached row answers without a single await (signed
      // requests are never answered from it: they are verified first).
      if (!passed && opened && answerFromCache(opened, request, res)) return;
      const site = await runtime();
      if (mcp && req.path === mcp.path) {
        // A body Express already parsed (express.json()) is handed over; else read here.
        await mcpOf(site)(req, res, req.body as unknown);
        return;
      }
      // robots.txt: the app's own answers first (its file or route), ours is composed onto it.
      if (ROBOTS_PATH.test(req.path) && (await site.wantsRobotsTxt(request))) {
        augmentRobotsTxt(req, res, next, async (own) => {
          const answer = await site.answerRobotsTxt(
            request,
            own.kind === 'file' ? own.text : undefined,
          );
          return answer.kind === 'respond' ? answer.response : undefined;
        });
        return;
      }
      let outcome: AgentSiteOutcome = passed ? { kind: 'pass' } : await site.handle(request);
      if (outcome.kind === 'pass') {
        // A page asked for as Markdown (Accept, by q-value) gets its twin, on the same URL.
        const page = ASSET_PATH.test(req.path) ? undefined : await site.negotiatePage(request);
        if (!page || page.kind === 'pass') {
          await addPageLinks(site, req, res);
          next();
          return;
        }
        outcome = page;
      }
      if (outcome.kind === 'respond') {
        await writeNodeResponse(res, outcome.response);
        return;
      }
      if (outcome.kind !== 'authorize') return;
      if (!options.authorize) {
        // Protected and no way to check: indistinguishable from absent.
        await writeNodeResponse(res, notFoundResponse(req.method));
        return;
      }
      const { respond, count } = outcome;
      options.authorize(req, res, (error?: unknown) => {
        if (error) {
          next(error);
          return;
        }
        respond()
          .then(async (response) => {
            // Core marks what the access check let through `private` (AUTHORIZED_ANSWER).
            await writeNodeResponse(res, response);
            count(response);
          })
          .catch(next);
      });
    } catch (error) {
      if (isStoreUnavailable(error)) {
        logger.warn(`agent-ready: ${error.message}`);
        await writeNodeResponse(res, serviceUnavailableResponse(req.method)).catch(() => undefined);
        return;
      }
      next(error);
    }
  }) as AgentReadyMiddleware;

  middleware.handler = (app) => (req, res) => {
    if (rateLimited) {
      // The client's address must be the app's `req.ip` (its `trust proxy`), not the socket's.
      app(req, res);
      return;
    }
    const target = req.url ?? '/';
    const request: AgentSiteRequest = {
      method: req.method ?? 'GET',
      target,
      headers: req.headers,
      url: `http://${req.headers.host ?? 'localhost'}${target}`,
    };
    const ready = opened;
    if (ready) {
      // Signed requests go through the app: the middleware mounted there verifies them first.
      if (ready.needsVerification(request)) {
        app(req, res);
        return;
      }
      // Hot path: a fresh cached row answers without a single await.
      if (answerFromCache(ready, request, res)) return;
    }
    runtime()
      .then(async (site) => {
        // Signed requests, and robots.txt (composed onto the app's own by the middleware).
        if (
          site.needsVerification(request) ||
          (ROBOTS_PATH.test(target) && (await site.wantsRobotsTxt(request)))
        ) {
          app(req, res);
          return;
        }
        const outcome = await site.handle(request);
        if (outcome.kind === 'respond') {
          await writeNodeResponse(res, outcome.response);
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
  middleware.rebuild = async (documents, options = {}) => {
    const engine = await writer();
    if (Array.isArray(documents)) {
      const list = documents as AgentDocument[];
      // A list: resumable, and its length gives the time left.
      function* preparedFrom(from: number) {
        for (let at = from; at < list.length; at++)
          yield prepareDocument(list[at]!, prepareOptions);
      }
      return engine.reconcile(preparedFrom, { ...options, total: list.length });
    }
    async function* prepared() {
      for await (const document of documents) yield prepareDocument(document, prepareOptions);
    }
    return engine.reconcile(prepared(), { ...options, resume: false });
  };
  middleware.linkTags = async (path) =>
    (await (await runtime()).endpoints.decoratePage(path)).linkTags;
  middleware.readPurgeStatus = async () => (await runtime()).readPurgeStatus();
  middleware.idle = async () => {
    await (await runtime()).engine?.whenIdle();
  };
  middleware.close = async () => {
    await (await opening?.catch(() => undefined))?.close();
  };
  return middleware;
}
