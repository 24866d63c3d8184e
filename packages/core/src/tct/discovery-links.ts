import type { WebLink } from '../http/link-header';

/** `Link` on the site root: where the sitemap shards are (DECISIONS §1 discovery). */
export function sitemapIndexLinks(shardUrls: readonly string[]): WebLink[] {
  return shardUrls.map((href) => ({ href, rel: 'index', type: 'application/json' }));
}

/** `Link` on a C-URL (and the `<link>` tag in its HTML): the M-URL. */
export function mUrlAlternateLink(mUrl: string): WebLink {
  return { href: mUrl, rel: 'alternate', type: 'application/json' };
}

/** `Link` on an M-URL: back to its C-URL. */
export function canonicalLink(cUrl: string): WebLink {
  return { href: cUrl, rel: 'canonical' };
}

/** `Link` on sitemaps: the policy descriptor. */
export function policyLink(policyUrl: string): WebLink {
  return { href: policyUrl, rel: 'describedby', type: 'application/json' };
}
