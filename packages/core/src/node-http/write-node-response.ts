import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { HttpResponse, ResponseHeaders } from '../http/served-resource';

/**
 * Writing a core HttpResponse onto a Node `ServerResponse`, for every adapter that answers on
 * node:http itself (Express's `agent.handler`, the Strapi plugin's listener ahead of Koa), the
 * way tRPC keeps its node-http helpers beside its core.
 */

/** Merges Vary members (case-insensitively, first spelling kept); `*` absorbs the rest. */
export function mergeVary(...values: (string | number | string[] | undefined)[]): string {
  const members = new Map<string, string>();
  for (const value of values.flat()) {
    if (value === undefined) continue;
    for (const member of String(value).split(',')) {
      const trimmed = member.trim();
      if (trimmed !== '' && !members.has(trimmed.toLowerCase()))
        members.set(trimmed.toLowerCase(), trimmed);
    }
  }
  return members.has('*') ? '*' : [...members.values()].join(', ');
}

/**
 * Lays the headers a host adds to every answer (`base`) under each response's own, with one Vary
 * of both, for a hot path: the work on `base` is done once, and each distinct Vary once.
 */
export function baseHeadersMerger(
  base: ResponseHeaders,
): (response: HttpResponse) => ResponseHeaders {
  const { vary: baseVary, ...rest } = base;
  const varies = new Map<string | undefined, string>();
  return (response) => {
    const headers: ResponseHeaders = Object.assign({}, rest, response.headers);
    if (baseVary === undefined) return headers;
    const own = response.headers.vary;
    let vary = varies.get(own);
    if (vary === undefined) {
      vary = mergeVary(baseVary, own);
      // Responses name a handful of Vary values; never let a stranger's grow this.
      if (varies.size < 32) varies.set(own, vary);
    }
    headers.vary = vary;
    return headers;
  };
}

/**
 * The headers to send: `base` (headers the host adds to every answer, e.g. what Strapi's global
 * middlewares set) under the response's own, and one Vary merged from the response's, `base`'s
 * and what the app already set on `res` (e.g. CORS).
 */
function headersFor(
  res: ServerResponse,
  response: HttpResponse,
  base: ResponseHeaders | undefined,
): ResponseHeaders {
  const existingVary = res.getHeader('vary');
  const baseVary = base?.vary;
  if (existingVary === undefined && baseVary === undefined)
    return base ? { ...base, ...response.headers } : response.headers;
  const headers = { ...base, ...response.headers };
  const vary = mergeVary(existingVary, baseVary, response.headers.vary);
  if (vary !== '') headers.vary = vary;
  return headers;
}

/** A response whose body is in memory (or absent): one writeHead, one end, no await. */
export function writeBufferedNodeResponse(
  res: ServerResponse,
  response: HttpResponse,
  base?: ResponseHeaders,
): void {
  res.writeHead(response.status, headersFor(res, response, base));
  res.end(response.body);
}

/**
 * Sends a core HttpResponse on a Node response exactly as built: no framework `send` (which
 * would add its own weak ETag and evaluate freshness), an explicit Content-Length, the body
 * streamed when it is a large stored artifact.
 */
export async function writeNodeResponse(
  res: ServerResponse,
  response: HttpResponse,
  base?: ResponseHeaders,
): Promise<void> {
  if (!response.stream) {
    writeBufferedNodeResponse(res, response, base);
    return;
  }
  res.writeHead(response.status, headersFor(res, response, base));
  await pipeline(Readable.from(response.stream()), res);
}
