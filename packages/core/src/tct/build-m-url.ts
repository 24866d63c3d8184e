import { ValidationError } from '../errors';
import { strongEntityTag } from '../http/entity-tag';
import { contentDigestOf } from '../http/served-resource';
import { isMediaType } from '../http/is-media-type';
import type { JsonValue } from '../json';
import { canonicalizeJson, checkJsonLimits } from '../json';
import { canonicalizeTrustedJson } from '../json/canonicalize-json';
import { sha256Hex } from '../crypto';
import { normalizeUri } from '../uri';
import { TCT_1, type TctProfile } from './tct-profile';
import { buildTctIdentity } from './tct-identity';
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
  /** Written as `modified` (tct-1) or `lastModified` (-03): the profile's `modifiedMember`. */
  modified?: string;
  /** `content_media_type`, for profiles that have it: default the profile's; `null` omits it. */
  contentMediaType?: string | null;
  description?: string;
  author?: string;
  /** Schema.org JSON-LD or similar; must be plain JSON. */
  structuredData?: { [key: string]: JsonValue };
}

export interface MUrlRepresentation {
  /** The exact bytes served: JCS of the body (including `hash` where the profile embeds it). */
  body: Buffer;
  /**
   * `sha256-<hex>`: the sitemap's values and the unquoted ETag; tct-1: also the body's `hash`
   * (the hash of the body without it), -03: the hash of the whole body.
   */
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

/** What -03 allows in `canonical_url`: visible ASCII only (a raw space is refused). */
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

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

/**
 * The M-URL body without `hash`, validated, in the profile's shape: optional members appear only
 * when given; the modification date under the profile's name; `content_media_type` where the
 * profile has one.
 */
export function buildMUrlBody(
  fields: MUrlFields,
  profile: TctProfile = TCT_1,
): Record<string, JsonValue> {
  const canonicalUrl = normalizeUri(
    requireString(fields.canonicalUrl, 'canonicalUrl', { nonEmpty: true }),
  );
  if (!VISIBLE_ASCII.test(canonicalUrl)) {
    throw new ValidationError('tct.canonical-url', 'canonical_url must be visible ASCII', {
      field: 'canonicalUrl',
      value: canonicalUrl,
    });
  }
  const body: Record<string, JsonValue> = {
    profile: profile.id,
    canonical_url: canonicalUrl,
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
  if (fields.published !== undefined)
    body.published = assertRfc3339(requireString(fields.published, 'published'), 'published');
  if (fields.modified !== undefined)
    body[profile.modifiedMember] = assertRfc3339(
      requireString(fields.modified, 'modified'),
      'modified',
    );
  const mediaType =
    fields.contentMediaType === undefined ? profile.contentMediaType : fields.contentMediaType;
  if (mediaType !== undefined && mediaType !== null) {
    if (!isMediaType(mediaType)) {
      throw new ValidationError('tct.media-type', 'contentMediaType must be a media type', {
        field: 'contentMediaType',
        value: mediaType,
        rule: 'RFC 9110 §8.3.1',
      });
    }
    body.content_media_type = mediaType;
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
  if (profile.limits.json) checkJsonLimits(body, profile.limits.json);
  return body;
}

/**
 * Builds the exact M-URL representation. tct-1 (DECISIONS §1, -01 §6.2 = -00 Method A):
 * F = sha256hex(JCS(body without hash)); hash = "sha256-" + F; bytes = JCS(body with hash).
 * -03 (identity representation): bytes = JCS(body); hash = "sha256-" + sha256hex(bytes).
 * `maxBytes` (default 5 MiB) is capped by the profile's own identity cap, where it has one.
 */
export function buildMUrlRepresentation(
  fields: MUrlFields,
  options: { profile?: TctProfile; maxBytes?: number } = {},
): MUrlRepresentation {
  const profile = options.profile ?? TCT_1;
  const withoutHash = buildMUrlBody(fields, profile);
  let hash: string;
  let body: Buffer;
  let contentDigest: string | undefined;
  if (profile.embedsHash) {
    hash = `sha256-${sha256Hex(canonicalizeJson(withoutHash))}`;
    // Validated by the first pass; the hash member is ours.
    body = Buffer.from(canonicalizeTrustedJson({ ...withoutHash, hash }), 'utf8');
  } else {
    ({ body, hash, contentDigest } = buildTctIdentity(withoutHash));
  }
  const maxBytes = Math.min(
    options.maxBytes ?? DEFAULT_MAX_M_URL_BYTES,
    profile.limits.maxIdentityBytes ?? Infinity,
  );
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
    etag: strongEntityTag(hash),
    contentDigest: contentDigest ?? contentDigestOf(body),
    canonicalUrl: withoutHash.canonical_url as string,
  };
}
