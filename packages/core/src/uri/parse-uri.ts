import type { UriAuthority, UriComponents, UriHostKind } from './uri-components';
import {
  COMPONENT_CHAR,
  COMPONENT_OFFENCE,
  IPV4_PATTERN,
  PORT_PATTERN,
  SCHEME_PATTERN,
  isHexDigit,
  type CharsetName,
} from './uri-characters';
import { IPV_FUTURE_PATTERN, ZONE_ID_OFFENCE, parseIpv6Address } from './parse-ip-literal';
import { assertString, uriError, type UriErrorCode } from './uri-error';

/** Components of a URI that has a scheme (RFC 3986 §4.3 plus an optional fragment). */
export type AbsoluteUriComponents = UriComponents & { scheme: string };

type Component = 'scheme' | 'userinfo' | 'host' | 'port' | 'path' | 'query' | 'fragment';

const RULES: Record<Component, string> = {
  scheme: 'RFC 3986 §3.1',
  userinfo: 'RFC 3986 §3.2.1, RFC 3987 §2.2',
  host: 'RFC 3986 §3.2.2, RFC 6874 §2, RFC 3987 §2.2',
  port: 'RFC 3986 §3.2.3',
  path: 'RFC 3986 §3.3, RFC 3987 §2.2',
  query: 'RFC 3986 §3.4, RFC 3987 §2.2',
  fragment: 'RFC 3986 §3.5, RFC 3987 §2.2',
};

const CODES: Record<Component, UriErrorCode> = {
  scheme: 'uri.invalid-scheme',
  userinfo: 'uri.invalid-userinfo',
  host: 'uri.invalid-host',
  port: 'uri.invalid-port',
  path: 'uri.invalid-path',
  query: 'uri.invalid-query',
  fragment: 'uri.invalid-fragment',
};

function fail(component: Component, message: string, input: string): never {
  throw uriError(CODES[component], message, {
    field: component,
    value: input,
    rule: RULES[component],
  });
}

function describeChar(ch: string): string {
  const code = ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
  return `${JSON.stringify(ch)} (U+${code})`;
}

/** Throws at the first character the component's (I)RI rule does not allow. */
function checkChars(
  text: string,
  charset: CharsetName,
  component: Component,
  input: string,
  offset: number,
): void {
  if (!COMPONENT_OFFENCE[charset].test(text)) return;
  for (let i = 0; i < text.length;) {
    const ch = String.fromCodePoint(text.codePointAt(i)!);
    if (ch === '%') {
      if (!isHexDigit(text.charCodeAt(i + 1)) || !isHexDigit(text.charCodeAt(i + 2))) {
        throw uriError(
          'uri.invalid-percent-encoding',
          `"%" at offset ${offset + i} in the ${component} is not followed by two hex digits`,
          { field: component, value: input, rule: 'RFC 3986 §2.1' },
        );
      }
      i += 3;
      continue;
    }
    if (!COMPONENT_CHAR[charset].test(ch)) {
      fail(
        component,
        `character ${describeChar(ch)} at offset ${offset + i} is not allowed in the ${component}`,
        input,
      );
    }
    i += ch.length;
  }
  fail(component, `invalid ${component}`, input);
}

function parseIpLiteral(literal: string, input: string, offset: number): UriHostKind {
  if (literal.startsWith('v') || literal.startsWith('V')) {
    if (!IPV_FUTURE_PATTERN.test(literal)) {
      fail('host', `"[${literal}]" at offset ${offset} is not a valid IPvFuture literal`, input);
    }
    return 'ipv-future';
  }
  const percentAt = literal.indexOf('%');
  const address = percentAt < 0 ? literal : literal.slice(0, percentAt);
  if (percentAt >= 0) {
    const zone = literal.slice(percentAt);
    if (!zone.startsWith('%25') || zone.length === 3 || ZONE_ID_OFFENCE.test(zone.slice(3))) {
      fail(
        'host',
        `IPv6 zone "${zone}" at offset ${offset + percentAt} must be "%25" followed by a non-empty ZoneID (RFC 6874)`,
        input,
      );
    }
  }
  if (parseIpv6Address(address) === undefined) {
    fail('host', `"${address}" at offset ${offset} is not a valid IPv6 address`, input);
  }
  return 'ipv6';
}

function parseAuthority(text: string, input: string, offset: number): UriAuthority {
  const atSign = text.lastIndexOf('@');
  const authority: UriAuthority = { host: '', hostKind: 'reg-name' };
  if (atSign >= 0) {
    authority.userinfo = text.slice(0, atSign);
    checkChars(authority.userinfo, 'userinfo', 'userinfo', input, offset);
  }
  const hostStart = atSign + 1;
  let portText: string | undefined;
  if (text.charCodeAt(hostStart) === 0x5b /* [ */) {
    const close = text.indexOf(']', hostStart);
    if (close < 0) fail('host', `unclosed "[" at offset ${offset + hostStart}`, input);
    authority.host = text.slice(hostStart + 1, close);
    authority.hostKind = parseIpLiteral(authority.host, input, offset + hostStart + 1);
    const rest = text.slice(close + 1);
    if (rest !== '' && !rest.startsWith(':')) {
      fail('host', `unexpected text after "]" at offset ${offset + close + 1}`, input);
    }
    if (rest !== '') portText = rest.slice(1);
  } else {
    const colon = text.indexOf(':', hostStart);
    authority.host = colon < 0 ? text.slice(hostStart) : text.slice(hostStart, colon);
    if (colon >= 0) portText = text.slice(colon + 1);
    checkChars(authority.host, 'regName', 'host', input, offset + hostStart);
    if (IPV4_PATTERN.test(authority.host)) authority.hostKind = 'ipv4';
  }
  if (portText !== undefined) {
    if (!PORT_PATTERN.test(portText)) {
      fail('port', `port "${portText}" must be decimal digits`, input);
    }
    authority.port = portText;
  }
  return authority;
}

/**
 * Splits a URI or relative reference (an IRI reference too: RFC 3987 characters are accepted
 * where its grammar allows them) and validates every component against the ABNF. Splitting
 * follows RFC 3986 Appendix B. Throws `UriError`; never changes a character of the input.
 */
export function parseUriReference(input: unknown): UriComponents {
  assertString(input, 'uri');
  const hashAt = input.indexOf('#');
  const beforeFragment = hashAt < 0 ? input.length : hashAt;
  let queryAt = input.indexOf('?');
  if (queryAt > beforeFragment) queryAt = -1;
  const hierEnd = queryAt < 0 ? beforeFragment : queryAt;

  const components: UriComponents = { path: '' };
  let position = 0;
  for (let i = 0; i < hierEnd; i++) {
    const code = input.charCodeAt(i);
    if (code === 0x2f /* / */) break;
    if (code === 0x3a /* : */) {
      const scheme = input.slice(0, i);
      if (!SCHEME_PATTERN.test(scheme)) {
        fail(
          'scheme',
          i === 0
            ? 'empty scheme (a relative reference cannot start with ":")'
            : `scheme "${scheme}" must be a letter followed by letters, digits, "+", "-" or "."`,
          input,
        );
      }
      components.scheme = scheme;
      position = i + 1;
      break;
    }
  }

  if (input.startsWith('//', position) && position + 2 <= hierEnd) {
    const slash = input.indexOf('/', position + 2);
    const authorityEnd = slash < 0 || slash > hierEnd ? hierEnd : slash;
    components.authority = parseAuthority(
      input.slice(position + 2, authorityEnd),
      input,
      position + 2,
    );
    position = authorityEnd;
  }

  components.path = input.slice(position, hierEnd);
  checkChars(components.path, 'path', 'path', input, position);
  if (queryAt >= 0) {
    components.query = input.slice(queryAt + 1, beforeFragment);
    checkChars(components.query, 'query', 'query', input, queryAt + 1);
  }
  if (hashAt >= 0) {
    components.fragment = input.slice(hashAt + 1);
    checkChars(components.fragment, 'fragment', 'fragment', input, hashAt + 1);
  }
  return components;
}

/** `parseUriReference`, and the reference must have a scheme (RFC 3986 §4.3, §6.1). */
export function parseUri(input: unknown): AbsoluteUriComponents {
  const components = parseUriReference(input);
  if (components.scheme === undefined) {
    throw uriError('uri.not-absolute', `"${String(input)}" is a relative reference, not a URI`, {
      field: 'scheme',
      value: input,
      rule: 'RFC 3986 §4.3',
    });
  }
  return components as AbsoluteUriComponents;
}
