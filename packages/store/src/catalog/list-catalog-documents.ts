import type { Knex } from 'knex';
import { ValidationError } from '@agent-ready/core/errors';
import type { CatalogDocument, CatalogListPage, CatalogListRequest } from '@agent-ready/core';
import { CATALOG_DOCUMENT_COLUMNS, catalogDocumentOf } from './catalog-document-row';
import { readSitemapLayout } from '../sitemap/sitemap-layout';
import { DEFAULT_SITEMAP_SHARD_ITEMS } from '../sitemap/sitemap-settings';
import type { TableNames } from '../schema/table-names';

/** Documents per page when the request names none, and the most a page holds. */
export const DEFAULT_LIST_PAGE = 100;
export const MAX_LIST_PAGE = 500;

/** Where a page ended: the shard, and how many of its documents (in sitemap order) came before. */
interface ListPosition {
  shard: number;
  offset: number;
}

function invalidCursor(cursor: string): never {
  throw new ValidationError('catalog.cursor', 'the cursor is not one this listing gave out', {
    field: 'cursor',
    value: cursor.slice(0, 100),
  });
}

function formatCursor(position: ListPosition, itemsPerShard: number): string {
  return Buffer.from(
    JSON.stringify([1, itemsPerShard, position.shard, position.offset]),
    'utf8',
  ).toString('base64url');
}

function parseCursor(cursor: string, itemsPerShard: number): ListPosition {
  if (cursor.length > 100 || !/^[A-Za-z0-9_-]+$/.test(cursor)) invalidCursor(cursor);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    invalidCursor(cursor);
  }
  if (!Array.isArray(parsed) || parsed.length !== 4 || parsed[0] !== 1) invalidCursor(cursor);
  const [, items, shard, offset] = parsed as unknown[];
  const whole = (value: unknown, min: number) =>
    typeof value === 'number' && Number.isSafeInteger(value) && value >= min;
  if (!whole(shard, 1) || !whole(offset, 0)) invalidCursor(cursor);
  // The shards were laid out anew since (another size): start again at the top.
  if (items !== itemsPerShard) return { shard: 1, offset: 0 };
  return { shard: shard as number, offset: offset as number };
}

/**
 * The published documents in the JSON sitemap's order (shard by shard, the overview document
 * first, then by canonical URL in code-unit order within a shard), a page at a time. A page
 * reads the rows of the shards it covers (at most `itemsPerShard` each, by id range); empty
 * stretches of ids are skipped by one indexed read.
 */
export async function listCatalogDocuments(
  knex: Knex,
  t: TableNames,
  request: CatalogListRequest,
): Promise<CatalogListPage> {
  const limit = Math.max(
    1,
    Math.min(MAX_LIST_PAGE, Math.floor(request.limit ?? DEFAULT_LIST_PAGE) || DEFAULT_LIST_PAGE),
  );
  const layout = await readSitemapLayout(knex, t);
  const n = layout.itemsPerShard > 0 ? layout.itemsPerShard : DEFAULT_SITEMAP_SHARD_ITEMS;
  let position =
    request.cursor !== undefined ? parseCursor(request.cursor, n) : { shard: 1, offset: 0 };
  const visibilities = request.includeProtected ? ['public', 'protected'] : ['public'];
  const visible = (query: Knex.QueryBuilder) =>
    query.where('state', 'published').whereIn('visibility', visibilities);
  const documents: CatalogDocument[] = [];
  while (documents.length < limit) {
    const { shard } = position;
    let rows: Record<string, unknown>[] = await visible(
      knex(t.documents).whereBetween('id', [(shard - 1) * n, shard * n - 1]),
    ).select(CATALOG_DOCUMENT_COLUMNS);
    let overview: Record<string, unknown> | undefined;
    if (layout.overviewId > 0) {
      rows = rows.filter((row) => Number(row.id) !== layout.overviewId);
      if (shard === 1)
        overview = await visible(knex(t.documents).where('id', layout.overviewId)).first(
          CATALOG_DOCUMENT_COLUMNS,
        );
    }
    rows.sort((a, b) => {
      const x = String(a.c_url);
      const y = String(b.c_url);
      return x < y ? -1 : x > y ? 1 : 0;
    });
    const ordered = overview ? [overview, ...rows] : rows;
    const taken = ordered.slice(position.offset, position.offset + (limit - documents.length));
    documents.push(...taken.map(catalogDocumentOf));
    const offset = position.offset + taken.length;
    if (offset < ordered.length) {
      position = { shard, offset };
      break;
    }
    // The next shard with a published row, if any.
    const next = (await visible(knex(t.documents).where('id', '>=', shard * n))
      .orderBy('id')
      .first('id')) as { id: unknown } | undefined;
    if (!next) return { documents };
    position = { shard: Math.floor(Number(next.id) / n) + 1, offset: 0 };
  }
  return { documents, nextCursor: formatCursor(position, n) };
}
