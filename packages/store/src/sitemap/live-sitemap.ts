import type { Knex } from 'knex';
import {
  normalizeUri,
  sitemapIndexPath,
  sitemapShardPath,
  SITEMAP_FAMILY,
  validatorsOfHash,
  type SitemapDocument,
} from '@agent-ready/core';
import type { ArtifactMeta } from '../artifacts/read-artifact-rows';
import { composeSitemapIndex, composeSitemapShard, type ComposedShard } from './compose-sitemap';
import { readConsistently } from './read-consistently';
import { readSitemapLayout, type SitemapLayout } from './sitemap-layout';
import {
  readSitemapSettings,
  sitemapDocumentOf,
  sitemapProfileOf,
  type SitemapSettings,
} from './sitemap-settings';
import { readShardVersions, type ShardMemo } from './sitemap-shard-versions';
import type { TableNames } from '../schema/table-names';

/** A sitemap document ready to serve, in the artifact form the endpoints read. */
export interface SitemapArtifact {
  meta: ArtifactMeta;
  body: Buffer;
  /** The content position of the snapshot it was read in. */
  contentSeq: number;
}

/** Composed shards kept per process (about 350 bytes an item): enough for every hot shard. */
const MAX_COMPOSED_SHARDS = 64;

/**
 * Serves the JSON sitemap from the table as it is now (see sitemap-layout): shards composed from
 * their rows and cached per version, the index from the stored shard hashes (composing only the
 * shards a burst changed and the engine has not hashed yet).
 */
export class LiveSitemap {
  private composed = new Map<string, ComposedShard>();
  private settings: { generation: number; value: SitemapSettings | undefined } | undefined;

  constructor(
    private readonly knex: Knex,
    private readonly tables: TableNames,
  ) {}

  /** The stored settings, read again when the layout generation moved. */
  private async settingsAt(generation: number): Promise<SitemapSettings | undefined> {
    if (this.settings?.generation !== generation) {
      this.settings = { generation, value: await readSitemapSettings(this.knex, this.tables) };
    }
    return this.settings.value;
  }

  /** The shard at `version`, from the cache or composed inside the caller's snapshot. */
  private async shardAt(
    trx: Knex.Transaction,
    settings: SitemapSettings,
    layout: SitemapLayout,
    shard: number,
    version: number,
  ): Promise<ComposedShard> {
    const key = `${layout.generation}:${shard}:${version}`;
    let composed = this.composed.get(key);
    if (composed === undefined) {
      composed = await composeSitemapShard(trx, this.tables, settings, layout, shard, version);
      if (this.composed.size >= MAX_COMPOSED_SHARDS) {
        this.composed.delete(this.composed.keys().next().value!);
      }
      this.composed.set(key, composed);
    }
    return composed;
  }

  private view(
    settings: SitemapSettings,
    document: SitemapDocument,
    lastModifiedMs: number,
    contentSeq: number,
    kind: { kind: 'shard'; shard: number; items: number } | { kind: 'index' },
  ): SitemapArtifact {
    const body = document.resource.body;
    return {
      body,
      contentSeq,
      meta: {
        name: document.path,
        family: SITEMAP_FAMILY,
        generation: 0,
        contentEncoding: null,
        etag: document.resource.etag,
        // The same SHA-256 as the hash, in RFC 9530's base64: no second pass over the bytes.
        contentDigest: validatorsOfHash(document.resource.hash).contentDigest,
        lastModified: new Date(lastModifiedMs),
        size: body.length,
        // Core forms the headers at serve time; the policy link follows the table's settings.
        descriptor: {
          family: SITEMAP_FAMILY,
          url: document.url,
          ...(settings.policyUrl ? { policyUrl: settings.policyUrl } : {}),
          // The writer's profile: every process serves the bytes in the form they were composed.
          profile: sitemapProfileOf(settings).name,
          ...kind,
        },
      },
    };
  }

  /** The sitemap document at `path` (a shard or the index), or undefined when it is none. */
  async read(path: string, layoutGeneration: number): Promise<SitemapArtifact | undefined> {
    const settings = await this.settingsAt(layoutGeneration);
    if (!settings) return undefined;
    const wanted = sitemapDocumentOf(settings, path);
    if (!wanted) return undefined;
    return readConsistently(this.knex, async (trx) => {
      const layout = await readSitemapLayout(trx, this.tables);
      if (layout.itemsPerShard === 0) return undefined;
      const { contentSeq } = layout;
      if ('shard' in wanted) {
        const [current] = await readShardVersions(trx, this.tables, wanted.shard);
        if (!current) return undefined;
        const composed = await this.shardAt(trx, settings, layout, current.shard, current.version);
        return this.view(settings, composed.shard, composed.lastModifiedMs, contentSeq, {
          kind: 'shard',
          shard: current.shard,
          items: composed.shard.itemCount,
        });
      }
      const shards = await readShardVersions(trx, this.tables);
      if (shards.length < 2) return undefined;
      const summaries = [];
      let lastModifiedMs = 0;
      for (const { shard, version, memo } of shards) {
        let summary: ShardMemo | undefined = memo?.version === version ? memo : undefined;
        if (!summary) {
          const composed = await this.shardAt(trx, settings, layout, shard, version);
          summary = {
            version,
            etag: composed.shard.resource.hash,
            items: composed.shard.itemCount,
            modifiedMs: composed.lastModifiedMs,
            ...(composed.shard.lastModified !== undefined
              ? { lastModified: composed.shard.lastModified }
              : {}),
          };
        }
        lastModifiedMs = Math.max(lastModifiedMs, summary.modifiedMs);
        summaries.push({
          url: normalizeUri(`${settings.origin}${sitemapShardPath(settings.path, shard)}`),
          etag: summary.etag,
          items: summary.items,
          ...(summary.lastModified !== undefined ? { lastModified: summary.lastModified } : {}),
        });
      }
      const index = composeSitemapIndex(settings, summaries);
      return this.view(settings, index, lastModifiedMs, contentSeq, { kind: 'index' });
    });
  }

  /** Paths of every sitemap document served now: the shards and, when sharded, the index. */
  async paths(layoutGeneration: number): Promise<string[]> {
    const settings = await this.settingsAt(layoutGeneration);
    if (!settings) return [];
    const shards = await readShardVersions(this.knex, this.tables);
    const paths = shards.map(({ shard }) => sitemapShardPath(settings.path, shard));
    if (shards.length >= 2) paths.push(sitemapIndexPath(settings.path));
    return paths;
  }
}
