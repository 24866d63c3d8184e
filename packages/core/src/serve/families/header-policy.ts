import type { ResponseHeaders } from '../../http/served-resource';
import type { TctProfile } from '../../tct/tct-profile';

/**
 * What an endpoint family tells caches and agents about its responses, declared as data in the
 * family's `index.ts` and read by its code, by the docs table (docs/endpoint-families.md) and by
 * the test that holds the table to the code. A family sends no Cache-Control, Vary or
 * Content-Usage of its own making: every one comes from here.
 */

/**
 * Cache-Control for agents and browsers: a value, or the TCT profile's (M-URLs, twins, sitemaps
 * and the policy are framed by the site's TCT profile).
 */
export type CacheControlRule = string | { fromProfile: 'cacheControl' | 'sitemapCacheControl' };

/**
 * Whether the site's AI usage preferences (AIPREF `Content-Usage`, option `usage`) go on the
 * family's responses: `document` (a document's own terms over the site's, term by term), `site`
 * (the site's), or not, and why not.
 */
export type ContentUsageRule =
  { applies: 'document' | 'site' } | { applies: false; because: string };

/** One form of a family's responses (a family with one form has one, `default`). */
export interface HeaderForm {
  /** What the docs table calls it ('' for a family's only form). */
  label: string;
  cacheControl: CacheControlRule;
  /** `Vary`; absent: none. */
  vary?: string;
}

/**
 * What a response may tell shared caches (CDNs, Varnish) beyond Cache-Control: their own
 * lifetimes (`CDN-Cache-Control`, RFC 9213; `Surrogate-Control`) and the cache tags a purge
 * names (`Surrogate-Key`, `Cache-Tag` or `xkey`, by CDN).
 */
export type SharedCacheHeaders = Partial<
  Record<'cdn-cache-control' | 'surrogate-control' | 'surrogate-key' | 'cache-tag' | 'xkey', string>
>;

/** The response a shared-cache policy speaks of: its path on the site. */
export interface SharedCacheSubject {
  path: string;
}

/**
 * The slot for what shared caches are told about a family's responses. Issue #32 fills it
 * (lifetimes and cache tags per response); today every family's yields nothing.
 */
export interface SharedCachePolicy {
  /** What the docs table says of it. */
  summary: string;
  headers(subject: SharedCacheSubject): SharedCacheHeaders;
}

/** Shared caches are told nothing beyond Cache-Control (every family, until #32). */
export const NOTHING_FOR_SHARED_CACHES: SharedCachePolicy = Object.freeze({
  summary: 'nothing beyond Cache-Control (#32)',
  headers: () => ({}),
});

/** A family's header policy: its response forms, Content-Usage, and what shared caches hear. */
export interface HeaderPolicy<Form extends string = string> {
  forms: Readonly<Record<Form, HeaderForm>>;
  contentUsage: ContentUsageRule;
  sharedCache: SharedCachePolicy;
}

/**
 * The policy of a family whose responses all take one form (`response`), telling shared caches
 * nothing beyond Cache-Control (until #32).
 */
export function oneFormPolicy(
  form: Omit<HeaderForm, 'label'>,
  contentUsage: ContentUsageRule,
): HeaderPolicy<'response'> {
  return {
    forms: { response: { label: '', ...form } },
    contentUsage,
    sharedCache: NOTHING_FOR_SHARED_CACHES,
  };
}

/** Listings that change with the content revalidate each time; a strong ETag makes that a 304. */
export const REVALIDATE = 'public, max-age=0, must-revalidate';

/** The Cache-Control a form's rule gives under a TCT profile. */
export function cacheControlOf(rule: CacheControlRule, profile: TctProfile): string {
  return typeof rule === 'string' ? rule : profile[rule.fromProfile];
}

/** `Cache-Control` and `Vary` of a form, in the order every family sends them. */
export function formHeaders(form: HeaderForm, profile: TctProfile): ResponseHeaders {
  const cacheControl = cacheControlOf(form.cacheControl, profile);
  return form.vary
    ? { 'cache-control': cacheControl, vary: form.vary }
    : { 'cache-control': cacheControl };
}
