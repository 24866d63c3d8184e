import http from 'node:http';
import type { Request, RequestHandler } from 'express';
import { sha256Hex } from '@agent-ready/core/crypto';
import {
  buildJsonResource,
  parseHttpDate,
  respondWithResource,
  type ServedResource,
} from '@agent-ready/core/http';
import { writeHttpResponse } from '@agent-ready/express';
import { UPSTREAM_HEADER, type TestSite } from './boot-express-site';

export interface Upstream {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** What the adapter itself answers to a plain GET (the corrupting middleware is bypassed). */
export function fetchUpstream(origin: string, path: string): Promise<Upstream> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}${path}`, { headers: { [UPSTREAM_HEADER]: '1' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: Object.fromEntries(
              Object.entries(res.headers).map(([k, v]) => [
                k,
                Array.isArray(v) ? v.join(', ') : String(v),
              ]),
            ),
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

/** The adapter's representation as a ServedResource, to be changed and served again. */
export function resourceOf(up: Upstream): ServedResource {
  const { etag, 'last-modified': lastModified, 'content-type': contentType } = up.headers;
  const headers: Record<string, string> = {};
  for (const name of ['cache-control', 'vary', 'link'])
    if (up.headers[name] !== undefined) headers[name] = up.headers[name]!;
  return {
    body: up.body,
    etag: etag!,
    lastModified: parseHttpDate(lastModified) ?? new Date(0),
    contentType: contentType!,
    headers,
  };
}

/**
 * Serves GET/HEAD of matching paths from a changed copy of what the adapter answers, with core's
 * conditional handling (so 304, HEAD and digests stay consistent with the changed copy). Other
 * methods and paths go to the adapter untouched.
 */
export function rewriteResource(
  site: TestSite,
  match: (path: string) => boolean,
  rewrite: (resource: ServedResource, upstream: Upstream, req: Request) => ServedResource,
): RequestHandler {
  return (req, res, next) => {
    if (!match(req.path) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      next();
      return;
    }
    fetchUpstream(site.origin, req.originalUrl)
      .then(async (up) => {
        if (up.status !== 200) {
          next();
          return;
        }
        const resource = rewrite(resourceOf(up), up, req);
        await writeHttpResponse(
          res,
          respondWithResource({ method: req.method, headers: req.headers }, resource),
        );
      })
      .catch(next);
  };
}

export const isMUrl = (path: string) => path.endsWith('/llm.json');
export const isSitemap = (path: string) => path === '/llm-sitemap.json';

/** A sitemap with its items changed, re-serialized canonically with a fresh strong ETag. */
export function rewriteSitemap(
  site: TestSite,
  change: (items: Record<string, string>[]) => Record<string, string>[],
): RequestHandler {
  return rewriteResource(site, isSitemap, (resource, up) => {
    const doc = JSON.parse(up.body.toString('utf8')) as { items: Record<string, string>[] };
    const json = buildJsonResource({ ...doc, items: change(doc.items) });
    return { ...resource, body: json.body, etag: json.etag };
  });
}

export const fakeHash = (seed: string) => `sha256-${sha256Hex(seed)}`;

/** A fetch-era bug: the `fresh` package refuses 304 when the request says no-cache. */
export const refuse304OnNoCache: RequestHandler = (req, _res, next) => {
  if (isMUrl(req.path) && /no-cache/.test(req.headers['cache-control'] ?? ''))
    delete req.headers['if-none-match'];
  next();
};

/** A server that never revalidates M-URLs by ETag. */
export const ignoreIfNoneMatch: RequestHandler = (req, _res, next) => {
  if (isMUrl(req.path)) delete req.headers['if-none-match'];
  next();
};

/**
 * Changes the body of what the adapter answers to matching requests (any method: MCP's POSTs),
 * as it is written: the answer is held until its end, changed, and sent with its length set
 * again when the headers have not gone yet (a same-length change needs no new length).
 */
export function rewriteBody(
  match: (req: Request) => boolean,
  change: (body: string) => string,
): RequestHandler {
  return (req, res, next) => {
    if (!match(req)) {
      next();
      return;
    }
    const chunks: Buffer[] = [];
    const hold = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(
        typeof chunk === 'string'
          ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
          : Buffer.from(chunk as Uint8Array),
      );
    };
    const end = res.end.bind(res);
    res.write = ((chunk: unknown, encoding?: unknown) => {
      hold(chunk, encoding);
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown, encoding?: unknown) => {
      hold(chunk, encoding);
      const body = Buffer.from(change(Buffer.concat(chunks).toString('utf8')), 'utf8');
      if (!res.headersSent) res.setHeader('content-length', body.length);
      return end(body);
    }) as typeof res.end;
    next();
  };
}
