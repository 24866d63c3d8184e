import type { ResolvedContentType } from '../mapping/resolve-content-types';
import type { StrapiEntry, StrapiSchema } from '../schema/strapi-schema';
import { parseDocumentKey } from './sync-document';
import type { SyncContext } from './sync-context';

/**
 * Which pages must be synced again after a document changed in Strapi, found without reading the
 * site: the stored pages made from it (the store's `dependentsOf`: every related entry and media
 * file a page's read populated, kept with its row), and the pages its two-sided relations point
 * at now. The second is for an editor relating pages from the other side (an article added to a
 * category while editing the category): the page's own relations change without a save of its
 * own, and it did not show the document before.
 */

/** A relation attribute whose other side is a page of an exposed type. */
export interface ReciprocalRelation {
  attribute: string;
  target: string;
}

/** Per content type: whether it is localized, and its relations other pages see from their side. */
export interface ReciprocalRelations {
  localized: boolean;
  relations: ReciprocalRelation[];
}

/**
 * Every content type's two-sided relations (`inversedBy`/`mappedBy`) to exposed types with pages:
 * what an edit of one of its entries can change in those pages' relations.
 */
export function findReciprocalRelations(
  contentTypes: Record<string, StrapiSchema>,
  types: ReadonlyMap<string, ResolvedContentType>,
): Map<string, ReciprocalRelations> {
  const found = new Map<string, ReciprocalRelations>();
  for (const [uid, schema] of Object.entries(contentTypes)) {
    const relations = Object.entries(schema.attributes).flatMap(([attribute, definition]) => {
      const target = definition.target;
      const paged = target !== undefined && types.get(target)?.page.kind !== 'none';
      const twoSided = definition.inversedBy !== undefined || definition.mappedBy !== undefined;
      return definition.type === 'relation' && paged && twoSided && target
        ? [{ attribute, target }]
        : [];
    });
    if (relations.length > 0)
      found.set(uid, { localized: schema.pluginOptions?.i18n?.localized === true, relations });
  }
  return found;
}

/** A document to sync again. */
export interface ShowingPage {
  uid: string;
  documentId: string;
  /**
   * Its own relations changed (it is related from the other side): the pages showing it must
   * follow in turn (an article moved to another category leaves the old category's page).
   */
  relationsChanged: boolean;
}

/**
 * The pages showing (or newly related to) `documentId` of `uid`, each once: its dependents in
 * the store, then the targets of its two-sided relations as published now.
 */
export async function findPagesShowing(
  context: SyncContext,
  reciprocal: ReadonlyMap<string, ReciprocalRelations>,
  uid: string,
  documentId: string,
  /** Also the documents its two-sided relations point at (it changed itself). */
  withRelated = true,
): Promise<ShowingPage[]> {
  const pages = new Map<string, ShowingPage>();
  const add = (page: ShowingPage) => {
    if (page.documentId === documentId && page.uid === uid) return;
    const key = `${page.uid}\u0000${page.documentId}`;
    const found = pages.get(key);
    pages.set(key, {
      ...page,
      relationsChanged: page.relationsChanged || found?.relationsChanged === true,
    });
  };
  for (const { key } of await context.engine.dependentsOf([documentId])) {
    const parsed = parseDocumentKey(key);
    if (parsed) add({ ...parsed, relationsChanged: false });
  }
  const own = withRelated ? reciprocal.get(uid) : undefined;
  if (own) {
    const entries = (await context.documents(uid).findMany({
      status: 'published',
      ...(own.localized ? { locale: '*' } : {}),
      filters: { documentId },
      fields: ['documentId'],
      populate: Object.fromEntries(
        own.relations.map(({ attribute }) => [attribute, { fields: ['documentId'] }]),
      ),
    })) as StrapiEntry[];
    for (const entry of entries) {
      for (const { attribute, target } of own.relations) {
        const value = entry[attribute];
        for (const related of Array.isArray(value) ? value : [value]) {
          const id = (related as StrapiEntry | null)?.documentId;
          if (typeof id === 'string' && id !== '')
            add({ uid: target, documentId: id, relationsChanged: true });
        }
      }
    }
  }
  return [...pages.values()];
}
