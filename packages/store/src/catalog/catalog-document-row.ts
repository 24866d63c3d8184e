import type { CatalogDocument } from '@agent-ready/core';

/**
 * The documents-table columns a catalog entry is read from: the catalog listing, a catalog
 * document and a search hit select these, so they map through one `catalogDocumentOf`.
 */
export const CATALOG_DOCUMENT_COLUMNS = [
  'id',
  'c_url',
  'm_url',
  'title',
  'locale',
  'section',
  'language',
  'modified',
  'hash',
  'usage',
  'visibility',
] as const;

const nullable = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

/** The catalog entry of a documents row holding (at least) `CATALOG_DOCUMENT_COLUMNS`. */
export function catalogDocumentOf(row: Record<string, unknown>): CatalogDocument {
  return {
    cUrl: String(row.c_url),
    mUrl: String(row.m_url),
    title: String(row.title),
    locale: String(row.locale ?? ''),
    section: String(row.section),
    language: nullable(row.language),
    modified: String(row.modified),
    hash: String(row.hash ?? ''),
    usage: nullable(row.usage),
    visibility: row.visibility === 'protected' ? 'protected' : 'public',
  };
}
