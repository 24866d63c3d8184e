import { parseHttpDate, toHttpSeconds } from './http-date';
import {
  type EntityTag,
  parseEntityTag,
  parseEntityTagList,
  strongMatch,
  weakMatch,
} from './entity-tag';
import { headerValue, type RequestHeaders } from './request-headers';

export interface ConditionalRequest {
  method: string;
  headers: RequestHeaders;
}

/** What the server knows about the selected representation. */
export interface RepresentationState {
  /** The ETag header value as sent, e.g. `"sha256-…"`. */
  etag?: string;
  lastModified?: Date;
  /** Byte length of the full representation; enables `Range` handling when given. */
  size?: number;
}

export type ConditionalDecision =
  | { status: 405; allow: string }
  | { status: 412 }
  | { status: 304 }
  | { status: 200; sendBody: boolean }
  | { status: 206; sendBody: boolean; start: number; end: number; contentRange: string }
  | { status: 416; contentRange: string };

export const SAFE_METHODS_ALLOW = 'GET, HEAD';

/**
 * Decides the status of a GET/HEAD on a read-only resource, in the order of RFC 9110 §13.2.2:
 * If-Match, If-Unmodified-Since, If-None-Match, If-Modified-Since, then Range / If-Range.
 *
 * Deliberately unlike the `fresh` package (Express `req.fresh`, Koa `ctx.fresh`): a request's
 * `Cache-Control: no-cache` does not prevent a 304. It tells caches to revalidate, and fetch
 * clients send it with every conditional request they build (DECISIONS §1).
 * Unparseable validators are ignored (they never match), so malformed headers can only ever
 * lead to a full 200, never to an error.
 */
export function evaluateConditional(
  request: ConditionalRequest,
  representation: RepresentationState,
): ConditionalDecision {
  const method = request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return { status: 405, allow: SAFE_METHODS_ALLOW };
  const isGet = method === 'GET';
  const current =
    representation.etag === undefined ? undefined : parseEntityTag(representation.etag);
  const lastModified = representation.lastModified;
  const headers = request.headers;

  // Step 1-2: If-Match, else If-Unmodified-Since.
  const ifMatch = headerValue(headers, 'if-match');
  if (ifMatch !== undefined) {
    const list = parseEntityTagList(ifMatch);
    const matches =
      list === '*' ? true : current !== undefined && list.some((tag) => strongMatch(tag, current));
    if (!matches) return { status: 412 };
  } else {
    const since = parseHttpDate(headerValue(headers, 'if-unmodified-since'));
    if (since && lastModified && toHttpSeconds(lastModified) > toHttpSeconds(since)) {
      return { status: 412 };
    }
  }

  // Step 3-4: If-None-Match (weak comparison), else If-Modified-Since.
  const ifNoneMatch = headerValue(headers, 'if-none-match');
  if (ifNoneMatch !== undefined) {
    const list = parseEntityTagList(ifNoneMatch);
    const matches =
      list === '*' ? true : current !== undefined && list.some((tag) => weakMatch(tag, current));
    if (matches) return { status: 304 };
  } else {
    const since = parseHttpDate(headerValue(headers, 'if-modified-since'));
    if (since && lastModified && toHttpSeconds(lastModified) <= toHttpSeconds(since)) {
      return { status: 304 };
    }
  }

  // Step 5: Range, only on GET and only for a representation whose size we know.
  const range = headerValue(headers, 'range');
  if (!isGet || range === undefined || representation.size === undefined) {
    return { status: 200, sendBody: isGet };
  }
  const ifRange = headerValue(headers, 'if-range');
  if (ifRange !== undefined && !ifRangeHolds(ifRange, current)) {
    return { status: 200, sendBody: true };
  }
  return evaluateRange(range, representation.size);
}

/**
 * If-Range needs a strong validator that matches exactly (RFC 9110 §13.1.5, DECISIONS §1).
 * A date is never treated as strong here: two changes within one second share a Last-Modified,
 * so only an entity-tag can prove the stored bytes are the ones a client holds part of.
 */
function ifRangeHolds(ifRange: string, current: EntityTag | undefined): boolean {
  const tag = parseEntityTag(ifRange);
  return tag !== undefined && current !== undefined && strongMatch(tag, current);
}

const BYTE_RANGE = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i;

/**
 * One byte range (RFC 9110 §14.2). Multiple ranges are answered with the whole representation
 * (allowed: a server may ignore Range); an unparseable Range is ignored; a syntactically valid
 * but unsatisfiable one is 416.
 */
function evaluateRange(range: string, size: number): ConditionalDecision {
  if (range.includes(',')) return { status: 200, sendBody: true };
  const match = BYTE_RANGE.exec(range);
  if (!match) return { status: 200, sendBody: true };
  const [, first, last] = match;
  let start: number;
  let end: number;
  if (first === '' && last === '') return { status: 200, sendBody: true };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return { status: 416, contentRange: `bytes */${size}` };
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(first);
    end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
    if (last !== '' && Number(last) < start) return { status: 200, sendBody: true };
  }
  if (!Number.isSafeInteger(start) || start >= size || size === 0) {
    return { status: 416, contentRange: `bytes */${size}` };
  }
  return { status: 206, sendBody: true, start, end, contentRange: `bytes ${start}-${end}/${size}` };
}
