import type { Knex } from 'knex';
import type { Dialect } from '../schema/open-database';
import type { TableNames } from '../schema/table-names';

/**
 * Migration 023: the words of the search index, where a search finds the word a typo meant
 * (correct-search-words.ts):
 * - SQLite: an `fts5vocab` table over the FTS5 index (a view of it: nothing more is written);
 * - PostgreSQL: a table of the lexemes the vectors hold (byte order, so a range of them is an
 *   index scan), filled here from the index and added to by every writer with its entries
 *   (index-search-entries.ts); a lexeme no document holds any longer stays, and corrects to
 *   a word that finds nothing;
 * - MySQL/MariaDB: none here (InnoDB's word list is readable only through a server-wide
 *   setting); migration 024 adds a list the writers keep (mysql-search-terms.ts).
 * Part of a released migration once released: never change what it does, add a migration.
 */
export async function createSearchTerms(
  knex: Knex,
  t: TableNames,
  dialect: Dialect,
): Promise<void> {
  if (dialect === 'sqlite') {
    await knex.raw(`create virtual table ?? using fts5vocab(??, 'row')`, [t.searchTerms, t.search]);
    return;
  }
  if (dialect !== 'postgres') return;
  await knex.schema.createTable(t.searchTerms, (table) => {
    table.specificType('term', 'text collate "C"').primary();
  });
  await knex.raw(
    'insert into ?? (term) select distinct l.lexeme from ?? as s cross join lateral unnest(s.vector) as l order by 1',
    [t.searchTerms, t.search],
  );
}
