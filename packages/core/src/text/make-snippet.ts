/** Characters of a snippet, about (cut at word boundaries, `…` marks a cut). */
export const SNIPPET_CHARACTERS = 240;
/** Characters of context kept before the first match. */
const LEAD = 60;

/**
 * Whitespace runs other than one space (a run that starts with another whitespace character, or
 * a space followed by more): folded to one space, as `/\s+/g` would, without rewriting every
 * single space between words (which made the fold most of a snippet's cost).
 */
const WHITESPACE_TO_FOLD = /[^\S ]\s*| \s+/g;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The part of a word a snippet looks for: the word less up to three trailing letters (at least
 * three kept), so `running` finds `runner` and `documents` finds `document`, as the databases'
 * stemming and prefix matching do.
 */
function stemOf(word: string): string {
  const letters = [...word];
  return letters.slice(0, Math.max(3, letters.length - 3)).join('');
}

/** Places a term is looked for, at most (a long text with a common word has thousands). */
const MAX_MATCHES_PER_TERM = 200;

/**
 * Where the snippet's best match starts: the match whose window (the snippet's length after
 * it, less the lead) holds the most of the terms, the first such; -1 when no term occurs.
 */
function bestMatchAt(body: string, terms: readonly string[][]): number {
  const matches: { at: number; term: number }[] = [];
  terms.forEach((words, term) => {
    const word = words[0];
    if (word === undefined) return;
    const pattern = new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])${escapeRegExp(stemOf(word))}`, 'giu');
    let found: RegExpExecArray | null;
    let count = 0;
    while ((found = pattern.exec(body)) !== null && count++ < MAX_MATCHES_PER_TERM)
      matches.push({ at: found.index, term });
  });
  if (matches.length === 0) return -1;
  matches.sort((a, b) => a.at - b.at);
  const span = SNIPPET_CHARACTERS - LEAD;
  let best = -1;
  let bestTerms = 0;
  for (let i = 0; i < matches.length; i++) {
    const seen = new Set<number>();
    for (let j = i; j < matches.length && matches[j]!.at - matches[i]!.at < span; j++)
      seen.add(matches[j]!.term);
    if (seen.size > bestTerms) {
      bestTerms = seen.size;
      best = matches[i]!.at;
    }
  }
  return best;
}

/**
 * A plain-text excerpt of `text` around the place where most of the query's terms occur together
 * (bestMatchAt): one function for every database, so a result reads the same on each (the databases' own, FTS5's
 * `snippet()` and PostgreSQL's `ts_headline`, differ and the latter re-parses the whole text).
 * No match found (a stemmed or accent-folded one): the text's start. `title` is skipped when
 * the text opens with it (the M-URL's content does): a result shows its title already.
 */
export function makeSnippet(text: string, terms: readonly string[][], title = ''): string {
  let body = text;
  if (title !== '' && body.startsWith(title)) body = body.slice(title.length);
  body = body.replace(WHITESPACE_TO_FOLD, ' ').trim();
  if (body.length <= SNIPPET_CHARACTERS) return body;
  const first = bestMatchAt(body, terms);
  let start = first <= LEAD ? 0 : first - LEAD;
  if (start > 0) {
    // Start at a word: after the space before it.
    const space = body.lastIndexOf(' ', start);
    start = space === -1 ? 0 : space + 1;
  }
  let end = Math.min(body.length, start + SNIPPET_CHARACTERS);
  if (end < body.length) {
    const space = body.lastIndexOf(' ', end);
    if (space > start) end = space;
  }
  // Never cut a surrogate pair in two.
  if (end < body.length && /[\uD800-\uDBFF]/.test(body[end - 1]!)) end--;
  return `${start > 0 ? '…' : ''}${body.slice(start, end)}${end < body.length ? '…' : ''}`;
}
