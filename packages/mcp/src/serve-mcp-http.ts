import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { type HttpResponse, type MetricEvent } from '@agent-ready/core';
import { writeNodeResponse } from '@agent-ready/core/node-http';
import { createMcpServer, notifyChanges } from './create-mcp-server';
import { RESOURCE_NOT_FOUND } from './mcp-handlers';
import type { McpContentSource } from './mcp-content-source';
import { isAllowedOrigin, originOf } from './is-allowed-origin';
import { DEFAULT_MCP_LIMITS, type McpLimits } from './mcp-limits';

/** Who is asking, as the site tells it (Web Bot Auth): its family, or the refusal to send. */
export interface McpIdentity {
  family: string;
  refusal?: HttpResponse;
}

/** A request as the site's identity and rate-limit hooks see it. */
export interface McpSiteRequest {
  method: string;
  target: string;
  url: string;
  headers: IncomingMessage['headers'];
  /** The client's address (see `clientAddress`). */
  clientAddress?: string | undefined;
}

export interface McpHttpOptions {
  source: McpContentSource;
  limits?: Partial<McpLimits>;
  /**
   * Origins a browser may call from besides the site's own (`Origin` header, DNS rebinding):
   * a request with any other `Origin` is refused (403). Requests without one (agents, servers,
   * the CLI) are not browsers' and pass.
   */
  allowedOrigins?: readonly string[];
  /** The site's Web Bot Auth: a family to count the call under, or a refusal (gate). */
  identify?(request: McpSiteRequest): Promise<McpIdentity>;
  /**
   * The site's rate limit (`rateLimit`, shared with its other agent endpoints): charges the
   * request and resolves `undefined` to go on, or the seconds to wait (refused with 429).
   */
  limitRate?(request: McpSiteRequest, family: string): Promise<number | undefined>;
  /**
   * The client's address as the app sees it (behind a proxy it trusts, the forwarded one);
   * default: the socket's peer.
   */
  clientAddress?(req: IncomingMessage, res: ServerResponse): string | undefined;
  /**
   * The site's access check (`protect: 'all'`): every request goes through it first. It
   * resolves `true` to let the request through (protected documents are then served too), or
   * `false` when it answered the request itself (401, say).
   */
  authorize?(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** Counts every call (one JSON-RPC request answered, or one refused HTTP request). */
  record?(event: MetricEvent): void;
  /** Where a failure that is not the caller's is told. */
  onError?(error: unknown): void;
}

/** A request's body already read by a framework (Express's `express.json()`, Koa's body parser). */
export type ParsedBody = unknown;

/**
 * When a refused notification stream may try again: a slot frees only when some client closes
 * its stream, which nothing predicts, so this paces a client's reconnect loop rather than promising a slot.
 */
const STREAM_RETRY_AFTER_SECONDS = 30;

const jsonRpcError = (
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): HttpResponse => {
  const body = Buffer.from(
    JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }),
    'utf8',
  );
  return {
    status,
    headers: {
      'content-type': 'application/json',
      'content-length': String(body.length),
      'cache-control': 'no-store',
      ...(status === 405 ? { allow: 'GET, POST' } : {}),
      ...headers,
    },
    body,
  } as HttpResponse;
};

/** What a JSON-RPC answer counts as: its HTTP equivalent. */
function statusOf(message: JSONRPCMessage): number | undefined {
  if (!('id' in message) || message.id === undefined) return undefined;
  if ('result' in message) return 200;
  if ('error' in message) {
    const { code } = message.error;
    if (code === RESOURCE_NOT_FOUND) return 404;
    return code === -32603 ? 503 : 400;
  }
  return undefined;
}

/** A request past every check: who asked, and its body (parsed JSON, for POST). */
type GateOutcome =
  | { kind: 'refused'; response: HttpResponse; family: string }
  | { kind: 'answered' }
  | { kind: 'pass'; family: string; body: unknown; includeProtected: boolean; title?: string };

const refused = (response: HttpResponse, family: string): GateOutcome => ({
  kind: 'refused',
  response,
  family,
});

/** The request as the site's hooks see it, on the site's scheme. */
function siteRequestOf(
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  siteOrigin: string,
  options: McpHttpOptions,
): McpSiteRequest {
  const host = req.headers.host ?? new URL(siteOrigin).host;
  return {
    method,
    target: req.url ?? '/',
    url: `${siteOrigin.startsWith('https:') ? 'https' : 'http'}://${host}${req.url ?? '/'}`,
    headers: req.headers,
    clientAddress: options.clientAddress
      ? options.clientAddress(req, res)
      : req.socket?.remoteAddress,
  };
}

/**
 * The checks before any MCP work, cheapest first: the site's identity gate, the `Origin` (DNS
 * rebinding), the method, the body's size and syntax, the rate budget (refusals before it are
 * not charged: they cost nothing to answer), the open streams, the site's access check.
 */
async function gateMcpRequest(
  req: IncomingMessage,
  res: ServerResponse,
  parsedBody: ParsedBody,
  context: {
    options: McpHttpOptions;
    limits: McpLimits;
    extraOrigins: Set<string>;
    streams: number;
  },
): Promise<GateOutcome> {
  const { options, limits } = context;
  const method = (req.method ?? 'GET').toUpperCase();
  const settings = await options.source.settings();
  const request = siteRequestOf(req, res, method, settings.origin, options);
  let family = 'unknown';
  if (options.identify) {
    const identity = await options.identify(request);
    family = identity.family;
    if (identity.refusal) return refused(identity.refusal, family);
  }
  // DNS rebinding: a page on another origin must not reach this server through a browser.
  const origin = req.headers.origin;
  if (
    origin === 'null' ||
    (origin !== undefined &&
      !isAllowedOrigin(origin, settings.origin, context.extraOrigins, req.socket))
  )
    return refused(jsonRpcError(403, -32000, 'Origin not allowed'), family);
  if (method !== 'POST' && method !== 'GET')
    return refused(
      jsonRpcError(
        405,
        -32000,
        'Method not allowed: this server is stateless (POST, or GET for notifications)',
      ),
      family,
    );
  const tooLarge = jsonRpcError(413, -32600, `Request body over ${limits.maxRequestBytes} bytes`);
  const declared = Number(req.headers['content-length'] ?? 0);
  const parsedSize =
    parsedBody === undefined ? 0 : Buffer.byteLength(JSON.stringify(parsedBody) ?? '', 'utf8');
  if (declared > limits.maxRequestBytes || parsedSize > limits.maxRequestBytes)
    return refused(tooLarge, family);
  let body = parsedBody;
  if (method === 'POST' && body === undefined) {
    const read = await readBody(req, limits.maxRequestBytes);
    if (read === 'too-large') {
      res.shouldKeepAlive = false;
      return refused(tooLarge, family);
    }
    try {
      body = JSON.parse(read) as unknown;
    } catch {
      return refused(jsonRpcError(400, -32700, 'Parse error: invalid JSON'), family);
    }
  }
  // JSON-RPC 2.0 §6: an empty batch is an invalid request (the SDK would accept it as nothing).
  if (Array.isArray(body) && body.length === 0)
    return refused(jsonRpcError(400, -32600, 'Invalid request: empty batch'), family);
  // One HTTP request, one request of the client's budget, as on every other agent endpoint.
  const retryAfter = await options.limitRate?.(request, family);
  if (retryAfter !== undefined)
    return refused(
      jsonRpcError(429, -32000, `Rate limit exceeded; retry after ${retryAfter} s`, {
        'retry-after': String(retryAfter),
      }),
      family,
    );
  if (method === 'GET' && context.streams >= limits.maxStreams)
    return refused(
      jsonRpcError(429, -32000, 'Too many notification streams open; try again later', {
        'retry-after': String(STREAM_RETRY_AFTER_SECONDS),
      }),
      family,
    );
  if (options.authorize && !(await options.authorize(req, res))) return { kind: 'answered' };
  return {
    kind: 'pass',
    family,
    body,
    includeProtected: options.authorize !== undefined,
    ...(settings.name ? { title: settings.name } : {}),
  };
}

/**
 * A stateless exchange: a server and a transport of its own, every JSON-RPC answer counted as
 * its HTTP equivalent; on GET, the stream the source's changes are notified on while it stays
 * open (`onStream` tells when it opens and closes). Both are closed with the response.
 */
async function serveMcpExchange(
  req: IncomingMessage,
  res: ServerResponse,
  gate: Extract<GateOutcome, { kind: 'pass' }>,
  context: { options: McpHttpOptions; limits: McpLimits; onStream(delta: 1 | -1): void },
): Promise<void> {
  const { options, limits } = context;
  const { family, includeProtected } = gate;
  const method = (req.method ?? 'GET').toUpperCase();
  const server = createMcpServer({
    source: options.source,
    limits,
    context: { includeProtected },
    ...(gate.title ? { title: gate.title } : {}),
    ...(options.onError ? { onError: options.onError } : {}),
  });
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: limits.maxRequestBytes,
  });
  let answered = 0;
  const send = transport.send.bind(transport);
  transport.send = async (message, sendOptions) => {
    const status = statusOf(message);
    if (status !== undefined) {
      answered++;
      options.record?.({
        kind: 'mcp',
        family,
        status,
        bytesSent: Buffer.byteLength(JSON.stringify(message), 'utf8'),
      });
    }
    return send(message, sendOptions);
  };
  let unwatch: (() => void) | undefined;
  const closed = new Promise<void>((resolve) => res.once('close', resolve));
  void closed.then(async () => {
    unwatch?.();
    // Nothing answered (the transport refused the request itself): counted once.
    if (answered === 0 && method === 'POST')
      options.record?.({ kind: 'mcp', family, status: res.statusCode, bytesSent: 0 });
    await transport.close().catch(() => undefined);
    await server.close().catch(() => undefined);
  });
  await server.connect(transport);
  if (method === 'GET') {
    // The stream notifications go out on, while the client keeps it open.
    context.onStream(1);
    void closed.then(() => context.onStream(-1));
    let queue = Promise.resolve();
    unwatch = options.source.catalog.watchChanges((changes) => {
      queue = queue
        .then(() => notifyChanges(server, changes, { includeProtected }))
        .catch(() => undefined);
    });
  }
  try {
    await transport.handleRequest(req, res, gate.body);
  } catch (error) {
    options.onError?.(error);
    if (!res.headersSent)
      await writeNodeResponse(res, jsonRpcError(400, -32600, 'Invalid request'));
    else res.destroy();
  }
}

/**
 * The MCP endpoint over Streamable HTTP (revision 2025-11-25 and those before it the SDK
 * speaks), stateless: every request gets a server and transport of its own, so any instance
 * answers any request and nothing is kept per client. POST carries JSON-RPC (answered as JSON);
 * GET opens the stream notifications go out on (`resources/updated` for every document
 * changed, `resources/list_changed`), fed by the source's change watch while it stays open.
 * Malformed or hostile input gets a JSON-RPC error with a 4xx, never a 5xx.
 */
export function createMcpHttpHandler(
  options: McpHttpOptions,
): (req: IncomingMessage, res: ServerResponse, parsedBody?: ParsedBody) => Promise<void> {
  const limits: McpLimits = { ...DEFAULT_MCP_LIMITS, ...options.limits };
  const extraOrigins = new Set((options.allowedOrigins ?? []).map(originOf));
  /** Notification streams open now (GET), bounded by `maxStreams`. */
  let streams = 0;
  const onStream = (delta: 1 | -1) => {
    streams += delta;
  };
  return async (req, res, parsedBody) => {
    const gate = await gateMcpRequest(req, res, parsedBody, {
      options,
      limits,
      extraOrigins,
      streams,
    });
    if (gate.kind === 'answered') return;
    if (gate.kind === 'refused') {
      const { response, family } = gate;
      options.record?.({
        kind: 'mcp',
        family,
        status: response.status,
        bytesSent: response.body?.length ?? 0,
      });
      await writeNodeResponse(res, response);
      return;
    }
    await serveMcpExchange(req, res, gate, { options, limits, onStream });
  };
}

/**
 * The request body as text, or `too-large` as soon as more than `maxBytes` arrived (the rest is
 * not read: the connection closes after the answer).
 */
function readBody(req: IncomingMessage, maxBytes: number): Promise<string | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.off('data', onData);
        req.pause();
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
  });
}
