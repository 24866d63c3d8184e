import { buildSitemaps, contentDigestOf, TCT_1, type SitemapOptions } from '@agent-ready/core';
import type { ArtifactBuilder } from './artifact-builder';
import type { ArtifactInput } from './artifact-rows';

export const SITEMAP_FAMILY = 'tct-sitemap';

/**
 * The JSON sitemap shards (and index, when sharded) from every published public row. Last-Modified
 * is the table's last change, so it moves with every addition, edit and removal.
 */
export function sitemapArtifactBuilder(options: SitemapOptions): ArtifactBuilder {
  return {
    family: SITEMAP_FAMILY,
    settingsKey: JSON.stringify([
      'sitemap',
      1,
      options.origin,
      options.overviewUrl,
      options.maxItemsPerShard,
      options.path,
    ]),
    async build({ rows, lastChangeMs }) {
      const entries = [];
      for await (const row of rows(['c_url', 'm_url', 'modified', 'hash'])) {
        entries.push({
          cUrl: String(row.c_url),
          mUrl: String(row.m_url),
          modified: String(row.modified),
          hash: String(row.hash),
        });
      }
      const set = buildSitemaps(entries, options);
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
        meta,
      });
      const artifacts = set.shards.map((shard) =>
        artifact(shard.path, shard.resource.body, shard.resource.etag, {
          url: shard.url,
          items: shard.itemCount,
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
