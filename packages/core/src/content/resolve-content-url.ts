import type { ResolveUrl } from './content-tree';

/** Schemes that run code or smuggle documents when followed; never emitted, whatever the resolver says. */
const UNSAFE_SCHEMES = new Set(['javascript', 'data', 'vbscript']);
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;
// WHATWG URL parsing removes tab and newline anywhere, and C0 controls and spaces at both ends,
// before it reads the scheme; doing the same here is what makes `java\nscript:` count as unsafe.
// Other Unicode whitespace at the ends goes too (Markdown trims it from destinations).
const TAB_OR_NEWLINE = /[\t\n\r]/g;

const EDGE_JUNK = /[\s\u0000-\u001F]/;

function trimEdges(url: string): string {
  let start = 0;
  let end = url.length;
  while (start < end && EDGE_JUNK.test(url[start] as string)) start++;
  while (end > start && EDGE_JUNK.test(url[end - 1] as string)) end--;
  return url.slice(start, end);
}

function clean(url: string): string | undefined {
  const cleaned = trimEdges(url.replace(TAB_OR_NEWLINE, ''))
    .replace(/\u2028/g, '%E2%80%A8')
    .replace(/\u2029/g, '%E2%80%A9');
  if (cleaned === '') return undefined;
  const scheme = SCHEME.exec(cleaned)?.[1];
  if (scheme !== undefined && UNSAFE_SCHEMES.has(scheme.toLowerCase())) return undefined;
  return cleaned;
}

/**
 * The URL a content parser stores for a reference found in the body, or `undefined` when the
 * reference is empty, uses an unsafe scheme (`javascript:`, `data:`, `vbscript:`), or the
 * resolver rejects it. A resolver that throws counts as a rejection: one bad href must not
 * fail the whole document.
 */
export function resolveContentUrl(reference: unknown, resolveUrl?: ResolveUrl): string | undefined {
  if (typeof reference !== 'string') return undefined;
  const cleaned = clean(reference);
  if (cleaned === undefined || resolveUrl === undefined) return cleaned;
  let resolved: unknown;
  try {
    resolved = resolveUrl(cleaned);
  } catch {
    return undefined;
  }
  return typeof resolved === 'string' ? clean(resolved) : undefined;
}
