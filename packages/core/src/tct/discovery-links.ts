import { formatLinkHeader, type WebLink } from '../http/link-header';
import { profileMediaType, TCT_1, type TctProfile } from './tct-profile';

/** `Link` on the site root: where the sitemap shards are (DECISIONS §1 discovery). */
export function sitemapIndexLinks(
  shardUrls: readonly string[],
  profile: TctProfile = TCT_1,
): WebLink[] {
  const type = profileMediaType(profile);
  return shardUrls.map((href) => ({ href, rel: 'index', type }));
}

/** `Link` on a C-URL (and the `<link>` tag in its HTML): the M-URL. */
export function mUrlAlternateLink(mUrl: string, profile: TctProfile = TCT_1): WebLink {
  return { href: mUrl, rel: 'alternate', type: profileMediaType(profile) };
}

/** `Link` on an M-URL: back to its C-URL. */
export function canonicalLink(cUrl: string): WebLink {
  return { href: cUrl, rel: 'canonical' };
}

/** `Link` on sitemaps: the policy descriptor. */
export function policyLink(policyUrl: string, profile: TctProfile = TCT_1): WebLink {
  return { href: policyUrl, rel: 'describedby', type: profileMediaType(profile) };
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
    ...(links.policyUrl ? [policyLink(links.policyUrl, profile)] : []),
    ...(links.changeFeed ? [links.changeFeed] : []),
  ];
  return {
    'cache-control': profile.cacheControl,
    vary: 'Accept-Encoding',
    ...(webLinks.length > 0 ? { link: formatLinkHeader(webLinks) } : {}),
  };
}
