import { formatLinkHeader, htmlLinkTag, type WebLink } from '../http/link-header';
import type { ResponseHeaders } from '../http/served-resource';
import type { EndpointContext } from './endpoint-context';
import type { PageView, ServedFamily } from './families/endpoint-family';
import { MARKDOWN_CONTENT_TYPE } from './families/markdown-twin';
import { normalizeRequestPath } from './normalize-request-path';
import { llmsTxtNoticeHtml } from './page-discovery';

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

/** A framework's own operations on the response it is making (Express's `res`, Koa's `ctx`). */
export interface PageResponseHeaders {
  /** Adds a field to `Vary`, once. */
  vary(field: string): void;
  /** Adds a value to a list header, after the app's. */
  append(name: string, value: string): void;
  set(name: string, value: string): void;
}

/**
 * Adds a page decoration's headers to the response the app made: `Vary` through the framework's
 * own, the other lists (`Link`) appended, so the app's values stay; the rest set.
 */
export function addPageHeaders(headers: ResponseHeaders, response: PageResponseHeaders): void {
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'vary') response.vary(value);
    else if (PAGE_LIST_HEADERS.has(name)) response.append(name, value);
    else response.set(name, value);
  }
}

const MARKDOWN_TYPE = MARKDOWN_CONTENT_TYPE.split(';')[0]!;

/**
 * Decorates an app's HTML page: each family adds its links (registry order: the sitemap on the
 * root, the document's M-URL and twin, the covering llms.txt); `Content-Usage` and `Vary` as
 * the decorated-page policy says (answer-policies).
 */
export function createPageDecorator(
  context: EndpointContext,
  served: () => readonly ServedFamily[],
): (path: string) => Promise<PageDecoration> {
  const { source } = context;

  return async (path) => {
    const normalized = normalizeRequestPath(path);
    const isRoot = normalized.ok && normalized.path === '/';
    const mPath = context.pageMPath(path);
    const row = mPath === undefined ? undefined : await source.findMUrl(mPath);
    const page: PageView = { path, isRoot, mPath, row };
    const links: WebLink[] = [];
    for (const { endpoint } of served())
      if (endpoint.pageLinks) links.push(...(await endpoint.pageLinks(page)));
    const llmsTxt = links.find((link) => link.rel === 'describedby');
    const notice = context.options.llmsTxtNotice !== false;
    return {
      links,
      headers: {
        ...(links.length > 0 ? { link: formatLinkHeader(links) } : {}),
        // DECORATED_PAGE: the document's terms over the site's.
        ...context.usageHeader(row?.state === 'published' ? row.usage : undefined),
        // Pages that have a Markdown twin are negotiated: caches must keep HTML and Markdown apart.
        ...(links.some((link) => link.type === MARKDOWN_TYPE) ? { vary: 'Accept' } : {}),
      },
      linkTags: links.map(htmlLinkTag).join('\n'),
      llmsTxtNotice: llmsTxt && notice ? llmsTxtNoticeHtml(llmsTxt.href) : '',
    };
  };
}
