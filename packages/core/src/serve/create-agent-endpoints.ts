import {
  CHANGES_PATH,
  changeFeedLink,
  serveChangeFeed,
  type ChangeFeedSource,
} from './change-feed';
import { sha256Hex } from '../crypto';
import { ValidationError } from '../errors';
import { buildJsonResource, type JsonResource } from '../http/json-resource';
import { formatLinkHeader, type WebLink } from '../http/link-header';
import type { RequestHeaders } from '../http/request-headers';
import {
  contentDigestOf,
  respondWithResource,
  type HttpResponse,
  type ResponseHeaders,
  type ServedResource,
} from '../http/served-resource';
import { buildPolicy, type PolicyOptions } from '../tct/build-policy';
import {
  canonicalLink,
  mUrlAlternateLink,
  sitemapHeaders,
  sitemapIndexLinks,
} from '../tct/discovery-links';
import {
  assertMUrlScheme,
  DEFAULT_M_URL_SCHEME,
  mUrlFor,
  type MUrlScheme,
} from '../tct/m-url-path';
import { DEFAULT_SITEMAP_PATH, TCT_1 } from '../tct/tct-profile';
import { sitemapIndexPath } from '../tct/build-sitemap';
import { normalizeUri, parseUri } from '../uri';
import { chooseScpEncoding, scpEtag } from '../scp/scp-http-headers';
import { decodedGzipBody, identityRepresentationOf } from './decoded-artifact';
import { markdownTwinUrl } from '../llmstxt/markdown-twin-url';
import { headerValue } from '../http/request-headers';
import type {
  AgentContentSource,
  StoredArtifactView,
  StoredDocumentView,
} from './agent-content-source';
import { estimateHtmlBytes, readAgentStats } from '../metrics/build-agent-stats';
import type { EndpointKind } from '../metrics/metrics-recorder';
import type { ResponseObservation } from '../http/served-resource';
import { normalizeRequestPath } from './normalize-request-path';
import {
  errorResponse,
  methodNotAllowedResponse,
  movedPermanentlyResponse,
} from './error-responses';
import { buildRobotsTxt, type AgentPathPattern } from './robots-txt';
import {
  formatContentUsage,
  overlayContentUsage,
  robotsUsageLines,
  type UsagePreferences,
} from '../usage/content-usage';
import { prefersMarkdown } from '../http/negotiate-markdown';

export const POLICY_PATH = '/llm-policy.json';

function isChangeFeedSource(source: object): source is ChangeFeedSource {
  const candidate = source as Partial<ChangeFeedSource>;
  return (
    typeof candidate.feedPosition === 'function' && typeof candidate.changesSince === 'function'
  );
}
export const STATS_PATH = '/llm-stats.json';

/** Endpoint kind of each artifact family, for the metrics. */
const ARTIFACT_KINDS: Record<string, EndpointKind> = {
  'tct-sitemap': 'sitemap',
  'llms-txt': 'llms-txt',
  scp: 'scp',
  llmindex: 'llmindex',
};
export const SITEMAP_FAMILY = 'tct-sitemap';
export const MARKDOWN_CONTENT_TYPE = 'text/markdown; charset=utf-8';
export const LLMS_TXT_FAMILY = 'llms-txt';

export interface AgentEndpointsOptions {
  /** Public origin of the site, e.g. `https://example.com`. */
  origin: string;
  mUrl?: MUrlScheme;
  /** The `tct-policy-1` descriptor at /llm-policy.json; off unless given. */
  policy?: PolicyOptions | false;
  /**
   * Which responses go through the app's own access check first: `protected-documents` (default)
   * for documents stored with visibility `protected`; `all` for every M-URL and listing too.
   */
  protect?: 'protected-documents' | 'all';
  /**
   * Serve `/robots.txt`: the site's own rules exactly as given, then a `Sitemap:` line for the
   * SCP sitemap.xml (sitemaps.org XML only). Off unless given.
   */
  robotsTxt?: { rules?: string; augment?: boolean } | false;
  /** AI usage preferences: `Content-Usage` on every response, lines in robots.txt. */
  usage?: UsagePreferences;
  /**
   * `/llm-stats.json`: aggregate serving metrics (needs a source with `readMetrics`). `public`,
   * or `protected` (through the app's access check). Off unless given.
   */
  stats?: 'public' | 'protected' | false;
  /**
   * Start every Markdown twin with a line pointing to the site's llms.txt (as pages carry the
   * notice). Default true; needs llms.txt to be served.
   */
  llmsTxtNotice?: boolean;
}

export interface AgentRequest {
  method: string;
  /** The request target as received (path and query, still percent-encoded). */
  target: string;
  headers: RequestHeaders;
}

/**
 * `pass`: not an agent endpoint, let the app handle it. `respond`: send this. `authorize`: run
 * the app's access check first (it may answer 401 itself); if it lets the request through, send
 * what `respond` returns.
 */
export type AgentOutcome =
  | { kind: 'pass' }
  | { kind: 'respond'; response: HttpResponse }
  | { kind: 'authorize'; respond: () => Promise<HttpResponse> };

export interface AgentEndpoints {
  handle(request: AgentRequest): Promise<AgentOutcome>;
  /**
   * The answer for a public M-URL whose row is already cached and fresh, computed synchronously
   * (no await on the hot path); `undefined` means: use `handle`.
   */
  handleCached(request: AgentRequest): HttpResponse | undefined;
  /** Links for an HTML page at `path`: its M-URL (when it has one). */
  pageLinks(path: string): Promise<WebLink[]>;
  /** Links for the site root's 2xx response: the first sitemap shard and, when sharded, the index. */
  rootLinks(): Promise<WebLink[]>;
  /** Absolute URL of a path on the public origin, normalized. */
  urlFor(path: string): string;
  /**
   * For a page request whose `Accept` prefers `text/markdown` (by q-value), the page's Markdown
   * twin (with `Vary: Accept`); `undefined` for HTML (the default) or a page without a document.
   */
  negotiatePage(request: AgentRequest): Promise<AgentOutcome | undefined>;
  /** Headers every page response carries: `Content-Usage` (the document's or the site's). */
  pageHeaders(path: string): Promise<ResponseHeaders>;
  /** A robots.txt: `rules` kept exactly, plus Allow lines where needed and Sitemap lines. */
  robotsTxt(rules: string): Promise<string>;
}

const PASS: AgentOutcome = { kind: 'pass' };

function isSafe(method: string): boolean {
  const m = method.toUpperCase();
  return m === 'GET' || m === 'HEAD';
}

/**
 * The caching headers of a stored artifact, by family, formed here at serve time (the store keeps
 * bytes and version, not headers): llmindex files may be cached an hour, as they always were;
 * every other listing (llms.txt, SCP collections and sitemaps) changes with the content and
 * revalidates each time. The JSON sitemap's are in `artifactHeaders`.
 */
function familyHeaders(meta: StoredArtifactView): ResponseHeaders {
  return {
    'cache-control': meta.family === 'llmindex' ? LLMINDEX_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL,
    vary: 'Accept-Encoding',
  };
}

const REVALIDATE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
const LLMINDEX_CACHE_CONTROL = 'public, max-age=3600, must-revalidate';

/** Artifacts above this are streamed by range from storage, never loaded whole. */
const IN_MEMORY_ARTIFACT_BYTES = 4 * 1024 * 1024;

/**
 * Every agent endpoint as framework-free handlers over an `AgentContentSource`: request in,
 * status + headers + body out. Express and Koa adapters only copy the result.
 */
export function createAgentEndpoints(
  source: AgentContentSource,
  options: AgentEndpointsOptions,
): AgentEndpoints {
  const origin = normalizeUri(options.origin).replace(/\/$/, '');
  if (!/^https?:\/\/[^/]+$/.test(origin)) {
    throw new ValidationError('serve.origin', 'origin must be scheme://host[:port] with no path', {
      field: 'origin',
      value: options.origin,
    });
  }
  const scheme = assertMUrlScheme(options.mUrl ?? DEFAULT_M_URL_SCHEME);
  const protectAll = options.protect === 'all';
  const mUrlSuffix = `/${scheme.suffix}`;
  let policy: { resource: JsonResource; lastModified: Date } | undefined;
  if (options.policy) {
    const document = buildPolicy(options.policy);
    policy = {
      resource: buildJsonResource(document),
      lastModified: new Date(Date.parse(document.updated)),
    };
  }
  const urlFor = (path: string) => normalizeUri(`${origin}${path}`);

  /** The served form of a published row, built once per cached row object (the hot path). */
  const resources = new WeakMap<StoredDocumentView, ServedResource>();
  function mUrlResource(row: StoredDocumentView & { body: Buffer; hash: string }): ServedResource {
    let resource = resources.get(row);
    if (resource === undefined) {
      resource = {
        body: row.body,
        contentDigest: contentDigestOf(row.body),
        etag: `"${row.hash}"`,
        lastModified: new Date(Date.parse(row.modified)),
        contentType: TCT_1.mUrlContentType,
        headers: {
          'cache-control': TCT_1.cacheControl,
          vary: 'Accept-Encoding',
          link: formatLinkHeader([canonicalLink(row.cUrl)]),
          ...usageHeader(row.usage),
        },
      };
      resources.set(row, resource);
    }
    return resource;
  }

  async function serveMUrl(request: AgentRequest, path: string): Promise<AgentOutcome> {
    if (!isSafe(request.method)) return { kind: 'respond', response: methodNotAllowedResponse() };
    const row = await source.findMUrl(path);
    if (!row || row.state === 'unpublished') {
      return { kind: 'respond', response: errorResponse(request.method, 404) };
    }
    if (row.state === 'deleted' || row.body === null || row.hash === null) {
      return { kind: 'respond', response: errorResponse(request.method, 410) };
    }
    const resource = mUrlResource(row as StoredDocumentView & { body: Buffer; hash: string });
    const respond = async () => ({
      ...respondWithResource(request, resource),
      observe: documentObservation('m-url', row),
    });
    if (row.visibility === 'protected' || protectAll) return { kind: 'authorize', respond };
    return { kind: 'respond', response: await respond() };
  }

  const defaultUsage = formatContentUsage(options.usage);
  /** Stored values come from formatContentUsage (two terms, y/n): at most 8, merged once each. */
  const mergedUsage = new Map<string, string | undefined>();

  /** `Content-Usage` (AIPREF): the document's own preferences over the site's, term by term. */
  function usageHeader(documentUsage?: string | null): ResponseHeaders {
    let value = defaultUsage;
    if (documentUsage) {
      if (!mergedUsage.has(documentUsage))
        mergedUsage.set(documentUsage, overlayContentUsage(options.usage, documentUsage));
      value = mergedUsage.get(documentUsage);
    }
    return value ? { 'content-usage': value } : {};
  }

  /** What the metrics count a document's response as: its kind and what its HTML page costs. */
  function documentObservation(kind: EndpointKind, row: StoredDocumentView): ResponseObservation {
    if (row.state !== 'published' || row.body === null) return { kind };
    if (typeof row.htmlBytes === 'number' && row.htmlBytes > 0)
      return { kind, htmlBytes: row.htmlBytes };
    return { kind, htmlBytes: estimateHtmlBytes(row.body.length), htmlEstimated: true };
  }

  /** Tags a response (now or when authorized) with its kind, unless it already carries one. */
  function observed(outcome: AgentOutcome, kind: EndpointKind): AgentOutcome {
    const tag = (response: HttpResponse): HttpResponse => {
      response.observe ??= { kind };
      return response;
    };
    if (outcome.kind === 'respond') return { kind: 'respond', response: tag(outcome.response) };
    if (outcome.kind === 'authorize') {
      const respond = outcome.respond;
      return { kind: 'authorize', respond: async () => tag(await respond()) };
    }
    return outcome;
  }

  async function serveStats(request: AgentRequest): Promise<AgentOutcome> {
    if (!isSafe(request.method)) return { kind: 'respond', response: methodNotAllowedResponse() };
    const respond = async (): Promise<HttpResponse> => {
      const now = new Date();
      const stats = await readAgentStats(source.readMetrics?.bind(source), { now });
      const body = Buffer.from(`${JSON.stringify(stats, null, 2)}\n`, 'utf8');
      return respondWithResource(request, {
        body,
        etag: `"sha256-${sha256Hex(body)}"`,
        lastModified: now,
        contentType: 'application/json; charset=utf-8',
        headers: { 'cache-control': 'no-cache', vary: 'Accept-Encoding' },
      });
    };
    if (options.stats === 'protected') return { kind: 'authorize', respond };
    return { kind: 'respond', response: await respond() };
  }

  /**
   * A collection stored in several content codings: the one the request accepts (DECISIONS §2),
   * the uncompressed bytes decoded from gzip when it accepts none, or nothing (406).
   */
  async function negotiatedVariant(
    request: AgentRequest,
    found: StoredArtifactView,
  ): Promise<StoredArtifactView | 'identity' | 'not-acceptable'> {
    const variants = found.meta.variants as Record<string, string> | undefined;
    if (!variants?.zstd) return found;
    const coding = chooseScpEncoding(headerValue(request.headers, 'accept-encoding'));
    if (coding === 'zstd') return (await source.artifactMeta(variants.zstd)) ?? found;
    if (coding === 'gzip') return found;
    if (coding === 'identity' && identityRepresentationOf(found)) return 'identity';
    // Identity refused too, or a collection built before identity was recorded.
    return coding === undefined ? 'not-acceptable' : found;
  }

  /**
   * A stored artifact's headers. The JSON sitemap's are formed here from what the table says of
   * it (its policy URL) and whether this site has a change feed.
   */
  function artifactHeaders(meta: StoredArtifactView): ResponseHeaders {
    if (meta.family !== SITEMAP_FAMILY) return familyHeaders(meta);
    const { policyUrl } = meta.meta;
    return sitemapHeaders({
      ...(typeof policyUrl === 'string' ? { policyUrl } : {}),
      ...(feed ? { changeFeed: changeFeedLink(urlFor(CHANGES_PATH)) } : {}),
    });
  }

  async function serveArtifact(
    request: AgentRequest,
    found: StoredArtifactView,
  ): Promise<AgentOutcome> {
    if (!isSafe(request.method)) return { kind: 'respond', response: methodNotAllowedResponse() };
    const variant = await negotiatedVariant(request, found);
    if (variant === 'not-acceptable') {
      const response = errorResponse(request.method, 406, {
        detail: 'gzip, zstd, identity',
        headers: { vary: 'Accept-Encoding' },
      });
      return { kind: 'respond', response };
    }
    if (variant === 'identity') {
      const identity = identityRepresentationOf(found)!;
      const checksum = String(found.meta.checksum ?? '');
      const respondDecoded = async (): Promise<HttpResponse> =>
        respondWithResource(request, {
          body: decodedGzipBody(source, found, identity),
          etag: checksum ? scpEtag(checksum, 'identity') : found.etag.replace(/\.gz"$/, '"'),
          lastModified: found.lastModified,
          contentType: found.contentType,
          headers: { ...familyHeaders(found), ...usageHeader() },
          contentDigest: identity.contentDigest,
        });
      if (protectAll && found.meta.public !== true)
        return { kind: 'authorize', respond: respondDecoded };
      return { kind: 'respond', response: await respondDecoded() };
    }
    const meta = variant;
    const respond = async (): Promise<HttpResponse> => {
      const base = {
        etag: meta.etag,
        lastModified: meta.lastModified,
        contentType: meta.contentType,
        headers: { ...artifactHeaders(meta), ...usageHeader() },
        contentDigest: meta.contentDigest,
        ranges: meta.meta.ranges === true,
        ...(meta.contentEncoding ? { contentEncoding: meta.contentEncoding } : {}),
      };
      if (meta.size <= IN_MEMORY_ARTIFACT_BYTES) {
        const stored = await source.artifact(meta.name);
        if (!stored) return errorResponse(request.method, 404);
        return respondWithResource(request, {
          ...base,
          etag: stored.meta.etag,
          lastModified: stored.meta.lastModified,
          contentDigest: stored.meta.contentDigest,
          body: stored.body,
        });
      }
      return respondWithResource(request, {
        ...base,
        body: {
          size: meta.size,
          async *read(start, end) {
            const bytes = await source.artifactRange(meta, start, end);
            // Replaced mid-response: end the stream short; the client sees a truncated body and
            // its next conditional request gets the new generation.
            if (bytes) yield bytes;
          },
        },
      });
    };
    if (protectAll && meta.meta.public !== true) return { kind: 'authorize', respond };
    return { kind: 'respond', response: await respond() };
  }

  /**
   * The M-URL path a Markdown twin path stands for (llms.txt v2 forms): `/a/index.html.md` and
   * `/a/index.md` for the directory page `/a/`, `/a.md` for `/a` (or `/a/`).
   */
  function twinMPath(path: string): string | undefined {
    if (!path.endsWith('.md')) return undefined;
    const page = path.replace(/\/index(?:\.html)?\.md$/, '/').replace(/\.md$/, '');
    if (page === '') return undefined;
    try {
      return parseUri(mUrlFor(urlFor(page), scheme)).path;
    } catch {
      return undefined;
    }
  }

  /** `undefined` when no document has this twin: the path is then the app's. */
  async function serveMarkdownTwin(
    request: AgentRequest,
    mPath: string,
    negotiated = false,
  ): Promise<AgentOutcome | undefined> {
    const twin = await source.findMarkdownTwin(mPath);
    if (!twin) return undefined;
    if (!isSafe(request.method)) return { kind: 'respond', response: methodNotAllowedResponse() };
    if (twin.state === 'unpublished') {
      return { kind: 'respond', response: errorResponse(request.method, 404) };
    }
    if (twin.state === 'deleted' || twin.markdown === null || twin.markdownHash === null) {
      return { kind: 'respond', response: errorResponse(request.method, 410) };
    }
    // The llms.txt directive first (llms.txt v2; agents that read only the top find it), as the
    // HTML page carries the notice. It varies with the site, not the document: hash both.
    const directive = await twinDirective(twin.locale);
    const body = Buffer.from(`${directive}${twin.markdown}`, 'utf8');
    const resource: ServedResource = {
      body,
      etag: directive ? `"sha256-${sha256Hex(body)}"` : `"${twin.markdownHash}"`,
      lastModified: new Date(Date.parse(twin.modified)),
      contentType: MARKDOWN_CONTENT_TYPE,
      headers: {
        'cache-control': TCT_1.cacheControl,
        // Negotiated on the page's own URL: caches must key on Accept too, or a browser could
        // be handed Markdown.
        vary: negotiated ? 'Accept, Accept-Encoding' : 'Accept-Encoding',
        link: formatLinkHeader([canonicalLink(twin.cUrl)]),
        ...(negotiated ? { 'content-location': markdownTwinUrl(twin.cUrl) } : {}),
        ...usageHeader(twin.usage),
      },
    };
    const respond = async () => ({
      ...respondWithResource(request, resource),
      // A twin stands for the same page as the M-URL: the same HTML cost (estimated from the text).
      observe: {
        kind: 'markdown' as const,
        htmlBytes: estimateHtmlBytes(resource.body instanceof Buffer ? resource.body.length : 0),
        htmlEstimated: true,
      },
    });
    if (twin.visibility === 'protected' || protectAll) return { kind: 'authorize', respond };
    return { kind: 'respond', response: await respond() };
  }

  /** The M-URL path of the page at `target` (which may carry a query), if it could have one. */
  function pageMPath(target: string): string | undefined {
    const normalized = normalizeRequestPath(target);
    if (!normalized.ok) return undefined;
    try {
      return parseUri(mUrlFor(urlFor(normalized.path), scheme)).path;
    } catch {
      return undefined;
    }
  }

  /** The llms.txt of a locale (or the default one), when llms.txt is served. */
  async function coveringLlmsTxt(locale: string | undefined): Promise<string | undefined> {
    const files = (await source.listArtifacts(LLMS_TXT_FAMILY)).filter(
      (a) => a.meta.full !== true && a.meta.part !== true,
    );
    const match =
      files.find((a) => locale && a.meta.locale === locale) ??
      files.find((a) => a.name === '/llms.txt');
    return match ? String(match.meta.url ?? urlFor(match.name)) : undefined;
  }

  /**
   * The site root's Markdown twin when no document is the root page: the default llms.txt, which
   * is Markdown and describes the whole site, so `/index.html.md` and `Accept: text/markdown` on
   * `/` give agents what the home page stands for (llms.txt v2 twins, AFDocs checks).
   */
  async function serveRootOverviewTwin(
    request: AgentRequest,
    negotiated: boolean,
  ): Promise<AgentOutcome | undefined> {
    const stored = await source.artifact('/llms.txt');
    if (!stored) return undefined;
    if (!isSafe(request.method)) return { kind: 'respond', response: methodNotAllowedResponse() };
    // It starts with the llms.txt directive like every twin (AFDocs reads the home page's twin
    // when it samples no other page): then it is not the llms.txt's bytes, nor its ETag.
    const directive = await twinDirective(undefined);
    const body = directive
      ? Buffer.concat([Buffer.from(directive, 'utf8'), stored.body])
      : stored.body;
    const respond = async (): Promise<HttpResponse> =>
      respondWithResource(request, {
        body,
        etag: directive ? `"sha256-${sha256Hex(body)}"` : stored.meta.etag,
        lastModified: stored.meta.lastModified,
        contentType: MARKDOWN_CONTENT_TYPE,
        headers: {
          ...familyHeaders(stored.meta),
          vary: negotiated ? 'Accept, Accept-Encoding' : 'Accept-Encoding',
          link: formatLinkHeader([canonicalLink(urlFor('/'))]),
          ...(negotiated ? { 'content-location': markdownTwinUrl(urlFor('/')) } : {}),
          ...usageHeader(),
        },
      });
    if (protectAll) return { kind: 'authorize', respond };
    return { kind: 'respond', response: await respond() };
  }

  /** Whether a published, public document is the page at `path` (a C-URL path). */
  async function publicDocumentAt(path: string) {
    const mPath = pageMPath(path);
    const row = mPath === undefined ? undefined : await source.findMUrl(mPath);
    return row && row.state === 'published' && row.visibility === 'public' ? row : undefined;
  }

  /** The line a Markdown twin starts with: where the site's llms.txt is ('' when none). */
  async function twinDirective(locale: string | undefined): Promise<string> {
    if (options.llmsTxtNotice === false) return '';
    const llmsTxt = await coveringLlmsTxt(locale || undefined);
    return llmsTxt
      ? `> For AI agents: this site is described in [llms.txt](${llmsTxt}); every page is also available as Markdown.\n\n`
      : '';
  }

  /** The agent endpoints a robots.txt must not block by accident, as patterns with an example. */
  const agentPathsByFamily: Record<string, AgentPathPattern[]> = {
    [SITEMAP_FAMILY]: [
      { pattern: '/llm-sitemap*.json', example: '/llm-sitemap.json' },
      { pattern: `/*${mUrlSuffix}`, example: `/a${mUrlSuffix}` },
      { pattern: '/*.md$', example: '/a/index.html.md' },
    ],
    [LLMS_TXT_FAMILY]: [
      { pattern: '/llms.txt', example: '/llms.txt' },
      { pattern: '/llms-full.txt', example: '/llms-full.txt' },
    ],
    scp: [{ pattern: '/scp/', example: '/scp/sitemap.xml' }],
    llmindex: [
      { pattern: '/.well-known/llmindex', example: '/.well-known/llmindex.json' },
      { pattern: '/llm/', example: '/llm/products' },
    ],
  };

  /** The agent endpoints this site serves, as patterns a robots.txt must not block by accident. */
  async function agentPaths(): Promise<AgentPathPattern[]> {
    const families = new Set((await source.listArtifacts()).map((a) => a.family));
    families.add(SITEMAP_FAMILY);
    const paths = [...families].flatMap((family) => agentPathsByFamily[family] ?? []);
    if (policy) paths.push({ pattern: POLICY_PATH, example: POLICY_PATH });
    if (feed) paths.push({ pattern: CHANGES_PATH, example: CHANGES_PATH });
    return paths;
  }

  async function robotsTxtFor(rules: string, sitemapUrls: string[]): Promise<string> {
    return buildRobotsTxt({
      rules,
      sitemapUrls,
      agentPaths: await agentPaths(),
      extraLines: robotsUsageLines(options.usage),
    }).text;
  }

  async function serveRobotsTxt(request: AgentRequest): Promise<AgentOutcome> {
    if (!isSafe(request.method)) return { kind: 'respond', response: methodNotAllowedResponse() };
    const artifacts = await source.listArtifacts();
    const sitemaps = await xmlSitemapUrls();
    const rules = (options.robotsTxt && options.robotsTxt.rules) || '';
    const body = Buffer.from(await robotsTxtFor(rules, sitemaps), 'utf8');
    const newest = Math.max(0, ...artifacts.map((a) => a.lastModified.getTime()));
    return {
      kind: 'respond',
      response: respondWithResource(request, {
        body,
        etag: `"sha256-${sha256Hex(body)}"`,
        lastModified: new Date(newest),
        contentType: 'text/plain; charset=utf-8',
        headers: { 'cache-control': 'public, max-age=0, must-revalidate', vary: 'Accept-Encoding' },
      }),
    };
  }

  /** The change feed, where the source keeps one (the store does); counted with the sitemaps. */
  const feed = isChangeFeedSource(source) ? source : undefined;
  async function serveChanges(
    request: AgentRequest,
    from: ChangeFeedSource,
  ): Promise<AgentOutcome> {
    if (!isSafe(request.method)) return { kind: 'respond', response: methodNotAllowedResponse() };
    const respond = () =>
      serveChangeFeed(from, request, { sitemapUrl: urlFor('/llm-sitemap.json') });
    if (protectAll) return { kind: 'authorize', respond };
    return { kind: 'respond', response: await respond() };
  }

  function servePolicy(request: AgentRequest): AgentOutcome {
    if (!isSafe(request.method)) return { kind: 'respond', response: methodNotAllowedResponse() };
    return {
      kind: 'respond',
      response: respondWithResource(request, {
        body: policy!.resource.body,
        etag: policy!.resource.etag,
        lastModified: policy!.lastModified,
        contentType: TCT_1.mUrlContentType,
        headers: {
          'cache-control': TCT_1.cacheControl,
          vary: 'Accept-Encoding',
          ...(feed ? { link: formatLinkHeader([changeFeedLink(urlFor(CHANGES_PATH))]) } : {}),
          ...usageHeader(),
        },
      }),
    };
  }

  /** Which endpoint a request is for, and what it answers. */
  async function route(
    request: AgentRequest,
  ): Promise<{ kind: EndpointKind; outcome: AgentOutcome }> {
    const normalized = normalizeRequestPath(request.target);
    if (!normalized.ok) {
      // Claim bad targets shaped like an M-URL; anything else stays the app's to answer.
      const rawPath = request.target.replace(/[?#].*$/s, '');
      const status = normalized.status;
      return {
        kind: 'm-url',
        outcome: rawPath.endsWith(mUrlSuffix)
          ? {
              kind: 'respond',
              response: errorResponse(request.method, status),
            }
          : PASS,
      };
    }
    const path = normalized.path;
    if (path.endsWith(mUrlSuffix))
      return { kind: 'm-url', outcome: await serveMUrl(request, path) };
    if (policy && path === POLICY_PATH) return { kind: 'policy', outcome: servePolicy(request) };
    if (options.robotsTxt && !options.robotsTxt.augment && path === '/robots.txt')
      return { kind: 'robots', outcome: await serveRobotsTxt(request) };
    if (options.stats && path === STATS_PATH)
      return { kind: 'stats', outcome: await serveStats(request) };
    if (path === CHANGES_PATH && feed !== undefined)
      return { kind: 'sitemap', outcome: await serveChanges(request, feed) };
    const meta = await source.artifactMeta(path);
    if (meta)
      return {
        kind: ARTIFACT_KINDS[meta.family] ?? 'sitemap',
        outcome: await serveArtifact(request, meta),
      };
    const twin = twinMPath(path);
    let outcome = twin === undefined ? undefined : await serveMarkdownTwin(request, twin);
    if (!outcome && (path === '/index.html.md' || path === '/index.md') && !protectAll)
      outcome = await serveRootOverviewTwin(request, false);
    // `/a/index.html` is how tools map a twin `/a/index.html.md` back to its page: send them to
    // the page itself when a document is there (the app may not serve the `index.html` form).
    if (!outcome && path.endsWith('/index.html') && isSafe(request.method)) {
      const row = await publicDocumentAt(path.slice(0, -'index.html'.length));
      if (row)
        outcome = { kind: 'respond', response: movedPermanentlyResponse(request.method, row.cUrl) };
    }
    return { kind: 'markdown', outcome: outcome ?? PASS };
  }

  /**
   * What robots.txt's `Sitemap:` lines may name: sitemaps.org XML (the SCP sitemap.xml, and on a
   * big site the index of its page sitemaps).
   */
  async function xmlSitemapUrls(): Promise<string[]> {
    const artifacts = await source.listArtifacts();
    // The SCP sitemap.xml first: it is the one SCP crawlers look for.
    return [
      ...artifacts.filter((a) => a.meta.scpSitemap === true),
      ...artifacts.filter((a) => a.meta.xmlSitemap === true),
    ].map((a) => String(a.meta.url ?? urlFor(a.name)));
  }

  return {
    urlFor,
    robotsTxt: async (rules) => robotsTxtFor(rules, await xmlSitemapUrls()),
    async negotiatePage(request) {
      if (!isSafe(request.method) || !prefersMarkdown(headerValue(request.headers, 'accept')))
        return undefined;
      const mPath = pageMPath(request.target);
      if (mPath === undefined) return undefined;
      let outcome = await serveMarkdownTwin(request, mPath, true);
      const page = normalizeRequestPath(request.target);
      if (!outcome && page.ok && page.path === '/')
        outcome = await serveRootOverviewTwin(request, true);
      return outcome && observed(outcome, 'markdown');
    },
    async pageHeaders(path) {
      const mPath = pageMPath(path);
      const row = mPath === undefined ? undefined : await source.findMUrl(mPath);
      return usageHeader(row?.state === 'published' ? row.usage : undefined);
    },
    handleCached(request) {
      if (!source.peekMUrl || !isSafe(request.method)) return undefined;
      const normalized = normalizeRequestPath(request.target);
      if (!normalized.ok || !normalized.path.endsWith(mUrlSuffix)) return undefined;
      const row = source.peekMUrl(normalized.path);
      if (!row || row.state !== 'published' || row.body === null || row.hash === null)
        return undefined;
      if (row.visibility !== 'public' || protectAll) return undefined;
      const response = respondWithResource(
        request,
        mUrlResource(row as StoredDocumentView & { body: Buffer; hash: string }),
      );
      response.observe = documentObservation('m-url', row);
      return response;
    },
    async handle(request) {
      const { kind, outcome } = await route(request);
      return observed(outcome, kind);
    },
    async pageLinks(path) {
      const normalized = normalizeRequestPath(path);
      if (!normalized.ok) return [];
      let mUrl: string;
      try {
        mUrl = mUrlFor(urlFor(normalized.path), scheme);
      } catch {
        return [];
      }
      const row = await source.findMUrl(parseUri(mUrl).path);
      if (!row || row.state !== 'published') {
        // Every page of the site is covered by the default llms.txt; the root without a
        // document has it as its Markdown twin too.
        const llmsTxt = await coveringLlmsTxt(undefined);
        if (!llmsTxt) return [];
        const links: WebLink[] = [{ href: llmsTxt, rel: 'describedby', type: 'text/plain' }];
        if (normalized.path === '/' && !row)
          links.unshift({
            href: markdownTwinUrl(urlFor('/')),
            rel: 'alternate',
            type: MARKDOWN_CONTENT_TYPE.split(';')[0]!,
          });
        return links;
      }
      // DECISIONS §1 (the M-URL) and §4 (llms.txt v2: the Markdown twin, the covering llms.txt).
      const links: WebLink[] = [
        mUrlAlternateLink(row.mUrl),
        {
          href: markdownTwinUrl(row.cUrl),
          rel: 'alternate',
          type: MARKDOWN_CONTENT_TYPE.split(';')[0]!,
        },
      ];
      const llmsTxt = await coveringLlmsTxt(row.locale);
      if (llmsTxt) links.push({ href: llmsTxt, rel: 'describedby', type: 'text/plain' });
      return links;
    },
    async rootLinks() {
      // The first shard (the overview item leads it) and, on a sharded site, the index that
      // lists every shard with its hash. Not every shard: with small shards a big site has
      // hundreds, more than a Link field should carry (docs/protocols.md#tct-discovery).
      const documents = [
        await source.artifactMeta(DEFAULT_SITEMAP_PATH),
        await source.artifactMeta(sitemapIndexPath(DEFAULT_SITEMAP_PATH)),
      ].filter((found) => found !== undefined && found.family === SITEMAP_FAMILY);
      return sitemapIndexLinks(documents.map((d) => String(d!.meta.url ?? urlFor(d!.name))));
    },
  };
}
