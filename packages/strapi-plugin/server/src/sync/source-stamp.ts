import { createHash } from 'node:crypto';
import { documentRenderKey } from '@agent-ready/core/document';
import type { ResolvedContentType } from '../mapping/resolve-content-types';
import type { StrapiEntry } from '../schema/strapi-schema';
import type { SyncContext } from './sync-context';

/**
 * Bump when the mapping of entries to documents (to-agent-document) changes what it makes of
 * the same entry: every stamp then changes, so the next reconcile prepares every entry again.
 */
const MAPPING_VERSION = 3;

/**
 * Stamps the entries of one content type for the store's source stamps: a sha256 of the entry
 * exactly as read (its mapped attributes and populated relations, `updatedAt` and the published
 * row's id among them) and of everything the mapping and rendering depend on (the type's
 * resolved mapping and every other exposed type's (links), the URL rules, the media URL base,
 * the render key, the default language, the exposed locales). Equal stamps
 * mean preparing the entry again would give the same document, so a reconcile skips it.
 */
export function sourceStamper(
  context: SyncContext,
  _type: ResolvedContentType,
): (entry: StrapiEntry) => string {
  // Every type: an entry's links take other types' URLs (and a type's settings change seldom).
  const settings = settingsDigest(context);
  return (entry) =>
    createHash('sha256').update(settings).update(JSON.stringify(entry)).digest('hex');
}

/**
 * A digest of everything the mapping and rendering of `types`' entries depend on: what a
 * reconcile's work (and so its checkpoint) is only valid under.
 */
export function settingsDigest(
  context: SyncContext,
  types: readonly ResolvedContentType[] = [...context.types.values()],
): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        MAPPING_VERSION,
        types,
        documentRenderKey(context.prepareOptions),
        context.prepareOptions.language ?? null,
        context.locales ? [...context.locales].sort() : null,
        context.rules,
        context.mediaUrl('/'),
      ]),
    )
    .digest('hex');
}
