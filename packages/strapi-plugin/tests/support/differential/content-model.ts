import type { SeedDocument, SeedFile } from '../seed-documents';

/**
 * What a differential run knows of the content it edits: each seed document's data per locale as
 * last written (relations as seed keys, media as file keys, as the seed writes them), whether
 * each locale exists and is published, and the media library's files. It only decides which
 * edits make sense next (unpublish what is published, relate what exists); what agents must get
 * is never derived from it but from Strapi itself (the reference site).
 */
export interface ModelLocale {
  data: Record<string, unknown>;
  exists: boolean;
  published: boolean;
}

export interface ModelDocument {
  key: string;
  uid: string;
  /** False once deleted (every locale). */
  exists: boolean;
  locales: Map<string, ModelLocale>;
}

export interface ContentModel {
  documents: Map<string, ModelDocument>;
  files: Map<string, SeedFile>;
  /** The settings saved in the admin panel (undefined: config/plugins alone). */
  settings: number;
}

/** The model of a freshly seeded site. */
export function modelOfSeed(seed: {
  files: readonly SeedFile[];
  documents: readonly SeedDocument[];
}): ContentModel {
  return {
    documents: new Map(
      seed.documents.map((document) => [
        document.key,
        {
          key: document.key,
          uid: document.uid,
          exists: true,
          locales: new Map(
            Object.entries(document.locales).map(([locale, data]) => [
              locale,
              {
                data: structuredClone(data),
                exists: true,
                published: document.status === 'published',
              },
            ]),
          ),
        },
      ]),
    ),
    files: new Map(seed.files.map((file) => [file.key, structuredClone(file)])),
    settings: 0,
  };
}

/** A path into an entry's data: attribute names and list positions. */
export type DataPath = readonly (string | number)[];

/** Every string leaf of a value, with its path (relations and media markers excluded). */
export function stringLeaves(value: unknown, path: DataPath = []): DataPath[] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value))
    return value.flatMap((item, index) => stringLeaves(item, [...path, index]));
  if (value === null || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  if ('__seedRelation' in record || '__seedFile' in record || '__seedFiles' in record) return [];
  return Object.entries(record).flatMap(([key, inner]) =>
    key === '__component' || key === 'type' || key === 'format'
      ? []
      : stringLeaves(inner, [...path, key]),
  );
}

/** Every relation of a value (`to(...)` markers), with its path. */
export function relationLeaves(value: unknown, path: DataPath = []): DataPath[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => relationLeaves(item, [...path, index]));
  if (value === null || typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  if (Array.isArray(record.__seedRelation)) return [path];
  return Object.entries(record).flatMap(([key, inner]) => relationLeaves(inner, [...path, key]));
}

export function valueAtPath(value: unknown, path: DataPath): unknown {
  let at = value;
  for (const step of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string | number, unknown>)[step];
  }
  return at;
}

/** A copy of `data` with the value at `path` replaced. */
export function withValueAt(
  data: Record<string, unknown>,
  path: DataPath,
  value: unknown,
): Record<string, unknown> {
  const copy = structuredClone(data);
  let at: Record<string | number, unknown> = copy;
  for (const step of path.slice(0, -1)) at = at[step] as Record<string | number, unknown>;
  at[path[path.length - 1]!] = value;
  return copy;
}
