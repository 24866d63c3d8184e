import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  notFoundResponse,
  rateLimitSettings,
  serviceUnavailableResponse,
  writeNodeResponse,
  mayNameRobotsTxt,
} from '@agent-ready/core';
import {
  alreadyPassed,
  answerAheadOfFramework,
  answerFromCache,
  documentPublishing,
  openAgentSite,
  openSiteOnce,
  isStoreUnavailable,
  type AgentSiteOutcome,
  type DatabaseOption,
  type DocumentPublishing,
  type PurgeStatus,
  type SiteOnce,
  type StoreLogger,
  CONSOLE_LOGGER,
  SILENT_LOGGER,
  siteStoreOptionsOf,
} from '@agent-ready/store';
import { siteMcpSettings } from '@agent-ready/mcp';
import { addPageLinks, ASSET_PATH } from './add-page-links';
import { validateAgentReadyOptions, type AgentReadyOptions } from './agent-ready-options';
import { augmentRobotsTxt } from './augment-robots-txt';
import { expressMcpHandler } from './express-mcp-handler';
import { siteRequestOf } from './site-request';

export interface AgentReadyMiddleware extends RequestHandler, DocumentPublishing {
  /** Resolves once the database is open (and migrated, in standalone mode). */
  ready(): Promise<void>;
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
  const sites = openSiteOnce(() =>
    openAgentSite({
      site: options,
      database,
      mode: options.mode === 'read-only' ? 'read-only' : 'standalone',
      ...siteStoreOptionsOf(options),
      logger,
    }),
  );
  sites.site().catch(() => undefined);
  const middleware = answerThroughExpress(sites, options, logger) as AgentReadyMiddleware;
  // Every request is charged through the app, where `req.ip` knows the app's proxies.
  const rateLimited = rateLimitSettings(options) !== undefined;
  middleware.handler = (app) =>
    rateLimited
      ? (req, res) => app(req, res)
      : answerAheadOfFramework(app, { siteFor: () => sites.opened, openSite: sites.site });
  return Object.assign(middleware, documentPublishing(sites.site, options), {
    ready: async () => {
      await sites.site();
    },
    flushMetrics: async () => {
      await (await sites.site()).metrics?.flush();
    },
    linkTags: async (path: string) =>
      (await (await sites.site()).endpoints.decoratePage(path)).linkTags,
    readPurgeStatus: async () => (await sites.site()).readPurgeStatus(),
    idle: async () => {
      await (await sites.site()).engine?.whenIdle();
    },
    close: () => sites.close(),
  });
}

/**
 * The middleware: agent endpoints answered, the MCP endpoint served, robots.txt composed onto
 * the app's own, pages asked for as Markdown given their twin and the others their discovery
 * links, protected documents through the app's `authorize`; a store that cannot answer is a 503.
 */
function answerThroughExpress(
  sites: SiteOnce,
  options: AgentReadyOptions,
  logger: StoreLogger,
): RequestHandler {
  const mcp = siteMcpSettings(options);
  let mcpHandler: ReturnType<typeof expressMcpHandler> | undefined;
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const request = siteRequestOf(req);
      const passed = alreadyPassed(req);
      // Hot path, as in `handler`: a fresh cached row answers without a single await (signed
      // requests are never answered from it: they are verified first).
      if (!passed && sites.opened && answerFromCache(sites.opened, request, res)) return;
      const site = await sites.site();
      if (mcp && req.path === mcp.path) {
        // A body Express already parsed (express.json()) is handed over; else read here.
        mcpHandler ??= expressMcpHandler(site, options, logger);
        await mcpHandler(req, res, req.body as unknown);
        return;
      }
      // robots.txt: the app's own answers first (its file or route), ours is composed onto it.
      if (mayNameRobotsTxt(req.path) && (await site.wantsRobotsTxt(request))) {
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
          if (options.pageLinks !== false) await addPageLinks(site, req, res);
          next();
          return;
        }
        outcome = page;
      }
      if (outcome.kind === 'respond') await writeNodeResponse(res, outcome.response);
      else if (outcome.kind === 'authorize') answerAuthorized(outcome, options, req, res, next);
    } catch (error) {
      if (!isStoreUnavailable(error)) return next(error);
      logger.warn(`agent-ready: ${error.message}`);
      await writeNodeResponse(res, serviceUnavailableResponse(req.method)).catch(() => undefined);
    }
  };
}

/**
 * A protected document: the app's `authorize` middleware decides; what it lets through is
 * answered `private` (core's AUTHORIZED_ANSWER) and counted. No `authorize`: indistinguishable
 * from absent.
 */
function answerAuthorized(
  outcome: Extract<AgentSiteOutcome, { kind: 'authorize' }>,
  options: AgentReadyOptions,
  req: Request,
  res: Response,
  next: NextFunction,
): void {
  if (!options.authorize) {
    writeNodeResponse(res, notFoundResponse(req.method)).catch(next);
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
        await writeNodeResponse(res, response);
        count(response);
      })
      .catch(next);
  });
}
