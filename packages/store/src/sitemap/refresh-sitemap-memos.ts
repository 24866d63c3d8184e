import type { Knex } from 'knex';
import { composeSitemapShard } from './compose-sitemap';
import { readConsistently } from './read-consistently';
import { readSitemapLayout } from './sitemap-layout';
import { readSitemapSettings } from './sitemap-settings';
import { readShardVersions } from './sitemap-shard-versions';
import type { TableNames } from '../schema/table-names';

/**
 * The engine's part after a burst: composes the shards whose memo is behind their version and
 * stores hash, items and Last-Modified, so an index read costs one small row per shard. Each
 * shard is composed in its own snapshot and stored only if no write moved it meanwhile.
 * Returns the rows read (what the burst cost).
 */
export async function refreshSitemapMemos(
  knex: Knex,
  t: TableNames,
): Promise<{ rowsRead: number; shards: number }> {
  const settings = await readSitemapSettings(knex, t);
  if (!settings) return { rowsRead: 0, shards: 0 };
  const stale: { shard: unknown }[] = await knex(t.sitemapShards)
    .whereNull('memo_version')
    .orWhere('memo_version', '<>', knex.ref('version'))
    .orderBy('shard')
    .select('shard');
  let rowsRead = 0;
  let shards = 0;
  for (const row of stale) {
    const shard = Number(row.shard);
    const composed = await readConsistently(knex, async (trx) => {
      const layout = await readSitemapLayout(trx, t);
      const [current] = await readShardVersions(trx, t, shard);
      if (!current || layout.itemsPerShard === 0) return undefined;
      return composeSitemapShard(trx, t, settings, layout, shard, current.version);
    });
    if (!composed) continue;
    rowsRead += composed.rowsRead;
    shards++;
    await knex(t.sitemapShards)
      .where({ shard, version: composed.version })
      .update({
        memo_version: composed.version,
        memo_etag: composed.shard.resource.hash,
        memo_items: composed.shard.itemCount,
        memo_modified_ms: composed.lastModifiedMs,
        memo_last_modified: composed.shard.lastModified ?? null,
      });
  }
  return { rowsRead, shards };
}
