import {
  buildSitemapShards,
  contentDigestOf,
  DEFAULT_MAX_SITEMAP_ITEMS,
  DEFAULT_SITEMAP_PATH,
  formatLinkHeader,
  normalizeUri,
  policyLink,
  SITEMAP_FAMILY,
  TCT_1,
  type SitemapEntry,
  type SitemapOptions,
} from '@agent-ready/core';
import type { ArtifactBuilder } from './artifact-builder';
import type { ArtifactInput } from './artifact-rows';
import {
  extendSitemapShardLayout,
  readSitemapShardLayout,
  sitemapShardOf,
} from './assign-sitemap-shards';

export interface SitemapArtifactOptions extends SitemapOptions {
  /** Absolute URL of the policy descriptor, linked from every shard (`rel="describedby"`). */
  policyUrl?: string;
}

/**
 * The JSON sitemap shards (and index, when sharded) from every published public row, with the
 * headers DECISIONS §1 puts on sitemap responses. Documents stay in their shard across builds
 * (the layout is kept in the first shard's meta, see assign-sitemap-shards), so an edit changes
 * one shard and the index. Last-Modified is the table's last change.
 */
export function sitemapArtifactBuilder(options: SitemapArtifactOptions): ArtifactBuilder {
  const headers: Record<string, string> = {
    'cache-control': TCT_1.cacheControl,
    vary: 'Accept-Encoding',
  };
  if (options.policyUrl) headers.link = formatLinkHeader([policyLink(options.policyUrl)]);
  return {
    family: SITEMAP_FAMILY,
    settingsKey: JSON.stringify([
      'sitemap',
      3,
      options.origin,
      options.overviewUrl,
      options.maxItemsPerShard,
      options.path,
      options.policyUrl,
    ]),
    async build({ rows, rowIds, lastChangeMs, installedMeta }) {
      const maxItems = options.maxItemsPerShard ?? DEFAULT_MAX_SITEMAP_ITEMS;
      const firstPath = options.path ?? DEFAULT_SITEMAP_PATH;
      const overviewUrl =
        options.overviewUrl === undefined ? undefined : normalizeUri(options.overviewUrl);
      const overview = overviewUrl !== undefined;
      const previous = readSitemapShardLayout(
        (await installedMeta(firstPath))?.layout,
        maxItems,
        overview,
      ) ?? { maxItems, overview, closedUpToIds: [] };
      const layout = await extendSitemapShardLayout(
        previous,
        rowIds({ afterId: previous.closedUpToIds.at(-1) ?? 0 }),
      );
      const shards: SitemapEntry[][] = Array.from(
        { length: layout.closedUpToIds.length + 1 },
        () => [],
      );
      for await (const row of rows(['c_url', 'm_url', 'modified', 'hash'])) {
        const entry = {
          cUrl: String(row.c_url),
          mUrl: String(row.m_url),
          modified: String(row.modified),
          hash: String(row.hash),
        };
        const home = overviewUrl !== undefined && normalizeUri(entry.cUrl) === overviewUrl;
        shards[home ? 0 : sitemapShardOf(layout, Number(row.id))]!.push(entry);
      }
      const set = buildSitemapShards(shards, options);
      const lastModified = new Date(await lastChangeMs());
      const artifact = (
        name: string,
        body: Buffer,
        etag: string,
        meta: Record<string, unknown>,
      ): ArtifactInput => ({
        name,
        family: SITEMAP_FAMILY,
        contentType: TCT_1.mUrlContentType,
        etag,
        contentDigest: contentDigestOf(body),
        lastModified,
        body,
        meta: { ...meta, headers },
      });
      const artifacts = set.shards.map((shard, index) =>
        artifact(shard.path, shard.resource.body, shard.resource.etag, {
          url: shard.url,
          items: shard.itemCount,
          shard: index + 1,
          ...(index === 0 ? { layout } : {}),
        }),
      );
      if (set.index) {
        artifacts.push(
          artifact(set.index.path, set.index.resource.body, set.index.resource.etag, {
            url: set.index.url,
            index: true,
          }),
        );
      }
      return artifacts;
    },
  };
}
