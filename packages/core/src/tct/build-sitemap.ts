import { ValidationError } from '../errors';
import { buildJsonResource, type JsonResource } from '../http/json-resource';
import { assertRfc3339 } from '../time';
import { normalizeUri } from '../uri';
import { DEFAULT_SITEMAP_PATH, TCT_1, type TctProfile } from './tct-profile';

export interface SitemapEntry {
  cUrl: string;
  mUrl: string;
  /** RFC 3339 date-time. */
  modified: string;
  /** `sha256-<hex>`: the M-URL's hash. */
  hash: string;
}

export interface SitemapOptions {
  /** Public origin, e.g. `https://example.com`; shard URLs are built on it. */
  origin: string;
  /** C-URL of the site's stable overview item (home or about), listed first. */
  overviewUrl?: string;
  /** Items per shard before splitting (DECISIONS §1: 50,000 by default). */
  maxItemsPerShard?: number;
  /** Path of the first shard; later shards insert `-2`, `-3`… before the extension. */
  path?: string;
  profile?: TctProfile;
}

export interface SitemapDocument {
  path: string;
  url: string;
  resource: JsonResource;
}

export interface SitemapShard extends SitemapDocument {
  itemCount: number;
}

export interface SitemapSet {
  shards: SitemapShard[];
  /** Present only when the items needed more than one shard. */
  index?: SitemapDocument;
}

export const DEFAULT_MAX_SITEMAP_ITEMS = 50_000;
const HASH = /^sha256-[0-9a-f]{64}$/;

export function sitemapShardPath(firstPath: string, shardNumber: number): string {
  if (shardNumber === 1) return firstPath;
  const dot = firstPath.lastIndexOf('.');
  const slash = firstPath.lastIndexOf('/');
  return dot > slash
    ? `${firstPath.slice(0, dot)}-${shardNumber}${firstPath.slice(dot)}`
    : `${firstPath}-${shardNumber}`;
}

export function sitemapIndexPath(firstPath: string): string {
  return sitemapShardPath(firstPath, 1).replace(/(\.[^./]*)?$/, '-index$1');
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Orders and validates sitemap items: the overview item first, then by C-URL, so the same
 * documents always give the same bytes whatever order the store returned them in. Every
 * C-URL and M-URL appears once.
 */
export function orderSitemapEntries(
  entries: Iterable<SitemapEntry>,
  overviewUrl?: string,
): SitemapEntry[] {
  const byCUrl = new Map<string, SitemapEntry>();
  const mUrls = new Map<string, string>();
  let index = 0;
  for (const entry of entries) {
    const field = `items[${index++}]`;
    const cUrl = normalizeUri(entry.cUrl);
    const mUrl = normalizeUri(entry.mUrl);
    if (!HASH.test(entry.hash)) {
      throw new ValidationError('sitemap.hash', 'hash must be sha256-<64 lowercase hex>', {
        field: `${field}.hash`,
        value: entry.hash,
      });
    }
    assertRfc3339(entry.modified, `${field}.modified`);
    if (byCUrl.has(cUrl)) {
      throw new ValidationError('sitemap.duplicate-c-url', `C-URL ${cUrl} is listed twice`, {
        field: `${field}.cUrl`,
        value: cUrl,
      });
    }
    const owner = mUrls.get(mUrl);
    if (owner !== undefined) {
      throw new ValidationError(
        'sitemap.duplicate-m-url',
        `M-URL ${mUrl} serves both ${owner} and ${cUrl}`,
        {
          field: `${field}.mUrl`,
          value: mUrl,
        },
      );
    }
    mUrls.set(mUrl, cUrl);
    byCUrl.set(cUrl, { ...entry, cUrl, mUrl });
  }
  const ordered = [...byCUrl.values()].sort((a, b) => compareCodeUnits(a.cUrl, b.cUrl));
  if (overviewUrl !== undefined) {
    const first = normalizeUri(overviewUrl);
    const at = ordered.findIndex((entry) => entry.cUrl === first);
    if (at > 0) ordered.unshift(...ordered.splice(at, 1));
  }
  return ordered;
}

function sitemapItem(entry: SitemapEntry) {
  // contentHash is draft -00's name, etag is -01's: both carry the same value (DECISIONS §1).
  return {
    cUrl: entry.cUrl,
    mUrl: entry.mUrl,
    modified: entry.modified,
    contentHash: entry.hash,
    etag: entry.hash,
  };
}

/**
 * Builds the JSON sitemap (one shard, or several plus an index document past the item budget),
 * each with its canonical bytes and strong ETag.
 */
export function buildSitemaps(
  entries: Iterable<SitemapEntry>,
  options: SitemapOptions,
): SitemapSet {
  const profile = options.profile ?? TCT_1;
  const maxItems = options.maxItemsPerShard ?? DEFAULT_MAX_SITEMAP_ITEMS;
  if (!Number.isInteger(maxItems) || maxItems < 1) {
    throw new ValidationError('sitemap.max-items', 'maxItemsPerShard must be a positive integer', {
      field: 'maxItemsPerShard',
      value: maxItems,
    });
  }
  const origin = normalizeUri(options.origin).replace(/\/$/, '');
  const firstPath = options.path ?? DEFAULT_SITEMAP_PATH;
  const ordered = orderSitemapEntries(entries, options.overviewUrl);
  const shardCount = Math.max(1, Math.ceil(ordered.length / maxItems));
  const shards: SitemapShard[] = [];
  for (let shard = 1; shard <= shardCount; shard++) {
    const items = ordered.slice((shard - 1) * maxItems, shard * maxItems).map(sitemapItem);
    const path = sitemapShardPath(firstPath, shard);
    shards.push({
      path,
      url: normalizeUri(`${origin}${path}`),
      itemCount: items.length,
      resource: buildJsonResource({ version: profile.sitemapVersion, profile: profile.id, items }),
    });
  }
  if (shards.length === 1) return { shards };
  const indexPath = sitemapIndexPath(firstPath);
  return {
    shards,
    index: {
      path: indexPath,
      url: normalizeUri(`${origin}${indexPath}`),
      resource: buildJsonResource({
        version: profile.sitemapVersion,
        profile: profile.id,
        sitemaps: shards.map((s) => ({ url: s.url, etag: s.resource.hash, items: s.itemCount })),
      }),
    },
  };
}
