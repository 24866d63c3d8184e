import { ValidationError } from '../errors';
import { isMediaType } from '../http/is-media-type';
import { CanonicalJsonError, checkJsonLimits, type JsonLimits, type JsonValue } from '../json';
import { isWellFormedLanguageTag } from '../text/language-tag';
import { isRfc3339 } from '../time';
import { isHttpUrl } from '../uri';
import { TCT_03, TCT_03_LIMITS } from './tct-profile';

/**
 * A document that breaks a rule of TCT draft -03. `code` names the rule (`tct03.profile`,
 * `tct03.canonical-url`, …), `field` the member.
 */
export class Tct03DocumentError extends ValidationError {}

const RULE = 'TCT -03 (docs/protocols.md#tct-03)';

function fail(code: string, message: string, field: string, value?: unknown): never {
  throw new Tct03DocumentError(`tct03.${code}`, message, {
    field,
    ...(value !== undefined ? { value } : {}),
    rule: RULE,
  });
}

export type JsonObject = { [member: string]: JsonValue };

/**
 * Parses a -03 JSON document's bytes within the profile's caps: at most `maxBytes`, strict UTF-8
 * (no BOM: JSON text is UTF-8 without one, RFC 8259 §8.1), JSON, within the shape limits, an
 * object. Throws `Tct03DocumentError` for each of these.
 */
export function parseTct03Json(
  body: Buffer | string,
  maxBytes: number,
  limits: JsonLimits = TCT_03_LIMITS.json!,
): JsonObject {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  if (bytes.length > maxBytes)
    fail('size', `the document is ${bytes.length} bytes; the cap is ${maxBytes}`, '', bytes.length);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    fail('utf8', 'the document is not valid UTF-8', '');
  }
  if (text.charCodeAt(0) === 0xfeff) fail('utf8', 'the document starts with a byte order mark', '');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    fail('json', `not JSON: ${(error as Error).message}`, '');
  }
  try {
    checkJsonLimits(value, limits);
  } catch (error) {
    if (!(error instanceof CanonicalJsonError)) throw error;
    fail('limit', error.message, error.field ?? '', error.value);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail('not-object', 'the document is not a JSON object', '');
  return value as JsonObject;
}

/** An M-URL document of draft -03, as read: the members it requires, and every other kept. */
export interface Tct03MUrlDocument extends JsonObject {
  profile: string;
  canonical_url: string;
  title: string;
  content: string;
}

/** An absolute http(s) URI (RFC 3986) of visible ASCII: no raw space, control or non-ASCII. */
export function isTct03HttpUrl(value: unknown): value is string {
  return typeof value === 'string' && /^[\x21-\x7e]+$/.test(value) && isHttpUrl(value);
}

/**
 * Checks a parsed value against the -03 M-URL rules: `profile` exactly the M-URL profile URI
 * (the legacy `tct-1` is refused), `canonical_url`, `title` and `content` strings,
 * `canonical_url` an absolute http(s) URI of visible ASCII, optional `language` a well-formed
 * BCP 47 tag, optional `content_media_type` a well-formed media type, optional `lastModified`
 * an RFC 3339 date-time. Every other member is kept as it is. Throws `Tct03DocumentError`.
 */
export function checkTct03MUrl(value: unknown): Tct03MUrlDocument {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail('not-object', 'the document is not a JSON object', '');
  const doc = value as JsonObject;
  if (doc.profile === 'tct-1')
    fail(
      'legacy-profile',
      `profile "tct-1" is the -01 profile; -03 needs ${TCT_03.id}`,
      'profile',
      doc.profile,
    );
  if (doc.profile !== TCT_03.id)
    fail('profile', `profile must be ${TCT_03.id}`, 'profile', doc.profile);
  for (const member of ['canonical_url', 'title', 'content'])
    if (typeof doc[member] !== 'string')
      fail('member-type', `${member} must be a string`, member, doc[member]);
  if (!isTct03HttpUrl(doc.canonical_url))
    fail(
      'canonical-url',
      'canonical_url must be an absolute http(s) URI of visible ASCII characters',
      'canonical_url',
      doc.canonical_url,
    );
  if (doc.language !== undefined && !isWellFormedLanguageTag(doc.language))
    fail('language', 'language must be a well-formed BCP 47 tag', 'language', doc.language);
  if (doc.content_media_type !== undefined && !isMediaType(doc.content_media_type))
    fail(
      'media-type',
      'content_media_type must be a well-formed media type',
      'content_media_type',
      doc.content_media_type,
    );
  if (
    doc.lastModified !== undefined &&
    (typeof doc.lastModified !== 'string' || !isRfc3339(doc.lastModified))
  )
    fail(
      'last-modified',
      'lastModified must be an RFC 3339 date-time',
      'lastModified',
      doc.lastModified,
    );
  return doc as Tct03MUrlDocument;
}

/** Reads a -03 M-URL body: `parseTct03Json` within the identity cap, then `checkTct03MUrl`. */
export function readTct03MUrl(body: Buffer | string): Tct03MUrlDocument {
  return checkTct03MUrl(parseTct03Json(body, TCT_03_LIMITS.maxIdentityBytes!));
}
