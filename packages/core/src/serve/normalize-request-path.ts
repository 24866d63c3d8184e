import { normalizeUri, UriError } from '../uri';

export type RequestPathResult =
  { ok: true; path: string } | { ok: false; status: 400 | 404; reason: string };

const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

/**
 * The path an endpoint is looked up by: the request target's path in RFC 3986 normal form
 * (percent-encoding hex upper-cased, unreserved characters decoded), so `/caf%c3%a9/llm.json`
 * finds `/caf%C3%A9/llm.json`. Malformed percent-encoding is a 400. Dot segments (`..`, `%2e%2e`)
 * are a 404: a client that sends them is not following a URL we published.
 */
export function normalizeRequestPath(target: string): RequestPathResult {
  const pathEnd = target.search(/[?#]/);
  const rawPath = pathEnd === -1 ? target : target.slice(0, pathEnd);
  if (!rawPath.startsWith('/')) return { ok: false, status: 400, reason: 'path must start with /' };
  if (DOT_SEGMENT.test(rawPath)) return { ok: false, status: 404, reason: 'dot segments' };
  try {
    const normalized = normalizeUri(`http://h${rawPath}`);
    return { ok: true, path: normalized.slice('http://h'.length) };
  } catch (error) {
    if (error instanceof UriError) return { ok: false, status: 400, reason: error.message };
    throw error;
  }
}
