/**
 * Characters of a document's text that are indexed: PostgreSQL refuses a `tsvector` over 1 MB,
 * and a search result needs where a document is about, not its every word. Each database
 * indexes the same prefix, so the three answer alike.
 */
export const MAX_INDEXED_CHARACTERS = 200_000;

/** What the search index holds of a document. */
export interface SearchText {
  title: string;
  /** The M-URL's plain text (`content`: the title, a blank line, the body), capped. */
  body: string;
}

/** NUL has no place in a text column (PostgreSQL refuses it). */
const NUL = /\u0000/g;

function capped(text: string): string {
  const clean = text.replace(NUL, ' ');
  if (clean.length <= MAX_INDEXED_CHARACTERS) return clean;
  // Never cut a surrogate pair in two.
  const end = /[\uD800-\uDBFF]/.test(clean[MAX_INDEXED_CHARACTERS - 1]!)
    ? MAX_INDEXED_CHARACTERS - 1
    : MAX_INDEXED_CHARACTERS;
  return clean.slice(0, end);
}

/**
 * The indexed text of a document from its M-URL bytes: every TCT profile carries the plain
 * text as `content`, so rows written before the index existed are indexed from what they store.
 * A body that is not an M-URL document gives its title alone.
 */
export function searchTextOf(title: string, body: Buffer | string | null): SearchText {
  let content = '';
  if (body !== null) {
    try {
      const parsed = JSON.parse(typeof body === 'string' ? body : body.toString('utf8')) as unknown;
      const value = (parsed as { content?: unknown } | null)?.content;
      if (typeof value === 'string') content = value;
    } catch {
      // Not JSON: indexed by its title.
    }
  }
  return { title: capped(title), body: capped(content) };
}
