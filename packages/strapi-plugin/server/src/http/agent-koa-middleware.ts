import { formatLinkHeader, type AgentEndpoints, type HttpResponse } from '@agent-ready/core';
import { StoreUnavailableError } from '@agent-ready/store';
import type { PluginLogger } from '../sync/sync-context';
import type { KoaMiddleware } from './koa-context';
import { writeKoaResponse } from './write-koa-response';

function plainText(
  method: string,
  status: number,
  text: string,
  headers: Record<string, string>,
): HttpResponse {
  const body = Buffer.from(`${text}\n`);
  return {
    status,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'content-length': String(body.length),
      ...headers,
    },
    ...(method === 'HEAD' ? {} : { body }),
  };
}

export interface AgentKoaMiddlewareOptions {
  endpoints: AgentEndpoints;
  /** Add the sitemap `rel="index"` Link (and the home document's alternate) to `/`. */
  rootLink: boolean;
  log: PluginLogger;
}

/**
 * Every agent endpoint as Koa middleware on Strapi's server, ahead of its router: the core
 * handler decides (M-URLs anywhere in the path, artifacts by exact path, the policy), anything
 * else falls through to Strapi untouched. Protected documents are not a Strapi concept here and
 * answer 404, like the Express adapter without an `authorize` hook.
 */
export function createAgentKoaMiddleware(options: AgentKoaMiddlewareOptions): KoaMiddleware {
  const { endpoints } = options;
  return async (ctx, next) => {
    const method = ctx.method.toUpperCase();
    let outcome: Awaited<ReturnType<AgentEndpoints['handle']>>;
    try {
      outcome = await endpoints.handle({ method, target: ctx.originalUrl, headers: ctx.headers });
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      options.log.warn(`agent-ready: ${error.message}`);
      writeKoaResponse(
        ctx,
        plainText(method, 503, 'Service Unavailable', {
          'retry-after': '5',
          'cache-control': 'no-store',
        }),
      );
      return;
    }
    if (outcome.kind === 'respond') {
      writeKoaResponse(ctx, outcome.response);
      return;
    }
    if (outcome.kind === 'authorize') {
      writeKoaResponse(ctx, plainText(method, 404, 'Not Found', { 'cache-control': 'no-cache' }));
      return;
    }
    await next();
    if (
      options.rootLink &&
      ctx.path === '/' &&
      (method === 'GET' || method === 'HEAD') &&
      ctx.status < 400
    ) {
      // Strapi's root redirects to the admin panel: the Link rides on that response.
      try {
        const links = [...(await endpoints.rootLinks()), ...(await endpoints.pageLinks('/'))];
        if (links.length > 0) ctx.append('Link', formatLinkHeader(links));
      } catch (error) {
        options.log.warn(`agent-ready: no discovery links on /: ${(error as Error).message}`);
      }
    }
  };
}
