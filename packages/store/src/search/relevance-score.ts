import type { Knex } from 'knex';
import type { TableNames } from '../schema/table-names';
import { anyTerm, type RankedTier } from './rank-tiers';

/**
 * How a match is scored, on every database: the number of the query's terms the document holds,
 * plus the database's own relevance (SQLite's BM25, PostgreSQL's `ts_rank`, InnoDB's TF-IDF, the
 * title weighing more than the text) squashed into [0, 1) as `r / (1 + r)`. Any term matches,
 * so a question's every content word counts, but a document with all of them ranks above any
 * with fewer (the "words" rule of Meilisearch and Algolia; on the judged set of
 * `bench mcp.relevance` as good as a softer coverage factor). It also makes searching cheap: the
 * documents holding the most terms come first, so they are ranked a tier at a time
 * (rank-tiers.ts), a page the first tiers fill never ranking the rest; a row scores the same in
 * whichever tier it is ranked, so a cursor from one compares with another.
 */

/** SQL and its bindings, in the order they appear. */
export interface SqlPart {
  sql: string;
  bindings: Knex.RawBinding[];
}

/** Decimals a score keeps, so a cursor's score compares equal to the row's next time. */
export const SCORE_DECIMALS = 9;

/** How much more a word in the title counts than one in the text (BM25 column weights). */
export const TITLE_WEIGHT = 10;

/** A row's score, and the count of terms it holds (a part of the score). */
export interface TierScore {
  score: SqlPart;
  held: SqlPart;
}

/** The terms a row holds: the tier's count (a constant), or the count of its 0/1 expressions. */
function held(tier: RankedTier, perTerm: SqlPart[]): SqlPart {
  if ('held' in tier) return { sql: `${tier.held}`, bindings: [] };
  if (perTerm.length === 1) return { sql: '1', bindings: [] };
  return {
    sql: `(${perTerm.map((part) => part.sql).join(' + ')})`,
    bindings: perTerm.flatMap((part) => part.bindings),
  };
}

/**
 * SQLite: BM25 over the FTS5 table matched by the tier's expression (lower is better: negated;
 * BM25 sums over the phrases that have hits in the row, which for a tier's rows is the any-term
 * sum, see search-documents.ts), a term held being the row among the term's own matches (each
 * read once per statement).
 */
export function sqliteScore(
  t: TableNames,
  rowid: string,
  terms: readonly string[],
  tier: RankedTier,
): TierScore {
  const count = held(
    tier,
    terms.map((term) => ({
      sql: `(${rowid} in (select rowid from ?? where ?? match ?))`,
      bindings: [t.search, t.search, term],
    })),
  );
  const relevance = `(-bm25(??, ${TITLE_WEIGHT}.0, 1.0))`;
  return {
    score: {
      sql: `round(${count.sql} + ${relevance} / (1 + ${relevance}), ${SCORE_DECIMALS})`,
      bindings: [...count.bindings, t.search, t.search],
    },
    held: count,
  };
}

/**
 * PostgreSQL: `ts_rank` of the vector (title weighted A, text B) in `config` for any term, in
 * [0, 1) by its own normalization 32 (`r / (1 + r)`), each term held checked on the row's
 * vector. Not rounded: see search-documents.ts.
 */
export function postgresScore(
  config: string,
  terms: readonly string[],
  tier: RankedTier,
): TierScore {
  const count = held(
    tier,
    terms.map((term) => ({
      sql: '(s.vector @@ to_tsquery(?::regconfig, ?))::int',
      bindings: [config, term],
    })),
  );
  return {
    score: {
      sql: `(${count.sql}::float8 + ts_rank(s.vector, to_tsquery(?::regconfig, ?), 32)::float8)`,
      bindings: [...count.bindings, config, anyTerm('postgres', terms)],
    },
    held: count,
  };
}

/** InnoDB: the title's relevance TITLE_WEIGHT times plus the text's, for any term. */
export function mysqlScore(terms: readonly string[], tier: RankedTier): TierScore {
  const count = held(
    tier,
    terms.map((term) => ({
      sql: '(match(s.title, s.body) against (? in boolean mode) > 0)',
      bindings: [term],
    })),
  );
  const any = anyTerm('mysql', terms);
  const relevance = `(${TITLE_WEIGHT} * match(s.title) against (? in boolean mode) + match(s.title, s.body) against (? in boolean mode))`;
  return {
    score: {
      sql: `round(${count.sql} + ${relevance} / (1 + ${relevance}), ${SCORE_DECIMALS})`,
      bindings: [...count.bindings, any, any, any, any],
    },
    held: count,
  };
}
