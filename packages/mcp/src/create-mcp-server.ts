import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { CatalogChange } from '@agent-ready/core';
import {
  callTool,
  checkSubscription,
  listResources,
  listTools,
  McpRequestError,
  readResource,
  type McpCallContext,
} from './mcp-handlers';
import type { McpContentSource } from './mcp-content-source';
import type { McpLimits } from './mcp-limits';

/** What the server says it is (`serverInfo`). */
export const MCP_SERVER_NAME = 'agent-ready';
export const MCP_SERVER_VERSION = '0.1.0';

export interface McpServerSetup {
  source: McpContentSource;
  limits: McpLimits;
  context: McpCallContext;
  /** The site's name, for `serverInfo.title` and the instructions. */
  title?: string;
  /** Told of `resources/subscribe` and `resources/unsubscribe` (a long-lived connection). */
  subscriptions?: { add(uri: string): void; remove(uri: string): void };
  /** A handler failed for a reason not the caller's (the store is down, say). */
  onError?(error: unknown): void;
}

/**
 * Runs a handler and turns what it throws into a JSON-RPC error: the caller's mistakes keep
 * their code (invalid params, resource not found); anything else is an internal error whose
 * message says nothing of the server's insides. Thrown as `McpRequestError`, not the SDK's
 * `McpError`: the SDK sends an error's `code` and `message` as they are, and `McpError` puts
 * "MCP error <code>: " in its message, which the client's `McpError` then prefixes again.
 */
async function answering<T>(setup: McpServerSetup, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof McpRequestError || error instanceof McpError) throw error;
    setup.onError?.(error);
    throw new McpRequestError(
      ErrorCode.InternalError,
      'the site cannot answer right now; try again',
    );
  }
}

/**
 * The SDK's JSON Schema validator, one per process, made when first asked for. Left to itself
 * the SDK makes one (an Ajv instance with its formats, about a millisecond) for every server,
 * which here is every request; and it only serves asking the client for input (elicitation),
 * which a read-only server never does.
 */
let sharedValidator: AjvJsonSchemaValidator | undefined;
const lazyValidator: jsonSchemaValidator = {
  getValidator(schema) {
    sharedValidator ??= new AjvJsonSchemaValidator();
    return sharedValidator.getValidator(schema);
  },
};

/**
 * An MCP server (the official SDK's) answering from `source` for one caller: read-only tools
 * (`search`, `fetch`) and resources (every published document, URI = its canonical URL; the
 * llms.txt), which can be subscribed to. Cheap to make: the Streamable HTTP endpoint makes one
 * per request (stateless: nothing is kept per client).
 */
export function createMcpServer(setup: McpServerSetup): Server {
  const { source, limits, context } = setup;
  const server = new Server(
    {
      name: MCP_SERVER_NAME,
      version: MCP_SERVER_VERSION,
      ...(setup.title ? { title: setup.title } : {}),
    },
    {
      capabilities: {
        tools: { listChanged: false },
        resources: { subscribe: true, listChanged: true },
      },
      jsonSchemaValidator: lazyValidator,
      instructions: `Read-only access to the published documents${setup.title ? ` of ${setup.title}` : ''}: search finds documents, fetch reads one as Markdown; every document is also a resource (URI: its canonical URL). Cite documents by their URL; their metadata says the content hash and the publisher's AI usage preferences (contentUsage).`,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () =>
    answering(setup, async () => ({
      tools: listTools(
        limits,
        await source.catalog.listFacets({ includeProtected: context.includeProtected }),
        (await source.settings()).language,
      ),
    })),
  );
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    answering(setup, async () =>
      callTool(
        source,
        limits,
        request.params.name,
        request.params.arguments as Record<string, unknown> | undefined,
        context,
      ),
    ),
  );
  server.setRequestHandler(ListResourcesRequestSchema, (request) =>
    answering(setup, () => listResources(source, limits, request.params?.cursor, context)),
  );
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) =>
    answering(setup, () => readResource(source, request.params.uri, context)),
  );
  server.setRequestHandler(SubscribeRequestSchema, (request) =>
    answering(setup, async () => {
      const uri = await checkSubscription(source, request.params.uri, context);
      setup.subscriptions?.add(uri);
      return {};
    }),
  );
  server.setRequestHandler(UnsubscribeRequestSchema, (request) =>
    answering(setup, async () => {
      if (typeof request.params.uri === 'string') setup.subscriptions?.remove(request.params.uri);
      return {};
    }),
  );
  return server;
}

/**
 * Sends what a batch of committed changes means to a client: `notifications/resources/updated`
 * for each document it may see (all, or those `subscribed` says), and one
 * `notifications/resources/list_changed` (a document came, went, or its listed hash moved).
 */
export async function notifyChanges(
  server: Server,
  changes: readonly CatalogChange[],
  options: { includeProtected: boolean; subscribed?: (uri: string) => boolean },
): Promise<void> {
  const visible = changes.filter(
    (change) => change.visibility === 'public' || options.includeProtected,
  );
  if (visible.length === 0) return;
  const uris = [...new Set(visible.map((change) => change.cUrl))];
  for (const uri of uris) {
    if (options.subscribed && !options.subscribed(uri)) continue;
    await server.sendResourceUpdated({ uri });
  }
  await server.sendResourceListChanged();
}
