import type { ReadQuery } from '../extraction/extraction-plan';
import type { ResolvedContentType } from '../mapping/resolve-content-types';
import type { StrapiEntry } from '../schema/strapi-schema';

/** `strapi.documents`, as far as reading goes. */
export type DocumentsApi = (uid: string) => {
  findMany(params: Record<string, unknown>): Promise<unknown[]>;
};

/** `strapi.db`, as far as the Query Engine goes (no Document Service middlewares, no D&P logic). */
export interface QueryApi {
  query(uid: string): { findMany(params: Record<string, unknown>): Promise<unknown[]> };
}

/** Published versions only, every locale, exactly what `query` names (the type's extraction). */
function publishedParams(
  type: ResolvedContentType,
  query: ReadQuery = type.query,
): Record<string, unknown> {
  const populate = query.populate;
  return {
    status: 'published',
    ...(type.localized ? { locale: '*' } : {}),
    fields: query.fields,
    ...(Object.keys(populate).length > 0 ? { populate } : {}),
  };
}

/** The published version of a document in each locale that has one. */
export async function readPublishedVersions(
  documents: DocumentsApi,
  type: ResolvedContentType,
  documentId: string,
): Promise<StrapiEntry[]> {
  return (await documents(type.uid).findMany({
    ...publishedParams(type),
    filters: { documentId },
  })) as StrapiEntry[];
}

/**
 * What the entries of `documentIds` relate to in any status, by documentId and locale: their
 * draft versions read as a sync reads the published ones, which populates the related entries'
 * drafts. A published page relates only to published entries; its draft (or, without draft &
 * publish, its relations read as drafts) also names those not published yet or any more, whose
 * publication must reach the page (see relatedDocumentIds).
 */
export async function readDraftVersions(
  documents: DocumentsApi,
  type: ResolvedContentType,
  documentIds: readonly string[],
): Promise<StrapiEntry[]> {
  if (documentIds.length === 0) return [];
  return (await documents(type.uid).findMany({
    ...publishedParams(type),
    status: 'draft',
    filters: { documentId: { $in: [...new Set(documentIds)] } },
  })) as StrapiEntry[];
}

/** Where a paged read starts and stops, and whether it reads only the entries' keys. */
export interface PagedReadOptions {
  /** Entries with a higher row id than this (default 0: from the first). */
  afterId?: number;
  /** Entries up to this row id (default: to the last). */
  upToId?: number;
  /** Only `id`, `documentId` and `locale`: which versions are published, not what they say. */
  keysOnly?: boolean;
  /** What to read instead of the type's extraction (the coverage's wider read). */
  query?: ReadQuery;
  /** Stop after this many entries (the coverage's sample). */
  limit?: number;
}

/**
 * Every published entry of a content type, `batchSize` at a time. Keyset pagination on the row
 * id: entries published meanwhile get higher ids and are still seen, none is skipped.
 */
export async function* readPublishedInBatches(
  documents: DocumentsApi,
  type: ResolvedContentType,
  batchSize: number,
  options: PagedReadOptions = {},
): AsyncGenerator<StrapiEntry[]> {
  let lastId = options.afterId ?? 0;
  const params = options.keysOnly
    ? {
        status: 'published',
        ...(type.localized ? { locale: '*' } : {}),
        fields: type.localized ? ['documentId', 'locale'] : ['documentId'],
      }
    : publishedParams(type, options.query);
  let left = options.limit ?? Infinity;
  while (left > 0) {
    const size = Math.min(batchSize, left);
    const batch = (await documents(type.uid).findMany({
      ...params,
      filters: {
        id: { $gt: lastId, ...(options.upToId !== undefined ? { $lte: options.upToId } : {}) },
      },
      sort: [{ id: 'asc' }],
      limit: size,
    })) as StrapiEntry[];
    if (batch.length > 0) yield batch;
    left -= batch.length;
    if (batch.length < size) return;
    lastId = Number(batch[batch.length - 1]!.id);
  }
}

/** Locales in which the document still exists in any status ('' for unlocalized types). */
export async function readExistingLocales(
  db: QueryApi,
  type: ResolvedContentType,
  documentId: string,
): Promise<Set<string>> {
  const rows = (await db.query(type.uid).findMany({
    where: { documentId },
    select: type.localized ? ['id', 'locale'] : ['id'],
  })) as { locale?: string | null }[];
  return new Set(rows.map((row) => (type.localized ? String(row.locale ?? '') : '')));
}
