import type { IncomingMessage, ServerResponse } from 'node:http';
import { MCP_DEFAULT_PATH, type AgentSiteOptions, type MetricEvent } from '@agent-ready/core';
import { mcpSourceOfSite, type McpSiteReader } from './mcp-source-of-site';
import {
  createMcpHttpHandler,
  type McpIdentity,
  type McpSiteRequest,
  type ParsedBody,
} from './serve-mcp-http';

/** What the MCP endpoint needs of a served site (the store's `AgentSite` is one). */
export interface McpSite {
  readonly reader: McpSiteReader;
  readonly metrics?: { readonly recorder: { record(event: MetricEvent): void } };
  identifyAgent(request: McpSiteRequest): Promise<McpIdentity>;
  /** The site's `rateLimit` budget of the request's client (see `McpHttpOptions.limitRate`). */
  limitRate?(request: McpSiteRequest, family: string): Promise<number | undefined>;
}

/** Where the endpoint answers and which browser origins may call it; undefined when off. */
export interface SiteMcpSettings {
  path: string;
  allowedOrigins: readonly string[];
}

/** The `mcp` site option in force: off unless set (`true`, or `{ enabled?, path?, … }`). */
export function siteMcpSettings(options: AgentSiteOptions): SiteMcpSettings | undefined {
  const mcp = options.mcp;
  if (!mcp || mcp.enabled === false) return undefined;
  return { path: mcp.path ?? MCP_DEFAULT_PATH, allowedOrigins: mcp.allowedOrigins ?? [] };
}

export interface SiteMcpHooks {
  /**
   * The app's access check, run on every request under `protect: 'all'` (resolves `true` to go
   * on, `false` once it answered). Absent under `protect: 'all'`: every request is refused
   * (404), as a protected M-URL is without a check.
   */
  authorize?(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /**
   * The client's address as the app sees it, the `rateLimit` key (Express's `req.ip`, Koa's
   * `ctx.ip`: behind a proxy the app trusts, the forwarded one); default: the socket's peer.
   */
  clientAddress?(req: IncomingMessage, res: ServerResponse): string | undefined;
  /**
   * The origins of the server the endpoint answers on, where they are not the site's (a CMS
   * serving the agent endpoints of a front end elsewhere): its own pages may call too.
   */
  serverOrigins?: readonly string[];
  onError?(error: unknown): void;
}

/**
 * The MCP endpoint of a site as the adapters mount it: its documents from the site's reader,
 * each call identified (Web Bot Auth), charged to the client's `rateLimit` budget and counted as
 * the site's other endpoints are, and under `protect: 'all'` through the app's access check.
 */
export function createSiteMcpHandler(
  site: McpSite,
  options: AgentSiteOptions,
  hooks: SiteMcpHooks = {},
): (req: IncomingMessage, res: ServerResponse, parsedBody?: ParsedBody) => Promise<void> {
  const settings = siteMcpSettings(options);
  const protectAll = options.protect === 'all';
  const refuseAll = async (_req: IncomingMessage, res: ServerResponse) => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      error: { code: -32001, message: 'Not found' },
      id: null,
    });
    res.writeHead(404, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(body);
    return false;
  };
  return createMcpHttpHandler({
    source: mcpSourceOfSite(site.reader, {
      origin: options.site.origin,
      name: options.site.name,
      ...(options.site.language ? { language: options.site.language } : {}),
      ...(options.mUrl?.suffix ? { mUrl: { suffix: options.mUrl.suffix } } : {}),
      ...(options.usage ? { usage: options.usage } : {}),
    }),
    allowedOrigins: [...(settings?.allowedOrigins ?? []), ...(hooks.serverOrigins ?? [])],
    identify: (request) => site.identifyAgent(request),
    ...(site.limitRate
      ? { limitRate: (request: McpSiteRequest, family: string) => site.limitRate!(request, family) }
      : {}),
    ...(hooks.clientAddress ? { clientAddress: hooks.clientAddress } : {}),
    ...(protectAll ? { authorize: hooks.authorize ?? refuseAll } : {}),
    ...(site.metrics
      ? { record: (event: MetricEvent) => site.metrics!.recorder.record(event) }
      : {}),
    ...(hooks.onError ? { onError: hooks.onError } : {}),
  });
}
