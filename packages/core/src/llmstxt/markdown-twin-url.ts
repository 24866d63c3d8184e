import { normalizeUri } from '../uri';

/**
 * How a page's Markdown twin is named (llms.txt v1 and v2, `nbs/index.qmd`, `nbs/changes.qmd`):
 * - `'append'` (v1): `.md` appended to the page URL (`page.html.md`, `guide.md`); a URL
 *   without a file name gets `index.html.md`.
 * - `'replace'` (allowed since v2): an `.html`/`.htm` extension is replaced (`page.md`); a URL
 *   without a file name gets `index.md`; other names get `.md` appended.
 */
export type MarkdownTwinStyle = 'append' | 'replace';

const SPLIT = /^([^?#]*)(\?[^#]*)?(#.*)?$/s;
const AUTHORITY_ONLY = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*$/;

/**
 * The Markdown twin URL of a page URL (normalized). The query is kept; the fragment is dropped
 * (it names a place in the HTML page). A URL whose file name already ends in `.md` is its own
 * twin. Throws `UriError` when `pageUrl` is not an absolute URI.
 */
export function markdownTwinUrl(pageUrl: string, style: MarkdownTwinStyle = 'append'): string {
  const normalized = normalizeUri(pageUrl);
  const [, beforeQuery = '', query = ''] = SPLIT.exec(normalized) ?? [];
  const path = AUTHORITY_ONLY.test(beforeQuery) ? `${beforeQuery}/` : beforeQuery;
  const fileName = path.slice(path.lastIndexOf('/') + 1);
  let twin: string;
  if (fileName === '') twin = `${path}${style === 'append' ? 'index.html.md' : 'index.md'}`;
  else if (/\.md$/i.test(fileName)) twin = path;
  else if (style === 'replace' && /\.html?$/i.test(fileName))
    twin = path.replace(/\.html?$/i, '.md');
  else twin = `${path}.md`;
  return normalizeUri(`${twin}${query}`);
}
