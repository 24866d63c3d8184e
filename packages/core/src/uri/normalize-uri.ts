import type { UriAuthority, UriComponents } from './uri-components';
import { IPV4_PATTERN } from './uri-characters';
import { parseUri, parseUriReference, type AbsoluteUriComponents } from './parse-uri';
import { serializeUri } from './serialize-uri';
import { removeDotSegments } from './remove-dot-segments';
import { normalizePercentEncoding } from './normalize-percent-encoding';
import { normalizeDnsRegName, normalizeIpLiteral } from './convert-host';
import { schemeRules, type SchemeRules } from './scheme-rules';
import { isNormalHttpUri } from './is-normal-http-uri';

/** How far up the RFC 3986 §6.2 ladder normalization goes. */
export type UriNormalizationLevel = 'syntax-based' | 'scheme-based';

const LEADING_ZEROS = /^0+(?=[0-9])/;

function normalizeAuthority(
  authority: UriAuthority,
  rules: SchemeRules | undefined,
  input: string,
): UriAuthority {
  const normal: UriAuthority = { host: authority.host, hostKind: authority.hostKind };
  if (authority.userinfo !== undefined) {
    normal.userinfo = normalizePercentEncoding(authority.userinfo);
  }
  if (authority.hostKind === 'ipv6' || authority.hostKind === 'ipv-future') {
    normal.host = normalizeIpLiteral(authority);
  } else {
    normal.host = normalizePercentEncoding(authority.host, true);
    if (rules !== undefined) normal.host = normalizeDnsRegName(normal.host, input);
    normal.hostKind = IPV4_PATTERN.test(normal.host) ? 'ipv4' : 'reg-name';
  }
  if (authority.port !== undefined) {
    if (rules === undefined) {
      normal.port = authority.port;
    } else {
      const port = authority.port.replace(LEADING_ZEROS, '');
      if (port !== '' && port !== rules.defaultPort) normal.port = port;
    }
  }
  return normal;
}

/**
 * Normalizes parsed components (RFC 3986 §6.2.2; with `scheme-based`, also §6.2.3 for the
 * schemes `scheme-rules.ts` lists). IRI characters are mapped to percent-encoded UTF-8 first
 * (RFC 3987 §5.3.2.3), so the result is always an ASCII URI. Throws `UriError` (`uri.idna`).
 */
export function normalizeUriComponents(
  components: AbsoluteUriComponents,
  level: UriNormalizationLevel,
  input: string,
): AbsoluteUriComponents {
  const scheme = components.scheme.toLowerCase();
  const rules = level === 'scheme-based' ? schemeRules(scheme) : undefined;
  const normal: AbsoluteUriComponents = {
    scheme,
    path: removeDotSegments(normalizePercentEncoding(components.path)),
  };
  if (components.authority !== undefined) {
    normal.authority = normalizeAuthority(components.authority, rules, input);
    if (rules !== undefined && normal.path === '') normal.path = '/';
  }
  if (components.query !== undefined) normal.query = normalizePercentEncoding(components.query);
  if (components.fragment !== undefined) {
    normal.fragment = normalizePercentEncoding(components.fragment);
  }
  return normal;
}

/**
 * The normal form of an absolute URI or IRI, as every URL the project emits is written
 * (DECISIONS §5): RFC 3986 §6.2.2 syntax-based normalization (lowercase scheme and host,
 * uppercase percent-encoding hex, decoded unreserved characters, remove_dot_segments, IRI
 * characters as percent-encoded UTF-8, IPv6 in RFC 5952 form) and, for http, https, ws, wss and ftp,
 * §6.2.3 scheme-based normalization (no default or empty port, empty path becomes "/", IDN
 * hosts in UTS #46 non-transitional ASCII). Empty `?` and `#` are kept. Throws `UriError`.
 */
export function normalizeUri(uri: string): string {
  if (isNormalHttpUri(uri)) return uri;
  return serializeUri(normalizeUriComponents(parseUri(uri), 'scheme-based', uri));
}

/** Syntax-based normalization only (RFC 3986 §6.2.2), for any scheme. Throws `UriError`. */
export function normalizeUriSyntax(uri: string): string {
  return serializeUri(normalizeUriComponents(parseUri(uri), 'syntax-based', uri));
}

/**
 * Dot segments of a relative-path reference, removed only where that keeps its meaning against
 * every base: `a/./b/../c` → `a/c`, but a leading `../` stays (`a/../../x` → `../x`), since
 * RFC 3986 §5.2.4 on its own would drop it. An empty result is `./`; a first segment that is empty
 * or holds a `:` gets `./` in front, so it cannot read as a path from the root or a scheme (§4.2).
 */
function normalizeRelativePath(path: string): string {
  if (path === '') return '';
  const segments = path.split('/');
  const out: string[] = [];
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === '.') {
      if (last) out.push('');
    } else if (segment === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else out.push('..');
      if (last) out.push('');
    } else out.push(segment);
  });
  const result = out.join('/');
  if (result === '') return './';
  // A leading empty segment would make it an absolute-path (or network-path) reference.
  return out[0] === '' || out[0]!.includes(':') ? `./${result}` : result;
}

/**
 * Syntax-based normalization (RFC 3986 §6.2.2) of any URI reference, without a base: absolute
 * URIs as `normalizeUri`; network-path references (`//Host/a/../b` → `//host/b`) and
 * absolute-path ones (`/a/./b` → `/a/b`) with dot segments removed; relative-path ones with
 * only the dot segments that cannot change their meaning removed. Case and percent-encoding
 * are normalized, IRI characters mapped to UTF-8 percent-encoding. Throws `UriError`.
 */
export function normalizeUriReference(reference: string): string {
  const parsed = parseUriReference(reference);
  if (parsed.scheme !== undefined) return normalizeUri(reference);
  const encodedPath = normalizePercentEncoding(parsed.path);
  const normal: UriComponents = {
    path:
      parsed.authority !== undefined || encodedPath.startsWith('/')
        ? removeDotSegments(encodedPath)
        : normalizeRelativePath(encodedPath),
  };
  if (parsed.authority !== undefined)
    normal.authority = normalizeAuthority(parsed.authority, undefined, reference);
  if (parsed.query !== undefined) normal.query = normalizePercentEncoding(parsed.query);
  if (parsed.fragment !== undefined) normal.fragment = normalizePercentEncoding(parsed.fragment);
  return serializeUri(normal);
}
