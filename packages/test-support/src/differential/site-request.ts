import { Agent, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** One answer of a served site: its status, its headers and its whole body, decoded. */
export interface SiteResponse {
  status: number;
  /** Lower-case names; a header sent several times is joined with `, `. */
  headers: Record<string, string>;
  body: Buffer;
}

export interface SiteRequestInit {
  method?: 'GET' | 'HEAD' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/**
 * How a snapshot reads a site: a path on it (with its query) to its answer. Any way of reaching
 * the site fits (a socket, a framework's test client); `requestOverHttp` is one.
 */
export type SiteRequest = (path: string, init?: SiteRequestInit) => Promise<SiteResponse>;

/** A `SiteRequest` over real HTTP; `close()` drops its kept-alive connections. */
export interface HttpSiteRequest extends SiteRequest {
  close(): void;
}

/**
 * Requests to a site listening on a socket: a base URL (`http://127.0.0.1:4000`) or a listening
 * `http.Server` on loopback. Connections are kept alive (a differential run makes tens of
 * thousands of requests: one connection each would leave as many sockets in TIME_WAIT), and
 * `Accept-Encoding: identity` is sent unless the caller sets it, so bodies arrive as served.
 */
export function requestOverHttp(target: string | Server): HttpSiteRequest {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const base = () => {
    if (typeof target === 'string') return new URL(target);
    const address = target.address() as AddressInfo | null;
    if (address === null || typeof address === 'string')
      throw new Error('requestOverHttp: the server is not listening on a TCP port');
    return new URL(`http://127.0.0.1:${address.port}`);
  };
  // A kept-alive connection the server closed as it sat idle (Node's servers close them after
  // five seconds) may fail the request sent on it just then: sent again on a new connection,
  // as Node's documentation advises (every request a snapshot makes is safe to repeat).
  const send: SiteRequest = (path, init = {}) =>
    sendOnce(path, init).catch((error: Error & { reusedSocket?: boolean; code?: string }) => {
      if (error.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE'))
        return sendOnce(path, init);
      throw error;
    });
  const sendOnce = (path: string, init: SiteRequestInit) =>
    new Promise<SiteResponse>((resolve, reject) => {
      const url = base();
      const body = init.body === undefined ? undefined : Buffer.from(init.body, 'utf8');
      const outgoing = httpRequest(
        {
          agent,
          hostname: url.hostname,
          port: url.port,
          path,
          method: init.method ?? 'GET',
          headers: {
            'accept-encoding': 'identity',
            ...init.headers,
            ...(body === undefined ? {} : { 'content-length': String(body.length) }),
          },
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const headers: Record<string, string> = {};
            for (const [name, value] of Object.entries(incoming.headers)) {
              if (value !== undefined)
                headers[name] = Array.isArray(value) ? value.join(', ') : value;
            }
            try {
              resolve({
                status: incoming.statusCode ?? 0,
                headers,
                body: decode(Buffer.concat(chunks), headers['content-encoding']),
              });
            } catch (error) {
              reject(error as Error);
            }
          });
        },
      );
      outgoing.on('error', (error) =>
        reject(Object.assign(error, { reusedSocket: outgoing.reusedSocket })),
      );
      outgoing.end(body);
    });
  return Object.assign(send, { close: () => agent.destroy() });
}

/** A body as its sender meant it, whatever coding a site applied anyway. */
function decode(body: Buffer, coding: string | undefined): Buffer {
  switch (coding?.trim().toLowerCase()) {
    case undefined:
    case '':
    case 'identity':
      return body;
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      throw new Error(`a body in the coding ${coding}, which a snapshot cannot read`);
  }
}
