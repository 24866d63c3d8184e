import { markdownTwinValidators } from '../document/document-validators';
import { validatorsOfBytes } from '../http/representation-validators';
import { formatLinkHeader } from '../http/link-header';
import { prefersMarkdown } from '../http/negotiate-markdown';
import { headerValue } from '../http/request-headers';
import {
  respondWithResource,
  type HttpResponse,
  type ServedResource,
} from '../http/served-resource';
import { markdownTwinUrl } from '../llmstxt/markdown-twin-url';
import { estimateHtmlBytes } from '../metrics/build-agent-stats';
import { canonicalLink } from '../tct/discovery-links';
import { mUrlFor } from '../tct/m-url-path';
import { parseUri } from '../uri';
import {
  isSafeMethod,
  METHOD_NOT_ALLOWED,
  observed,
  PASS,
  respondUnless,
  respondWith,
  type AgentOutcome,
  type AgentRequest,
} from './agent-outcome';
import type { EndpointContext } from './endpoint-context';
import { errorResponse, movedPermanentlyResponse } from './error-responses';
import { normalizeRequestPath } from './normalize-request-path';
import type { AgentPathPattern } from './robots-txt';
import type { LlmsTxtEndpoint } from './serve-llms-txt';
import { REVALIDATE_HEADERS } from './serve-stored-artifact';

export const MARKDOWN_CONTENT_TYPE = 'text/markdown; charset=utf-8';

export interface MarkdownTwinEndpoint {
  /**
   * A twin path (`/a/index.html.md`, `/a/index.md`, `/a.md`), the root's twin when no document is
   * the root, or `/a/index.html` sent to its page; the app's (pass) when no document is there.
   */
  answer(request: AgentRequest, path: string): Promise<AgentOutcome>;
  /**
   * For a page request whose `Accept` prefers `text/markdown` (by q-value), the page's twin (with
   * `Vary: Accept`); `undefined` for HTML (the default) or a page without a document.
   */
  negotiate(request: AgentRequest): Promise<AgentOutcome | undefined>;
  readonly robotsPaths: readonly AgentPathPattern[];
}

/**
 * Markdown twins (llms.txt v2): a document's Markdown at its `.md` URLs and, negotiated, at its
 * page's own URL; each starts with the llms.txt directive, as its HTML page carries the notice.
 */
export function createMarkdownTwinEndpoint(
  context: EndpointContext,
  llmsTxt: LlmsTxtEndpoint,
): MarkdownTwinEndpoint {
  const { source, profile, protectAll, scheme } = context;

  /** The M-URL path a twin path stands for: `/a/index.html.md`, `/a/index.md` → `/a/`; `/a.md` → `/a`. */
  function twinMPath(path: string): string | undefined {
    if (!path.endsWith('.md')) return undefined;
    const page = path.replace(/\/index(?:\.html)?\.md$/, '/').replace(/\.md$/, '');
    if (page === '') return undefined;
    try {
      return parseUri(mUrlFor(context.urlFor(page), scheme)).path;
    } catch {
      return undefined;
    }
  }

  /** `undefined` when no document has this twin: the path is then the app's. */
  async function answerTwin(
    request: AgentRequest,
    mPath: string,
    negotiated = false,
  ): Promise<AgentOutcome | undefined> {
    const twin = await source.findMarkdownTwin(mPath);
    if (!twin) return undefined;
    if (!isSafeMethod(request.method)) return METHOD_NOT_ALLOWED();
    if (twin.state === 'unpublished') return respondWith(errorResponse(request.method, 404));
    if (twin.state === 'deleted' || twin.markdown === null || twin.markdownHash === null)
      return respondWith(errorResponse(request.method, 410));
    // The llms.txt directive first (llms.txt v2; agents that read only the top find it), as the
    // HTML page carries the notice. It varies with the site, not the document: hash both.
    const directive = await llmsTxt.twinDirective(twin.locale);
    const body = Buffer.from(`${directive}${twin.markdown}`, 'utf8');
    const { etag, contentDigest } = markdownTwinValidators(twin.markdownHash, body, !directive);
    const resource: ServedResource = {
      body,
      etag,
      contentDigest,
      lastModified: new Date(Date.parse(twin.modified)),
      contentType: MARKDOWN_CONTENT_TYPE,
      headers: {
        'cache-control': profile.cacheControl,
        // Negotiated on the page's own URL: caches must key on Accept too, or a browser could
        // be handed Markdown.
        vary: negotiated ? 'Accept, Accept-Encoding' : 'Accept-Encoding',
        link: formatLinkHeader([canonicalLink(twin.cUrl)]),
        ...(negotiated ? { 'content-location': markdownTwinUrl(twin.cUrl) } : {}),
        ...context.usageHeader(twin.usage),
      },
    };
    return respondUnless(twin.visibility === 'protected' || protectAll, async () => ({
      ...respondWithResource(request, resource),
      // A twin stands for the same page as the M-URL: the same HTML cost (estimated from the text).
      observe: {
        kind: 'markdown' as const,
        htmlBytes: estimateHtmlBytes(body.length),
        htmlEstimated: true,
      },
    }));
  }

  /**
   * The site root's twin when no document is the root page: the default llms.txt, which is
   * Markdown and describes the whole site, so `/index.html.md` and `Accept: text/markdown` on `/`
   * give agents what the home page stands for (llms.txt v2 twins, AFDocs checks).
   */
  async function answerRootOverview(
    request: AgentRequest,
    negotiated: boolean,
  ): Promise<AgentOutcome | undefined> {
    const stored = await source.artifact('/llms.txt');
    if (!stored) return undefined;
    if (!isSafeMethod(request.method)) return METHOD_NOT_ALLOWED();
    // It starts with the llms.txt directive like every twin (AFDocs reads the home page's twin
    // when it samples no other page): then it is not the llms.txt's bytes, nor its ETag.
    const directive = await llmsTxt.twinDirective(undefined);
    const body = directive
      ? Buffer.concat([Buffer.from(directive, 'utf8'), stored.body])
      : stored.body;
    const { etag, contentDigest } = directive ? validatorsOfBytes(body) : stored.meta;
    const root = context.urlFor('/');
    return respondUnless(protectAll, async (): Promise<HttpResponse> =>
      respondWithResource(request, {
        body,
        etag,
        contentDigest,
        lastModified: stored.meta.lastModified,
        contentType: MARKDOWN_CONTENT_TYPE,
        headers: {
          ...REVALIDATE_HEADERS,
          vary: negotiated ? 'Accept, Accept-Encoding' : 'Accept-Encoding',
          link: formatLinkHeader([canonicalLink(root)]),
          ...(negotiated ? { 'content-location': markdownTwinUrl(root) } : {}),
          ...context.usageHeader(),
        },
      }),
    );
  }

  return {
    async answer(request, path) {
      const mPath = twinMPath(path);
      let outcome = mPath === undefined ? undefined : await answerTwin(request, mPath);
      if (!outcome && (path === '/index.html.md' || path === '/index.md') && !protectAll)
        outcome = await answerRootOverview(request, false);
      // `/a/index.html` is how tools map a twin `/a/index.html.md` back to its page: send them
      // to the page itself when a document is there (the app may not serve the `index.html` form).
      if (!outcome && path.endsWith('/index.html') && isSafeMethod(request.method)) {
        const pageMPath = context.pageMPath(path.slice(0, -'index.html'.length));
        const row = pageMPath === undefined ? undefined : await source.findMUrl(pageMPath);
        if (row && row.state === 'published' && row.visibility === 'public')
          outcome = respondWith(movedPermanentlyResponse(request.method, row.cUrl));
      }
      return outcome ?? PASS;
    },
    async negotiate(request) {
      if (!isSafeMethod(request.method) || !prefersMarkdown(headerValue(request.headers, 'accept')))
        return undefined;
      const mPath = context.pageMPath(request.target);
      if (mPath === undefined) return undefined;
      let outcome = await answerTwin(request, mPath, true);
      const page = normalizeRequestPath(request.target);
      if (!outcome && page.ok && page.path === '/')
        outcome = await answerRootOverview(request, true);
      return outcome && observed(outcome, 'markdown');
    },
    robotsPaths: [{ pattern: '/*.md$', example: '/a/index.html.md' }],
  };
}
