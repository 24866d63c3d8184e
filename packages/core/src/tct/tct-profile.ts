/**
 * The wire-format seam (DECISIONS §1 "Later"): everything that differs between TCT profiles is a
 * value here, so a second profile (draft -03) is a new constant, not a fork of the builders.
 */
export interface TctProfile {
  /** `profile` member of M-URL bodies and sitemaps. */
  id: string;
  /** Whether the M-URL body carries its own `hash` member (-00/-01 yes, -03 no). */
  embedsHash: boolean;
  mUrlContentType: string;
  cacheControl: string;
  sitemapVersion: number;
}

/** The -01 profile `tct-1`, written to satisfy -00 at the same time (DECISIONS §1). */
export const TCT_1: TctProfile = {
  id: 'tct-1',
  embedsHash: true,
  mUrlContentType: 'application/json; charset=utf-8',
  cacheControl:
    'public, max-age=0, must-revalidate, stale-while-revalidate=60, stale-if-error=86400, no-transform',
  sitemapVersion: 1,
};

/** The media type of a profile's JSON documents without parameters: the `type` links carry. */
export function profileMediaType(profile: TctProfile): string {
  return profile.mUrlContentType.split(';')[0]!.trim();
}

export const POLICY_PROFILE = 'tct-policy-1';
export const DEFAULT_SITEMAP_PATH = '/llm-sitemap.json';
