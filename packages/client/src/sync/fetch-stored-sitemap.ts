import type { HttpClient } from '../http/http-client';
import type { SyncState } from './sync-state';

/**
 * GETs a sitemap conditionally against the copy the state keeps (its ETag, else its
 * Last-Modified): the body, fresh (and kept for next time) or the kept one on a 304; or the
 * status that brought neither.
 */
export async function fetchStoredSitemap(
  client: HttpClient,
  state: SyncState,
  url: string,
  accept?: string,
): Promise<{ body: Buffer } | { status: number }> {
  const cached = state.sitemap(url);
  const validator: Record<string, string> = cached?.etag
    ? { 'if-none-match': cached.etag }
    : cached?.lastModified
      ? { 'if-modified-since': cached.lastModified }
      : {};
  const res = await client.request(url, {
    headers: { ...(accept ? { accept } : {}), 'accept-encoding': 'identity', ...validator },
  });
  if (res.status === 304 && cached) return { body: cached.body };
  if (res.status !== 200) return { status: res.status };
  state.putSitemap({
    url,
    etag: res.headers.etag ?? null,
    lastModified: res.headers['last-modified'] ?? null,
    body: res.body,
  });
  return { body: res.body };
}
