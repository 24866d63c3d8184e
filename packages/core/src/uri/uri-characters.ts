/**
 * The character classes of the RFC 3986 §2–§3 ABNF and their RFC 3987 §2.2 IRI extensions, as
 * regular-expression sources compiled once. `i…` rules accept `ucschar` (and `iprivate` in the
 * query) on top of the URI rule.
 */
const UNRESERVED = 'A-Za-z0-9\\-._~';
const SUB_DELIMS = "!$&'()*+,;=";
const UCSCHAR =
  '\\u{A0}-\\u{D7FF}\\u{F900}-\\u{FDCF}\\u{FDF0}-\\u{FFEF}' +
  '\\u{10000}-\\u{1FFFD}\\u{20000}-\\u{2FFFD}\\u{30000}-\\u{3FFFD}\\u{40000}-\\u{4FFFD}' +
  '\\u{50000}-\\u{5FFFD}\\u{60000}-\\u{6FFFD}\\u{70000}-\\u{7FFFD}\\u{80000}-\\u{8FFFD}' +
  '\\u{90000}-\\u{9FFFD}\\u{A0000}-\\u{AFFFD}\\u{B0000}-\\u{BFFFD}\\u{C0000}-\\u{CFFFD}' +
  '\\u{D0000}-\\u{DFFFD}\\u{E1000}-\\u{EFFFD}';
const IPRIVATE = '\\u{E000}-\\u{F8FF}\\u{F0000}-\\u{FFFFD}\\u{100000}-\\u{10FFFD}';

/** The single characters (besides a `%XX` triplet) each component allows. */
const COMPONENT_CHARS = {
  userinfo: `${UNRESERVED}${UCSCHAR}${SUB_DELIMS}:`,
  regName: `${UNRESERVED}${UCSCHAR}${SUB_DELIMS}`,
  path: `${UNRESERVED}${UCSCHAR}${SUB_DELIMS}:@/`,
  query: `${UNRESERVED}${UCSCHAR}${IPRIVATE}${SUB_DELIMS}:@/?`,
  fragment: `${UNRESERVED}${UCSCHAR}${SUB_DELIMS}:@/?`,
} as const;

export type CharsetName = keyof typeof COMPONENT_CHARS;

/**
 * Finds the first thing a component may not hold: a character outside its set, or a `%` not
 * followed by two hex digits. Searching for the offence (instead of matching
 * `^(?:char|%XX)*$`) keeps the regex free of a quantified group, whose backtrack stack would
 * overflow on multi-megabyte input.
 */
export const COMPONENT_OFFENCE: Readonly<Record<CharsetName, RegExp>> = Object.fromEntries(
  Object.entries(COMPONENT_CHARS).map(([name, chars]) => [
    name,
    new RegExp(`[^${chars}%]|%(?![0-9A-Fa-f]{2})`, 'u'),
  ]),
) as Record<CharsetName, RegExp>;

/** One allowed character (not `%`), to locate the first offending one after a failed match. */
export const COMPONENT_CHAR: Readonly<Record<CharsetName, RegExp>> = Object.fromEntries(
  Object.entries(COMPONENT_CHARS).map(([name, chars]) => [name, new RegExp(`^[${chars}]$`, 'u')]),
) as Record<CharsetName, RegExp>;

/** scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) */
export const SCHEME_PATTERN = /^[A-Za-z][A-Za-z0-9+\-.]*$/;
export const PORT_PATTERN = /^[0-9]*$/;
/** IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet (no leading zeros). */
export const IPV4_PATTERN =
  /^(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])(?:\.(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])){3}$/;
export const UCSCHAR_PATTERN = new RegExp(`^[${UCSCHAR}]$`, 'u');
export const IPRIVATE_PATTERN = new RegExp(`^[${IPRIVATE}]$`, 'u');
export const NON_ASCII = /[\u0080-\u{10FFFF}]/u;

export function isHexDigit(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x46) ||
    (code >= 0x61 && code <= 0x66)
  );
}

export function hexValue(code: number): number {
  if (code <= 0x39) return code - 0x30;
  return (code | 0x20) - 0x61 + 10;
}

/** unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" (RFC 3986 §2.3), as an octet. */
export function isUnreservedOctet(octet: number): boolean {
  return (
    (octet >= 0x41 && octet <= 0x5a) ||
    (octet >= 0x61 && octet <= 0x7a) ||
    (octet >= 0x30 && octet <= 0x39) ||
    octet === 0x2d ||
    octet === 0x2e ||
    octet === 0x5f ||
    octet === 0x7e
  );
}

/** unreserved / sub-delims: what a reg-name may hold without percent-encoding (ASCII only). */
export function isRegNameOctet(octet: number): boolean {
  return (
    isUnreservedOctet(octet) || (octet < 0x80 && SUB_DELIMS.includes(String.fromCharCode(octet)))
  );
}

const HEX_UPPER = '0123456789ABCDEF';

export function percentEncodeOctet(octet: number): string {
  return `%${HEX_UPPER[octet >> 4]}${HEX_UPPER[octet & 15]}`;
}
