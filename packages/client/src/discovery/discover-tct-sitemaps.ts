import type { HttpClient } from '../http/http-client';
import { headerLinks, htmlLinks, selectLinks } from './find-links';

/**
 * The TCT sitemap shards of an origin, found as DECISIONS §1 says an agent finds them: GET the
 * root (same-origin redirects followed) and read its rel="index" type="application/json"
 * links (the Link field; the HTML <link> tags when the field has none). No path is guessed.
 */
export async function discoverTctSitemaps(client: HttpClient, origin: string): Promise<string[]> {
  const root = await client.request(`${origin}/`, {
    headers: { accept: 'text/html,*/*;q=0.8', 'accept-encoding': 'identity' },
  });
  if (root.status < 200 || root.status > 299) return [];
  const fromHeader = selectLinks(headerLinks(root), 'index', 'application/json');
  const links =
    fromHeader.length > 0 ? fromHeader : selectLinks(htmlLinks(root), 'index', 'application/json');
  return [...new Set(links.map((link) => link.href))];
}
