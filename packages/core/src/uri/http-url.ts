import type { ResolveUrl } from '../content/content-tree';
import { parseUri, parseUriReference, type AbsoluteUriComponents } from './parse-uri';
import { serializeUri } from './serialize-uri';
import { normalizeUriComponents } from './normalize-uri';
import { resolveUriComponents } from './resolve-uri';
import { UriError, uriError } from './uri-error';

const HTTP_SCHEMES = /^https?$/i;
const MAX_PORT = 65535;

/**
 * An http(s) URL the project can use (RFC 9110 §4.2): http or https, an authority with a
 * non-empty host (§4.2.1 says to reject an empty one), a port of at most 65535, and a host that
 * survives UTS #46 (so normalization succeeds). The components given are in scheme-based normal
 * form already.
 */
function isHttpNormalForm(normal: AbsoluteUriComponents): boolean {
  return (
    (normal.scheme === 'http' || normal.scheme === 'https') &&
    normal.authority !== undefined &&
    normal.authority.host !== '' &&
    (normal.authority.port === undefined || Number(normal.authority.port) <= MAX_PORT)
  );
}

function httpNormalForm(components: AbsoluteUriComponents, input: string) {
  if (!HTTP_SCHEMES.test(components.scheme) || components.authority === undefined) return undefined;
  const normal = normalizeUriComponents(components, 'scheme-based', input);
  return isHttpNormalForm(normal) ? normal : undefined;
}

function catchUriError<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    if (error instanceof UriError) return undefined;
    throw error;
  }
}

/**
 * True for an absolute http or https URL (an IRI is fine) with a non-empty host, a port up to
 * 65535 and a host valid under UTS #46. `javascript:`, `mailto:`, relative references and
 * non-strings are false. Never throws.
 */
export function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  return catchUriError(() => httpNormalForm(parseUri(value), value) !== undefined) ?? false;
}

/** Schemes whose links run code or smuggle content; never resolved, whatever the base. */
const SCRIPT_SCHEME = /^(?:javascript|data|vbscript):/i;
const LEADING_WHITESPACE = /^[\t\n\f\r ]+/;
const TAB_OR_NEWLINE = /[\t\n\r]/g;
const LEGACY_CHARACTERS = /[ "<>^`{|}]/g;

/**
 * What markup hands over is not always a strict URI reference. Like HTML, this strips ASCII
 * whitespace around it and tab/CR/LF inside it, and, like the LEIRI rules (W3C "Legacy
 * extended IRIs"), it percent-encodes the printable ASCII characters that are never delimiters
 * (space " < > ^ ` { | }). A backslash is left alone, so the reference fails: browsers read it as
 * "/", and guessing is worse than dropping the link.
 */
function prepareReference(reference: string): string {
  // Trailing whitespace by hand: `[…]+$` rescans every inner run of spaces (quadratic).
  let end = reference.length;
  while (end > 0 && ' \t\n\f\r'.includes(reference[end - 1]!)) end--;
  return reference
    .slice(0, end)
    .replace(LEADING_WHITESPACE, '')
    .replace(TAB_OR_NEWLINE, '')
    .replace(LEGACY_CHARACTERS, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * A resolver for content parsers: each reference is resolved against `base` (RFC 3986 §5.2)
 * and returned in normal form (`normalizeUri`), or `undefined` when it cannot be resolved,
 * when the result is not an http(s) URL (`isHttpUrl`), or when it is a `javascript:`, `data:` or
 * `vbscript:` reference. Throws `UriError` at once when `base` itself is not an http(s) URL.
 */
export function resolveUrlAgainst(base: string): ResolveUrl {
  const baseComponents = parseUri(base);
  if (httpNormalForm(baseComponents, base) === undefined) {
    throw uriError('uri.not-http', `base "${base}" is not an absolute http(s) URL`, {
      field: 'scheme',
      value: base,
      rule: 'RFC 9110 §4.2',
    });
  }
  return (reference: string) => {
    if (typeof reference !== 'string') return undefined;
    const prepared = prepareReference(reference);
    if (SCRIPT_SCHEME.test(prepared)) return undefined;
    return catchUriError(() => {
      const target = resolveUriComponents(baseComponents, parseUriReference(prepared));
      const normal = httpNormalForm(target, prepared);
      return normal === undefined ? undefined : serializeUri(normal);
    });
  };
}
