import {
  formatLinkHeader,
  htmlLinkTag,
  notFoundResponse,
  type HttpResponse,
  type WebLink,
} from '@agent-ready/core';
import type { AgentSite } from '@agent-ready/store';
import type { PluginLogger } from '../sync/sync-context';
import type { KoaMiddleware } from './koa-context';
import { writeKoaResponse } from './write-koa-response';

/** A minimal root for agents when Strapi serves nothing at `/`: the discovery links, as header and HTML. */
function rootIndex(method: string, links: WebLink[]): HttpResponse {
  const body = Buffer.from(
    `<!doctype html>\n<html><head><meta charset="utf-8"><title>Agent endpoints</title>\n${links
      .map(htmlLinkTag)
      .join(
        '\n',
      )}\n</head><body><p>Content for agents: see the links in this page's head.</p></body></html>\n`,
  );
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(body.length),
      'cache-control': 'no-cache',
      ...(links.length > 0 ? { link: formatLinkHeader(links) } : {}),
    },
    ...(method === 'HEAD' ? {} : { body }),
  };
}

export interface AgentKoaMiddlewareOptions {
  /**
   * The site in force (its endpoints follow settings saved in the admin panel): the same
   * pipeline the Express adapter runs, identity and metrics included.
   */
  site: () => AgentSite;
  /** Add the sitemap `rel="index"` Link (and the home document's alternate) to `/`. */
  rootLink: boolean;
  /** See AgentReadyPluginConfig.rootPage. */
  rootPage?: 'admin-redirect' | 'agent-index';
  log: PluginLogger;
}

/**
 * Every agent endpoint as Koa middleware on Strapi's server, ahead of its router: the site's
 * pipeline decides (M-URLs anywhere in the path, artifacts by exact path, the policy), anything
 * else falls through to Strapi untouched (and is neither verified nor counted). Protected
 * documents are not a Strapi concept here and answer 404, like the Express adapter without an
 * `authorize` hook.
 */
export function createAgentKoaMiddleware(options: AgentKoaMiddlewareOptions): KoaMiddleware {
  const discoveryLinks = async () => (await options.site().endpoints.decoratePage('/')).links;
  return async (ctx, next) => {
    const method = ctx.method.toUpperCase();
    const outcome = await options
      .site()
      .handle({ method, target: ctx.originalUrl, headers: ctx.headers, url: ctx.href });
    if (outcome.kind === 'respond') {
      writeKoaResponse(ctx, outcome.response);
      return;
    }
    if (outcome.kind === 'authorize') {
      writeKoaResponse(ctx, notFoundResponse(method));
      return;
    }
    const isRoot = options.rootLink && ctx.path === '/' && (method === 'GET' || method === 'HEAD');
    if (isRoot && options.rootPage === 'agent-index') {
      writeKoaResponse(ctx, rootIndex(method, await discoveryLinks()));
      return;
    }
    try {
      await next();
    } catch (error) {
      // Strapi's router throws its 404 (its error middleware, outside ours, renders it).
      if (!isRoot || (error as { status?: number }).status !== 404) throw error;
      ctx.status = 404;
    }
    if (!isRoot) return;
    try {
      const links = await discoveryLinks();
      if (ctx.status === 404) {
        // Nothing of Strapi's at the root (admin panel off): agents still need a 2xx root that
        // says where the sitemap is (DECISIONS §1 discovery), so answer with a small index.
        writeKoaResponse(ctx, rootIndex(method, links));
      } else if (ctx.status < 400 && links.length > 0) {
        // Strapi's root redirects editors to the admin panel: the Link rides on that response.
        ctx.append('Link', formatLinkHeader(links));
      }
    } catch (error) {
      options.log.warn(`agent-ready: no discovery links on /: ${(error as Error).message}`);
    }
  };
}
