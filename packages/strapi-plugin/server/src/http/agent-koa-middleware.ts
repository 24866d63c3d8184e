import {
  classifyAgent,
  createAgentIdentifier,
  formatLinkHeader,
  htmlLinkTag,
  metricEventOf,
  type AgentEndpoints,
  type AgentIdentifier,
  type HttpResponse,
  type MetricsRecorder,
  type WebLink,
} from '@agent-ready/core';
import { isStoreUnavailable } from '@agent-ready/store';
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
  endpoints: AgentEndpoints;
  /** Add the sitemap `rel="index"` Link (and the home document's alternate) to `/`. */
  rootLink: boolean;
  /** See AgentReadyPluginConfig.rootPage. */
  rootPage?: 'admin-redirect' | 'agent-index';
  /** Who is asking: the metrics' agent family, and Web Bot Auth when `botAuth` is on. Default: by User-Agent. */
  identifier?: AgentIdentifier;
  /** Where responses are counted while `metrics` is on (in memory; flushed in batches). */
  recorder?: Pick<MetricsRecorder, 'record'>;
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
  const identifier = options.identifier ?? createAgentIdentifier(undefined);
  const discoveryLinks = async () => [
    ...(await endpoints.rootLinks()),
    ...(await endpoints.pageLinks('/')),
  ];
  return async (ctx, next) => {
    const method = ctx.method.toUpperCase();
    let outcome: Awaited<ReturnType<AgentEndpoints['handle']>>;
    try {
      outcome = await endpoints.handle({ method, target: ctx.originalUrl, headers: ctx.headers });
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
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
      // Only agent endpoints' requests are identified: Strapi's own routes are none of ours.
      let family: string | undefined;
      if (identifier.needsVerification(ctx.headers)) {
        const identity = await identifier.identify({
          method,
          url: ctx.href,
          headers: ctx.headers,
        });
        if (identity.refusal) {
          writeKoaResponse(ctx, identity.refusal);
          return;
        }
        family = identity.family;
      }
      writeKoaResponse(ctx, outcome.response);
      if (options.recorder) {
        const event = metricEventOf(
          outcome.response,
          family ?? classifyAgent(ctx.headers['user-agent']),
        );
        if (event) options.recorder.record(event);
      }
      return;
    }
    if (outcome.kind === 'authorize') {
      writeKoaResponse(ctx, plainText(method, 404, 'Not Found', { 'cache-control': 'no-cache' }));
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
