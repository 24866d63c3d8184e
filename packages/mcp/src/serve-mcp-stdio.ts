import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer, notifyChanges } from './create-mcp-server';
import type { McpContentSource } from './mcp-content-source';
import { DEFAULT_MCP_LIMITS, type McpLimits } from './mcp-limits';

export interface McpStdioOptions {
  source: McpContentSource;
  limits?: Partial<McpLimits>;
  /** Default: the process's stdin and stdout. */
  stdin?: Readable;
  stdout?: Writable;
  onError?(error: unknown): void;
}

export interface McpStdioServer {
  /** Resolves when the client closed the connection (or `close` was called). */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/**
 * The same server over stdio, for one client on this machine (the CLI's `agent-ready mcp`):
 * one long-lived connection, so `resources/subscribe` is remembered for it and
 * `notifications/resources/updated` goes out for the subscribed documents only.
 */
export async function serveMcpOverStdio(options: McpStdioOptions): Promise<McpStdioServer> {
  const limits: McpLimits = { ...DEFAULT_MCP_LIMITS, ...options.limits };
  const subscribed = new Set<string>();
  const settings = await options.source.settings();
  const server = createMcpServer({
    source: options.source,
    limits,
    context: { includeProtected: false },
    ...(settings.name ? { title: settings.name } : {}),
    subscriptions: { add: (uri) => subscribed.add(uri), remove: (uri) => subscribed.delete(uri) },
    ...(options.onError ? { onError: options.onError } : {}),
  });
  const transport = new StdioServerTransport(options.stdin, options.stdout);
  let resolveClosed: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  let queue = Promise.resolve();
  const unwatch = options.source.catalog.watchChanges((changes) => {
    queue = queue
      .then(() =>
        notifyChanges(server, changes, {
          includeProtected: false,
          subscribed: (uri) => subscribed.has(uri),
        }),
      )
      .catch(() => undefined);
  });
  server.onclose = () => {
    unwatch();
    resolveClosed();
  };
  await server.connect(transport);
  return {
    closed,
    async close() {
      unwatch();
      await server.close();
      resolveClosed();
    },
  };
}
