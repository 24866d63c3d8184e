import { NON_ASCII, isRegNameOctet, percentEncodeOctet } from './uri-characters';
import { normalizePercentEncoding, percentDecodeUtf8 } from './normalize-percent-encoding';
import { formatIpv6Address, parseIpv6Address } from './parse-ip-literal';
import type { UriAuthority } from './uri-components';
import { parseUriReference } from './parse-uri';
import { uriError } from './uri-error';
import { tr46 } from './load-tr46';

/**
 * UTS #46 options for host names in URLs:
 * - `transitionalProcessing: false`: non-transitional, so `faß.de` stays `xn--fa-hia.de`
 *   (IDNA2008 semantics; transitional processing is deprecated by UTS #46 itself).
 * - `checkHyphens: false`: real hosts such as `r1---sn-x.googlevideo.com` have hyphens in
 *   positions 3–4; UTS #46 leaves the check optional and WHATWG URL turns it off too.
 * - `checkBidi: true`, `checkJoiners: true`: the RFC 5893 / RFC 5892 Appendix A rules that
 *   stop spoofable labels; UTS #46 recommends both.
 * - `useSTD3ASCIIRules: false`: a URI reg-name may hold `_` and sub-delims (RFC 3986 §3.2.2),
 *   and real hosts use `_`; characters a reg-name cannot hold are percent-encoded afterwards.
 * - `verifyDNSLength: false`: normalizing must not reject what resolvers accept (a trailing root
 *   dot, `example.com.`); label lengths are DNS's concern, not the URI's.
 */
export const TR46_HOST_OPTIONS = {
  transitionalProcessing: false,
  checkHyphens: false,
  checkBidi: true,
  checkJoiners: true,
  useSTD3ASCIIRules: false,
  verifyDNSLength: false,
  ignoreInvalidPunycode: false,
} as const;

/**
 * No valid DNS name comes near this many code units; the cap keeps punycode (quadratic in the
 * number of distinct code points of a label) bounded on hostile input.
 */
const MAX_IDNA_INPUT = 1024;
/**
 * tr46 takes microseconds per name, and the URLs a site emits share a handful of hosts: the
 * last few hundred conversions are remembered (cleared when full, so memory stays bounded).
 */
const asciiByDomain = new Map<string, string>();
const MAX_CACHED_DOMAINS = 512;
const ACE_LABEL = /(?:^|\.)xn--/i;
const REG_NAME_ASCII = /^[A-Za-z0-9\-._~!$&'()*+,;=]*$/;
const IDNA_RULE = 'UTS #46 §4 (non-transitional), RFC 3986 §3.2.2';

function idnaError(message: string, input: string) {
  return uriError('uri.idna', message, { field: 'host', value: input, rule: IDNA_RULE });
}

/**
 * UTS #46 ToASCII of a host that is already plain text (no percent-encoding). ASCII without
 * `xn--` labels only needs lowercasing (its every code point is `valid` or mapped to its
 * lowercase, and there is no label for the Bidi, joiner or punycode checks to refuse), so it
 * skips tr46; a test compares that shortcut with tr46 over every ASCII character.
 */
export function domainToAscii(domain: string, input: string = domain): string {
  if (!NON_ASCII.test(domain) && !ACE_LABEL.test(domain)) return domain.toLowerCase();
  const cached = asciiByDomain.get(domain);
  if (cached !== undefined) return cached;
  if (domain.length > MAX_IDNA_INPUT) {
    throw idnaError(`host is longer than ${MAX_IDNA_INPUT} characters`, input);
  }
  const ascii = tr46().toASCII(domain, TR46_HOST_OPTIONS);
  if (ascii === null) {
    throw idnaError(`host "${domain}" is not a valid internationalized domain name`, input);
  }
  if (asciiByDomain.size >= MAX_CACHED_DOMAINS) asciiByDomain.clear();
  asciiByDomain.set(domain, ascii);
  return ascii;
}

function reencodeForRegName(ascii: string): string {
  let out = '';
  for (let i = 0; i < ascii.length; i++) {
    const code = ascii.charCodeAt(i);
    out += isRegNameOctet(code) ? ascii[i] : percentEncodeOctet(code);
  }
  return out;
}

/**
 * The scheme-based (DNS) normal form of a reg-name already in syntax normal form (ASCII,
 * lowercase, uppercase triplets): decode the octets as UTF-8 (RFC 3986 §3.2.2 says non-ASCII
 * reg-names are percent-encoded UTF-8), apply UTS #46 ToASCII, and percent-encode whatever a
 * reg-name cannot hold.
 */
export function normalizeDnsRegName(regName: string, input: string): string {
  const decoded = percentDecodeUtf8(regName);
  if (decoded === undefined) {
    throw idnaError('percent-encoded octets in the host are not UTF-8', input);
  }
  const ascii = domainToAscii(decoded, input);
  return REG_NAME_ASCII.test(ascii) ? ascii : reencodeForRegName(ascii);
}

/** Syntax normal form of an IP-literal's text: RFC 5952 for IPv6 (zone kept), lowercase IPvFuture. */
export function normalizeIpLiteral(authority: UriAuthority): string {
  if (authority.hostKind === 'ipv-future') return authority.host.toLowerCase();
  const percentAt = authority.host.indexOf('%');
  const address = percentAt < 0 ? authority.host : authority.host.slice(0, percentAt);
  const canonical = formatIpv6Address(parseIpv6Address(address)!);
  // Zone IDs name local interfaces, whose names are case-sensitive on common systems: only the
  // percent-encoding is normalized.
  return percentAt < 0
    ? canonical
    : `${canonical}%25${normalizePercentEncoding(authority.host.slice(percentAt + 3))}`;
}

function parseHost(host: unknown): UriAuthority {
  if (typeof host !== 'string') {
    throw uriError('uri.not-a-string', 'a host must be a string', {
      field: 'host',
      value: host,
      rule: 'RFC 3986 §3.2.2',
    });
  }
  const components = parseUriReference(`//${host}`);
  const authority = components.authority;
  if (
    authority === undefined ||
    authority.userinfo !== undefined ||
    authority.port !== undefined ||
    components.path !== '' ||
    components.query !== undefined ||
    components.fragment !== undefined
  ) {
    throw uriError('uri.invalid-host', `"${host}" is not a host`, {
      field: 'host',
      value: host,
      rule: 'RFC 3986 §3.2.2',
    });
  }
  return authority;
}

/**
 * A host as written in a URI or IRI (`Bücher.example`, `b%C3%BCcher.example`, `[::1]`,
 * `192.0.2.1`) in the ASCII form every emitted URL uses: UTS #46 non-transitional ToASCII for
 * names, RFC 5952 for IPv6. Throws `UriError` (`uri.invalid-host`, `uri.idna`).
 */
export function hostToAscii(host: string): string {
  const authority = parseHost(host);
  if (authority.hostKind === 'ipv6' || authority.hostKind === 'ipv-future') {
    return `[${normalizeIpLiteral(authority)}]`;
  }
  return normalizeDnsRegName(normalizePercentEncoding(authority.host, true), host);
}

/**
 * A host for display: `hostToAscii`, then UTS #46 ToUnicode. A label that does not decode
 * cleanly stays in its ASCII form, so nothing spoofable is shown. Throws like `hostToAscii`.
 */
export function hostToUnicode(host: string): string {
  const ascii = hostToAscii(host);
  if (ascii.startsWith('[') || !ACE_LABEL.test(ascii)) return ascii;
  const { domain, error } = tr46().toUnicode(ascii, TR46_HOST_OPTIONS);
  return error ? ascii : domain;
}
