import { sha256Hex } from '../crypto';
import { ValidationError } from '../errors';
import { normalizeUri } from '../uri';
import { LLMINDEX_DNS_TXT_PREFIX } from './llmindex-types';

export class LlmindexProofError extends ValidationError {}

const RULE = 'llmindex v0.1 §6.1/§6.2; docs/protocols.md#llmindex-signature';
const HOST =
  /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;

function fail(code: string, message: string, field: string, value: unknown): never {
  throw new LlmindexProofError(code, message, { field, value, rule: RULE });
}

/** The value must survive the trimmed comparison and be a non-empty single line of text. */
function checkValue(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    fail(
      'llmindex.proof_value',
      'the verification value must be non-empty text',
      'verify.value',
      value,
    );
  }
  if (value !== value.trim() || /[\r\n]/.test(value)) {
    fail(
      'llmindex.proof_value',
      'the verification value must be one line without surrounding whitespace (proofs compare trimmed)',
      'verify.value',
      value,
    );
  }
  return value;
}

/** The host of a URL (IDN as punycode, via normalization) or a bare host name, lowercased. */
function hostOf(siteOrHost: string): string {
  let host = siteOrHost.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(host)) {
    try {
      host =
        /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^/?#:]*)/i.exec(
          normalizeUri(host),
        )?.[1] ?? '';
    } catch {
      host = '';
    }
  }
  host = host.replace(/\.$/, '').toLowerCase();
  if (!HOST.test(host) || /^[\d.]+$/.test(host))
    fail('llmindex.proof_host', `not a DNS host name: ${siteOrHost}`, 'host', siteOrHost);
  return host;
}

export interface LlmindexDnsTxtRecord {
  /** `_llmindex-challenge.<host>` (no trailing dot). */
  name: string;
  type: 'TXT';
  value: string;
  /** The record in zone-file presentation form (RFC 1035 §5.1), strings split at 255 bytes. */
  zoneFileLine: string;
}

function quoteCharacterStrings(value: string): string {
  const bytes = Buffer.from(value, 'utf8');
  const chunks: string[] = [];
  for (let start = 0; start < bytes.length; start += 255) {
    let text = '';
    for (const byte of bytes.subarray(start, start + 255)) {
      if (byte === 0x22 || byte === 0x5c) text += `\\${String.fromCharCode(byte)}`;
      else if (byte < 0x20 || byte > 0x7e) text += `\\${byte.toString().padStart(3, '0')}`;
      else text += String.fromCharCode(byte);
    }
    chunks.push(`"${text}"`);
  }
  return chunks.join(' ');
}

/**
 * §6.1: the DNS TXT record that proves ownership of the site's host: `_llmindex-challenge.
 * <host> TXT "<value>"`, with `verify.method = "dns_txt"` and `verify.value = value`.
 * `site` is the canonical URL or a bare host name.
 */
export function llmindexDnsTxtRecord(site: string, value: string): LlmindexDnsTxtRecord {
  const proof = checkValue(value);
  const name = `${LLMINDEX_DNS_TXT_PREFIX}.${hostOf(site)}`;
  return {
    name,
    type: 'TXT',
    value: proof,
    zoneFileLine: `${name}. IN TXT ${quoteCharacterStrings(proof)}`,
  };
}

/**
 * §6.2: the body of `/.well-known/llmindex-proof.txt`: exactly `verify.value` plus a final
 * newline (the comparison trims, DECISIONS §3). Serve as `text/plain; charset=utf-8`.
 */
export function llmindexProofFileBody(value: string): string {
  return `${checkValue(value)}\n`;
}

/** Whether a fetched proof file matches `verify.value` (both trimmed, DECISIONS §3). */
export function matchesLlmindexProofFile(body: string, value: string): boolean {
  return (
    typeof body === 'string' &&
    typeof value === 'string' &&
    value.trim() !== '' &&
    body.trim() === value.trim()
  );
}

/**
 * Whether TXT records (as `dns.resolveTxt` returns them: each record a list of character
 * strings, concatenated per RFC 7208 §3.3 practice) contain `value`.
 */
export function matchesLlmindexDnsTxt(
  records: readonly (readonly string[])[],
  value: string,
): boolean {
  if (typeof value !== 'string' || value.trim() === '' || !Array.isArray(records)) return false;
  return records.some((record) => Array.isArray(record) && record.join('').trim() === value.trim());
}

/**
 * A verification value derived from the site URL the way the openllmindex CLI derives it:
 * `llmindex-verify=` + the first 32 hex digits of SHA-256 of the URL without trailing slashes.
 * Optional: any unguessable value works; this one is reproducible from the URL alone.
 */
export function deriveLlmindexVerifyValue(baseUrl: string): string {
  return `llmindex-verify=${sha256Hex(baseUrl.trim().replace(/\/+$/, '')).slice(0, 32)}`;
}
