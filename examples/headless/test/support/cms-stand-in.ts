import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { generateLlmindexKeyPair, type AgentDocument } from '@agent-ready/core';
import {
  agentReady,
  type AgentReadyMiddleware,
  type AgentReadyOptions,
} from '@agent-ready/express';
import type { DatabaseOption } from '@agent-ready/store';
import { databaseConfig } from '@agent-ready/test-support';

/** The public origin the examples serve (`SITE_ORIGIN`), and the CMS's `site.origin`. */
export const SITE_ORIGIN = 'https://example.com';

/** The documents of the stand-in: pages in two sections, a German one, a product, an FAQ entry. */
export const DOCUMENTS: AgentDocument[] = [
  {
    id: 'hello',
    url: '/blog/hello/',
    title: 'Hello',
    section: 'blog',
    body: { format: 'markdown', value: '## Part\n\nSome *text*.' },
  },
  ...Array.from({ length: 24 }, (_, i) => ({
    id: `guide-${i}`,
    url: `/guides/${i}/`,
    title: `Guide number ${i}`,
    section: 'guides',
    description: 'A guide that takes some room in the llms.txt listing.',
    body: { format: 'text' as const, value: `Guide ${i}.` },
  })),
  {
    id: 'datenschutz',
    locale: 'de',
    url: '/de/datenschutz/',
    title: 'Datenschutz',
    section: 'blog',
    body: { format: 'text', value: 'Wir schützen Daten.' },
  },
  {
    id: 'tent',
    url: '/products/tent/',
    title: 'Trail Tent',
    section: 'products',
    body: { format: 'text', value: 'Light and strong.' },
    llmindex: {
      role: 'product',
      product: { price: 199, currency: 'EUR', availability: 'in_stock' },
    },
  },
  {
    id: 'returns',
    url: '/faq/returns/',
    title: 'Can I return a tent?',
    section: 'faq',
    body: { format: 'text', value: 'Within 30 days.' },
    llmindex: { role: 'faq', topic: 'Orders' },
  },
];

export interface CmsStandIn {
  /** Where it answers, e.g. `http://127.0.0.1:41234` (the examples' `CMS_URL`). */
  url: string;
  agent: AgentReadyMiddleware;
  options: AgentReadyOptions;
  database: DatabaseOption;
  close(): Promise<void>;
}

/**
 * What a headless front-end proxies to: `@agent-ready/express` on SQLite (as a read-only instance
 * beside Strapi would be) with every agent endpoint on, on a real HTTP server. Small budgets make
 * it serve the rarer paths too: sitemap shards and their index, a split llms.txt.
 */
export async function startCmsStandIn(): Promise<CmsStandIn> {
  const keys = await generateLlmindexKeyPair({ kid: 'test-key' });
  const database = databaseConfig('sqlite') as DatabaseOption;
  const options: AgentReadyOptions = {
    site: { origin: SITE_ORIGIN, name: 'Example', summary: 'A site behind a front-end.' },
    database,
    sitemap: { maxItemsPerShard: 10 },
    llmsTxt: { maxCharacters: 2000 },
    llmindex: {
      topics: ['outdoor gear'],
      verify: { method: 'http_file', value: 'llmindex-verify=abc123' },
      signingKey: keys.privateJwk,
    },
    policy: { effective: '2025-10-01T00:00:00Z' },
    metrics: { enabled: true, stats: 'public' },
    robotsTxt: { rules: 'User-agent: *\nDisallow: /admin/\n' },
    rebuild: { debounceMs: 5, healIntervalMs: 0 },
    logger: false,
  };
  const agent = agentReady(options);
  const server = createServer(express().use(agent));
  try {
    for (const document of DOCUMENTS) await agent.publish(document);
    await agent.idle();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  } catch (error) {
    server.close();
    await agent.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    agent,
    options,
    database,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await agent.close();
    },
  };
}

/** A server of the test's own on a free loopback port; `close` ends its connections too. */
export async function listen(
  listener: Parameters<typeof createServer>[1],
): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent: never decoded (unlike fetch, which undoes Content-Encoding). */
  body: Buffer;
}

/** A GET over node:http, the body exactly as it came over the wire. */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
