import { ValidationError } from '../errors';
import type { JsonValue } from '../json';
import { buildMUrlRepresentation, type MUrlFields, type MUrlRepresentation } from './build-m-url';
import { tctProfileOfMember, type TctProfile } from './tct-profile';

type JsonObject = { [key: string]: JsonValue };

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function invalid(message: string, value?: unknown): never {
  throw new ValidationError('tct.convert', message, { field: 'body', value });
}

/** An optional string member, when the body has it. */
function optional<K extends keyof MUrlFields>(
  source: JsonObject,
  member: string,
  field: K,
): Partial<MUrlFields> {
  const value = source[member];
  return value === undefined ? {} : { [field]: value as MUrlFields[K] };
}

/**
 * The same document in another profile, from its stored M-URL bytes alone: the members every
 * profile shares (`canonical_url`, `title`, `content`, `language`, `published`, `description`,
 * `author`, `structured_data`) and the modification date under the target's member name,
 * rendered again by `buildMUrlRepresentation`. The profile's own members (tct-1's `hash`, -03's
 * `content_media_type`) are the target's. For bytes `prepareDocument` rendered, the result is
 * exactly what `prepareDocument` renders in `profile` (the test holds them equal), so a store
 * can serve a site's documents in a new profile without their source. A body that is not an
 * M-URL document of a known profile, or whose members break the target's rules, is a
 * ValidationError.
 */
export function convertMUrlProfile(
  body: Buffer,
  profile: TctProfile,
  options: { maxBytes?: number } = {},
): MUrlRepresentation {
  let source: unknown;
  try {
    source = JSON.parse(body.toString('utf8'));
  } catch {
    invalid('the stored M-URL body is not JSON');
  }
  if (!isObject(source)) invalid('the stored M-URL body is not a JSON object');
  const from = tctProfileOfMember(source.profile);
  if (from === undefined || from.id !== source.profile)
    invalid('the stored M-URL body has no known M-URL profile', source.profile);
  const structuredData = source.structured_data;
  if (structuredData !== undefined && !isObject(structuredData))
    invalid('structured_data is not a JSON object', structuredData);
  const mediaType = source.content_media_type;
  const fields: MUrlFields = {
    canonicalUrl: source.canonical_url as string,
    title: source.title as string,
    content: source.content as string,
    ...optional(source, 'language', 'language'),
    ...optional(source, 'published', 'published'),
    ...optional(source, from.modifiedMember, 'modified'),
    ...optional(source, 'description', 'description'),
    ...optional(source, 'author', 'author'),
    ...(structuredData !== undefined ? { structuredData } : {}),
    // Kept where the target has the member too; otherwise the target's own (or none).
    ...(profile.contentMediaType !== undefined && typeof mediaType === 'string'
      ? { contentMediaType: mediaType }
      : {}),
  };
  return buildMUrlRepresentation(fields, {
    profile,
    ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
  });
}
