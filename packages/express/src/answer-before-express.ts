import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeNodeResponse } from '@agent-ready/core';
import { answerFromCache } from '@agent-ready/store';
import type { SiteOnce } from './open-site-once';
import { rawSiteRequestOf } from './site-request';

/** robots.txt, in a form cheap to test first (core decides, normalized). */
export const ROBOTS_PATH = /^\/robots/i;

/** Marks a request `handler` already asked the endpoints about, so the middleware won't again. */
const ALREADY_PASSED = Symbol('agent-ready passed');

/** Whether `handler` found the request to be none of the endpoints' (a page, say). */
export function alreadyPassed(req: object): boolean {
  return (req as Record<symbol, unknown>)[ALREADY_PASSED] === true;
}

/**
 * `agent.handler(app)`: public agent endpoints answered before Express sees the request (its own
 * per-request work costs more than ours), everything else handed to `app`. A fresh cached row
 * answers without a single await. Signed requests, robots.txt (composed onto the app's own),
 * pages and protected documents go through the app and the middleware mounted in it; with
 * `rateLimited`, every request does, where `req.ip` knows the app's proxies.
 */
export function answerBeforeExpress(
  sites: SiteOnce,
  rateLimited: boolean,
  app: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (rateLimited) {
      app(req, res);
      return;
    }
    const request = rawSiteRequestOf(req);
    const ready = sites.opened;
    if (ready) {
      if (ready.needsVerification(request)) {
        app(req, res);
        return;
      }
      if (answerFromCache(ready, request, res)) return;
    }
    sites
      .site()
      .then(async (site) => {
        if (
          site.needsVerification(request) ||
          (ROBOTS_PATH.test(request.target) && (await site.wantsRobotsTxt(request)))
        ) {
          app(req, res);
          return;
        }
        const outcome = await site.handle(request);
        if (outcome.kind === 'respond') {
          await writeNodeResponse(res, outcome.response);
          return;
        }
        if (outcome.kind === 'pass')
          (req as unknown as Record<symbol, unknown>)[ALREADY_PASSED] = true;
        app(req, res);
      })
      .catch(() => app(req, res));
  };
}
