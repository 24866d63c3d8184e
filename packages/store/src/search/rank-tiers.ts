import type { Dialect } from '../schema/open-database';

/**
 * The order a search ranks in, tier by tier (relevance-score.ts): a document holding more of
 * the query's terms ranks above any holding fewer, so the documents holding exactly `n` terms
 * can be ranked alone, and a page they fill never ranks the rest. Each tier is an expression
 * the full-text index answers from its postings (on SQLite and PostgreSQL "at least k of the
 * terms" written out as the terms' k-combinations, "not k + 1 of them" subtracted): two rare
 * words and a common one that no document holds together rank the few documents holding two of
 * them, not every document holding the common one. Past `MAX_TIER_COMBINATIONS`, or on
 * MariaDB (whose boolean mode has no "not all of a group"), the rest is one last tier: every
 * document holding fewer terms, each term's presence counted per row.
 */
export type RankedTier =
  /** The documents holding exactly `held` of the terms (their count a constant). */
  | { held: number }
  /** Every document holding at least one term and fewer than `below`. */
  | { below: number };

/** The most term combinations a tier's expression is written with (C(7, 3) is 35). */
export const MAX_TIER_COMBINATIONS = 64;

function combinations(n: number, k: number): number {
  let count = 1;
  for (let i = 1; i <= k; i++) count = (count * (n - k + i)) / i;
  return Math.round(count);
}

/**
 * The tiers of a query of `terms` terms in rank order, from the one holding the cursor's score
 * (a score is the count of terms held plus a fraction), or the top.
 */
export function* rankedTiers(
  dialect: Dialect,
  terms: number,
  cursorScore: number | undefined,
): Generator<RankedTier> {
  const top = cursorScore === undefined ? terms : Math.min(terms, Math.floor(cursorScore));
  for (let held = top; held >= 1; held--) {
    const writable =
      held === terms ||
      (dialect !== 'mysql' &&
        combinations(terms, held) + combinations(terms, held + 1) <= MAX_TIER_COMBINATIONS);
    if (!writable) {
      yield { below: held + 1 };
      return;
    }
    yield { held };
  }
}

/** Every combination of `k` of the terms, each joined by `and`, the combinations by `or`. */
function atLeast(terms: readonly string[], k: number, and: string, or: string): string {
  const out: string[] = [];
  const choose = (start: number, chosen: string[]) => {
    if (chosen.length === k) {
      out.push(`(${chosen.join(and)})`);
      return;
    }
    for (let i = start; i <= terms.length - (k - chosen.length); i++)
      choose(i + 1, [...chosen, terms[i]!]);
  };
  choose(0, []);
  return out.join(or);
}

/** The expression for any of the terms, in the database's syntax. */
export function anyTerm(dialect: Dialect, terms: readonly string[]): string {
  if (dialect === 'sqlite') return terms.join(' OR ');
  if (dialect === 'postgres') return terms.join(' | ');
  return terms.join(' ');
}

/**
 * The expression matching a tier's documents, the terms in the database's syntax; a `below`
 * tier matches any term, its count checked per row.
 */
export function tierMatch(dialect: Dialect, terms: readonly string[], tier: RankedTier): string {
  if ('below' in tier) return anyTerm(dialect, terms);
  const all = tier.held === terms.length;
  if (dialect === 'sqlite') {
    if (all) return terms.join(' AND ');
    return `(${atLeast(terms, tier.held, ' AND ', ' OR ')}) NOT (${atLeast(terms, tier.held + 1, ' AND ', ' OR ')})`;
  }
  if (dialect === 'postgres') {
    if (all) return terms.join(' & ');
    return `(${atLeast(terms, tier.held, ' & ', ' | ')}) & !(${atLeast(terms, tier.held + 1, ' & ', ' | ')})`;
  }
  if (!all) throw new Error('InnoDB boolean mode cannot write "exactly k of the terms"');
  return terms.map((term) => `+${term}`).join(' ');
}
