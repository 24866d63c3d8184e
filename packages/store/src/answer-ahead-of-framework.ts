import type { IncomingMessage, RequestListener } from 'node:http';
import type { HttpResponse, ResponseHeaders } from '@agent-ready/core/http';
import { writeNodeResponse } from '@agent-ready/core/node-http';
import { mayNameRobotsTxt } from '@agent-ready/core/serve';
import { answerFromCache } from './answer-from-cache';
import type { AgentSite, AgentSiteRequest } from './open-agent-site';

/** Marks a request the site already passed here, so the framework's middleware won't ask again. */
const ALREADY_PASSED = Symbol('agent-ready passed');

/** Whether `answerAheadOfFramework` found the request to be none of the site's (a page, say). */
export function alreadyPassed(req: object): boolean {
  return (req as Record<symbol, unknown>)[ALREADY_PASSED] === true;
}

export interface AheadOfFrameworkOptions {
  /**
   * The site to answer `req` from its cache, synchronously: `undefined` while it is not open,
   * or for a request the host keeps for its framework (the plugin's CORS requests, say).
   */
  siteFor(req: IncomingMessage): AgentSite | undefined;
  /** Lays the host's own headers under a cached answer (see `answerFromCache`). */
  headersOf?(response: HttpResponse): ResponseHeaders;
  /**
   * The site, opened if need be, for what its cache did not answer: its pipeline answers here
   * what is the site's and public; signed requests, the robots.txt it composes onto the app's,
   * protected documents and what it passes (marked: `alreadyPassed`) go to the framework. Absent:
   * all of that goes to the framework unasked. Not with `rateLimit` on: the budget is keyed by
   * the client address the framework knows.
   */
  openSite?(): Promise<AgentSite>;
}

/**
 * A node:http listener that answers the site's public endpoints before the framework sees the
 * request (the framework's own per-request work costs more than ours), handing it everything
 * else: Express's `agent.handler(app)`, the Strapi plugin's listener ahead of Koa. A fresh
 * cached row answers without a single await; signed requests are never answered from it.
 */
export function answerAheadOfFramework(
  framework: RequestListener,
  options: AheadOfFrameworkOptions,
): RequestListener {
  return (req, res) => {
    const request = rawSiteRequestOf(req);
    const cached = options.siteFor(req);
    if (cached) {
      if (cached.needsVerification(request)) {
        framework(req, res);
        return;
      }
      if (answerFromCache(cached, request, res, options.headersOf)) return;
    }
    if (!options.openSite) {
      framework(req, res);
      return;
    }
    options
      .openSite()
      .then(async (site) => {
        if (
          site.needsVerification(request) ||
          (mayNameRobotsTxt(request.target) && (await site.wantsRobotsTxt(request)))
        ) {
          framework(req, res);
          return;
        }
        const outcome = await site.handle(request);
        if (outcome.kind === 'respond') {
          await writeNodeResponse(res, outcome.response);
          return;
        }
        if (outcome.kind === 'pass')
          (req as unknown as Record<symbol, unknown>)[ALREADY_PASSED] = true;
        framework(req, res);
      })
      .catch(() => framework(req, res));
  };
}

/** A request before the framework saw it: no client address, so never rate limited here. */
function rawSiteRequestOf(req: IncomingMessage): AgentSiteRequest {
  const target = req.url ?? '/';
  return {
    method: req.method ?? 'GET',
    target,
    headers: req.headers,
    url: `http://${req.headers.host ?? 'localhost'}${target}`,
  };
}
