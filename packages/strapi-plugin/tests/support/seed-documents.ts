import type { Core } from '@strapi/strapi';

/**
 * Seeding a fixture app as an editor would fill it: media files, then documents through the
 * Document Service, every locale, published or left as drafts. Relations and media name seed
 * keys (`to('faq-free')`, `file('hero')`), resolved to documentIds and file ids when written; the
 * tests read the same objects to know what agents must get.
 */

/** A file of Strapi's media library, as its upload plugin stores it. */
export interface SeedFile {
  key: string;
  url: string;
  alternativeText?: string;
  caption?: string;
  mime: string;
}

/** One document of the seed: its type, its data per locale, and whether it is published. */
export interface SeedDocument {
  key: string;
  uid: string;
  /** Data per locale (`''` for a type that is not localized); relations name seed keys. */
  locales: Record<string, Record<string, unknown>>;
  /** `draft`: never published (its text must not reach agents). */
  status: 'published' | 'draft';
  /** Published, then edited as a draft with this data (must not reach agents either). */
  draftEdit?: Record<string, unknown>;
}

/** A relation to other seed documents (resolved to their documentIds when seeding). */
export const to = (...keys: string[]) => ({ __seedRelation: keys });
/** A media attribute (resolved to the file's id). */
export const file = (key: string) => ({ __seedFile: key });
export const files = (...keys: string[]) => ({ __seedFiles: keys });

interface DocumentsApi {
  create(params: Record<string, unknown>): Promise<{ documentId: string }>;
  update(params: Record<string, unknown>): Promise<unknown>;
  publish(params: Record<string, unknown>): Promise<unknown>;
}

/** Seed keys to documentIds, and file keys to ids, once seeded. */
export interface Seeded {
  documentIds: Map<string, string>;
  fileIds: Map<string, number>;
}

/** Seed data as Strapi takes it: relations to documentIds, files to ids. */
export function resolveValue(value: unknown, seeded: Seeded, locale: string): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, seeded, locale));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (Array.isArray(record.__seedRelation)) {
    const ids = (record.__seedRelation as string[])
      .map((key) => seeded.documentIds.get(key))
      .filter((id): id is string => id !== undefined);
    return { set: ids.map((documentId) => ({ documentId, ...(locale ? { locale } : {}) })) };
  }
  if (typeof record.__seedFile === 'string') return seeded.fileIds.get(record.__seedFile);
  if (Array.isArray(record.__seedFiles)) {
    return (record.__seedFiles as string[]).map((key) => seeded.fileIds.get(key));
  }
  return Object.fromEntries(
    Object.entries(record).map(([key, inner]) => [key, resolveValue(inner, seeded, locale)]),
  );
}

/** Relations (seed keys) a document's data names, anywhere in it. */
export function relationKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(relationKeys);
  if (value === null || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  if (Array.isArray(record.__seedRelation)) return record.__seedRelation as string[];
  return Object.values(record).flatMap(relationKeys);
}

/** A seed file as Strapi's upload plugin stores it in its media library. */
function libraryFile(seedFile: SeedFile) {
  const { key: _key, ...data } = seedFile;
  const name = data.url.split('/').pop()!;
  return {
    ...data,
    name,
    hash: name.replace(/\W/g, '_'),
    ext: `.${name.split('.').pop()}`,
    size: 12.3,
    provider: data.url.startsWith('http') ? 'aws-s3' : 'local',
  };
}

/**
 * An image of a blocks field, as Strapi's blocks editor stores one (and its validator asks): the
 * media library's file copied into the block, its `url` as the upload provider gave it
 * (`/uploads/…` for Strapi's own).
 */
export const imageBlock = (seedFile: SeedFile) => ({
  type: 'image',
  image: {
    ...libraryFile(seedFile),
    alternativeText: seedFile.alternativeText ?? null,
    caption: seedFile.caption ?? null,
    width: 1600,
    height: 900,
    formats: null,
    previewUrl: null,
    provider_metadata: null,
    createdAt: '2025-03-14T09:30:00.000Z',
    updatedAt: '2025-03-14T09:30:00.000Z',
  },
  children: [{ type: 'text', text: '' }],
});

/** Blocks of one paragraph each. */
export const blocks = (...paragraphs: string[]) =>
  paragraphs.map((text) => ({ type: 'paragraph', children: [{ type: 'text', text }] }));

/**
 * Writes the seed through the Document Service, as the Content Manager would: files first, then
 * documents in order (each refers only to earlier ones, or is updated once they exist), every
 * locale, published or left as a draft; `creator` (an admin user) is recorded as the creator of
 * the documents of `creator.table`, as the Content Manager records it.
 */
export async function seedDocuments(
  strapi: Core.Strapi,
  seed: { files: readonly SeedFile[]; documents: readonly SeedDocument[] },
  creator?: { user: Record<string, unknown>; table: string; uid: string },
): Promise<Seeded> {
  const seeded: Seeded = { documentIds: new Map(), fileIds: new Map() };
  const query = (uid: string) =>
    strapi.db.query(uid as never) as unknown as {
      create(params: { data: Record<string, unknown> }): Promise<{ id: number }>;
    };
  for (const seedFile of seed.files) {
    const created = await query('plugin::upload.file').create({ data: libraryFile(seedFile) });
    seeded.fileIds.set(seedFile.key, created.id);
  }
  const admin =
    creator &&
    (await (
      strapi.service('admin::user') as unknown as {
        create(data: Record<string, unknown>): Promise<{ id: number }>;
      }
    ).create(creator.user));
  // Relations to documents seeded later (plans' product) are set once they exist.
  const later: { document: SeedDocument; locale: string }[] = [];
  for (const document of seed.documents) {
    const documents = strapi.documents(document.uid as never) as unknown as DocumentsApi;
    const status = document.status === 'published' ? { status: 'published' } : {};
    let documentId: string | undefined;
    for (const [locale, data] of Object.entries(document.locales)) {
      const ready = relationKeys(data).every((key) => seeded.documentIds.has(key));
      if (!ready) later.push({ document, locale });
      const resolved = resolveValue(
        ready ? data : withoutRelations(data),
        seeded,
        locale,
      ) as Record<string, unknown>;
      const localeParam = locale ? { locale } : {};
      if (documentId === undefined) {
        documentId = (await documents.create({ data: resolved, ...localeParam, ...status }))
          .documentId;
      } else await documents.update({ documentId, data: resolved, ...localeParam, ...status });
    }
    seeded.documentIds.set(document.key, documentId!);
    if (admin && creator && document.uid === creator.uid) {
      await (
        strapi.db.connection as unknown as (table: string) => {
          where(filter: object): { update(data: object): Promise<unknown> };
        }
      )(creator.table)
        .where({ document_id: documentId })
        .update({ created_by_id: admin.id, updated_by_id: admin.id });
    }
  }
  for (const { document, locale } of later) {
    const documents = strapi.documents(document.uid as never) as unknown as DocumentsApi;
    const data = resolveValue(document.locales[locale], seeded, locale) as Record<string, unknown>;
    const documentId = seeded.documentIds.get(document.key)!;
    const status = document.status === 'published' ? { status: 'published' } : {};
    await documents.update({ documentId, data, ...(locale ? { locale } : {}), ...status });
  }
  for (const document of seed.documents) {
    if (!document.draftEdit) continue;
    const documents = strapi.documents(document.uid as never) as unknown as DocumentsApi;
    await documents.update({
      documentId: seeded.documentIds.get(document.key)!,
      locale: 'en',
      data: resolveValue(document.draftEdit, seeded, 'en') as Record<string, unknown>,
    });
  }
  return seeded;
}

function withoutRelations(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data).filter(([, value]) => relationKeys(value).length === 0),
  );
}
