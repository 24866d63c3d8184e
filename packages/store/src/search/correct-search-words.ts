import type { Knex } from 'knex';
import { distance } from 'fastest-levenshtein';
import type { SearchQuery } from '@agent-ready/core';
import type { Dialect } from '../schema/open-database';
import type { TableNames } from '../schema/table-names';
import { foldWord } from './mysql-search-terms';

/**
 * Typo tolerance from the index's own words: a query word that matches no document is matched
 * as the indexed words closest to it too (`soldring` finds `solder`, the stem of `soldering`).
 * The words are the index's own: FTS5's vocabulary on SQLite, the lexemes' table on PostgreSQL
 * (create-search-terms.ts), the writers' list on MySQL and MariaDB (mysql-search-terms.ts).
 */

/** Letters a word needs before it is corrected: shorter words have too many neighbours. */
const MIN_CORRECTED_LETTERS = 5;
/** Edits allowed: one up to this many letters, two from there (a swap is two). */
const ONE_EDIT_UP_TO = 7;
/** Indexed words a misspelt word is matched as, at most. */
const MAX_CORRECTIONS = 3;
/** Letters an indexed word (a stem) may have lost of the word's end: `soldering` → `solder`. */
const MAX_SUFFIX = 4;

/** The word as the indexes hold it: lowercase, accents removed. */
const folded = foldWord;

/**
 * How far an indexed word (a stem, or the whole word) is from what was typed: the fewest edits
 * from it to the typed word or to the typed word less a suffix, and the fewest letters cut for
 * that (a tie goes to the word that needed less cut: `fahrraed` is `fahrrad`, not `fahrt`).
 */
export function editsToIndexed(typed: string, indexed: string): { edits: number; cut: number } {
  let best = { edits: distance(typed, indexed), cut: 0 };
  const letters = [...typed];
  for (let cut = 1; cut <= MAX_SUFFIX && letters.length - cut >= 3; cut++) {
    const edits = distance(letters.slice(0, -cut).join(''), indexed);
    if (edits < best.edits) best = { edits, cut };
  }
  return best;
}

function allowedEdits(word: string): number {
  return [...word].length <= ONE_EDIT_UP_TO ? 1 : 2;
}

/** The closest indexed words within the allowed edits (none when the word is too short). */
export function closestIndexed(word: string, candidates: readonly string[]): string[] {
  const typed = folded(word);
  const allowed = allowedEdits(typed);
  const close: { candidate: string; edits: number; cut: number }[] = [];
  for (const candidate of candidates) {
    if (candidate === typed) continue;
    const { edits, cut } = editsToIndexed(typed, candidate);
    if (edits <= allowed) close.push({ candidate, edits, cut });
  }
  close.sort((a, b) => a.edits - b.edits || a.cut - b.cut);
  const best = close[0];
  return close
    .filter((c) => best && c.edits === best.edits && c.cut === best.cut)
    .slice(0, MAX_CORRECTIONS)
    .map((c) => c.candidate);
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows;
}

/** The query's single words that may be corrected: long enough, not in a phrase. */
function correctable(query: SearchQuery): string[] {
  return query.terms
    .filter((words) => words.length === 1 && [...words[0]!].length >= MIN_CORRECTED_LETTERS)
    .map((words) => words[0]!);
}

/** Which of `words` no document's text holds (in any configuration in use, on PostgreSQL). */
async function unmatchedWords(
  knex: Knex,
  t: TableNames,
  dialect: Dialect,
  words: readonly string[],
  configs: readonly string[],
): Promise<string[]> {
  const unmatched: string[] = [];
  if (dialect === 'sqlite') {
    for (const word of words) {
      const rows = rowsOf(
        await knex.raw(`select 1 as found from ?? where ?? match ? limit 1`, [
          t.search,
          t.search,
          `"${word}"`,
        ]),
      );
      if (rows.length === 0) unmatched.push(word);
    }
    return unmatched;
  }
  const list = (values: readonly string[]) => values.map(() => '?').join(', ');
  if (dialect === 'mysql') {
    // The list holds every word InnoDB indexed, folded; InnoDB matches without case or accents.
    const rows = rowsOf(
      (
        (await knex.raw(`select term from ?? where term in (${list(words)})`, [
          t.searchTerms,
          ...words.map(folded),
        ])) as unknown[]
      )[0],
    );
    const held = new Set(rows.map((row) => String(row.term)));
    return words.filter((word) => !held.has(folded(word)));
  }
  // A word with a lexeme among the index's words matches; a stop word (no lexeme) is let be.
  const rows = rowsOf(
    await knex.raw(
      `with l as (
         select w.word, l.lexeme from unnest(array[${list(words)}]::text[]) as w(word)
         cross join unnest(array[${list(configs)}]::regconfig[]) as c(config)
         cross join lateral unnest(to_tsvector(c.config, w.word)) as l
       )
       select distinct l.word from l where not exists (
         select 1 from l as found join ?? as v on v.term = found.lexeme where found.word = l.word)`,
      [...words, ...configs, t.searchTerms],
    ),
  );
  return rows.map((row) => String(row.word));
}

/** The indexed words that begin with the word's first letter, of a length it could be. */
async function candidatesFor(
  knex: Knex,
  t: TableNames,
  dialect: Dialect,
  word: string,
): Promise<string[]> {
  const typed = folded(word);
  const first = String.fromCodePoint(typed.codePointAt(0)!);
  const next = String.fromCodePoint(first.codePointAt(0)! + 1);
  const length = [...typed].length;
  const shortest = Math.max(1, length - MAX_SUFFIX - 2);
  const longest = length + 2;
  const result: unknown = await knex.raw(
    `select term from ?? where term >= ? and term < ? and ${dialect === 'sqlite' ? 'length' : 'char_length'}(term) between ? and ?`,
    [t.searchTerms, first, next, shortest, longest],
  );
  return rowsOf(dialect === 'mysql' ? (result as unknown[])[0] : result).map((row) =>
    String(row.term),
  );
}

/**
 * For each word of the query that no document holds, the indexed words it is matched as too
 * (by its lowercase form); an empty map when every word matches.
 */
export async function correctSearchWords(
  knex: Knex,
  t: TableNames,
  dialect: Dialect,
  query: SearchQuery,
  configs: readonly string[],
): Promise<ReadonlyMap<string, readonly string[]>> {
  const corrections = new Map<string, readonly string[]>();
  const words = correctable(query);
  if (words.length === 0) return corrections;
  for (const word of await unmatchedWords(knex, t, dialect, words, configs)) {
    const closest = closestIndexed(word, await candidatesFor(knex, t, dialect, word));
    if (closest.length > 0) corrections.set(word.toLowerCase(), closest);
  }
  return corrections;
}
