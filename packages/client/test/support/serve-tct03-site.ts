import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { prepareDocument, type AgentDocument } from '@agent-ready/core/document';
import {
  formatLinkHeader,
  type HttpResponse,
  type ResponseHeaders,
  type ServedResource,
} from '@agent-ready/core/http';
import { cacheControlOf, endpointFamily, respondWithTctResource } from '@agent-ready/core/serve';
import {
  buildSitemaps,
  buildTctIdentity,
  mUrlAlternateLink,
  mUrlLinks,
  sitemapIndexLinks,
  sitemapLinks,
  TCT_03,
  TCT_1,
  tctIdentityOf,
  type SitemapEntry,
  type TctProfile,
} from '@agent-ready/core/tct';

/**
 * One rule a variant of the site breaks (each shows one check failing when it should). The site
 * itself is built with core's -03 functions; a break rewrites what they produced.
 */
export type Tct03Break =
  | 'root-500'
  | 'sitemap-404'
  | 'sitemap-not-json'
  | 'sitemap-cdn-weakens-gzip'
  | 'index-not-canonical'
  | 'm-url-404'
  | 'm-url-tct-1-headers'
  | 'm-url-304-other-etag'
  | 'root-no-index-link'
  | 'root-index-link-with-profile'
  | 'sitemap-content-type-charset'
  | 'sitemap-etag-not-body-hash'
  | 'sitemap-digest-wrong'
  | 'sitemap-chunked'
  | 'sitemap-no-profile-link'
  | 'sitemap-no-vary'
  | 'sitemap-no-transform-missing'
  | 'sitemap-version-1'
  | 'sitemap-legacy-profile'
  | 'sitemap-duplicate-c-url'
  | 'sitemap-duplicate-m-url'
  | 'sitemap-quoted-hint'
  | 'sitemap-not-canonical'
  | 'sitemap-ignores-if-none-match'
  | 'sitemap-304-other-etag'
  | 'sitemap-gzip-when-advertised'
  | 'sitemap-post-200'
  | 'sitemap-no-406'
  | 'index-stale-hint'
  | 'm-url-legacy-profile'
  | 'm-url-stale-hint'
  | 'm-url-no-canonical-link'
  | 'm-url-ignores-if-none-match'
  | 'm-url-head-other-etag'
  | 'm-url-head-404'
  | 'm-url-cdn-weakens-gzip'
  | 'm-url-not-canonical'
  | 'no-extensions';

export interface Tct03SiteOptions {
  documents?: AgentDocument[];
  /** Sitemap items per shard: small values give shards under an M-Sitemap Index. */
  maxItemsPerShard?: number;
  break?: Tct03Break;
  /** Serve `/llm-changes.json` (a feed with no changes); off: 404, so agents read the sitemap. */
  changeFeed?: boolean;
  /** Leave the optional `etag` hints out of the M-Sitemap. */
  withoutHints?: boolean;
}

export interface Tct03Site {
  origin: string;
  /** Requests answered, in order: `METHOD /path`. */
  log: string[];
  /** Changes a document's text (a new `modified`, new bytes, a new ETag). */
  edit(id: string, text: string): void;
  close(): Promise<void>;
}

export function homeAndPages(count: number): AgentDocument[] {
  return [
    {
      id: 'home',
      url: '/',
      title: 'Example',
      body: { format: 'text', value: 'What this site is.' },
    },
    ...Array.from({ length: count }, (_, i) => ({
      id: `page-${i + 1}`,
      url: `/pages/${i + 1}/`,
      title: `Page ${i + 1}`,
      body: { format: 'markdown' as const, value: `The *body* of page ${i + 1}.` },
    })),
  ];
}

interface Built {
  /** M-URL path → its served form. */
  mUrls: Map<string, { resource: ServedResource; entry: SitemapEntry }>;
  /** C-URL path → the M-URL it links. */
  pages: Map<string, string>;
  /** Sitemap path → its served form. */
  sitemaps: Map<string, ServedResource>;
  rootLinks: string[];
}

const MODIFIED = '2026-07-27T10:00:00Z';

/**
 * The Cache-Control and Vary agent-ready sends for a family's responses under a profile: read
 * from the family's header policy, the one place they are decided.
 */
function policyHeaders(family: 'm-url' | 'json-sitemap', profile: TctProfile): ResponseHeaders {
  const form = endpointFamily(family)!.headers.forms.response!;
  return {
    'cache-control': cacheControlOf(form.cacheControl, profile),
    ...(form.vary ? { vary: form.vary } : {}),
  };
}

/** An M-URL served as the M-URL family serves it: its bytes, validators, policy and links. */
function mUrlResource(
  rendered: { body: Buffer; hash: string; contentDigest: string },
  cUrl: string,
  profile: TctProfile,
  lastModified?: Date,
): ServedResource {
  return {
    body: rendered.body,
    etag: `"${rendered.hash}"`,
    contentDigest: rendered.contentDigest,
    ...(lastModified ? { lastModified } : {}),
    contentType: profile.mUrlContentType,
    headers: {
      ...policyHeaders('m-url', profile),
      link: formatLinkHeader(mUrlLinks(cUrl, profile)),
    },
  };
}

/** Bytes as JSON pretty-printed: the same value, not its JCS form (and a matching ETag). */
function prettyPrinted(body: Buffer): Buffer {
  return Buffer.from(JSON.stringify(JSON.parse(body.toString('utf8')), null, 1));
}

/** A resource whose bytes were rewritten, with validators that are true of the new bytes. */
function rewritten(resource: ServedResource, body: Buffer): ServedResource {
  const identity = tctIdentityOf(body);
  return { ...resource, body, etag: identity.etag, contentDigest: identity.contentDigest };
}

function build(
  origin: string,
  documents: AgentDocument[],
  texts: Map<string, { text: string; modified: string }>,
  options: Tct03SiteOptions,
): Built {
  const brk = options.break;
  const mUrls = new Map<string, { resource: ServedResource; entry: SitemapEntry }>();
  const pages = new Map<string, string>();
  const entries: SitemapEntry[] = [];
  for (const source of documents) {
    const edited = texts.get(source.id);
    const doc = prepareDocument(
      edited ? { ...source, body: { format: 'text', value: edited.text } } : source,
      { origin, language: 'en', profile: TCT_03 },
    );
    const modified = edited?.modified ?? MODIFIED;
    const rendered = doc.render(modified);
    let resource = mUrlResource(rendered, doc.cUrl, TCT_03, new Date(modified));
    if (brk === 'm-url-legacy-profile') {
      const value = JSON.parse(rendered.body.toString('utf8'));
      resource = rewritten(resource, buildTctIdentity({ ...value, profile: 'tct-1' }).body);
    }
    if (brk === 'm-url-not-canonical') resource = rewritten(resource, prettyPrinted(rendered.body));
    if (brk === 'm-url-tct-1-headers') resource = mUrlResource(rendered, doc.cUrl, TCT_1);
    if (brk === 'm-url-no-canonical-link')
      resource = {
        ...resource,
        headers: {
          ...resource.headers,
          link: formatLinkHeader([{ href: TCT_03.id, rel: 'profile' }]),
        },
      };
    const hash = resource.etag.slice(1, -1);
    const entry = {
      cUrl: doc.cUrl,
      mUrl: doc.mUrl,
      modified,
      hash: brk === 'm-url-stale-hint' ? `sha256-${'0'.repeat(64)}` : hash,
    };
    mUrls.set(doc.mPath, { resource, entry });
    pages.set(new URL(doc.cUrl).pathname, doc.mUrl);
    entries.push(entry);
  }
  const set = buildSitemaps(entries, {
    origin,
    overviewUrl: `${origin}/`,
    profile: TCT_03,
    ...(options.maxItemsPerShard ? { maxItemsPerShard: options.maxItemsPerShard } : {}),
  });
  const sitemaps = new Map<string, ServedResource>();
  const documentsOfSet = [
    ...set.shards.map((shard) => ({ ...shard, kind: 'shard' as const })),
    ...(set.index ? [{ ...set.index, kind: 'index' as const }] : []),
  ];
  for (const document of documentsOfSet) {
    let resource: ServedResource = {
      body: document.resource.body,
      etag: document.resource.etag,
      contentType: TCT_03.mUrlContentType,
      headers: {
        ...policyHeaders('json-sitemap', TCT_03),
        link: formatLinkHeader(sitemapLinks({}, TCT_03, document.kind)),
      },
    };
    if (document.kind === 'shard') resource = breakShard(resource, brk, options);
    if (document.kind === 'index' && brk === 'index-not-canonical')
      resource = rewritten(resource, prettyPrinted(resource.body as Buffer));
    if (document.kind === 'index' && brk === 'index-stale-hint') {
      const value = JSON.parse(resource.body.toString('utf8'));
      value.sitemaps[0].etag = `sha256-${'0'.repeat(64)}`;
      resource = rewritten(resource, buildTctIdentity(value).body);
    }
    sitemaps.set(document.path, resource);
  }
  const rootLinks = [set.shards[0]!.url, ...(set.index ? [set.index.url] : [])];
  return { mUrls, pages, sitemaps, rootLinks };
}

/** The breaks that are a different M-Sitemap body or different headers. */
function breakShard(
  resource: ServedResource,
  brk: Tct03Break | undefined,
  options: Tct03SiteOptions,
): ServedResource {
  const value = JSON.parse((resource.body as Buffer).toString('utf8'));
  const items = value.items as Record<string, string>[];
  let changed = false;
  if (options.withoutHints) {
    for (const item of items) delete item.etag;
    changed = true;
  }
  if (brk === 'sitemap-version-1') [value.version, changed] = [1, true];
  if (brk === 'sitemap-legacy-profile') [value.profile, changed] = ['tct-1', true];
  if (brk === 'sitemap-duplicate-c-url') {
    items.push({ ...items[1]!, mUrl: `${items[1]!.mUrl}?again` });
    changed = true;
  }
  if (brk === 'sitemap-duplicate-m-url') {
    items.push({ ...items[1]!, cUrl: `${items[1]!.cUrl}again/` });
    changed = true;
  }
  if (brk === 'sitemap-quoted-hint') [items[0]!.etag, changed] = [`"${items[0]!.etag}"`, true];
  let out = changed ? rewritten(resource, buildTctIdentity(value).body) : resource;
  if (brk === 'sitemap-not-json') out = rewritten(out, Buffer.from('{"items": [', 'utf8'));
  if (brk === 'sitemap-not-canonical') out = rewritten(out, prettyPrinted(out.body as Buffer));
  const headers = { ...out.headers };
  if (brk === 'sitemap-content-type-charset')
    out = { ...out, contentType: 'application/json; charset=utf-8' };
  if (brk === 'sitemap-etag-not-body-hash') out = { ...out, etag: `"sha256-${'1'.repeat(64)}"` };
  if (brk === 'sitemap-digest-wrong') out = { ...out, contentDigest: 'sha-256=:AAAA:' };
  if (brk === 'sitemap-no-profile-link') delete headers.link;
  if (brk === 'sitemap-no-vary') delete headers.vary;
  if (brk === 'sitemap-no-transform-missing') headers['cache-control'] = 'public, max-age=0';
  return { ...out, headers };
}

function requestOf(req: IncomingMessage) {
  return { method: req.method ?? 'GET', headers: { ...req.headers } };
}

function write(res: ServerResponse, response: HttpResponse): void {
  res.writeHead(response.status, response.headers);
  res.end(response.body);
}

/** Responses rewritten after core answered: what a misbehaving server or CDN does. */
function afterCore(
  req: IncomingMessage,
  response: HttpResponse,
  kind: 'sitemap' | 'm-url',
  brk: Tct03Break | undefined,
): HttpResponse {
  const gzipAsked = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (kind === 'sitemap') {
    if (brk === 'sitemap-chunked' && response.body) {
      const { 'content-length': _length, ...headers } = response.headers;
      return { ...response, headers };
    }
    if (brk === 'sitemap-304-other-etag' && response.status === 304)
      return { ...response, headers: { ...response.headers, etag: '"sha256-other"' } };
    if (brk === 'sitemap-gzip-when-advertised' && gzipAsked && response.body) {
      const body = gzipSync(response.body);
      return {
        ...response,
        body,
        headers: {
          ...response.headers,
          'content-encoding': 'gzip',
          'content-length': String(body.length),
        },
      };
    }
  }
  if (brk === `${kind}-cdn-weakens-gzip` && gzipAsked && response.body) {
    const body = gzipSync(response.body);
    return {
      ...response,
      body,
      headers: {
        ...response.headers,
        etag: `W/${response.headers.etag}`,
        'content-encoding': 'gzip',
        'content-length': String(body.length),
        'cache-control': 'public, max-age=0',
      },
    };
  }
  if (kind === 'm-url') {
    if (brk === 'm-url-304-other-etag' && response.status === 304)
      return { ...response, headers: { ...response.headers, etag: '"sha256-other"' } };
    if (brk === 'm-url-head-other-etag' && req.method === 'HEAD')
      return { ...response, headers: { ...response.headers, etag: '"sha256-other"' } };
    if (brk === 'm-url-head-404' && req.method === 'HEAD')
      return { status: 404, headers: { 'content-length': '0' } };
  }
  return response;
}

/**
 * A draft -03 site on a real socket: root, M-Sitemap (and, sharded, an M-Sitemap Index), M-URLs,
 * C-URL pages and the optional extensions, every TCT response formed by core's -03 functions.
 */
export async function serveTct03Site(options: Tct03SiteOptions = {}): Promise<Tct03Site> {
  const documents = options.documents ?? homeAndPages(4);
  const brk = options.break;
  const texts = new Map<string, { text: string; modified: string }>();
  const log: string[] = [];
  let edits = 0;
  let built: Built | undefined;
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    log.push(`${req.method} ${pathname}`);
    const site = built!;
    const request = requestOf(req);
    const sitemap = site.sitemaps.get(pathname);
    if (sitemap && brk === 'sitemap-404') return write(res, { status: 404, headers: {} });
    if (sitemap) {
      if (brk === 'sitemap-post-200' && req.method === 'POST')
        return write(res, { status: 200, headers: { 'content-length': '0' } });
      if (brk === 'sitemap-no-406') delete request.headers['accept-encoding'];
      if (brk === 'sitemap-ignores-if-none-match') delete request.headers['if-none-match'];
      return write(
        res,
        afterCore(req, respondWithTctResource(request, sitemap, TCT_03), 'sitemap', brk),
      );
    }
    const mUrl = site.mUrls.get(pathname);
    if (mUrl && brk === 'm-url-404') return write(res, { status: 404, headers: {} });
    if (mUrl) {
      if (brk === 'm-url-ignores-if-none-match') delete request.headers['if-none-match'];
      return write(
        res,
        afterCore(req, respondWithTctResource(request, mUrl.resource, TCT_03), 'm-url', brk),
      );
    }
    if (
      pathname === '/llm-changes.json' &&
      options.changeFeed !== false &&
      brk !== 'no-extensions'
    ) {
      const body = Buffer.from(
        JSON.stringify({ version: 1, next: `0-${edits}`, more: false, changes: [] }),
      );
      return write(res, {
        status: 200,
        headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
        body,
      });
    }
    if (
      ['/llms.txt', '/llm-policy.json', '/llm-stats.json'].includes(pathname) &&
      brk !== 'no-extensions'
    ) {
      const body = Buffer.from(pathname.endsWith('.txt') ? '# Example\n\n> A test site.\n' : '{}');
      return write(res, {
        status: 200,
        headers: {
          'content-type': 'text/plain; charset=utf-8',
          'content-length': String(body.length),
        },
        body,
      });
    }
    const page = site.pages.get(pathname);
    if (page !== undefined) {
      if (pathname === '/' && brk === 'root-500')
        return write(res, { status: 500, headers: { 'content-length': '0' } });
      const links = [
        mUrlAlternateLink(page),
        ...(pathname === '/' && brk !== 'root-no-index-link'
          ? sitemapIndexLinks(site.rootLinks, TCT_03).map((link) =>
              brk === 'root-index-link-with-profile'
                ? { ...link, params: { profile: 'tct-1' } }
                : link,
            )
          : []),
      ];
      const body = Buffer.from(
        `<!doctype html><html><head><title>Page</title></head><body>${pathname}</body></html>`,
      );
      return write(res, {
        status: 200,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'content-length': String(body.length),
          link: formatLinkHeader(links),
        },
        body: req.method === 'HEAD' ? undefined : body,
      });
    }
    write(res, { status: 404, headers: { 'content-length': '0' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const origin = `http://127.0.0.1:${port}`;
  built = build(origin, documents, texts, options);
  return {
    origin,
    log,
    edit(id, text) {
      edits++;
      texts.set(id, { text, modified: `2026-07-28T10:00:0${edits % 10}Z` });
      built = build(origin, documents, texts, options);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
