import { sha256Hex } from '../../crypto/digest';
import { ValidationError } from '../../errors';
import { DEFAULT_SITEMAP_PATH } from '../../tct/tct-profile';
import { sitemapIndexPath, sitemapShardPath } from '../../tct/build-sitemap';

/**
 * Cache tags (surrogate keys): the names a shared cache files agent responses under, so a purge
 * can name exactly what a change made stale. One derivation for both ends: the headers a
 * response carries and the tags the store enqueues when a commit changes those bytes. Every tag
 * is ASCII `[a-z0-9-]`, at most 128 characters, with no space or comma (every CDN's header
 * syntax and limits hold).
 */

/** A cache tag, as every supported cache accepts it. */
export const CACHE_TAG_PATTERN = /^[a-z0-9-]{1,128}$/;

/** A key prefix (sites sharing one cache): lower-case letters, digits and `-`, up to 32. */
export const CACHE_KEY_PREFIX_PATTERN = /^[a-z0-9][a-z0-9-]{0,31}$/;

/** Every response of the site. */
export const SITE_CACHE_TAG = 'site';

/** Every response of one endpoint family (`m-url`, `change-feed`…). */
export function familyCacheTag(family: string): string {
  return `f-${family.toLowerCase().replace(/[^a-z0-9-]+/g, '-')}`.slice(0, 64);
}

/**
 * One document (its M-URL and Markdown twin, wherever its path moves): its source id and locale,
 * hashed, since ids and locales may hold any character.
 */
export function documentCacheTag(key: string, locale: string): string {
  return `d-${sha256Hex(`${key}\u0000${locale}`).slice(0, 24)}`;
}

/**
 * One response path of a stored or listed resource (a sitemap shard, the sitemap index, an
 * llms.txt part, an SCP collection or delta part, llmindex): a readable slug of the path and a
 * hash of it, so two paths never share a tag.
 */
export function pathCacheTag(path: string): string {
  const slug = path
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return `p-${slug ? `${slug}-` : ''}${sha256Hex(path).slice(0, 12)}`;
}

/** The JSON sitemap shard `shard` (1-based) of a site whose first shard is `firstPath`. */
export function sitemapShardCacheTag(shard: number, firstPath = DEFAULT_SITEMAP_PATH): string {
  return pathCacheTag(sitemapShardPath(firstPath, shard));
}

/** The JSON sitemap's index. */
export function sitemapIndexCacheTag(firstPath = DEFAULT_SITEMAP_PATH): string {
  return pathCacheTag(sitemapIndexPath(firstPath));
}

/** Checks a key prefix; `''` when none. */
export function checkCacheKeyPrefix(prefix: string | undefined): string {
  if (prefix === undefined || prefix === '') return '';
  if (!CACHE_KEY_PREFIX_PATTERN.test(prefix)) {
    throw new ValidationError(
      'serve.edge.key-prefix',
      'a cache key prefix is 1 to 32 of a-z, 0-9 and -, starting with a letter or digit',
      { field: 'keyPrefix', value: prefix },
    );
  }
  return prefix;
}

/** Tags with the site's key prefix (`shop-` + tag), de-duplicated, in the order given. */
export function prefixCacheTags(tags: Iterable<string>, prefix: string | undefined): string[] {
  const p = checkCacheKeyPrefix(prefix);
  return [...new Set([...tags].map((tag) => (p ? `${p}-${tag}` : tag)))];
}

/** The header shared caches read tags from. */
export type CacheTagHeader = 'surrogate-key' | 'cache-tag' | 'edge-cache-tag';

/** Tags as the header's value: space-separated in `Surrogate-Key`, comma-separated otherwise. */
export function formatCacheTags(tags: readonly string[], header: CacheTagHeader): string {
  return tags.join(header === 'surrogate-key' ? ' ' : ',');
}
