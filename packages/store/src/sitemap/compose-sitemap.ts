import type { Knex } from 'knex';
import {
  buildSitemapIndex,
  buildSitemapShard,
  type SitemapDocument,
  type SitemapEntry,
  type SitemapShard,
  type SitemapShardSummary,
} from '@agent-ready/core';
import type { SitemapLayout } from './sitemap-layout';
import { sitemapProfileOf, type SitemapSettings } from './sitemap-settings';
import type { TableNames } from '../schema/table-names';

/** A shard as composed from its rows at `version`. */
export interface ComposedShard {
  shard: SitemapShard;
  version: number;
  /** Newest `modified` of its rows, whatever their state (removals stamp it too). */
  lastModifiedMs: number;
  /** Rows read to compose it (the cost of a change, counted by tests and the bench). */
  rowsRead: number;
}

const SHARD_COLUMNS = [
  'id',
  'state',
  'visibility',
  'c_url',
  'm_url',
  'modified',
  'modified_ms',
  'hash',
] as const;

/**
 * Composes shard `shard` from its rows. Run it inside one read transaction with the version read
 * (`readConsistently`), so the bytes are those of that version exactly.
 */
export async function composeSitemapShard(
  knex: Knex | Knex.Transaction,
  t: TableNames,
  settings: SitemapSettings,
  layout: SitemapLayout,
  shard: number,
  version: number,
): Promise<ComposedShard> {
  const n = layout.itemsPerShard;
  const { overviewId } = layout;
  let query = knex(t.documents)
    .whereBetween('id', [(shard - 1) * n, shard * n - 1])
    .select(SHARD_COLUMNS);
  // The overview row is listed in shard 1, wherever its id falls.
  if (overviewId > 0) query = query.whereNot('id', overviewId);
  const rows: Record<string, unknown>[] = await query;
  if (shard === 1 && overviewId > 0) {
    const overview = await knex(t.documents).where({ id: overviewId }).first(SHARD_COLUMNS);
    if (overview) rows.push(overview as Record<string, unknown>);
  }
  let lastModifiedMs = 0;
  let overviewUrl: string | undefined;
  const entries: SitemapEntry[] = [];
  for (const row of rows) {
    lastModifiedMs = Math.max(lastModifiedMs, Number(row.modified_ms));
    if (row.state !== 'published' || row.visibility !== 'public' || !row.hash) continue;
    if (Number(row.id) === overviewId) overviewUrl = String(row.c_url);
    entries.push({
      cUrl: String(row.c_url),
      mUrl: String(row.m_url),
      modified: String(row.modified),
      hash: String(row.hash),
    });
  }
  return {
    shard: buildSitemapShard(entries, shard, {
      origin: settings.origin,
      path: settings.path,
      profile: sitemapProfileOf(settings),
      maxItemsPerShard: n,
      ...(overviewUrl !== undefined ? { overviewUrl } : {}),
    }),
    version,
    lastModifiedMs,
    rowsRead: rows.length,
  };
}

/** The index document of a sharded sitemap (shard summaries in shard order), in its profile. */
export function composeSitemapIndex(
  settings: SitemapSettings,
  shards: readonly SitemapShardSummary[],
): SitemapDocument {
  return buildSitemapIndex(shards, {
    origin: settings.origin,
    path: settings.path,
    profile: sitemapProfileOf(settings),
  });
}
