import type { SearchQuery } from '@agent-ready/core';

/**
 * The query in each database's syntax: any term matches (the databases rank by how many and
 * how rare), the last word a prefix while it is being typed, a misspelt word also as the
 * indexed words it is closest to (correct-search-words.ts, by its lowercase form).
 */
export type SearchCorrections = ReadonlyMap<string, readonly string[]>;

function correctionsOf(words: readonly string[], corrections: SearchCorrections) {
  return words.length === 1 ? (corrections.get(words[0]!.toLowerCase()) ?? []) : [];
}

/** Each term with its prefix flag and corrections, the form every dialect writes out. */
function* termsOf(query: SearchQuery, corrections: SearchCorrections) {
  for (const [index, words] of query.terms.entries()) {
    yield {
      words,
      prefix: query.prefixLast && index === query.terms.length - 1,
      corrections: correctionsOf(words, corrections),
    };
  }
}

/**
 * Each term's FTS5 MATCH expression: quoted (a phrase, so no word is an operator), a prefix as
 * `"…"*`, a correction as a prefix (an indexed stem: `"solder"*` finds `soldering`), a term and
 * its corrections in one group.
 */
export function sqliteTermExpressions(
  query: SearchQuery,
  corrections: SearchCorrections = new Map(),
): string[] {
  return [...termsOf(query, corrections)].map(({ words, prefix, corrections: closest }) => {
    const parts = [`"${words.join(' ')}"${prefix ? '*' : ''}`, ...closest.map((s) => `"${s}"*`)];
    return parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`;
  });
}

/**
 * Each term's text for PostgreSQL's `to_tsquery`: each word single-quoted (only letters, marks
 * and digits reach here, see parseSearchQuery), a phrase's words joined by `<->`, a prefix and
 * a correction as `:*`, a term and its corrections in one group. Stop words of the
 * configuration drop out.
 */
export function postgresTermTexts(
  query: SearchQuery,
  corrections: SearchCorrections = new Map(),
): string[] {
  return [...termsOf(query, corrections)].map(({ words, prefix, corrections: closest }) => {
    const quoted = words.map((word) => `'${word}'`);
    const parts = [
      quoted.length === 1 ? `${quoted[0]}${prefix ? ':*' : ''}` : `(${quoted.join(' <-> ')})`,
      ...closest.map((lexeme) => `'${lexeme}':*`),
    ];
    return parts.length === 1 ? parts[0]! : `(${parts.join(' | ')})`;
  });
}

/**
 * Each term's InnoDB boolean mode expression, to be joined with no operator (any term matches,
 * InnoDB ranks by how many and how rare): each word itself or a word it begins (InnoDB does not
 * stem), with its corrections as prefixes too; each phrase in quotes. Words InnoDB does not index
 * (shorter than `minLength`, or a stop word) are left out.
 */
export function mysqlTermExpressions(
  query: SearchQuery,
  indexed: { minLength: number; stopwords: ReadonlySet<string> },
  corrections: SearchCorrections = new Map(),
): string[] {
  const kept = (word: string) =>
    [...word].length >= indexed.minLength && !indexed.stopwords.has(word.toLowerCase());
  return [...termsOf(query, corrections)]
    .map(({ words, corrections: closest }) => {
      if (words.length === 1) {
        const parts = [
          ...(kept(words[0]!) ? [words[0]!, `${words[0]}*`] : []),
          ...closest.filter(kept).map((word) => `${word}*`),
        ];
        return parts.length > 0 ? `(${parts.join(' ')})` : '';
      }
      const phrase = words.filter(kept);
      return phrase.length > 0 ? `"${words.join(' ')}"` : '';
    })
    .filter((part) => part !== '');
}
