import type { Knex } from 'knex';
import type { Dialect } from '../schema/open-database';
import type { TableNames } from '../schema/table-names';

/**
 * The SQLite FTS5 tokenizer: Porter stemming over Unicode words, accents folded (`cafe` finds
 * `café`). Porter is English's; on other languages it only strips English suffixes, which
 * costs some precision and no recall.
 */
export const SQLITE_SEARCH_TOKENIZER = 'porter unicode61 remove_diacritics 2';

/**
 * Creates the search index table, one row per published document keyed by the document row's
 * id (`doc_id`, FTS5's rowid), holding its title and text:
 * - PostgreSQL: a `tsvector` (title weighted A, text B) in the text search configuration of the
 *   document's language (`config`), under a GIN index;
 * - SQLite: an FTS5 virtual table;
 * - MySQL/MariaDB: an InnoDB table with FULLTEXT indexes over title and text, and the title.
 * Part of a released migration (017): never change what it creates, add a migration.
 */
export async function createSearchIndex(
  knex: Knex,
  t: TableNames,
  dialect: Dialect,
): Promise<void> {
  if (dialect === 'sqlite') {
    // A constant, inlined: virtual table arguments take no bound parameters.
    await knex.raw(
      `create virtual table ?? using fts5(title, body, tokenize = '${SQLITE_SEARCH_TOKENIZER}')`,
      [t.search],
    );
    return;
  }
  await knex.schema.createTable(t.search, (table) => {
    if (dialect === 'mysql') table.integer('doc_id').unsigned().primary();
    else table.integer('doc_id').primary();
    table.text('title').notNullable();
    table.text('body', 'mediumtext').notNullable();
    if (dialect === 'postgres') {
      /** The text search configuration the vector was made with (`english`, `simple`…). */
      table.string('config', 64).notNullable();
      table.specificType('vector', 'tsvector').notNullable();
      table.index(['config']);
    }
  });
  if (dialect === 'postgres') {
    await knex.raw('create index ?? on ?? using gin (vector)', [`${t.search}_vector`, t.search]);
  } else {
    await knex.raw('alter table ?? add fulltext index ?? (title, body)', [
      t.search,
      `${t.search}_text`,
    ]);
    // MATCH needs an index of exactly its columns: the title's own weighs it in the ranking.
    await knex.raw('alter table ?? add fulltext index ?? (title)', [t.search, `${t.search}_title`]);
  }
}

/**
 * Migration 018 on SQLite: the FTS5 table made contentless (`content=''`, deletable by rowid):
 * it keeps the index of the words, not a second copy of every document's text (a snippet is
 * cut from the document row's own bytes). The table is made anew, empty: returns true, the
 * caller marks it unfilled, and the next writer that maintains the index fills it from the rows
 * (fill-search-index). PostgreSQL and MySQL/MariaDB keep theirs. Part of a released migration
 * once released: never change what it creates, add a migration.
 */
export async function makeSearchIndexContentless(
  knex: Knex,
  t: TableNames,
  dialect: Dialect,
): Promise<boolean> {
  if (dialect !== 'sqlite') return false;
  await knex.schema.dropTable(t.search);
  await knex.raw(
    `create virtual table ?? using fts5(title, body, content = '', contentless_delete = 1, tokenize = '${SQLITE_SEARCH_TOKENIZER}')`,
    [t.search],
  );
  return true;
}

/**
 * Migration 019 on PostgreSQL: `body` no longer written (nullable; rows written before keep
 * theirs until rewritten), as a snippet is cut from the document row's bytes; and a row up to
 * a page kept whole in the table (`toast_tuple_target`): ranking reads every match's vector,
 * which TOAST would otherwise compress or move out of line. Catalog changes only, no rewrite
 * of the table. Part of a released migration once released: never change what it does, add a
 * migration.
 */
export async function keepSearchVectorsInline(
  knex: Knex,
  t: TableNames,
  dialect: Dialect,
): Promise<void> {
  if (dialect !== 'postgres') return;
  // Not knex's `.alter()`, which would retype the column (a rewrite of the table).
  await knex.raw('alter table ?? alter column body drop not null', [t.search]);
  await knex.raw('alter table ?? set (toast_tuple_target = 8160)', [t.search]);
}

/**
 * Migration 020 on PostgreSQL: the filters a search applies (visibility, locale, section) copied
 * into the index's rows, written with them in the same transaction as the document row: the
 * ranking reads the index alone, and only the page's rows are joined to their documents (which
 * check the same filters again). Rows written before are filled from their documents. Part of a
 * released migration once released: never change what it does, add a migration.
 */
export async function copySearchFiltersIntoIndex(
  knex: Knex,
  t: TableNames,
  dialect: Dialect,
): Promise<void> {
  if (dialect !== 'postgres') return;
  // The document row's own column types (migration 001).
  await knex.schema.alterTable(t.search, (table) => {
    table.string('visibility', 16).nullable();
    table.string('locale', 35).nullable();
    table.string('section', 128).nullable();
  });
  await knex.raw(
    'update ?? as s set visibility = d.visibility, locale = d.locale, section = d.section from ?? as d where d.id = s.doc_id',
    [t.search, t.documents],
  );
}

/**
 * FTS5's merge setting for SQLite's index: segments merged 16 at a time (at most; FTS5's
 * default is 4), which took a quarter off the cost of indexing 10,000 documents written in
 * batches, with about as many pages stored. A setting kept in the table, not a rebuild.
 */
export const SQLITE_SEARCH_AUTOMERGE = 16;

/**
 * Migration 021 on SQLite: FTS5's `automerge` set to SQLITE_SEARCH_AUTOMERGE. Part of a released
 * migration once released: never change what it does, add a migration.
 */
export async function mergeSearchSegmentsWider(
  knex: Knex,
  t: TableNames,
  dialect: Dialect,
): Promise<void> {
  if (dialect !== 'sqlite') return;
  // FTS5's configuration command: the table's own name as the column, the value as `rank`
  // (an integer, inlined: a bound JavaScript number arrives as a real, which FTS5 refuses).
  await knex.raw(`insert into ??(??, rank) values ('automerge', ${SQLITE_SEARCH_AUTOMERGE})`, [
    t.search,
    t.search,
  ]);
}
