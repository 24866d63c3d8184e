import type { Knex } from 'knex';
import type { TableNames } from '../schema/table-names';
import type { SearchText } from './search-text';

/**
 * The index's words on MySQL and MariaDB, where a search finds the word a typo meant
 * (correct-search-words.ts). InnoDB keeps its word list where only a server-wide setting
 * (`innodb_ft_aux_table`) shows it, so the writers keep their own: the words of every text they
 * index, folded as the search folds a query word, added in the transaction that writes the
 * entries. A word no document holds any longer stays, and corrects to a word that finds nothing
 * (as on PostgreSQL).
 */

/** InnoDB's own bounds on a token (`innodb_ft_min_token_size`'s default, its maximum). */
const MIN_WORD_LETTERS = 3;
const MAX_WORD_LETTERS = 84;
/** Words per INSERT. */
const WORDS_PER_STATEMENT = 5_000;
/** Index rows read at a time when the table is filled from an existing index. */
const FILL_BATCH = 500;

/** A word as the index's list keeps it (and a query word is compared): lowercase, no accents. */
export function foldWord(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The distinct folded words of these texts InnoDB could index, in byte order. */
export function indexedWordsOf(texts: Iterable<SearchText>): string[] {
  const words = new Set<string>();
  for (const { title, body } of texts)
    for (const text of [title, body])
      for (const word of foldWord(text).split(/[^\p{L}\p{N}]+/u)) {
        const letters = [...word].length;
        if (letters >= MIN_WORD_LETTERS && letters <= MAX_WORD_LETTERS) words.add(word);
      }
  // Byte order (the column's collation): two writers adding the same new words lock them in
  // one order, never in a cycle. Each word's bytes made once, not per comparison.
  return [...words]
    .map((word) => ({ word, bytes: Buffer.from(word) }))
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
    .map(({ word }) => word);
}

/** Adds `words` to the list, those already there left as they are. */
export async function addMysqlSearchTerms(
  knex: Knex | Knex.Transaction,
  t: TableNames,
  words: readonly string[],
): Promise<void> {
  for (let at = 0; at < words.length; at += WORDS_PER_STATEMENT) {
    const run = words.slice(at, at + WORDS_PER_STATEMENT);
    await knex.raw(`insert ignore into ?? (term) values ${run.map(() => '(?)').join(', ')}`, [
      t.searchTerms,
      ...run,
    ]);
  }
}

/**
 * Migration 024: the list's table (byte collation, so a range of it is an index scan and a
 * word equals only itself), filled from the entries the index holds. MySQL and MariaDB only.
 * Part of a released migration once released: never change what it does, add a migration.
 */
export async function createMysqlSearchTerms(knex: Knex, t: TableNames): Promise<void> {
  await knex.raw(
    'create table ?? (term varchar(84) character set utf8mb4 collate utf8mb4_bin not null primary key)',
    [t.searchTerms],
  );
  let after = -1;
  for (;;) {
    const rows = (await knex(t.search)
      .select('doc_id', 'title', 'body')
      .where('doc_id', '>', after)
      .orderBy('doc_id')
      .limit(FILL_BATCH)) as { doc_id: number; title: string; body: string }[];
    if (rows.length === 0) return;
    await addMysqlSearchTerms(knex, t, indexedWordsOf(rows));
    after = rows[rows.length - 1]!.doc_id;
  }
}
