import { markdownTwinValidators } from '../../../document/document-validators';
import { validatorsOfBytes } from '../../../http/representation-validators';
import { formatLinkHeader, type WebLink } from '../../../http/link-header';
import { prefersMarkdown } from '../../../http/negotiate-markdown';
import { headerValue } from '../../../http/request-headers';
import {
  respondWithResource,
  type HttpResponse,
  type ServedResource,
} from '../../../http/served-resource';
import { markdownTwinUrl } from '../../../llmstxt/markdown-twin-url';
import { estimateHtmlBytes } from '../../../metrics/build-agent-stats';
import { canonicalLink } from '../../../tct/discovery-links';
import { mUrlFor } from '../../../tct/m-url-path';
import { parseUri } from '../../../uri';
import {
  isSafeMethod,
  METHOD_NOT_ALLOWED,
  observed,
  PASS,
  respondUnless,
  respondWith,
  type AgentOutcome,
  type AgentRequest,
} from '../../agent-outcome';
import { errorResponse, movedPermanentlyResponse } from '../../error-responses';
import { normalizeRequestPath } from '../../normalize-request-path';
import type { EndpointFamily, FamilyContext, FamilyEndpoint } from '../endpoint-family';
import { documentCacheTag, pathCacheTag } from '../../edge/cache-tags';
import { keptUntilPurged, REVALIDATE, type HeaderPolicy } from '../header-policy';
import { coveringLlmsTxtUrl, llmsTxtTwinDirective } from '../llms-txt';

export const MARKDOWN_CONTENT_TYPE = 'text/markdown; charset=utf-8';
const MARKDOWN_TYPE = MARKDOWN_CONTENT_TYPE.split(';')[0]!;

/**
 * Negotiated on the page's own URL (`Accept: text/markdown`), a twin varies on `Accept` too:
 * caches must key on it, or a browser could be handed Markdown.
 */
const headers: HeaderPolicy<'twin' | 'negotiatedTwin' | 'rootTwin' | 'negotiatedRootTwin'> = {
  forms: {
    twin: {
      label: "a document's twin",
      cacheControl: { fromProfile: 'cacheControl' },
      vary: 'Accept-Encoding',
    },
    negotiatedTwin: {
      label: "a document's twin, negotiated on its page's URL",
      cacheControl: { fromProfile: 'cacheControl' },
      vary: 'Accept, Accept-Encoding',
    },
    // The root without a document: its twin is the llms.txt, which revalidates as llms.txt does.
    rootTwin: {
      label: "the root's twin when no document is the root (the llms.txt)",
      cacheControl: REVALIDATE,
      vary: 'Accept-Encoding',
    },
    negotiatedRootTwin: {
      label: 'the same, negotiated on `/`',
      cacheControl: REVALIDATE,
      vary: 'Accept, Accept-Encoding',
    },
  },
  contentUsage: { applies: 'document' },
  sharedCache: keptUntilPurged(
    'markdown-twin',
    "kept until purged; tag: the document (id and locale), or the root's llms.txt; the family tag is purged when an install adds or drops an llms.txt (the twins' directive names it)",
    ({ document }) =>
      document ? [documentCacheTag(document.key, document.locale)] : [pathCacheTag('/llms.txt')],
  ),
};

export interface MarkdownTwinEndpoint extends FamilyEndpoint {
  /**
   * For a page request whose `Accept` prefers `text/markdown` (by q-value), the page's twin (with
   * `Vary: Accept`); `undefined` for HTML (the default) or a page without a document.
   */
  negotiate(request: AgentRequest): Promise<AgentOutcome | undefined>;
}

/** The M-URL path a twin path stands for: `/a/index.html.md`, `/a/index.md` → `/a/`; `/a.md` → `/a`. */
function twinMPathOf(context: FamilyContext, path: string): string | undefined {
  if (!path.endsWith('.md')) return undefined;
  const page = path.replace(/\/index(?:\.html)?\.md$/, '/').replace(/\.md$/, '');
  if (page === '') return undefined;
  try {
    return parseUri(mUrlFor(context.urlFor(page), context.scheme)).path;
  } catch {
    return undefined;
  }
}

/**
 * Markdown twins (llms.txt v2): a document's Markdown at its `.md` URLs and, negotiated, at its
 * page's own URL; each starts with the llms.txt directive, as its HTML page carries the notice.
 * What no other family claimed comes here: a twin path (`/a/index.html.md`, `/a/index.md`,
 * `/a.md`), the root's twin when no document is the root, or `/a/index.html` sent to its page;
 * the app's (pass) when no document is there.
 */
function createMarkdownTwinEndpoint(context: FamilyContext): MarkdownTwinEndpoint {
  const { source, protectAll } = context;

  /**
   * `undefined` when no document has this twin: the path is then the app's (or, at the root,
   * the overview's).
   */
  async function answerTwin(
    request: AgentRequest,
    mPath: string,
    path: string,
    negotiated: boolean,
    atRoot: boolean,
  ): Promise<AgentOutcome | undefined> {
    const twin = await source.findMarkdownTwin(mPath);
    if (!twin) return undefined;
    // A tombstone (the document deleted, or moved away) answers at the twin's own URLs, not on
    // the page: asked for Markdown, a page is the app's again (which may still serve it, or have
    // another there), as on a site where no document ever was; and the home page's twin is the
    // overview again.
    if ((atRoot || negotiated) && twin.state !== 'published') return undefined;
    if (!isSafeMethod(request.method)) return METHOD_NOT_ALLOWED();
    // Unpublished: 404, as if absent; deleted (a tombstone): 410.
    if (twin.state === 'unpublished') return respondWith(errorResponse(request.method, 404));
    if (twin.state === 'deleted' || twin.markdown === null || twin.markdownHash === null)
      return respondWith(errorResponse(request.method, 410));
    // The llms.txt directive first (llms.txt v2; agents that read only the top find it), as the
    // HTML page carries the notice. It varies with the site, not the document: hash both.
    const directive = await llmsTxtTwinDirective(context, twin.locale);
    const body = Buffer.from(`${directive}${twin.markdown}`, 'utf8');
    const { etag, contentDigest } = markdownTwinValidators(twin.markdownHash, body, !directive);
    const resource: ServedResource = {
      body,
      etag,
      contentDigest,
      lastModified: new Date(Date.parse(twin.modified)),
      contentType: MARKDOWN_CONTENT_TYPE,
      headers: context.policyHeaders(
        headers,
        negotiated ? headers.forms.negotiatedTwin : headers.forms.twin,
        {
          path,
          link: formatLinkHeader([canonicalLink(twin.cUrl)]),
          ...(negotiated ? { extra: { 'content-location': markdownTwinUrl(twin.cUrl) } } : {}),
          documentUsage: twin.usage,
          ...(twin.key !== undefined
            ? { document: { key: twin.key, locale: twin.locale ?? '' } }
            : {}),
        },
      ),
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
    path: string,
    negotiated: boolean,
  ): Promise<AgentOutcome | undefined> {
    const stored = await source.artifact('/llms.txt');
    if (!stored) return undefined;
    if (!isSafeMethod(request.method)) return METHOD_NOT_ALLOWED();
    // It starts with the llms.txt directive like every twin (AFDocs reads the home page's twin
    // when it samples no other page): then it is not the llms.txt's bytes, nor its ETag.
    const directive = await llmsTxtTwinDirective(context, undefined);
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
        headers: context.policyHeaders(
          headers,
          negotiated ? headers.forms.negotiatedRootTwin : headers.forms.rootTwin,
          {
            path,
            link: formatLinkHeader([canonicalLink(root)]),
            ...(negotiated ? { extra: { 'content-location': markdownTwinUrl(root) } } : {}),
          },
        ),
      }),
    );
  }

  return {
    async answer(request, { path }) {
      const mPath = twinMPathOf(context, path);
      const atRoot = path === '/index.html.md' || path === '/index.md';
      let outcome =
        mPath === undefined ? undefined : await answerTwin(request, mPath, path, false, atRoot);
      if (!outcome && atRoot && !protectAll)
        outcome = await answerRootOverview(request, path, false);
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
      const page = normalizeRequestPath(request.target);
      const atRoot = page.ok && page.path === '/';
      let outcome = await answerTwin(request, mPath, page.ok ? page.path : mPath, true, atRoot);
      if (!outcome && atRoot) outcome = await answerRootOverview(request, '/', true);
      return outcome && observed(outcome, markdownTwinFamily.metricsKind);
    },
    robotsPaths: [{ pattern: '/*.md$', example: '/a/index.html.md' }],
    // llms.txt v2: a document's page links its twin; the root without a document has the
    // llms.txt as its twin, when there is one.
    async pageLinks({ mPath, row, isRoot }): Promise<WebLink[]> {
      if (mPath === undefined) return [];
      if (row?.state === 'published')
        return [{ href: markdownTwinUrl(row.cUrl), rel: 'alternate', type: MARKDOWN_TYPE }];
      // A tombstone at the root (its document deleted or moved) leaves the overview as its twin.
      if (!isRoot || !(await coveringLlmsTxtUrl(context, undefined))) return [];
      return [
        { href: markdownTwinUrl(context.urlFor('/')), rel: 'alternate', type: MARKDOWN_TYPE },
      ];
    },
  };
}

export const markdownTwinFamily: EndpointFamily<MarkdownTwinEndpoint> = {
  name: 'markdown-twin',
  title: 'Markdown twin (llms.txt v2)',
  serving: 'live',
  paths: [
    '`/<page>/index.html.md`, `/<page>/index.md`, `/<page>.md`',
    'the page URL with `Accept: text/markdown`',
  ],
  contentType: '`text/markdown; charset=utf-8`',
  claims: (path) => path.endsWith('.md'),
  route: { by: 'fallback' },
  metricsKind: 'markdown',
  enabledBy: { always: true },
  robotsListing: 'when-served',
  headers,
  create: createMarkdownTwinEndpoint,
};
