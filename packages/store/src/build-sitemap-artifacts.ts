import {
  buildSitemaps,
  contentDigestOf,
  formatLinkHeader,
  policyLink,
  SITEMAP_FAMILY,
  TCT_1,
  type SitemapOptions,
} from '@agent-ready/core';
import type { ArtifactBuilder } from './artifact-builder';
import type { ArtifactInput } from './artifact-rows';

export interface SitemapArtifactOptions extends SitemapOptions {
  /** Absolute URL of the policy descriptor, linked from every shard (`rel="describedby"`). */
  policyUrl?: string;
}

/**
 * The JSON sitemap shards (and index, when sharded) from every published public row, with the
 * headers DECISIONS §1 puts on sitemap responses. Last-Modified is the table's last change, so it
 * moves with every addition, edit and removal.
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
      2,
      options.origin,
      options.overviewUrl,
      options.maxItemsPerShard,
      options.path,
      options.policyUrl,
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
        meta: { ...meta, headers },
      });
      const artifacts = set.shards.map((shard, index) =>
        artifact(shard.path, shard.resource.body, shard.resource.etag, {
          url: shard.url,
          items: shard.itemCount,
          shard: index + 1,
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
