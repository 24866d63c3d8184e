import type { RequestHandler } from 'express';
import { respondWithResource } from '@agent-ready/core/http';
import { notFoundResponse } from '@agent-ready/core/serve';
import { writeHttpResponse } from '@agent-ready/express';
import type { TestSite } from './boot-express-site';
import { fetchUpstream, isMUrl, resourceOf, type Upstream } from './corrupt-responses';

/** A lagging instance's M-URLs: frozen as they were, while the change feed and sitemap go on. */
export interface LaggingMUrls {
  /** The middleware to set as `site.variant`. */
  handler: RequestHandler;
  /** From now on the M-URLs answer as the adapter does (the instance caught up). */
  release(): void;
  /** M-URL requests answered from the frozen copies (or 404) so far. */
  readonly answered: number;
}

/**
 * Breaks one rule: the change feed (and the sitemap) run ahead of the M-URLs. Every M-URL the
 * sitemap lists now is copied; from then on GET and HEAD of M-URLs answer from the copies with
 * core's conditional handling (a `304` to the old ETag), and an M-URL published later answers
 * 404, as a second instance whose cache has not seen the commits yet would. `onRequest` runs
 * before each M-URL answer (a test releases the lag there to see a retry catch up).
 */
export async function lagMUrls(
  site: TestSite,
  onRequest?: (path: string, lag: LaggingMUrls) => void,
): Promise<LaggingMUrls> {
  const sitemap = await fetchUpstream(site.origin, '/llm-sitemap.json');
  const items = (JSON.parse(sitemap.body.toString('utf8')) as { items: { mUrl: string }[] }).items;
  const frozen = new Map<string, Upstream>();
  for (const item of items) {
    const path = new URL(item.mUrl).pathname;
    frozen.set(path, await fetchUpstream(site.origin, path));
  }
  let released = false;
  let answered = 0;
  const lag: LaggingMUrls = {
    handler: (req, res, next) => {
      if (!isMUrl(req.path) || (req.method !== 'GET' && req.method !== 'HEAD')) {
        next();
        return;
      }
      onRequest?.(req.path, lag);
      if (released) {
        next();
        return;
      }
      answered++;
      const copy = frozen.get(req.path);
      const request = { method: req.method, headers: req.headers };
      writeHttpResponse(
        res,
        copy ? respondWithResource(request, resourceOf(copy)) : notFoundResponse(req.method),
      ).catch(next);
    },
    release: () => {
      released = true;
    },
    get answered() {
      return answered;
    },
  };
  return lag;
}
