import { formatLinkHeader, htmlLinkTag, type WebLink } from '../http/link-header';
import { markdownTwinUrl } from '../llmstxt/markdown-twin-url';
import { mUrlAlternateLink, sitemapIndexLinks } from '../tct/discovery-links';
import { DEFAULT_M_URL_SCHEME, mUrlFor, type MUrlScheme } from '../tct/m-url-path';
import { normalizeUri, parseUri } from '../uri';

export interface PageDiscoveryInput {
  /** The page's public URL (its C-URL), e.g. `https://example.com/blog/hello/`. */
  pageUrl: string;
  /** Whether a published document is this page: it then has an M-URL and a Markdown twin. */
  hasDocument: boolean;
  /** The M-URL suffix the agent side serves (default `llm.json`). */
  mUrl?: MUrlScheme;
  /** The llms.txt covering the page (default `<origin>/llms.txt`); `false` when none is served. */
  llmsTxtUrl?: string | false;
  /** The JSON sitemap the site root links (default `<origin>/llm-sitemap.json`). */
  sitemapUrl?: string;
  /**
   * The sitemap index the site root links too, on a sharded site (more documents than
   * `sitemap.maxItemsPerShard`): `<origin>/llm-sitemap-index.json`. None unless given.
   */
  sitemapIndexUrl?: string;
}

export interface PageDiscovery {
  links: WebLink[];
  /** The `Link` header value ('' when there is nothing to link). */
  linkHeader: string;
  /** The `<link>` tags for the page's `<head>`, one per line. */
  linkTags: string;
  /** The visible pointer to llms.txt for the top of the body ('' without llms.txt). */
  notice: string;
}

/**
 * What a page served by another front-end (a headless set-up: Next.js, Nuxt, Astro…) adds so that
 * agents find the agent endpoints, the same links the Express adapter and the Strapi plugin add
 * to the pages they see: the JSON sitemap on the site root (`rel="index"`), the page's M-URL and
 * Markdown twin when a document is the page (`rel="alternate"`), and the llms.txt
 * (`rel="describedby"`). Pure: no database, no request. Throws `ValidationError`/`UriError` for
 * a page URL that is not absolute.
 */
export function pageDiscovery(input: PageDiscoveryInput): PageDiscovery {
  const pageUrl = normalizeUri(input.pageUrl);
  const { scheme, authority, path } = parseUri(pageUrl);
  const origin = `${scheme}://${authority!.host}${authority!.port ? `:${authority!.port}` : ''}`;
  const llmsTxt =
    input.llmsTxtUrl === false ? undefined : (input.llmsTxtUrl ?? `${origin}/llms.txt`);
  const links: WebLink[] = [];
  if (path === '/') {
    const sitemaps = [input.sitemapUrl ?? `${origin}/llm-sitemap.json`];
    if (input.sitemapIndexUrl) sitemaps.push(input.sitemapIndexUrl);
    links.push(...sitemapIndexLinks(sitemaps));
  }
  if (input.hasDocument)
    links.push(mUrlAlternateLink(mUrlFor(pageUrl, input.mUrl ?? DEFAULT_M_URL_SCHEME)));
  // The root without a document still has a twin: the server answers it with the llms.txt.
  if (input.hasDocument || (path === '/' && llmsTxt))
    links.push({ href: markdownTwinUrl(pageUrl), rel: 'alternate', type: 'text/markdown' });
  if (llmsTxt) links.push({ href: llmsTxt, rel: 'describedby', type: 'text/plain' });
  return {
    links,
    linkHeader: links.length > 0 ? formatLinkHeader(links) : '',
    linkTags: links.map(htmlLinkTag).join('\n'),
    notice: llmsTxt ? llmsTxtNoticeHtml(llmsTxt) : '',
  };
}

/** The visible pointer to llms.txt that pages carry near the top of the body (llms.txt v2). */
export function llmsTxtNoticeHtml(llmsTxtUrl: string): string {
  // URLs we emit are normalized: only &, quotes and < need escaping in the attribute.
  const href = llmsTxtUrl.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<p class="agent-ready-notice">For AI agents: this site is described in <a href="${href}">llms.txt</a>; every page is also available as Markdown.</p>`;
}
