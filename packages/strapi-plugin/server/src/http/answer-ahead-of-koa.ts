import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { baseHeadersMerger } from '@agent-ready/core/node-http';
import type { HttpResponse, ResponseHeaders } from '@agent-ready/core/http';
import { answerAheadOfFramework, type AgentSite } from '@agent-ready/store';
import type { LearnedStrapiHeaders } from './learn-strapi-headers';

export interface AheadOfKoaOptions {
  /** The site in force; undefined while the plugin is not configured. */
  site(): AgentSite | undefined;
  /** What Strapi's global middlewares add to agent-ready's answers (see LearnedStrapiHeaders). */
  strapiHeaders: LearnedStrapiHeaders;
  /**
   * The MCP endpoint in force (option `mcp`): its path and handler, answered here so Strapi's
   * body parser and error pages never see JSON-RPC (it validates Origin itself).
   */
  mcp?(): { path: string; handle(req: IncomingMessage, res: ServerResponse): void } | undefined;
}

/**
 * Answers fresh cached public M-URLs on Strapi's HTTP server before Koa sees the request, through
 * the store's `answerAheadOfFramework` as the Express adapter's `agent.handler(app)` does, from
 * the cache alone and under the headers Strapi adds: no await, no middleware chain, so an
 * agent's conditional request costs little more than on bare node:http. Everything else
 * (uncached rows, other endpoints, signed requests, pages, CORS requests with `Origin`) goes to
 * Koa as before, where the plugin's middleware answers it, and until the headers Strapi adds are
 * learned nothing is answered here. Strapi's request logger does not see these answers; the
 * plugin's serving metrics count them. Returns a function that puts Koa back alone.
 */
export function answerAheadOfKoa(server: Server, options: AheadOfKoaOptions): () => void {
  const koa = server.listeners('request') as RequestListener[];
  /** The learned headers, and what lays them under a response (made once per template). */
  let merging: { template: ResponseHeaders; merge: (response: HttpResponse) => ResponseHeaders };
  const ahead = answerAheadOfFramework(
    (req, res) => {
      for (const next of koa) next.call(server, req, res);
    },
    {
      siteFor: (req) =>
        options.strapiHeaders.headers && req.headers.origin === undefined
          ? options.site()
          : undefined,
      headersOf: (response) => {
        const template = options.strapiHeaders.headers!;
        if (merging?.template !== template)
          merging = { template, merge: baseHeadersMerger(template) };
        return merging.merge(response);
      },
    },
  );
  const listener: RequestListener = (req, res) => {
    const mcp = options.mcp?.();
    if (mcp && (req.url ?? '/').split('?', 1)[0] === mcp.path) {
      mcp.handle(req, res);
      return;
    }
    ahead(req, res);
  };
  server.removeAllListeners('request');
  server.on('request', listener);
  return () => {
    server.removeListener('request', listener);
    for (const next of koa) server.on('request', next);
  };
}
