import type { UriAuthority, UriComponents } from './uri-components';
import {
  COMPONENT_OFFENCE,
  IPRIVATE_PATTERN,
  NON_ASCII,
  UCSCHAR_PATTERN,
  hexValue,
  isHexDigit,
  isUnreservedOctet,
} from './uri-characters';
import { parseUriReference } from './parse-uri';
import { serializeUri } from './serialize-uri';
import { percentEncodeNonAscii } from './normalize-percent-encoding';
import { TR46_HOST_OPTIONS, domainToAscii } from './convert-host';
import { schemeRules } from './scheme-rules';
import { UriError } from './uri-error';
import { tr46 } from './load-tr46';

function mapComponents(
  components: UriComponents,
  mapText: (text: string) => string,
  mapHost: (authority: UriAuthority, dns: boolean) => string,
): UriComponents {
  const dns =
    components.scheme !== undefined && schemeRules(components.scheme.toLowerCase()) !== undefined;
  const mapped: UriComponents = { path: mapText(components.path) };
  if (components.scheme !== undefined) mapped.scheme = components.scheme;
  if (components.authority !== undefined) {
    const { userinfo, hostKind, port } = components.authority;
    mapped.authority = { host: mapHost(components.authority, dns), hostKind };
    if (userinfo !== undefined) mapped.authority.userinfo = mapText(userinfo);
    if (port !== undefined) mapped.authority.port = port;
  }
  if (components.query !== undefined) mapped.query = mapText(components.query);
  if (components.fragment !== undefined) mapped.fragment = mapText(components.fragment);
  return mapped;
}

/**
 * RFC 3987 §3.1: the URI an IRI reference maps to, for comparison or for protocols that carry
 * only URIs. Non-ASCII characters become percent-encoded UTF-8; a non-ASCII host of a scheme
 * known to use DNS (http, https, ws, wss) goes through UTS #46 ToASCII instead, as §3.1 allows,
 * falling back to percent-encoding when the name is not a valid IDN. Nothing else changes (a URI
 * maps to itself). The IRI itself is what gets passed on (§5.3.2.3): keep the original string.
 */
export function iriToUri(iri: string): string {
  const components = parseUriReference(iri);
  return serializeUri(
    mapComponents(components, percentEncodeNonAscii, (authority, dns) => {
      if (authority.hostKind !== 'reg-name' || !NON_ASCII.test(authority.host))
        return authority.host;
      if (dns && !authority.host.includes('%')) {
        try {
          const ascii = domainToAscii(authority.host, iri);
          if (!COMPONENT_OFFENCE.regName.test(ascii)) return ascii;
        } catch (error) {
          if (!(error instanceof UriError)) throw error;
        }
      }
      return percentEncodeNonAscii(authority.host);
    }),
  );
}

/** Bidi formatting characters RFC 3987 §4.1 forbids in IRIs: never shown decoded. */
const BIDI_FORMATTING = /^[\u200E\u200F\u202A-\u202E\u2066-\u2069]$/;

/** One well-formed UTF-8 sequence at `start`, as [code point, length], or undefined. */
function readUtf8(octets: readonly number[], start: number): [number, number] | undefined {
  const lead = octets[start]!;
  let length: number;
  let codePoint: number;
  let min: number;
  if (lead >= 0xc2 && lead <= 0xdf) [length, codePoint, min] = [2, lead & 0x1f, 0x80];
  else if (lead >= 0xe0 && lead <= 0xef) [length, codePoint, min] = [3, lead & 0x0f, 0x800];
  else if (lead >= 0xf0 && lead <= 0xf4) [length, codePoint, min] = [4, lead & 0x07, 0x10000];
  else return undefined;
  for (let i = 1; i < length; i++) {
    const octet = octets[start + i];
    if (octet === undefined || (octet & 0xc0) !== 0x80) return undefined;
    codePoint = (codePoint << 6) | (octet & 0x3f);
  }
  if (codePoint < min || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) {
    return undefined;
  }
  return [codePoint, length];
}

/**
 * RFC 3987 §3.2 for one component: decodes percent-encoded unreserved characters and
 * well-formed UTF-8 of characters an IRI may hold there (ucschar; iprivate in the query; never
 * Bidi formatting characters); every other triplet stays as written.
 */
function decodeForDisplay(text: string, allowPrivate: boolean): string {
  if (!text.includes('%')) return text;
  let out = '';
  for (let i = 0; i < text.length;) {
    if (text.charCodeAt(i) !== 0x25) {
      out += text[i++];
      continue;
    }
    const runStart = i;
    const octets: number[] = [];
    while (text.charCodeAt(i) === 0x25 && isHexDigit(text.charCodeAt(i + 1))) {
      octets.push((hexValue(text.charCodeAt(i + 1)) << 4) | hexValue(text.charCodeAt(i + 2)));
      i += 3;
    }
    for (let j = 0; j < octets.length;) {
      const octet = octets[j]!;
      if (isUnreservedOctet(octet)) {
        out += String.fromCharCode(octet);
        j++;
        continue;
      }
      const sequence = octet >= 0x80 ? readUtf8(octets, j) : undefined;
      if (sequence !== undefined) {
        const ch = String.fromCodePoint(sequence[0]);
        const allowed =
          (UCSCHAR_PATTERN.test(ch) || (allowPrivate && IPRIVATE_PATTERN.test(ch))) &&
          !BIDI_FORMATTING.test(ch);
        if (allowed) {
          out += ch;
          j += sequence[1];
          continue;
        }
      }
      out += text.slice(runStart + 3 * j, runStart + 3 * j + 3);
      j++;
    }
  }
  return out;
}

/**
 * RFC 3987 §3.2: an IRI for showing a URI to people. Octets that are not UTF-8 (`%E9`) stay
 * encoded; `xn--` labels of http(s)/ws(s) hosts are shown in Unicode when UTS #46 ToUnicode
 * decodes them cleanly. For display only: never send the result on in place of the URI.
 */
export function uriToDisplayIri(uri: string): string {
  const components = parseUriReference(uri);
  const display = mapComponents(
    components,
    (text) => decodeForDisplay(text, false),
    (authority, dns) => {
      if (authority.hostKind !== 'reg-name') return authority.host;
      if (dns && /(?:^|\.)xn--/i.test(authority.host)) {
        const { domain, error } = tr46().toUnicode(authority.host, TR46_HOST_OPTIONS);
        if (!error && !COMPONENT_OFFENCE.regName.test(domain)) return domain;
        return authority.host;
      }
      return decodeForDisplay(authority.host, false);
    },
  );
  if (components.query !== undefined) display.query = decodeForDisplay(components.query, true);
  return serializeUri(display);
}
