import { normalizeUri } from '../uri';
import { ScpValidationError } from './scp-errors';

/** No whitespace or control characters anywhere; an authority after `http(s)://`. */
const HTTP_URL_SHAPE = /^https?:\/\/[^\s/?#\\]+(?:[/?#][^\s]*)?$/i;
/** Longer than any URL a browser or CDN accepts; keeps every later check cheap. */
const MAX_URL_LENGTH = 8192;

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * Whether `value` is an absolute http(s) URL (spec page schema `^https?://` + `format: uri`;
 * DECISIONS §2: `javascript:` and every other scheme are invalid). Non-ASCII characters are
 * accepted (IRIs are common in content); whitespace and controls are not.
 */
export function isScpHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) return false;
  if (!HTTP_URL_SHAPE.test(value) || hasControlCharacter(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * The normalized form (DECISIONS §5) of an http(s) URL a publisher emits. Throws
 * `ScpValidationError` when it is not one.
 */
export function normalizeScpUrl(value: unknown, field: string): string {
  if (typeof value === 'string' && isScpHttpUrl(value)) {
    try {
      const normalized = normalizeUri(value);
      if (isScpHttpUrl(normalized)) return normalized;
    } catch {
      // reported below
    }
  }
  throw new ScpValidationError('scp.url.invalid', `${field} is not an absolute http(s) URL`, {
    field,
    value,
    rule: 'SCP page schema url (^https?://, format uri); docs/protocols.md#scp-collections',
  });
}
