import { formatLinkHeader, type WebLink } from '../http/link-header';
import { TCT_1, type TctProfile } from './tct-profile';

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

/**
 * A JSON sitemap document's headers (a shard or the index), formed at serve time: the profile's
 * revalidating Cache-Control (with `no-transform`: sitemap bytes are identity, DECISIONS §1),
 * and `Link`s to the policy descriptor and the change feed where the site has them.
 */
export function sitemapHeaders(
  links: { policyUrl?: string; changeFeed?: WebLink },
  profile: TctProfile = TCT_1,
): Record<string, string> {
  const webLinks = [
    ...(links.policyUrl ? [policyLink(links.policyUrl)] : []),
    ...(links.changeFeed ? [links.changeFeed] : []),
  ];
  return {
    'cache-control': profile.cacheControl,
    vary: 'Accept-Encoding',
    ...(webLinks.length > 0 ? { link: formatLinkHeader(webLinks) } : {}),
  };
}
