import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpProxyAgent } from 'http-proxy-agent';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { getProxyForUrl } from 'proxy-from-env';
import { HttpBudgetError, HttpTransportError, positiveInteger } from '../errors/client-errors';
import { connectUrl, type ConnectTo } from './connect-to';
import { limitConcurrency, type Limiter } from './limit-concurrency';
import { parseRetryAfter } from './parse-retry-after';
import { decodeBody, flattenHeaders, headerBlockBytes } from './read-response-wire';
import { isSameOrigin, originOf } from './same-origin';

/**
 * Budgets and manners of one client. Every request it makes counts against them; a request
 * that would exceed one throws `HttpBudgetError` instead of being sent.
 */
export interface HttpClientOptions {
  /** Requests in flight at once (default 4). */
  concurrency?: number;
  /** Requests in all, redirect hops and retries included (default unlimited). */
  maxRequests?: number;
  /** Bytes received in all, headers and bodies as they came over the wire (default unlimited). */
  maxTotalBytes?: number;
  /** Bytes of one response body, as received and after decoding (default 16 MiB). */
  maxBodyBytes?: number;
  /** One request, from sending to the last body byte (default 15 s). */
  timeoutMs?: number;
  /** The client's whole life, from its creation (default unlimited). */
  timeBudgetMs?: number;
  /** Redirects followed per request, all within the request's own origin (default 5). */
  maxRedirects?: number;
  userAgent?: string;
  /** Honour `Retry-After` on 429 and 503 (default: 2 retries, waits up to 60 s each). */
  retry?: { maxRetries?: number; maxWaitMs?: number } | false;
  /** Called after every exchange (progress displays). */
  onExchange?: (exchange: HttpExchangeHead) => void;
  /**
   * Proxies: `env` (default) honours `HTTPS_PROXY`, `HTTP_PROXY`, `ALL_PROXY` and `NO_PROXY`
   * (either case) as curl does, except for loopback hosts, which a proxy cannot reach for us;
   * `false` connects directly.
   */
  proxy?: 'env' | false;
  /**
   * Send the requests for these origins' URLs to other servers, `Host` and reported URLs kept
   * (`connect-to.ts`, curl's `--connect-to`).
   */
  connectTo?: ConnectTo | readonly ConnectTo[];
}

export interface HttpRequestInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Overrides the client's per-body cap for this request. */
  maxBodyBytes?: number;
  /** Follow same-origin redirects (default true). */
  followRedirects?: boolean;
  /** Decode a gzip / deflate / br content-coding, bounded by the body cap (default false). */
  decode?: boolean;
  /** Honour Retry-After on 429/503 for this request (default true when the client retries). */
  retry?: boolean;
}

export interface HttpRequestRecord {
  method: string;
  url: string;
  headers: Record<string, string>;
}

/** What one request ended with, before its body. */
export interface HttpExchangeHead {
  request: HttpRequestRecord;
  /** The URL that answered (after same-origin redirects). */
  url: string;
  status: number;
  statusText: string;
  /** Lower-case names; a repeated field's values joined with ", " (Node's rule). */
  headers: Record<string, string>;
  /** Bytes of the status line and header block as received. */
  headerBytes: number;
  /** Each redirect followed, in order. */
  redirects: { status: number; location: string }[];
  /** A redirect to another origin, not followed: the response is the 3xx itself. */
  blockedRedirect?: string;
}

export interface HttpExchange extends HttpExchangeHead {
  /** The body as it came over the wire, or decoded when `decode` was asked and applied. */
  body: Buffer;
  /** Body bytes as they came over the wire. */
  wireBodyBytes: number;
  /** The content-coding that was removed (`decode`). */
  decoded?: string;
}

export interface HttpClientStats {
  requests: number;
  /** Status line, headers and body bytes received, as they came over the wire. */
  bytesReceived: number;
  /** Request line, headers and body bytes sent. */
  bytesSent: number;
  notModified: number;
  retries: number;
  byStatus: Record<string, number>;
}

const DEFAULT_MAX_BODY = 16 * 1024 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** localhost, 127.0.0.0/8 and ::1: never sent through a proxy (it would reach itself). */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host)
  );
}

/**
 * An HTTP/1.1 client over `node:http`/`node:https` for agents and validators. Not `fetch`:
 * validation must see the exact header fields and the bytes as sent (fetch decodes
 * content-codings and adds request headers of its own), and the sync report counts wire bytes.
 * Redirects are followed only within the requested URL's origin; bodies are read under a cap
 * and the request aborts past it; every request counts against the client's budgets.
 */
export class HttpClient {
  readonly stats: HttpClientStats = {
    requests: 0,
    bytesReceived: 0,
    bytesSent: 0,
    notModified: 0,
    retries: 0,
    byStatus: {},
  };
  private readonly limit: Limiter;
  private readonly agents: { http: http.Agent; https: https.Agent };
  private readonly deadline: number;
  private readonly maxBodyBytes: number;
  private readonly timeoutMs: number;
  private readonly maxRedirects: number;
  private readonly retry: { maxRetries: number; maxWaitMs: number } | undefined;
  private pausedUntil = 0;
  private readonly agentOptions: http.AgentOptions;
  private readonly proxyAgents = new Map<string, http.Agent>();

  constructor(private readonly options: HttpClientOptions = {}) {
    const concurrency = positiveInteger(options.concurrency ?? 4, 'concurrency');
    this.limit = limitConcurrency(concurrency);
    this.maxBodyBytes = positiveInteger(options.maxBodyBytes ?? DEFAULT_MAX_BODY, 'maxBodyBytes');
    this.timeoutMs = positiveInteger(options.timeoutMs ?? 15_000, 'timeoutMs');
    this.maxRedirects = options.maxRedirects ?? 5;
    if (options.maxRequests !== undefined) positiveInteger(options.maxRequests, 'maxRequests');
    if (options.maxTotalBytes !== undefined)
      positiveInteger(options.maxTotalBytes, 'maxTotalBytes');
    this.deadline =
      options.timeBudgetMs === undefined
        ? Infinity
        : Date.now() + positiveInteger(options.timeBudgetMs, 'timeBudgetMs');
    this.retry =
      options.retry === false
        ? undefined
        : {
            maxRetries: options.retry?.maxRetries ?? 2,
            maxWaitMs: options.retry?.maxWaitMs ?? 60_000,
          };
    const agentOptions = { keepAlive: true, maxSockets: concurrency };
    this.agentOptions = agentOptions;
    this.agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };
  }

  /** The agent for a URL: a direct one, or one through the proxy the environment names for it. */
  private agentFor(url: URL): http.Agent {
    const proxy =
      this.options.proxy === false || isLoopbackHost(url.hostname) ? '' : getProxyForUrl(url.href);
    if (!proxy) return url.protocol === 'https:' ? this.agents.https : this.agents.http;
    const key = `${url.protocol}${proxy}`;
    let agent = this.proxyAgents.get(key);
    if (!agent) {
      agent =
        url.protocol === 'https:'
          ? new HttpsProxyAgent(proxy, this.agentOptions)
          : new HttpProxyAgent(proxy, this.agentOptions);
      this.proxyAgents.set(key, agent);
    }
    return agent;
  }

  /** Requests one URL and reads its whole body (bounded). */
  async request(url: string, init: HttpRequestInit = {}): Promise<HttpExchange> {
    return this.limit(async () => {
      const { head, res, maxBody } = await this.open(url, init);
      const body = await this.readBody(res, maxBody, head.url);
      const contentCoding = head.headers['content-encoding']?.trim().toLowerCase();
      const exchange: HttpExchange = { ...head, body, wireBodyBytes: body.length };
      if (init.decode && contentCoding && contentCoding !== 'identity') {
        exchange.body = decodeBody(body, contentCoding, maxBody);
        exchange.decoded = contentCoding;
      }
      this.options.onExchange?.(head);
      return exchange;
    });
  }

  /**
   * Requests one URL and hands its body to `consume` as a stream of wire bytes (counted and
   * capped as they arrive). Whatever `consume` leaves unread is discarded.
   */
  async stream<T>(
    url: string,
    init: HttpRequestInit,
    consume: (head: HttpExchangeHead, body: AsyncIterable<Buffer>) => Promise<T>,
  ): Promise<{ head: HttpExchangeHead; result: T; wireBodyBytes: number }> {
    return this.limit(async () => {
      const { head, res, maxBody } = await this.open(url, init);
      const counter = { bytes: 0 };
      try {
        const result = await consume(head, this.countedBody(res, maxBody, counter, head.url));
        return { head, result, wireBodyBytes: counter.bytes };
      } finally {
        res.destroy();
        this.options.onExchange?.(head);
      }
    });
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
    for (const agent of this.proxyAgents.values()) agent.destroy();
  }

  /** Sends the request, following same-origin redirects and honouring Retry-After. */
  private async open(
    url: string,
    init: HttpRequestInit,
  ): Promise<{ head: HttpExchangeHead; res: IncomingMessage; maxBody: number }> {
    const maxBody = init.maxBodyBytes ?? this.maxBodyBytes;
    const method = (init.method ?? 'GET').toUpperCase();
    const requestHeaders: Record<string, string> = {
      'user-agent': this.options.userAgent ?? 'agent-ready',
      ...Object.fromEntries(
        Object.entries(init.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
      ),
    };
    const redirects: { status: number; location: string }[] = [];
    let current = url;
    let currentMethod = method;
    let retries = 0;
    originOf(url);
    for (;;) {
      const res = await this.send(current, currentMethod, requestHeaders, init.body);
      const head: HttpExchangeHead = {
        request: { method, url, headers: requestHeaders },
        url: current,
        status: res.statusCode ?? 0,
        statusText: res.statusMessage ?? '',
        headers: flattenHeaders(res),
        headerBytes: headerBlockBytes(res),
        redirects,
      };
      const location = head.headers.location;
      if (REDIRECTS.has(head.status) && location !== undefined && init.followRedirects !== false) {
        let target: string | undefined;
        try {
          target = new URL(location, current).href;
        } catch {
          target = undefined;
        }
        if (target === undefined || !isSameOrigin(target, url)) {
          head.blockedRedirect = location;
          return { head, res, maxBody };
        }
        if (redirects.length >= this.maxRedirects) {
          res.destroy();
          throw new HttpTransportError(
            'client.http.redirects',
            `more than ${this.maxRedirects} redirects from ${url}`,
            { field: 'location', value: location },
          );
        }
        await this.readBody(res, maxBody, current).catch(() => undefined);
        redirects.push({ status: head.status, location: target });
        if (head.status === 303 && currentMethod !== 'HEAD') currentMethod = 'GET';
        current = target;
        continue;
      }
      const wait = this.retryWait(head, init, retries);
      if (wait !== undefined) {
        await this.readBody(res, maxBody, current).catch(() => undefined);
        retries++;
        this.stats.retries++;
        this.pausedUntil = Math.max(this.pausedUntil, Date.now() + wait);
        continue;
      }
      return { head, res, maxBody };
    }
  }

  private retryWait(head: HttpExchangeHead, init: HttpRequestInit, retries: number) {
    if (!this.retry || init.retry === false) return undefined;
    if (head.status !== 429 && head.status !== 503) return undefined;
    if (retries >= this.retry.maxRetries) return undefined;
    const wait = parseRetryAfter(head.headers['retry-after'], Date.now()) ?? 1000;
    if (wait > this.retry.maxWaitMs || Date.now() + wait > this.deadline) return undefined;
    return wait;
  }

  private checkBudget(): void {
    const { maxRequests, maxTotalBytes } = this.options;
    if (maxRequests !== undefined && this.stats.requests >= maxRequests) {
      throw new HttpBudgetError(
        'client.budget.requests',
        `the request budget (${maxRequests}) is spent`,
        {
          field: 'maxRequests',
          value: maxRequests,
        },
      );
    }
    if (maxTotalBytes !== undefined && this.stats.bytesReceived >= maxTotalBytes) {
      throw new HttpBudgetError(
        'client.budget.bytes',
        `the byte budget (${maxTotalBytes}) is spent`,
        {
          field: 'maxTotalBytes',
          value: maxTotalBytes,
        },
      );
    }
    if (Date.now() >= this.deadline) {
      throw new HttpBudgetError('client.budget.time', 'the time budget is spent', {
        field: 'timeBudgetMs',
        value: this.options.timeBudgetMs,
      });
    }
  }

  private async send(
    url: string,
    method: string,
    headers: Record<string, string>,
    body: string | Buffer | undefined,
  ): Promise<IncomingMessage> {
    const pause = this.pausedUntil - Date.now();
    if (pause > 0) await sleep(pause);
    this.checkBudget();
    this.stats.requests++;
    const requested = new URL(url);
    const parsed = connectUrl(requested, this.options.connectTo);
    // Connected elsewhere (connectTo): the request is still the public one, its Host and, over
    // TLS, the name the certificate must carry.
    const connected = parsed !== requested;
    const transport = parsed.protocol === 'https:' ? https : http;
    const agent = this.agentFor(parsed);
    const timeout = Math.min(this.timeoutMs, this.deadline - Date.now());
    const payload = body === undefined ? undefined : Buffer.from(body);
    const sentHeaders = {
      ...(connected ? { host: requested.host } : {}),
      ...headers,
      ...(payload ? { 'content-length': String(payload.length) } : {}),
    };
    const publicHost = requested.hostname.replace(/^\[|\]$/g, '');
    const servername =
      connected && parsed.protocol === 'https:' && isIP(publicHost) === 0 ? publicHost : undefined;
    this.stats.bytesSent +=
      `${method} ${parsed.pathname}${parsed.search} HTTP/1.1\r\n`.length +
      Object.entries(sentHeaders).reduce((n, [k, v]) => n + k.length + v.length + 4, 2) +
      (payload?.length ?? 0);
    return new Promise<IncomingMessage>((resolve, reject) => {
      const request = transport.request(
        parsed,
        {
          method,
          headers: sentHeaders,
          agent,
          signal: AbortSignal.timeout(Math.max(1, timeout)),
          ...(servername ? { servername } : {}),
        },
        (res) => {
          this.stats.bytesReceived += headerBlockBytes(res);
          const status = String(res.statusCode);
          this.stats.byStatus[status] = (this.stats.byStatus[status] ?? 0) + 1;
          if (res.statusCode === 304) this.stats.notModified++;
          resolve(res);
        },
      );
      request.on('error', (cause: Error & { code?: string }) => {
        const timedOut = cause.name === 'AbortError' || cause.name === 'TimeoutError';
        const at = connected ? `${url} (connected to ${parsed.origin})` : url;
        reject(
          new HttpTransportError(
            timedOut ? 'client.http.timeout' : 'client.http.network',
            timedOut
              ? `${method} ${at}: no complete answer within ${timeout} ms`
              : `${method} ${at}: ${cause.code ?? cause.message}`,
            { field: 'url', value: url, cause },
          ),
        );
      });
      request.end(payload);
    });
  }

  private async *countedBody(
    res: IncomingMessage,
    maxBody: number,
    counter: { bytes: number },
    url: string,
  ): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of res as AsyncIterable<Buffer>) {
        counter.bytes += chunk.length;
        this.stats.bytesReceived += chunk.length;
        if (counter.bytes > maxBody) {
          throw new HttpTransportError(
            'client.http.too-large',
            `the body of ${url} is larger than ${maxBody} bytes`,
            { field: 'maxBodyBytes', value: maxBody },
          );
        }
        const { maxTotalBytes } = this.options;
        if (maxTotalBytes !== undefined && this.stats.bytesReceived > maxTotalBytes) {
          throw new HttpBudgetError(
            'client.budget.bytes',
            `the byte budget (${maxTotalBytes}) is spent`,
            { field: 'maxTotalBytes', value: maxTotalBytes },
          );
        }
        yield chunk;
      }
    } catch (error) {
      res.destroy();
      if (error instanceof HttpTransportError || error instanceof HttpBudgetError) throw error;
      const cause = error as Error;
      const timedOut = cause.name === 'AbortError' || cause.name === 'TimeoutError';
      throw new HttpTransportError(
        timedOut ? 'client.http.timeout' : 'client.http.network',
        timedOut
          ? `the body of ${url} did not arrive in time`
          : `reading ${url} failed: ${cause.message}`,
        { field: 'url', value: url, cause },
      );
    }
  }

  private async readBody(res: IncomingMessage, maxBody: number, url: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of this.countedBody(res, maxBody, { bytes: 0 }, url)) chunks.push(chunk);
    return Buffer.concat(chunks);
  }
}
