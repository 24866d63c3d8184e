import type { ResponseHeaders } from '../../http/served-resource';
import type { TctProfile } from '../../tct/tct-profile';
import {
  familyCacheTag,
  formatCacheTags,
  prefixCacheTags,
  SITE_CACHE_TAG,
  type CacheTagHeader,
} from '../edge/cache-tags';

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
 * lifetimes (`Surrogate-Control`; `CDN-Cache-Control`, RFC 9213) and the cache tags a purge
 * names (`Surrogate-Key`, `Cache-Tag` or `Edge-Cache-Tag`, by CDN).
 */
export type SharedCacheHeaders = Partial<
  Record<
    'cdn-cache-control' | 'surrogate-control' | 'surrogate-key' | 'cache-tag' | 'edge-cache-tag',
    string
  >
>;

/**
 * A site's shared-cache settings (the `edge` option, resolved), given to the endpoints only when
 * a purger is configured: long shared lifetimes are safe only where purges keep them right.
 */
export interface EdgeHeaderSettings {
  /** Seconds a shared cache may keep a purgeable response (`Surrogate-Control`, `CDN-Cache-Control`). */
  sharedMaxAge: number;
  /** Where the cache tags go. */
  tagHeader: CacheTagHeader;
  /** Prepended to every tag (`<prefix>-<tag>`): sites sharing one cache. */
  keyPrefix?: string;
}

/** The response a shared-cache policy speaks of: its path, and the document it shows, if one. */
export interface SharedCacheSubject {
  path: string;
  /** The document (source id and locale) an M-URL or twin shows. */
  document?: { key: string; locale: string };
}

/** What shared caches are told about a family's responses (the `edge` option turns it on). */
export interface SharedCachePolicy {
  /** What the docs table says of it. */
  summary: string;
  /** Whether shared caches may keep the family's responses until purged (else: tags only). */
  keepUntilPurged: boolean;
  /** A response's cache tags, without the site's and the family's (added to every response). */
  tags(subject: SharedCacheSubject): string[];
  /** The family's name (its family tag). */
  family: string;
}

/** A family whose responses shared caches may keep until a purge names one of their tags. */
export function keptUntilPurged(
  family: string,
  summary: string,
  tags: (subject: SharedCacheSubject) => string[] = () => [],
): SharedCachePolicy {
  return Object.freeze({ family, summary, keepUntilPurged: true, tags });
}

/** A family whose responses are tagged but never kept beyond Cache-Control (no purge follows them). */
export function taggedOnly(family: string, summary: string): SharedCachePolicy {
  return Object.freeze({ family, summary, keepUntilPurged: false, tags: () => [] });
}

/**
 * The shared-cache headers of a response: none without edge settings (no purger: a site
 * behaves as it always did); else its tags (site, family, its own), and, where the family may be
 * kept until purged, the shared lifetime in both targeted fields.
 */
export function sharedCacheHeaders(
  policy: SharedCachePolicy,
  subject: SharedCacheSubject,
  edge: EdgeHeaderSettings | undefined,
): SharedCacheHeaders {
  if (!edge) return {};
  const tags = prefixCacheTags(
    [SITE_CACHE_TAG, familyCacheTag(policy.family), ...policy.tags(subject)],
    edge.keyPrefix,
  );
  const headers: SharedCacheHeaders = { [edge.tagHeader]: formatCacheTags(tags, edge.tagHeader) };
  if (policy.keepUntilPurged) {
    const lifetime = `max-age=${edge.sharedMaxAge}`;
    headers['surrogate-control'] = lifetime;
    headers['cdn-cache-control'] = lifetime;
  }
  return headers;
}

/** A family's header policy: its response forms, Content-Usage, and what shared caches hear. */
export interface HeaderPolicy<Form extends string = string> {
  forms: Readonly<Record<Form, HeaderForm>>;
  contentUsage: ContentUsageRule;
  sharedCache: SharedCachePolicy;
}

/** The policy of a family whose responses all take one form (`response`). */
export function oneFormPolicy(
  form: Omit<HeaderForm, 'label'>,
  contentUsage: ContentUsageRule,
  sharedCache: SharedCachePolicy,
): HeaderPolicy<'response'> {
  return { forms: { response: { label: '', ...form } }, contentUsage, sharedCache };
}

/**
 * On every agent response, whatever its family or status: agents and browsers take the
 * Content-Type as sent. llms.txt, robots.txt and the Markdown twins carry text from settings and
 * entries as `text/plain`/`text/markdown`; sniffed as HTML, that text would become markup.
 */
export const NO_SNIFF: ResponseHeaders = Object.freeze({ 'x-content-type-options': 'nosniff' });

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
