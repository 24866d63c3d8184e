import type { SearchQuery } from '@agent-ready/core';

/** The FTS5 MATCH expression: every term quoted (a phrase), all required. */
export function sqliteMatchExpression(query: SearchQuery): string {
  return query.terms.map((words) => `"${words.join(' ')}"`).join(' AND ');
}

/**
 * The text for PostgreSQL's `websearch_to_tsquery`: every term quoted, so a word such as `or`
 * is a word, not an operator; quoted terms are phrases, all required.
 */
export function postgresWebsearchText(query: SearchQuery): string {
  return query.terms.map((words) => `"${words.join(' ')}"`).join(' ');
}

/**
 * InnoDB's boolean mode expression: each word required (itself or a word it begins, as InnoDB
 * does not stem), each phrase required. Words InnoDB does not index (shorter than
 * `minLength`, or a stop word) are left out: required, they would match nothing.
 */
export function mysqlBooleanExpression(
  query: SearchQuery,
  indexed: { minLength: number; stopwords: ReadonlySet<string> },
): string {
  const kept = (word: string) =>
    [...word].length >= indexed.minLength && !indexed.stopwords.has(word.toLowerCase());
  return query.terms
    .map((words) => {
      if (words.length === 1) return kept(words[0]!) ? `+(${words[0]} ${words[0]}*)` : '';
      const phrase = words.filter(kept);
      return phrase.length > 0 ? `+"${words.join(' ')}"` : '';
    })
    .filter((part) => part !== '')
    .join(' ');
}
