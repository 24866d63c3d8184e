import type { Knex } from 'knex';
import type { CatalogFacets } from '@agent-ready/core';
import type { TableNames } from '../schema/table-names';

/**
 * The locales and sections of the published documents a requester may see: what the MCP search
 * tool lists as its filters' values and checks a filter against. One grouped read of the table;
 * the reader keeps the answer until the content changes.
 */
export async function listCatalogFacets(
  knex: Knex,
  t: TableNames,
  options: { includeProtected?: boolean } = {},
): Promise<CatalogFacets> {
  const rows = (await knex(t.documents)
    .where('state', 'published')
    .whereIn('visibility', options.includeProtected ? ['public', 'protected'] : ['public'])
    .distinct('locale', 'section')) as { locale: string | null; section: string | null }[];
  const locales = new Set<string>();
  const sections = new Set<string>();
  for (const row of rows) {
    locales.add(row.locale ?? '');
    if (row.section) sections.add(row.section);
  }
  return { locales: [...locales].sort(), sections: [...sections].sort() };
}
