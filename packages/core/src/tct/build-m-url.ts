import { ValidationError } from '../errors';
import { contentDigestOf } from '../http/served-resource';
import { buildJsonResource } from '../http/json-resource';
import type { JsonValue } from '../json';
import { canonicalizeJson, canonicalizeTrustedJson } from '../json';
import { sha256Hex } from '../crypto';
import { normalizeUri } from '../uri';
import { TCT_1, type TctProfile } from './tct-profile';
import { assertRfc3339 } from '../time';
import { isLanguageTag } from '../text/language-tag';

/** What a publisher knows about a document; becomes the M-URL body. */
export interface MUrlFields {
  /** The C-URL (absolute http(s)); normalized before use. */
  canonicalUrl: string;
  title: string;
  /** Plain text, no markup (see `renderDocumentText`). */
  content: string;
  language?: string;
  /** RFC 3339 date-times. */
  published?: string;
  modified?: string;
  description?: string;
  author?: string;
  /** Schema.org JSON-LD or similar; must be plain JSON. */
  structuredData?: { [key: string]: JsonValue };
}

export interface MUrlRepresentation {
  /** The exact bytes served: JCS of the body including `hash`. */
  body: Buffer;
  /** `sha256-<hex>`: equal to the body's `hash`, the sitemap's values and the unquoted ETag. */
  hash: string;
  /** ETag header value (strong, quoted). */
  etag: string;
  /** RFC 9530 `Content-Digest` of `body`. */
  contentDigest: string;
  /** The normalized C-URL, as it appears in the body. */
  canonicalUrl: string;
}

/** Hard cap on a single M-URL body; bigger content is a publisher error, not a response. */
export const DEFAULT_MAX_M_URL_BYTES = 5 * 1024 * 1024;

function requireString(
  value: unknown,
  field: string,
  options: { nonEmpty?: boolean } = {},
): string {
  if (typeof value !== 'string') {
    throw new ValidationError('tct.field-type', `${field} must be a string`, { field, value });
  }
  if (options.nonEmpty && value.trim() === '') {
    throw new ValidationError('tct.field-empty', `${field} must not be empty`, { field, value });
  }
  return value;
}

/** The M-URL body without `hash`, validated: optional members appear only when given. */
export function buildMUrlBody(
  fields: MUrlFields,
  profile: TctProfile = TCT_1,
): Record<string, JsonValue> {
  const body: Record<string, JsonValue> = {
    profile: profile.id,
    canonical_url: normalizeUri(
      requireString(fields.canonicalUrl, 'canonicalUrl', { nonEmpty: true }),
    ),
    title: requireString(fields.title, 'title', { nonEmpty: true }),
    content: requireString(fields.content, 'content'),
  };
  if (fields.language !== undefined) {
    const language = requireString(fields.language, 'language');
    if (!isLanguageTag(language)) {
      throw new ValidationError('tct.language', 'language must be a BCP 47 tag', {
        field: 'language',
        value: language,
        rule: 'BCP 47',
      });
    }
    body.language = language;
  }
  for (const key of ['published', 'modified'] as const) {
    const value = fields[key];
    if (value !== undefined) body[key] = assertRfc3339(requireString(value, key), key);
  }
  if (fields.description !== undefined)
    body.description = requireString(fields.description, 'description');
  if (fields.author !== undefined) body.author = requireString(fields.author, 'author');
  if (fields.structuredData !== undefined) {
    const data = fields.structuredData;
    if (data === null || typeof data !== 'object' || Array.isArray(data)) {
      throw new ValidationError('tct.structured-data', 'structuredData must be a JSON object', {
        field: 'structuredData',
        value: data,
      });
    }
    body.structured_data = data;
  }
  return body;
}

/**
 * Builds the exact M-URL representation (DECISIONS §1, -01 §6.2 = -00 Method A):
 * F = sha256hex(JCS(body without hash)); hash = "sha256-" + F; bytes = JCS(body with hash).
 */
export function buildMUrlRepresentation(
  fields: MUrlFields,
  options: { profile?: TctProfile; maxBytes?: number } = {},
): MUrlRepresentation {
  const profile = options.profile ?? TCT_1;
  const withoutHash = buildMUrlBody(fields, profile);
  let hash: string;
  let body: Buffer;
  if (profile.embedsHash) {
    hash = `sha256-${sha256Hex(canonicalizeJson(withoutHash))}`;
    // Validated by the first pass; the hash member is ours.
    body = Buffer.from(canonicalizeTrustedJson({ ...withoutHash, hash }), 'utf8');
  } else {
    ({ body, hash } = buildJsonResource(withoutHash));
  }
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_M_URL_BYTES;
  if (body.length > maxBytes) {
    throw new ValidationError(
      'tct.too-large',
      `M-URL body is ${body.length} bytes; the cap is ${maxBytes}`,
      {
        field: 'content',
        value: `${body.length} bytes`,
        rule: 'maxBytes',
      },
    );
  }
  return {
    body,
    hash,
    etag: `"${hash}"`,
    contentDigest: contentDigestOf(body),
    canonicalUrl: withoutHash.canonical_url as string,
  };
}
