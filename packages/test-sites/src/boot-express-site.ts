import http, { type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express, { type RequestHandler } from 'express';
import { agentReady, type AgentReadyMiddleware } from '@agent-ready/express';
import type { AgentDocument, ScpSiteOptions, TctProfileName } from '@agent-ready/core';

/** The Express adapter on a real socket, with a slot for a corrupting middleware in front. */
export interface TestSite {
  /** Where the site listens. */
  origin: string;
  /** The origin its URLs are on: `BootOptions.publicOrigin`, or `origin`. */
  publicOrigin: string;
  agent: AgentReadyMiddleware;
  /** Runs before everything else; set per test to break exactly one thing. */
  variant: RequestHandler | undefined;
  /** Requests the server answered, in order (method and URL), for request counting. */
  log: { method: string; url: string; status: number }[];
  close(): Promise<void>;
}

export const UPSTREAM_HEADER = 'x-test-upstream';

export interface BootOptions {
  documents: AgentDocument[];
  /** Extra routes before the adapter (SCP, llmindex, llms.txt fixtures). */
  fixtures?: RequestHandler;
  /** Extra Link header values for HTML pages (llms.txt v2 relations). */
  pageLinks?: (path: string) => string[];
  /** Sitemap items per shard: small values give a sharded sitemap with an index. */
  maxItemsPerShard?: number;
  /** SCP settings (the adapter's defaults otherwise). */
  scp?: ScpSiteOptions;
  /** The TCT profile the site is served in (tct-1 otherwise). */
  tctProfile?: TctProfileName;
  /** Serve `/llm-stats.json` (the counts of agent requests). */
  stats?: boolean;
  /**
   * The public origin every URL is built on, when it is not where the site listens (a site
   * checked before it is live, through `connectTo`). Default: where it listens.
   */
  publicOrigin?: string;
  /** Serve the MCP endpoint at `/mcp` (`@agent-ready/mcp`, docs/mcp.md). */
  mcp?: boolean;
}

export function homeAndPosts(count: number): AgentDocument[] {
  return [
    {
      id: 'home',
      url: '/',
      title: 'Example',
      body: { format: 'text', value: 'What this site is.' },
      modified: '2025-10-01T00:00:00Z',
    },
    ...Array.from({ length: count }, (_, i) => ({
      id: `post-${i + 1}`,
      url: `/posts/${i + 1}/`,
      title: `Post ${i + 1}`,
      body: { format: 'markdown' as const, value: `The *body* of post ${i + 1}.` },
      modified: `2025-10-0${(i % 9) + 1}T12:00:00Z`,
    })),
  ];
}

export async function bootExpressSite(options: BootOptions): Promise<TestSite> {
  const server: Server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const origin = `http://127.0.0.1:${port}`;
  const publicOrigin = options.publicOrigin ?? origin;
  const dir = mkdtempSync(join(tmpdir(), 'agent-ready-test-site-'));
  const agent = agentReady({
    site: { origin: publicOrigin, name: 'Example', language: 'en', overviewPath: '/' },
    database: { client: 'sqlite', filename: join(dir, 'site.sqlite') },
    policy: { effective: '2025-10-01T00:00:00Z', urls: { contact: `${publicOrigin}/contact/` } },
    robotsTxt: { rules: 'User-agent: *\nDisallow: /admin/\n' },
    rebuild: { debounceMs: 5, healIntervalMs: 0 },
    ...(options.maxItemsPerShard
      ? { sitemap: { maxItemsPerShard: options.maxItemsPerShard } }
      : {}),
    ...(options.scp ? { scp: options.scp } : {}),
    ...(options.tctProfile ? { tct: { profile: options.tctProfile } } : {}),
    ...(options.stats ? { metrics: { stats: 'public' as const } } : {}),
    ...(options.mcp ? { mcp: { enabled: true } } : {}),
  });
  const site: TestSite = {
    origin,
    publicOrigin,
    agent,
    variant: undefined,
    log: [],
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await agent.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  const app = express();
  app.use((req, res, next) => {
    if (req.headers[UPSTREAM_HEADER] === undefined)
      res.on('finish', () =>
        site.log.push({ method: req.method, url: req.originalUrl, status: res.statusCode }),
      );
    if (site.variant && req.headers[UPSTREAM_HEADER] === undefined) site.variant(req, res, next);
    else next();
  });
  if (options.fixtures) app.use(options.fixtures);
  app.use(agent);
  app.get('/{*path}', (req, res) => {
    const tags = (res.locals.agentReady?.linkTags as string | undefined) ?? '';
    for (const link of options.pageLinks?.(req.path) ?? []) res.append('Link', link);
    res
      .type('html')
      .send(`<!doctype html><html><head>${tags}</head><body>${req.path}</body></html>`);
  });
  server.on('request', app);
  for (const document of options.documents) await agent.publish(document);
  await agent.idle();
  return site;
}
