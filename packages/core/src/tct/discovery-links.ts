import type { WebLink } from '../http/link-header';
import { profileMediaType, TCT_1, type TctProfile } from './tct-profile';

/**
 * `Link` on the site root: where the sitemap documents are (DECISIONS §1 discovery), in the
 * profile's form (both: `rel="index"; type="application/json"`, no `profile=`).
 */
export function sitemapIndexLinks(
  shardUrls: readonly string[],
  profile: TctProfile = TCT_1,
): WebLink[] {
  return shardUrls.map(profile.sitemapDiscoveryLink);
}

/** `Link` to the profile a response is in (-03: `rel="profile"` on M-URLs and sitemaps). */
export function profileLink(profileUri: string): WebLink {
  return { href: profileUri, rel: 'profile' };
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
 * A JSON sitemap document's links (a shard or the index), formed at serve time: -03's document
 * profile (`rel="profile"`: the M-Sitemap or the M-Sitemap Index profile), the policy descriptor
 * and the change feed where the site has them, and on a shard of a sharded site the index that
 * lists every shard (`rel="index"`, as the site root links it).
 */
export function sitemapLinks(
  links: { policyUrl?: string; changeFeed?: WebLink; indexUrl?: string },
  profile: TctProfile = TCT_1,
  document: 'shard' | 'index' = 'shard',
): WebLink[] {
  return [
    ...(profile.linksProfile
      ? [profileLink(document === 'index' ? profile.sitemapIndexProfile : profile.sitemapProfile)]
      : []),
    ...(links.policyUrl ? [policyLink(links.policyUrl, profile)] : []),
    ...(links.changeFeed ? [links.changeFeed] : []),
    ...(links.indexUrl && document === 'shard'
      ? [profile.sitemapDiscoveryLink(links.indexUrl)]
      : []),
  ];
}

/**
 * The links an M-URL sends: to its C-URL (`rel="canonical"`) and, under -03, to its profile
 * (`rel="profile"`), then any further links (policy, terms).
 */
export function mUrlLinks(
  cUrl: string,
  profile: TctProfile = TCT_1,
  links: readonly WebLink[] = [],
): WebLink[] {
  return [
    canonicalLink(cUrl),
    ...(profile.linksProfile ? [profileLink(profile.id)] : []),
    ...links,
  ];
}
