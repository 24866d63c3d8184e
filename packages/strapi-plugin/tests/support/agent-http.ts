import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import request from 'supertest';

export const TCT_CACHE =
  'public, max-age=0, must-revalidate, stale-while-revalidate=60, stale-if-error=86400, no-transform';

export const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- superagent's parser signature
export const rawBody = (r: any, cb: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  r.on('data', (c: Buffer) => chunks.push(c));
  r.on('end', () => cb(null, Buffer.concat(chunks)));
};

export interface SitemapItem {
  cUrl: string;
  mUrl: string;
  modified: string;
  contentHash: string;
  etag: string;
}

/** GET with the exact body bytes. */
export function getRaw(http: Server, path: string, headers: Record<string, string> = {}) {
  let req = request(http).get(path).buffer(true).parse(rawBody);
  for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
  return req;
}

export async function sitemapItems(http: Server): Promise<SitemapItem[]> {
  const res = await request(http).get('/llm-sitemap.json');
  if (res.status !== 200) throw new Error(`sitemap answered ${res.status}`);
  return (JSON.parse(res.text) as { items: SitemapItem[] }).items;
}

export const pathOf = (url: string) => new URL(url).pathname;

/**
 * The TCT invariant for every listed document: the sitemap's contentHash/etag, the M-URL's
 * strong ETag and the body's `hash` are one value, and that value is the SHA-256 of the body's
 * canonical JSON without `hash` (recomputed here, independently of the server).
 */
export async function expectParity(http: Server): Promise<SitemapItem[]> {
  const items = await sitemapItems(http);
  for (const item of items) {
    expect(item.contentHash).toBe(item.etag);
    const res = await getRaw(http, pathOf(item.mUrl));
    expect(res.status).toBe(200);
    expect(res.headers.etag).toBe(`"${item.etag}"`);
    const body = JSON.parse((res.body as Buffer).toString('utf8')) as Record<string, unknown>;
    const { hash, ...rest } = body;
    expect(hash).toBe(item.etag);
    // The M-URL body is flat (strings only), so sorted-key JSON is its RFC 8785 form.
    const canonical = JSON.stringify(
      Object.fromEntries(Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : 1))),
    );
    expect(`sha256-${sha256(canonical)}`).toBe(hash);
    expect(body.canonical_url).toBe(item.cUrl);
    expect(body.modified).toBe(item.modified);
  }
  return items;
}

/** Page URLs of an SCP collection (the client decodes the gzip transfer coding). */
export async function scpPageUrls(http: Server, path: string): Promise<string[]> {
  const res = await getRaw(http, path, { 'Accept-Encoding': 'gzip' });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
  const lines = (res.body as Buffer).toString('utf8').split('\n').filter(Boolean);
  return lines.slice(1).map((line) => (JSON.parse(line) as { url: string }).url);
}

/** The SCP sitemap's collections: snapshots and deltas, with their paths. */
export async function scpCollections(http: Server): Promise<{
  snapshots: Map<string, string>;
  deltas: { section: string; path: string; generated: string }[];
}> {
  const res = await request(http).get('/scp/sitemap.xml');
  if (res.status !== 200) throw new Error(`SCP sitemap answered ${res.status}`);
  const { parseScpSitemap } = await import('@agent-ready/core/scp');
  const sitemap = parseScpSitemap(res.text);
  return {
    snapshots: new Map(sitemap.collections.map((c) => [c.section, pathOf(c.url)])),
    deltas: sitemap.deltas.map((d) => ({
      section: d.section,
      path: pathOf(d.url),
      generated: String(d.generated),
    })),
  };
}
