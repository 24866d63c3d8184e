import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { prepareDocument, type AgentDocument, type MetricEvent } from '@agent-ready/core';
import { dropAgentTables, RegenerationEngine, type DatabaseOption } from '@agent-ready/store';
import { uniqueTablePrefix } from '@agent-ready/test-support';
import { createMcpHttpHandler, mcpSourceOfSite, type McpHttpOptions } from '../../src';

export const ORIGIN = 'https://example.com';

/** A store with an engine, and the MCP endpoint over it on a real socket (loopback). */
/** A document to publish: its body is Markdown. */
export type TestDocument = Partial<Omit<AgentDocument, 'body'>> & { id: string; body?: string };

export interface McpTestSite {
  engine: RegenerationEngine;
  url: string;
  events: MetricEvent[];
  errors: unknown[];
  publish(document: TestDocument): Promise<void>;
  close(): Promise<void>;
}

export async function startMcpTestSite(
  database: DatabaseOption,
  options: Partial<Omit<McpHttpOptions, 'source'>> = {},
): Promise<McpTestSite> {
  const prefix = uniqueTablePrefix();
  const engine = await RegenerationEngine.open({
    database,
    tablePrefix: prefix,
    sitemap: { origin: ORIGIN },
    rebuild: { automatic: false, healIntervalMs: 0 },
  });
  const events: MetricEvent[] = [];
  const errors: unknown[] = [];
  const handler = createMcpHttpHandler({
    source: mcpSourceOfSite(engine.reader, {
      origin: ORIGIN,
      name: 'Example',
      language: 'en',
      usage: { trainAi: false },
    }),
    record: (event) => events.push(event),
    onError: (error) => errors.push(error),
    ...options,
  });
  const server: Server = createServer((req, res) => {
    if ((req.url ?? '').split('?')[0] !== '/mcp') {
      res.statusCode = 404;
      res.end();
      return;
    }
    handler(req, res).catch((error: unknown) => {
      errors.push(error);
      res.statusCode = 500;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    engine,
    url: `http://127.0.0.1:${port}/mcp`,
    events,
    errors,
    async publish(document) {
      const { body, ...fields } = document;
      const prepared = prepareDocument(
        {
          url: `/${document.id}/`,
          title: `Title ${document.id}`,
          ...fields,
          body: { format: 'markdown', value: body ?? `Body of ${document.id}.` },
        },
        { origin: ORIGIN },
      );
      await engine.upsert(prepared);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (engine.dialect !== 'sqlite') await dropAgentTables(engine.knex, prefix);
      await engine.close();
    },
  };
}
