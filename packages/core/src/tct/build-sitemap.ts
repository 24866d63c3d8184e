import { ValidationError } from '../errors';
import { validatorsOfBytes } from '../http/representation-validators';
import { buildJsonResource, type JsonResource } from '../http/json-resource';
import { assertRfc3339, isRfc3339 } from '../time';
import { normalizeUri } from '../uri';
import {
  DEFAULT_SITEMAP_PATH,
  TCT_1,
  type SitemapIndexEntryFields,
  type SitemapItemFields,
  type TctProfile,
} from './tct-profile';

/**
 * One listed document: C-URL, M-URL, `modified` (RFC 3339) and `hash` (`sha256-<hex>`, the
 * M-URL's ETag unquoted). The profile writes it (tct-1: `contentHash`, `etag`, `modified`; -03:
 * the `etag` and `lastModified` hints).
 */
export type SitemapEntry = SitemapItemFields;

export interface SitemapOptions {
  /** Public origin, e.g. `https://example.com`; shard URLs are built on it. */
  origin: string;
  /** C-URL of the site's stable overview item (home or about), listed first. */
  overviewUrl?: string;
  /**
   * Items per shard before splitting (DECISIONS §1: 50,000 by default; -03 allows at most
   * 10,000 and defaults to that).
   */
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
  /** The newest `modified` of its items; undefined for an empty shard. */
  lastModified: string | undefined;
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

/** C-URLs and M-URLs seen so far in one sitemap (across its shards): each may appear once. */
export interface SitemapUrlRegistry {
  cUrls: Set<string>;
  /** M-URL → the C-URL it serves. */
  mUrls: Map<string, string>;
}

export function newSitemapUrlRegistry(): SitemapUrlRegistry {
  return { cUrls: new Set(), mUrls: new Map() };
}

/**
 * Orders and validates sitemap items: the overview item first, then by C-URL, so the same
 * documents always give the same bytes whatever order the store returned them in. Every
 * C-URL and M-URL appears once (in `registry`, when given: across the shards of one sitemap).
 */
export function orderSitemapEntries(
  entries: Iterable<SitemapEntry>,
  overviewUrl?: string,
  registry: SitemapUrlRegistry = newSitemapUrlRegistry(),
): SitemapEntry[] {
  const ordered: SitemapEntry[] = [];
  let index = -1;
  // Field names are made only for an error: this loop runs for every item of a composed shard.
  const field = (name: string) => `items[${index}].${name}`;
  for (const entry of entries) {
    index++;
    const cUrl = normalizeUri(entry.cUrl);
    const mUrl = normalizeUri(entry.mUrl);
    if (!HASH.test(entry.hash)) {
      throw new ValidationError('sitemap.hash', 'hash must be sha256-<64 lowercase hex>', {
        field: field('hash'),
        value: entry.hash,
      });
    }
    if (!isRfc3339(entry.modified)) assertRfc3339(entry.modified, field('modified'));
    if (registry.cUrls.has(cUrl)) {
      throw new ValidationError('sitemap.duplicate-c-url', `C-URL ${cUrl} is listed twice`, {
        field: field('cUrl'),
        value: cUrl,
      });
    }
    const owner = registry.mUrls.get(mUrl);
    if (owner !== undefined) {
      throw new ValidationError(
        'sitemap.duplicate-m-url',
        `M-URL ${mUrl} serves both ${owner} and ${cUrl}`,
        {
          field: field('mUrl'),
          value: mUrl,
        },
      );
    }
    registry.mUrls.set(mUrl, cUrl);
    registry.cUrls.add(cUrl);
    ordered.push({ ...entry, cUrl, mUrl });
  }
  ordered.sort((a, b) => compareCodeUnits(a.cUrl, b.cUrl));
  if (overviewUrl !== undefined) {
    const first = normalizeUri(overviewUrl);
    const at = ordered.findIndex((entry) => entry.cUrl === first);
    if (at > 0) ordered.unshift(...ordered.splice(at, 1));
  }
  return ordered;
}

function maxItemsOf(options: SitemapOptions): number {
  const cap = (options.profile ?? TCT_1).limits.maxSitemapItems;
  const maxItems = options.maxItemsPerShard ?? Math.min(DEFAULT_MAX_SITEMAP_ITEMS, cap ?? Infinity);
  if (!Number.isInteger(maxItems) || maxItems < 1) {
    throw new ValidationError('sitemap.max-items', 'maxItemsPerShard must be a positive integer', {
      field: 'maxItemsPerShard',
      value: maxItems,
    });
  }
  if (cap !== undefined && maxItems > cap) {
    throw new ValidationError(
      'sitemap.max-items',
      `maxItemsPerShard must be at most ${cap} under ${(options.profile ?? TCT_1).name}`,
      { field: 'maxItemsPerShard', value: maxItems },
    );
  }
  return maxItems;
}

/** Where a sitemap's shards and index live: on the origin, under the first shard's path. */
interface SitemapPlace {
  origin: string;
  firstPath: string;
  profile: TctProfile;
}

function placeOf(options: SitemapOptions): SitemapPlace {
  return {
    origin: normalizeUri(options.origin).replace(/\/$/, ''),
    firstPath: options.path ?? DEFAULT_SITEMAP_PATH,
    profile: options.profile ?? TCT_1,
  };
}

/**
 * A shard's canonical (RFC 8785) bytes. Its objects are built with their members already in JCS
 * order (ASCII names, sorted) and hold only strings and a small integer, which RFC 8785
 * serializes exactly as ECMAScript's JSON.stringify does: so JSON.stringify gives the JCS bytes,
 * several times faster than a general canonicalizer on 2,000 items, which is what one edit
 * costs. A property test holds it equal to canonicalizeJson.
 */
export function sitemapShardJson(entries: readonly SitemapEntry[], profile: TctProfile): string {
  const items = entries.map(profile.sitemapItem);
  return JSON.stringify({
    items,
    profile: profile.sitemapProfile,
    version: profile.sitemapVersion,
  });
}

/** A sitemap document over the profile's byte cap (-03: 16 MiB) is an error, not a response. */
function checkSitemapBytes(body: Buffer, path: string, profile: TctProfile): void {
  const cap = profile.limits.maxSitemapBytes;
  if (cap !== undefined && body.length > cap) {
    throw new ValidationError(
      'sitemap.too-large',
      `sitemap document ${path} is ${body.length} bytes; the ${profile.name} cap is ${cap}`,
      { field: 'maxItemsPerShard', value: body.length, rule: 'maxSitemapBytes' },
    );
  }
}

/** The newest `modified` of a shard's items, as written (undefined for an empty shard). */
function newestModified(entries: readonly SitemapEntry[]): string | undefined {
  let newest: SitemapEntry | undefined;
  let newestMs = -Infinity;
  for (const entry of entries) {
    const ms = Date.parse(entry.modified);
    if (ms > newestMs) [newest, newestMs] = [entry, ms];
  }
  return newest?.modified;
}

function renderShard(entries: readonly SitemapEntry[], number: number, place: SitemapPlace) {
  const path = sitemapShardPath(place.firstPath, number);
  const body = Buffer.from(sitemapShardJson(entries, place.profile), 'utf8');
  checkSitemapBytes(body, path, place.profile);
  const { hash, etag } = validatorsOfBytes(body);
  return {
    path,
    url: normalizeUri(`${place.origin}${path}`),
    itemCount: entries.length,
    lastModified: newestModified(entries),
    resource: { body, hash, etag },
  };
}

/**
 * What the index document says of one shard: URL, hash (its ETag without quotes) and item
 * count; -03 adds `lastModified`, the newest `modified` of its items, when given.
 */
export type SitemapShardSummary = SitemapIndexEntryFields;

/**
 * The index document of a sharded sitemap: every shard's URL and etag (tct-1: and item count;
 * -03: and lastModified), in shard order, under the profile's index profile and version. Small
 * (about 120 bytes a shard) so an agent can tell which shards changed without reading any.
 */
export function buildSitemapIndex(
  shards: readonly SitemapShardSummary[],
  options: SitemapOptions,
): SitemapDocument {
  const place = placeOf(options);
  const path = sitemapIndexPath(place.firstPath);
  const resource = buildJsonResource({
    version: place.profile.sitemapIndexVersion,
    profile: place.profile.sitemapIndexProfile,
    sitemaps: shards.map(place.profile.sitemapIndexEntry),
  });
  checkSitemapBytes(resource.body, path, place.profile);
  return { path, url: normalizeUri(`${place.origin}${path}`), resource };
}

/**
 * One shard (1-based `number`) from its own items, ordered and validated like every shard
 * (overview first in shard 1, then C-URL order): for stores that build each shard on its own,
 * so a change costs one shard, never the whole sitemap.
 */
export function buildSitemapShard(
  entries: Iterable<SitemapEntry>,
  number: number,
  options: SitemapOptions,
): SitemapShard {
  const maxItems = maxItemsOf(options);
  if (!Number.isSafeInteger(number) || number < 1) {
    throw new ValidationError('sitemap.shard-number', 'a shard number is a positive integer', {
      field: 'shard',
      value: number,
    });
  }
  const items = orderSitemapEntries(entries, number === 1 ? options.overviewUrl : undefined);
  if (items.length > maxItems) {
    throw new ValidationError(
      'sitemap.shard-too-large',
      `sitemap shard ${number} holds ${items.length} items, over maxItemsPerShard ${maxItems}`,
      { field: 'maxItemsPerShard', value: maxItems },
    );
  }
  return renderShard(items, number, placeOf(options));
}

/** The shards' resources and, for more than one shard, the index: from ordered, valid items. */
function renderSitemapSet(ordered: readonly SitemapEntry[][], options: SitemapOptions): SitemapSet {
  const place = placeOf(options);
  const shards: SitemapShard[] = ordered.map((entries, at) => renderShard(entries, at + 1, place));
  if (shards.length === 1) return { shards };
  return {
    shards,
    index: buildSitemapIndex(
      shards.map((s) => ({
        url: s.url,
        etag: s.resource.hash,
        items: s.itemCount,
        ...(s.lastModified !== undefined ? { lastModified: s.lastModified } : {}),
      })),
      options,
    ),
  };
}

/**
 * Builds the JSON sitemap (one shard, or several plus an index document past the item budget),
 * each with its canonical bytes and strong ETag. Items are split in C-URL order: fine for a
 * sitemap built once; a site that changes keeps shards put with `buildSitemapShards`.
 */
export function buildSitemaps(
  entries: Iterable<SitemapEntry>,
  options: SitemapOptions,
): SitemapSet {
  const maxItems = maxItemsOf(options);
  const ordered = orderSitemapEntries(entries, options.overviewUrl);
  const shardCount = Math.max(1, Math.ceil(ordered.length / maxItems));
  const shards: SitemapEntry[][] = [];
  for (let shard = 0; shard < shardCount; shard++) {
    shards.push(ordered.slice(shard * maxItems, (shard + 1) * maxItems));
  }
  return renderSitemapSet(shards, options);
}

/**
 * Builds the JSON sitemap from items already assigned to shards (shard 1 first; the overview
 * item belongs in it), so a document that stays in its shard changes that shard's bytes and
 * the index, and nothing else. Within a shard: overview first, then C-URL order. A shard over
 * `maxItemsPerShard` or a C-URL/M-URL listed twice anywhere is an error.
 */
export function buildSitemapShards(
  shards: readonly Iterable<SitemapEntry>[],
  options: SitemapOptions,
): SitemapSet {
  const maxItems = maxItemsOf(options);
  const registry = newSitemapUrlRegistry();
  const ordered = (shards.length === 0 ? [[]] : shards).map((entries, at) => {
    const items = orderSitemapEntries(
      entries,
      at === 0 ? options.overviewUrl : undefined,
      registry,
    );
    if (items.length > maxItems) {
      throw new ValidationError(
        'sitemap.shard-too-large',
        `sitemap shard ${at + 1} holds ${items.length} items, over maxItemsPerShard ${maxItems}`,
        { field: 'maxItemsPerShard', value: maxItems },
      );
    }
    return items;
  });
  return renderSitemapSet(ordered, options);
}
