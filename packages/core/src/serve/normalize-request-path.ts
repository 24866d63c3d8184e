import { normalizeUri, UriError } from '../uri';

export type RequestPathResult = Readonly<
  { ok: true; path: string } | { ok: false; status: 400 | 404; reason: string }
>;

const DOT_SEGMENT = /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i;

/**
 * The path an endpoint is looked up by: the request target's path in RFC 3986 normal form
 * (percent-encoding hex upper-cased, unreserved characters decoded), so `/caf%c3%a9/llm.json`
 * finds `/caf%C3%A9/llm.json`. Malformed percent-encoding is a 400. Dot segments (`..`, `%2e%2e`)
 * are a 404: a client that sends them is not following a URL we published.
 */
export function normalizeRequestPath(target: string): RequestPathResult {
  const known = recent.get(target);
  if (known !== undefined) return known;
  const result = normalize(target);
  // Agents ask for the same few targets over and over (a 304 poll): remember the answers,
  // bounded, so the hot path checks a URI's form once, not per request.
  if (recent.size >= RECENT_LIMIT) recent.clear();
  if (target.length <= MAX_REMEMBERED_LENGTH) recent.set(target, Object.freeze(result));
  return result;
}

const recent = new Map<string, RequestPathResult>();
const RECENT_LIMIT = 4096;
const MAX_REMEMBERED_LENGTH = 1024;

function normalize(target: string): RequestPathResult {
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
