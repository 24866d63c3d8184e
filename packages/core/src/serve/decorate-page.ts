import { formatLinkHeader, htmlLinkTag, type WebLink } from '../http/link-header';
import type { ResponseHeaders } from '../http/served-resource';
import { markdownTwinUrl } from '../llmstxt/markdown-twin-url';
import { mUrlAlternateLink } from '../tct/discovery-links';
import type { EndpointContext } from './endpoint-context';
import { normalizeRequestPath } from './normalize-request-path';
import { llmsTxtNoticeHtml } from './page-discovery';
import type { JsonSitemapEndpoint } from './serve-json-sitemap';
import type { LlmsTxtEndpoint } from './serve-llms-txt';
import { MARKDOWN_CONTENT_TYPE } from './serve-markdown-twin';

/** What an HTML page response gets, the same from every adapter. */
export interface PageDecoration {
  /**
   * The discovery links: on the root the JSON sitemap (`rel="index"`), on a document's page its
   * M-URL and Markdown twin (`rel="alternate"`), on every page the covering llms.txt
   * (`rel="describedby"`; the root without a document has it as its twin too).
   */
  links: WebLink[];
  /**
   * The response headers: `Link` (the links), `Content-Usage` (the document's or the site's),
   * `Vary: Accept` when the page has a Markdown twin (its URL is negotiated). `link` and `vary`
   * are lists: add them to any the app sets; set the others.
   */
  headers: ResponseHeaders;
  /** The links as `<link>` tags for the page's `<head>`, one per line. */
  linkTags: string;
  /** The visible pointer to llms.txt for the top of the body ('' without llms.txt, or when off). */
  llmsTxtNotice: string;
}

/** Response header names whose values are lists: appended to the app's, never replacing them. */
export const PAGE_LIST_HEADERS: ReadonlySet<string> = new Set(['link', 'vary']);

const MARKDOWN_TYPE = MARKDOWN_CONTENT_TYPE.split(';')[0]!;

export function createPageDecorator(
  context: EndpointContext,
  families: { sitemap: JsonSitemapEndpoint; llmsTxt: LlmsTxtEndpoint },
): (path: string) => Promise<PageDecoration> {
  const { source, profile } = context;

  async function pageLinks(path: string, isRoot: boolean) {
    const mPath = context.pageMPath(path);
    if (mPath === undefined) return { links: [], usage: undefined };
    const row = await source.findMUrl(mPath);
    if (!row || row.state !== 'published') {
      // Every page of the site is covered by the default llms.txt; the root without a
      // document has it as its Markdown twin too.
      const llmsTxt = await families.llmsTxt.coveringUrl(undefined);
      if (!llmsTxt) return { links: [], usage: undefined };
      const links: WebLink[] = [{ href: llmsTxt, rel: 'describedby', type: 'text/plain' }];
      if (isRoot && !row)
        links.unshift({
          href: markdownTwinUrl(context.urlFor('/')),
          rel: 'alternate',
          type: MARKDOWN_TYPE,
        });
      return { links, usage: undefined };
    }
    // DECISIONS §1 (the M-URL) and §4 (llms.txt v2: the Markdown twin, the covering llms.txt).
    const links: WebLink[] = [
      mUrlAlternateLink(row.mUrl, profile),
      { href: markdownTwinUrl(row.cUrl), rel: 'alternate', type: MARKDOWN_TYPE },
    ];
    const llmsTxt = await families.llmsTxt.coveringUrl(row.locale);
    if (llmsTxt) links.push({ href: llmsTxt, rel: 'describedby', type: 'text/plain' });
    return { links, usage: row.usage };
  }

  return async (path) => {
    const normalized = normalizeRequestPath(path);
    const isRoot = normalized.ok && normalized.path === '/';
    const page = await pageLinks(path, isRoot);
    const links = [...(isRoot ? await families.sitemap.rootLinks() : []), ...page.links];
    const llmsTxt = links.find((link) => link.rel === 'describedby');
    const notice = context.options.llmsTxtNotice !== false;
    return {
      links,
      headers: {
        ...(links.length > 0 ? { link: formatLinkHeader(links) } : {}),
        ...context.usageHeader(page.usage),
        // Pages that have a Markdown twin are negotiated: caches must keep HTML and Markdown apart.
        ...(links.some((link) => link.type === MARKDOWN_TYPE) ? { vary: 'Accept' } : {}),
      },
      linkTags: links.map(htmlLinkTag).join('\n'),
      llmsTxtNotice: llmsTxt && notice ? llmsTxtNoticeHtml(llmsTxt.href) : '',
    };
  };
}
