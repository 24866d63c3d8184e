import {
  mUrlFor,
  normalizeUri,
  parseUri,
  type DocumentCatalog,
  type MUrlScheme,
  type UsagePreferences,
} from '@agent-ready/core';

/** What agents see of the site as a whole, as the MCP server needs it. */
export interface McpSiteSettings {
  /** `scheme://host[:port]`: documents' URIs are on it. */
  origin: string;
  /** How M-URLs are derived from canonical URLs (default `llm.json`). */
  mUrl?: MUrlScheme;
  /** The site's AI usage preferences (Content-Usage), under each document's own. */
  usage?: UsagePreferences;
  /** What the server calls itself (`serverInfo.title`). */
  name?: string;
  /** The site's language (BCP 47): that of documents without a locale of their own. */
  language?: string;
}

/** The site's llms.txt, when it has one. */
export interface McpLlmsTxt {
  text: string;
  /** Its ETag (quoted, as served). */
  etag: string;
  lastModified?: Date;
}

/**
 * Where the MCP server reads from: the published documents (a `DocumentCatalog`: the store's
 * reader, or the CLI's synced copy), the site's llms.txt and its settings. Every method may be
 * called per request: a source keeps its own caches.
 */
export interface McpContentSource {
  readonly catalog: DocumentCatalog;
  settings(): Promise<McpSiteSettings>;
  llmsTxt(): Promise<McpLlmsTxt | undefined>;
  /**
   * The M-URL path of the document a URL names (its canonical URL, its M-URL or its Markdown
   * twin's URL); undefined when it names none of this site's. Default: from `settings()`.
   */
  mPathOf?(url: string, settings: McpSiteSettings): string | undefined;
}

/**
 * The M-URL path a URL stands for on a site: the M-URL itself, the page of a Markdown twin
 * (`/a/index.html.md`, `/a/index.md`, `/a.md`), or a canonical URL. Another origin, a query or
 * something that is no URL: undefined.
 */
export function mPathOfUrl(url: string, settings: McpSiteSettings): string | undefined {
  let normalized: string;
  try {
    normalized = normalizeUri(url);
  } catch {
    return undefined;
  }
  const origin = normalizeUri(settings.origin).replace(/\/$/, '');
  if (normalized !== origin && !normalized.startsWith(`${origin}/`)) return undefined;
  let path: string;
  try {
    const parsed = parseUri(normalized);
    if (parsed.query !== undefined || parsed.fragment !== undefined) return undefined;
    path = parsed.path || '/';
  } catch {
    return undefined;
  }
  const scheme = settings.mUrl ?? { suffix: 'llm.json' };
  const suffix = scheme.suffix.replace(/\/$/, '');
  if (path.endsWith(`/${suffix}`) || path.endsWith(`/${suffix}/`)) return path;
  let page = path;
  if (page.endsWith('.md'))
    page = page.replace(/\/index(?:\.html)?\.md$/, '/').replace(/\.md$/, '');
  if (page === '') page = '/';
  try {
    return parseUri(mUrlFor(`${origin}${page}`, scheme)).path;
  } catch {
    return undefined;
  }
}
