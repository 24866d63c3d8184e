import { ValidationError } from '../errors';

/** The longest query text accepted (characters). */
export const MAX_QUERY_CHARACTERS = 1000;
/** Terms (words and quoted phrases) a query is cut to. */
export const MAX_QUERY_TERMS = 32;

/**
 * A search query as every search engine here runs it (the store's databases, the CLI's local
 * copy): terms that must all occur, each a word or a quoted phrase (its words in order). Only
 * letters, marks and digits make words, so no database's query syntax (FTS5's operators and
 * column filters, tsquery's `&|!:*`, InnoDB's `+-~<>*"`) ever reaches it: any text is a query,
 * and none is an error of the database's.
 */
export interface SearchQuery {
  terms: string[][];
  /**
   * The last term is a word still being typed (the text ends in it, no space or punctuation
   * after): it also matches the words it begins (`laser dist` finds `distance`).
   */
  prefixLast: boolean;
}

/** Letters a last word needs before it matches as a prefix (fewer match too many words). */
const MIN_PREFIX_LETTERS = 3;

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

const wordsOf = (text: string): string[] => text.match(WORD) ?? [];

/** Parses what a person or an agent typed: words, and phrases in double quotes. */
export function parseSearchQuery(text: string): SearchQuery {
  if (typeof text !== 'string') {
    throw new ValidationError('search.query', 'the search query must be a string', {
      field: 'query',
      value: typeof text,
    });
  }
  if (text.length > MAX_QUERY_CHARACTERS) {
    throw new ValidationError(
      'search.query',
      `the search query is over ${MAX_QUERY_CHARACTERS} characters`,
      { field: 'query', value: text.length },
    );
  }
  const terms: string[][] = [];
  // Odd parts sit between double quotes: phrases; an unclosed quote runs to the end.
  text.split('"').forEach((part, index) => {
    if (index % 2 === 1) {
      const words = wordsOf(part);
      if (words.length > 0) terms.push(words);
    } else for (const word of wordsOf(part)) terms.push([word]);
  });
  const seen = new Set<string>();
  const unique = terms.filter((term) => {
    const key = term.join(' ').toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const kept = unique.slice(0, MAX_QUERY_TERMS);
  const last = kept[kept.length - 1];
  const prefixLast =
    kept.length === unique.length &&
    last !== undefined &&
    last.length === 1 &&
    [...last[0]!].length >= MIN_PREFIX_LETTERS &&
    /[\p{L}\p{M}\p{N}]$/u.test(text) &&
    terms[terms.length - 1] === last;
  return { terms: kept, prefixLast };
}
