import type { Knex } from 'knex';
import {
  artifactFamiliesWith,
  parseArtifactDescriptor,
  type ArtifactFamilies,
  type ArtifactFamily,
  type StoredArtifactView,
} from '@agent-ready/core/serve';
import { toBuffer } from '../ground/to-buffer';
import type { TableNames } from '../schema/table-names';

// The artifact rows as serving reads them: below the rebuild that writes them (rebuild/
// artifact-rows, install-artifact-rows), the reader and the sitemap that serve them.

/** The columns of an artifact row, as an install writes them. */
export const ARTIFACT_ROW_COLUMNS = [
  'name',
  'family',
  'generation',
  'content_type',
  'content_encoding',
  'etag',
  'content_digest',
  'last_modified_ms',
  'size',
  'meta',
] as const;

/** Bodies are stored in chunks: a 100 MB collection never travels as one value. */
export const CHUNK_BYTES = 1024 * 1024;

/** What core serves an artifact by, and where it sits in the table. */
export interface ArtifactMeta extends StoredArtifactView {
  family: ArtifactFamily;
  generation: number;
}

/** What serving reads of a row: all of it but the content type (core forms it by family). */
const META_COLUMNS = ARTIFACT_ROW_COLUMNS.filter((column) => column !== 'content_type');

/** Core's stored families: what rows are read by when no extension adds its own. */
export const CORE_ARTIFACT_FAMILIES: ArtifactFamilies = artifactFamiliesWith([]);

/**
 * A stored row; its descriptor is parsed by core (a clear error when it is not one), through
 * `families` (core's and an extension's).
 */
function toMeta(raw: Record<string, unknown>, families: ArtifactFamilies): ArtifactMeta {
  const name = String(raw.name);
  const descriptor = parseArtifactDescriptor(
    { name, family: String(raw.family), meta: raw.meta },
    families,
  );
  return {
    name,
    family: descriptor.family,
    generation: Number(raw.generation),
    contentEncoding: raw.content_encoding === null ? null : String(raw.content_encoding),
    etag: String(raw.etag),
    contentDigest: String(raw.content_digest),
    lastModified: new Date(Number(raw.last_modified_ms)),
    size: Number(raw.size),
    descriptor,
  };
}

/**
 * The artifact of that name, if it is of a family in `families`. A row of a family this process
 * does not declare (an extension's it was not given, or one taken out) is none of its: it is
 * not served here, and the next install removes it.
 */
export async function readArtifactMeta(
  knex: Knex,
  t: TableNames,
  name: string,
  families: ArtifactFamilies = CORE_ARTIFACT_FAMILIES,
): Promise<ArtifactMeta | undefined> {
  const raw = await knex(t.artifacts)
    .where({ name })
    .whereIn('family', [...families.keys()])
    .first(META_COLUMNS);
  return raw ? toMeta(raw, families) : undefined;
}

/** The artifacts of one family, or of every family in `families` (see `readArtifactMeta`). */
export async function listArtifactMeta(
  knex: Knex,
  t: TableNames,
  family?: string,
  families: ArtifactFamilies = CORE_ARTIFACT_FAMILIES,
): Promise<ArtifactMeta[]> {
  let query = knex(t.artifacts).select(META_COLUMNS).orderBy('name');
  query =
    family !== undefined ? query.where({ family }) : query.whereIn('family', [...families.keys()]);
  return (await query).map((raw: Record<string, unknown>) => toMeta(raw, families));
}

/**
 * The bytes of one generation of an artifact, or `undefined` when that generation was replaced
 * (and its chunks deleted) between reading the meta row and the chunks: the caller re-reads.
 */
export async function readArtifactBytes(
  knex: Knex,
  t: TableNames,
  meta: ArtifactMeta,
  range?: { start: number; end: number },
): Promise<Buffer | undefined> {
  const first = range ? Math.floor(range.start / CHUNK_BYTES) : 0;
  const last = range
    ? Math.floor(range.end / CHUNK_BYTES)
    : Math.max(0, Math.ceil(meta.size / CHUNK_BYTES) - 1);
  const rows: { chunk_no: unknown; data: unknown }[] = await knex(t.artifactChunks)
    .where({ name: meta.name, generation: meta.generation })
    .andWhere('chunk_no', '>=', first)
    .andWhere('chunk_no', '<=', last)
    .orderBy('chunk_no')
    .select('chunk_no', 'data');
  const expected = last - first + 1;
  if (rows.length !== expected) return undefined;
  const bytes = Buffer.concat(rows.map((r) => toBuffer(r.data)!));
  if (!range) return bytes.length === meta.size ? bytes : undefined;
  const offset = range.start - first * CHUNK_BYTES;
  return bytes.subarray(offset, offset + (range.end - range.start + 1));
}
