import { type HttpResponse } from '@agent-ready/core/http';
import {
  addPageHeaders,
  AGENT_INDEX_PAGE,
  mayNameRobotsTxt,
  notFoundResponse,
  type PageDecoration,
} from '@agent-ready/core/serve';
import type { AgentSite, AgentSiteOutcome, AgentSiteRequest } from '@agent-ready/store';
import type { PluginLogger } from '../sync/sync-context';
import type { KoaContext, KoaMiddleware } from './koa-context';
import type { LearnedStrapiHeaders } from './learn-strapi-headers';
import { askStrapiForRobotsTxt } from './ask-strapi-for-robots-txt';
import { writeKoaResponse } from './write-koa-response';

/**
 * A minimal root for agents when Strapi serves nothing at `/`: the page decoration every page
 * gets (its links as header and tags, the llms.txt notice, Content-Usage), as a small HTML page.
 */
function rootIndex(method: string, decoration: PageDecoration): HttpResponse {
  const notice = decoration.llmsTxtNotice ? `${decoration.llmsTxtNotice}\n` : '';
  const body = Buffer.from(
    `<!doctype html>\n<html><head><meta charset="utf-8"><title>Agent endpoints</title>\n${decoration.linkTags}\n</head><body>${notice}<p>Content for agents: see the links in this page's head.</p></body></html>\n`,
  );
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(body.length),
      'cache-control': AGENT_INDEX_PAGE.cacheControl,
      ...decoration.headers,
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
  /** Learns what Strapi's global middlewares add to our answers (see answerAheadOfKoa). */
  strapiHeaders?: LearnedStrapiHeaders;
  log: PluginLogger;
}

/**
 * Every agent endpoint as Koa middleware on Strapi's server, ahead of its router: the site's
 * pipeline decides (M-URLs anywhere in the path, artifacts by exact path, the policy), anything
 * else falls through to Strapi untouched (and is neither verified nor counted). Protected
 * documents are not a Strapi concept here and answer 404, like the Express adapter without an
 * `authorize` hook. The root is the one page Strapi has: it is decorated and negotiated as the
 * Express adapter does every page of an app.
 */
export function createAgentKoaMiddleware(options: AgentKoaMiddlewareOptions): KoaMiddleware {
  const send = (ctx: KoaContext, method: string, outcome: AgentSiteOutcome) => {
    const response = outcome.kind === 'respond' ? outcome.response : notFoundResponse(method);
    writeKoaResponse(ctx, response);
    // What Strapi's middlewares add to it, for answers given ahead of Koa (answerAheadOfKoa).
    if (ctx.headers.origin === undefined) options.strapiHeaders?.observe(ctx.res, response);
  };
  return async (ctx, next) => {
    const method = ctx.method.toUpperCase();
    const request: AgentSiteRequest = {
      method,
      target: ctx.originalUrl,
      headers: ctx.headers,
      url: ctx.href,
      clientAddress: ctx.ip,
    };
    // robots.txt: Strapi's own (`public/robots.txt`) answers first, ours is composed onto it.
    if (mayNameRobotsTxt(ctx.path) && (await options.site().wantsRobotsTxt(request))) {
      const own = await askStrapiForRobotsTxt(ctx, next);
      if (own.kind !== 'as-is')
        send(
          ctx,
          method,
          await options.site().answerRobotsTxt(request, own.kind === 'file' ? own.text : undefined),
        );
      return;
    }
    const outcome = await options.site().handle(request);
    if (outcome.kind !== 'pass') {
      send(ctx, method, outcome);
      return;
    }
    const isRoot = options.rootLink && ctx.path === '/' && (method === 'GET' || method === 'HEAD');
    if (isRoot) {
      // The root asked for as Markdown gets its twin, on the same URL, as on Express.
      const twin = await options.site().negotiatePage(request);
      if (twin && twin.kind !== 'pass') {
        send(ctx, method, twin);
        return;
      }
    }
    const decoration = () => options.site().endpoints.decoratePage('/');
    if (isRoot && options.rootPage === 'agent-index') {
      writeKoaResponse(ctx, rootIndex(method, await decoration()));
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
      const page = await decoration();
      if (ctx.status === 404) {
        // Nothing of Strapi's at the root (admin panel off): agents still need a 2xx root that
        // says where the sitemap is (DECISIONS §1 discovery), so answer with a small index.
        writeKoaResponse(ctx, rootIndex(method, page));
      } else if (ctx.status < 400) {
        // Strapi's root redirects editors to the admin panel: the decoration rides on that.
        addPageHeaders(page.headers, ctx);
      }
    } catch (error) {
      options.log.warn(`agent-ready: no discovery links on /: ${(error as Error).message}`);
    }
  };
}
