import { ValidationError } from '../errors';
import type { WebLink } from '../http/link-header';
import type { JsonLimits } from '../json/check-json-limits';

/**
 * The wire-format seam (DECISIONS §1 "Later"): everything that differs between TCT profiles is a
 * value here (data, or a small function where the shape differs), so the second profile, draft
 * -03, is a constant, not a fork of the builders, readers or headers.
 */
export type TctProfileName = 'tct-1' | 'tct-03';

/** One item of a sitemap as the builders know it, whatever the profile writes of it. */
export interface SitemapItemFields {
  cUrl: string;
  mUrl: string;
  /** RFC 3339 date-time. */
  modified: string;
  /** `sha256-<hex>`: the M-URL's ETag without quotes. */
  hash: string;
}

/** One shard as an index document lists it. */
export interface SitemapIndexEntryFields {
  url: string;
  /** The shard's own hash (its ETag without quotes). */
  etag: string;
  items: number;
  /** RFC 3339: the newest `modified` of the shard's items, when the caller knows it. */
  lastModified?: string;
}

export interface TctLimits {
  /**
   * Largest M-URL body, in bytes, the profile allows anyone to serve or an agent to accept; none
   * for tct-1, where the publisher's `maxDocumentBytes` (5 MiB by default) is the only cap.
   */
  maxIdentityBytes?: number;
  /**
   * Items in one sitemap document (a shard) the profile allows; none for tct-1, whose 50,000
   * (`DEFAULT_MAX_SITEMAP_ITEMS`, the sitemaps.org limit) is a default the caller may change.
   */
  maxSitemapItems?: number;
  /** Largest sitemap document (a shard or the index), in bytes; none for tct-1. */
  maxSitemapBytes?: number;
  /**
   * Largest source body of one document, in UTF-8 bytes, as the reference caps it. Ours never
   * reaches it: the content parsers stop at 1,000,000 characters (3 MB at most).
   */
  maxSourceBytes?: number;
  /** The shape limits every JSON document of the profile stays within; none when absent. */
  json?: JsonLimits;
}

export interface TctProfile {
  name: TctProfileName;
  /** `profile` member of M-URL bodies (and the `rel="profile"` target of M-URL responses). */
  id: string;
  /** `profile` member of sitemap documents (shards). */
  sitemapProfile: string;
  /** `profile` member of the index of a sharded sitemap. */
  sitemapIndexProfile: string;
  sitemapVersion: number;
  sitemapIndexVersion: number;
  /** Whether the M-URL body carries its own `hash` member (-00/-01 yes, -03 no). */
  embedsHash: boolean;
  /** Name of the M-URL member carrying the last modification (-01 `modified`, -03 `lastModified`). */
  modifiedMember: 'modified' | 'lastModified';
  /** `content_media_type` of M-URL bodies, when the profile has the member. */
  contentMediaType?: string;
  /** Content-Type of M-URL and sitemap responses. */
  mUrlContentType: string;
  /** Cache-Control of M-URL responses. */
  cacheControl: string;
  /** Cache-Control of sitemap documents (shards and the index). */
  sitemapCacheControl: string;
  /** Whether M-URL and sitemap responses link their profile URI with `rel="profile"`. */
  linksProfile: boolean;
  /**
   * Whether a request whose Accept-Encoding forbids identity gets 406. Where false, it gets the
   * identity bytes anyway (RFC 9110 §12.5.3 allows either).
   */
  refusesForbiddenIdentity: boolean;
  limits: TctLimits;
  /** A sitemap item's JSON members, already in JCS order (ASCII names, sorted). */
  sitemapItem(item: SitemapItemFields): Record<string, string>;
  /** An index entry's JSON members, already in JCS order. */
  sitemapIndexEntry(entry: SitemapIndexEntryFields): Record<string, string | number>;
  /** The site root's discovery link to a sitemap document (a shard or the index). */
  sitemapDiscoveryLink(href: string): WebLink;
}

/** The -01 profile `tct-1`, written to satisfy -00 at the same time (DECISIONS §1). */
export const TCT_1: TctProfile = {
  name: 'tct-1',
  id: 'tct-1',
  sitemapProfile: 'tct-1',
  sitemapIndexProfile: 'tct-1',
  sitemapVersion: 1,
  sitemapIndexVersion: 1,
  embedsHash: true,
  modifiedMember: 'modified',
  mUrlContentType: 'application/json; charset=utf-8',
  cacheControl:
    'public, max-age=0, must-revalidate, stale-while-revalidate=60, stale-if-error=86400, no-transform',
  sitemapCacheControl:
    'public, max-age=0, must-revalidate, stale-while-revalidate=60, stale-if-error=86400, no-transform',
  linksProfile: false,
  refusesForbiddenIdentity: false,
  limits: {},
  sitemapItem: (item) => ({
    cUrl: item.cUrl,
    // contentHash is draft -00's name, etag is -01's: both carry the same value (DECISIONS §1).
    contentHash: item.hash,
    etag: item.hash,
    mUrl: item.mUrl,
    modified: item.modified,
  }),
  sitemapIndexEntry: (entry) => ({ etag: entry.etag, items: entry.items, url: entry.url }),
  sitemapDiscoveryLink: (href) => ({ href, rel: 'index', type: 'application/json' }),
};

const DRAFT_03 = 'https://www.ietf.org/archive/id/draft-jurkovikj-collab-tunnel-03.html';

/** Draft -03's profile URIs (docs/protocols.md#tct-03). */
export const TCT_03_M_URL_PROFILE = `${DRAFT_03}#tct-m-url-profile`;
export const TCT_03_M_SITEMAP_PROFILE = `${DRAFT_03}#tct-m-sitemap-profile`;
export const TCT_03_M_SITEMAP_INDEX_PROFILE = `${DRAFT_03}#tct-m-sitemap-index-profile`;

/**
 * Draft -03's caps, as its reference publisher sets them: the JSON shape limits, the largest
 * identity body, the largest document source, the items of one M-Sitemap and the largest
 * M-Sitemap document.
 */
export const TCT_03_LIMITS: TctLimits = Object.freeze({
  maxIdentityBytes: 16_777_216,
  maxSitemapItems: 10_000,
  maxSitemapBytes: 16_777_216,
  maxSourceBytes: 8_388_608,
  json: Object.freeze({
    maxDepth: 64,
    maxNodes: 100_000,
    maxKeyBytes: 16_384,
    maxStringBytes: 4_194_304,
  }),
});

/**
 * Draft -03 (docs/protocols.md#tct-03): full-URI profiles, no `hash` member (the ETag is the
 * SHA-256 of the exact body), `lastModified` and `content_media_type`, sitemap version 2 with
 * optional `etag`/`lastModified` hints, `Content-Type: application/json` without charset,
 * `Link rel="profile"`, and 406 when identity is forbidden.
 */
export const TCT_03: TctProfile = {
  name: 'tct-03',
  id: TCT_03_M_URL_PROFILE,
  sitemapProfile: TCT_03_M_SITEMAP_PROFILE,
  sitemapIndexProfile: TCT_03_M_SITEMAP_INDEX_PROFILE,
  sitemapVersion: 2,
  sitemapIndexVersion: 1,
  embedsHash: false,
  modifiedMember: 'lastModified',
  contentMediaType: 'text/plain; charset=utf-8',
  mUrlContentType: 'application/json',
  cacheControl:
    'public, max-age=0, must-revalidate, stale-while-revalidate=60, stale-if-error=86400, no-transform',
  // The reference caches its M-Sitemap 300 s; ours agrees with the M-URLs at every commit, and a
  // cached sitemap would hand agents hints older than the documents: revalidate like an M-URL.
  sitemapCacheControl:
    'public, max-age=0, must-revalidate, stale-while-revalidate=60, stale-if-error=86400, no-transform',
  linksProfile: true,
  refusesForbiddenIdentity: true,
  limits: TCT_03_LIMITS,
  sitemapItem: (item) => ({
    cUrl: item.cUrl,
    etag: item.hash,
    lastModified: item.modified,
    mUrl: item.mUrl,
  }),
  sitemapIndexEntry: (entry) => ({
    etag: entry.etag,
    ...(entry.lastModified !== undefined ? { lastModified: entry.lastModified } : {}),
    url: entry.url,
  }),
  // -03 removed the `profile="tct-1"` parameter from the root's index link.
  sitemapDiscoveryLink: (href) => ({ href, rel: 'index', type: 'application/json' }),
};

export const TCT_PROFILES: Readonly<Record<TctProfileName, TctProfile>> = Object.freeze({
  'tct-1': TCT_1,
  'tct-03': TCT_03,
});

export function isTctProfileName(value: unknown): value is TctProfileName {
  return value === 'tct-1' || value === 'tct-03';
}

/** The profile of a name (`'tct-1' | 'tct-03'`); a typed error for anything else. */
export function tctProfile(name: string): TctProfile {
  if (!isTctProfileName(name)) {
    throw new ValidationError('tct.profile', `unknown TCT profile ${JSON.stringify(name)}`, {
      field: 'tct.profile',
      value: name,
      rule: "'tct-1' | 'tct-03'",
    });
  }
  return TCT_PROFILES[name];
}

/**
 * The profile something was rendered in, by the name stored with it: `site` itself when the
 * names agree (or none is stored), so a site's own profile value is kept.
 */
export function profileNamed(
  name: TctProfileName | null | undefined,
  site: TctProfile,
): TctProfile {
  return name && name !== site.name ? TCT_PROFILES[name] : site;
}

/** The profile whose M-URL, sitemap or index `profile` member is `value`, if any. */
export function tctProfileOfMember(value: unknown): TctProfile | undefined {
  if (typeof value !== 'string') return undefined;
  return Object.values(TCT_PROFILES).find(
    (p) => p.id === value || p.sitemapProfile === value || p.sitemapIndexProfile === value,
  );
}

/** The media type of a profile's JSON documents without parameters: the `type` links carry. */
export function profileMediaType(profile: TctProfile): string {
  return profile.mUrlContentType.split(';')[0]!.trim();
}

export const POLICY_PROFILE = 'tct-policy-1';
export const DEFAULT_SITEMAP_PATH = '/llm-sitemap.json';
