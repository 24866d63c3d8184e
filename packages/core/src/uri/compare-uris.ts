import type { UriComponents } from './uri-components';
import { parseUri, type AbsoluteUriComponents } from './parse-uri';
import { serializeUri } from './serialize-uri';
import { normalizeUriComponents } from './normalize-uri';

/** The rungs of the RFC 3986 §6.2 / RFC 3987 §5.3 comparison ladder, cheapest first. */
export type UriComparisonRung =
  'simple-string' | 'syntax-based' | 'scheme-based' | 'protocol-based' | 'none';

export interface CompareUrisOptions {
  /**
   * Comparing to select or avoid a retrieval (RFC 3986 §6.1, DECISIONS §5): fragments are left
   * out on every rung, the simple-string rung included (it compares the text before the first
   * `#`). Default false: identity comparison, where `http://a/` and `http://a/#` differ
   * (§6.2.3).
   */
  forRetrieval?: boolean;
  /**
   * The caller saw one of the two redirect to the other, differing only by a trailing slash
   * (§6.2.4): then `/data` and `/data/` are equivalent on the protocol-based rung. Nothing else
   * licenses that rung.
   */
  redirectShowsTrailingSlash?: boolean;
}

export interface UriComparison {
  equivalent: boolean;
  /** The first rung on which the two became equivalent; `none` when none did. */
  rung: UriComparisonRung;
}

function withoutFragment(components: AbsoluteUriComponents): AbsoluteUriComponents {
  const { fragment: _fragment, ...rest } = components;
  return rest;
}

function textBeforeFragment(uri: string): string {
  const hashAt = uri.indexOf('#');
  return hashAt < 0 ? uri : uri.slice(0, hashAt);
}

function differByTrailingSlashOnly(a: UriComponents, b: UriComponents): boolean {
  const [shorter, longer] = a.path.length < b.path.length ? [a, b] : [b, a];
  if (longer.path !== `${shorter.path}/` || shorter.path.endsWith('/')) return false;
  return serializeUri({ ...shorter, path: '' }) === serializeUri({ ...longer, path: '' });
}

/**
 * Climbs the comparison ladder: simple string (character for character; IRIs are not mapped),
 * syntax-based (RFC 3986 §6.2.2 after RFC 3987 §3.1 IRI-to-URI mapping), scheme-based (§6.2.3,
 * for http, https, ws, wss), protocol-based (§6.2.4, only with `redirectShowsTrailingSlash`).
 * Both arguments must be absolute URIs or IRIs: relative references are resolved first (§6.1).
 * Symmetric in `a` and `b`. Throws `UriError` for malformed input or an invalid IDN host.
 */
export function compareUris(a: string, b: string, options: CompareUrisOptions = {}): UriComparison {
  let parsedA = parseUri(a);
  let parsedB = parseUri(b);
  const forRetrieval = options.forRetrieval === true;
  if (forRetrieval ? textBeforeFragment(a) === textBeforeFragment(b) : a === b) {
    return { equivalent: true, rung: 'simple-string' };
  }
  if (forRetrieval) {
    parsedA = withoutFragment(parsedA);
    parsedB = withoutFragment(parsedB);
  }
  const syntaxA = normalizeUriComponents(parsedA, 'syntax-based', a);
  const syntaxB = normalizeUriComponents(parsedB, 'syntax-based', b);
  if (serializeUri(syntaxA) === serializeUri(syntaxB)) {
    return { equivalent: true, rung: 'syntax-based' };
  }
  const schemeA = normalizeUriComponents(syntaxA, 'scheme-based', a);
  const schemeB = normalizeUriComponents(syntaxB, 'scheme-based', b);
  if (serializeUri(schemeA) === serializeUri(schemeB)) {
    return { equivalent: true, rung: 'scheme-based' };
  }
  if (options.redirectShowsTrailingSlash === true && differByTrailingSlashOnly(schemeA, schemeB)) {
    return { equivalent: true, rung: 'protocol-based' };
  }
  return { equivalent: false, rung: 'none' };
}
