import type { Knex } from 'knex';
import type { CatalogDocumentText } from '@agent-ready/core';
import { pathKey } from '../schema/path-key';
import { CATALOG_DOCUMENT_COLUMNS, catalogDocumentOf } from './catalog-document-row';
import type { TableNames } from '../schema/table-names';

/**
 * The published document whose M-URL path is `mPath`, as its Markdown twin with the M-URL's
 * validators: one read of its row. Unpublished, deleted or (unless `includeProtected`)
 * protected: undefined.
 */
export async function readCatalogDocument(
  knex: Knex,
  t: TableNames,
  mPath: string,
  options: { includeProtected?: boolean } = {},
): Promise<CatalogDocumentText | undefined> {
  const row = (await knex(t.documents)
    .where({ m_path_key: pathKey(mPath), state: 'published' })
    .first(...CATALOG_DOCUMENT_COLUMNS, 'm_path', 'description', 'markdown', 'markdown_hash')) as
    Record<string, unknown> | undefined;
  // The key is a hash: compare the path itself too.
  if (!row || row.m_path !== mPath || row.markdown === null || row.markdown_hash === null)
    return undefined;
  if (row.visibility !== 'public' && !options.includeProtected) return undefined;
  return {
    ...catalogDocumentOf(row),
    markdown: String(row.markdown),
    markdownHash: String(row.markdown_hash),
    description:
      row.description === null || row.description === undefined ? null : String(row.description),
  };
}
