import { hexValue, isUnreservedOctet, percentEncodeOctet } from './uri-characters';

const NEEDS_WORK = /[%\u0080-\uFFFF]/;
const NEEDS_WORK_OR_UPPERCASE = /[%A-Z\u0080-\uFFFF]/;

function encodeUtf8(codePoint: number): string {
  if (codePoint < 0x800) {
    return (
      percentEncodeOctet(0xc0 | (codePoint >> 6)) + percentEncodeOctet(0x80 | (codePoint & 63))
    );
  }
  if (codePoint < 0x10000) {
    return (
      percentEncodeOctet(0xe0 | (codePoint >> 12)) +
      percentEncodeOctet(0x80 | ((codePoint >> 6) & 63)) +
      percentEncodeOctet(0x80 | (codePoint & 63))
    );
  }
  return (
    percentEncodeOctet(0xf0 | (codePoint >> 18)) +
    percentEncodeOctet(0x80 | ((codePoint >> 12) & 63)) +
    percentEncodeOctet(0x80 | ((codePoint >> 6) & 63)) +
    percentEncodeOctet(0x80 | (codePoint & 63))
  );
}

/** The end of the run of non-ASCII code units starting at `start`. */
function nonAsciiRunEnd(text: string, start: number): number {
  let end = start + 1;
  while (end < text.length && text.charCodeAt(end) >= 0x80) end++;
  return end;
}

/**
 * UTF-8 percent-encoding of a run of non-ASCII characters: the native `encodeURIComponent` (it
 * writes uppercase hex, as §6.2.2.1 wants) for speed. Parsed input has no lone surrogates; if
 * one slips through anyway, it is encoded as its code point rather than thrown.
 */
function encodeNonAsciiRun(run: string): string {
  try {
    return encodeURIComponent(run);
  } catch {
    let out = '';
    for (const ch of run) out += encodeUtf8(ch.codePointAt(0)!);
    return out;
  }
}

/**
 * One validated component in its URI normal form, in one pass: every non-ASCII character
 * becomes its UTF-8 octets percent-encoded (RFC 3987 §3.1), every triplet gets uppercase hex
 * (RFC 3986 §6.2.2.1), and a triplet of an unreserved character is decoded (§6.2.2.2).
 * `lowercase` also lowercases ASCII letters outside triplets (for a host), never the hex.
 */
export function normalizePercentEncoding(text: string, lowercase = false): string {
  if (!(lowercase ? NEEDS_WORK_OR_UPPERCASE : NEEDS_WORK).test(text)) return text;
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x25 /* % */) {
      const octet = (hexValue(text.charCodeAt(i + 1)) << 4) | hexValue(text.charCodeAt(i + 2));
      if (isUnreservedOctet(octet)) {
        out += String.fromCharCode(
          lowercase && octet >= 0x41 && octet <= 0x5a ? octet | 0x20 : octet,
        );
      } else {
        out += percentEncodeOctet(octet);
      }
      i += 2;
    } else if (code < 0x80) {
      out += String.fromCharCode(lowercase && code >= 0x41 && code <= 0x5a ? code | 0x20 : code);
    } else {
      const end = nonAsciiRunEnd(text, i);
      out += encodeNonAsciiRun(text.slice(i, end));
      i = end - 1;
    }
  }
  return out;
}

/** RFC 3987 §3.1 step 2 alone: percent-encode the UTF-8 of non-ASCII characters, nothing else. */
export function percentEncodeNonAscii(text: string): string {
  let out = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) < 0x80) continue;
    const end = nonAsciiRunEnd(text, i);
    out += text.slice(start, i) + encodeNonAsciiRun(text.slice(i, end));
    start = end;
    i = end - 1;
  }
  return start === 0 ? text : out + text.slice(start);
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Decodes every triplet of an ASCII component and reads the octets as UTF-8; `undefined` when
 * they are not well-formed UTF-8.
 */
export function percentDecodeUtf8(text: string): string | undefined {
  if (!text.includes('%')) return text;
  const octets: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x25) {
      octets.push((hexValue(text.charCodeAt(i + 1)) << 4) | hexValue(text.charCodeAt(i + 2)));
      i += 2;
    } else {
      octets.push(code);
    }
  }
  try {
    return STRICT_UTF8.decode(Uint8Array.from(octets));
  } catch {
    return undefined;
  }
}
