import type { Knex } from 'knex';
import { readSitemapLayout, sitemapShardOfId } from './sitemap-layout';
import type { TableNames } from '../schema/table-names';

/**
 * Each shard's version: moved by every write to one of its rows, in the write's transaction, so
 * a reader composing a shard at its version reads exactly the rows of that commit. Beside it,
 * the memo of the shard as last composed (hash, items, Last-Modified) for the sitemap index.
 */

async function moveShardVersion(
  trx: Knex.Transaction,
  t: TableNames,
  shard: number,
  version: number,
): Promise<void> {
  const updated = await trx(t.sitemapShards).where({ shard }).update({ version });
  if (updated === 0) await trx(t.sitemapShards).insert({ shard, version });
}

/**
 * Inside a write's transaction (the content sequence locked): moves the version of the shard
 * that holds row `rowId`, and of shard 1 when the row is (or becomes) the overview item.
 * `isOverview`: the row is now the published, public overview document. Returns the shards moved.
 */
export async function touchSitemapShard(
  trx: Knex.Transaction,
  t: TableNames,
  rowId: number,
  changeSeq: number,
  isOverview: boolean,
): Promise<ReadonlySet<number>> {
  const layout = await readSitemapLayout(trx, t);
  if (layout.itemsPerShard === 0) return new Set();
  const shards = new Set([sitemapShardOfId(rowId, layout.itemsPerShard)]);
  if (rowId === layout.overviewId) shards.add(1);
  if (isOverview && rowId !== layout.overviewId) {
    // A new overview document: it moves to shard 1, the previous one back to its own shard.
    if (layout.overviewId > 0)
      shards.add(sitemapShardOfId(layout.overviewId, layout.itemsPerShard));
    shards.add(1);
    await trx(t.state).where({ name: 'sitemap_overview_id' }).update({ value: rowId });
  }
  for (const shard of shards) await moveShardVersion(trx, t, shard, changeSeq);
  return shards;
}

/**
 * Inside a batch write's transaction (the content sequence locked): moves the version of every
 * shard holding one of the written rows to the change sequence of the newest write in it, as
 * one `touchSitemapShard` per row would have. Rows that become the overview are not for this.
 * Returns the shards moved.
 */
export async function touchSitemapShards(
  trx: Knex.Transaction,
  t: TableNames,
  writes: readonly { rowId: number; changeSeq: number }[],
): Promise<ReadonlySet<number>> {
  if (writes.length === 0) return new Set();
  const layout = await readSitemapLayout(trx, t);
  if (layout.itemsPerShard === 0) return new Set();
  const versions = new Map<number, number>();
  const move = (shard: number, seq: number) =>
    versions.set(shard, Math.max(seq, versions.get(shard) ?? 0));
  for (const { rowId, changeSeq } of writes) {
    move(sitemapShardOfId(rowId, layout.itemsPerShard), changeSeq);
    if (rowId === layout.overviewId) move(1, changeSeq);
  }
  for (const [shard, version] of versions) await moveShardVersion(trx, t, shard, version);
  return new Set(versions.keys());
}

export interface ShardVersion {
  shard: number;
  version: number;
  memo?: ShardMemo;
}

/** What the engine stored of a shard as last composed: enough for its index entry. */
export interface ShardMemo {
  version: number;
  etag: string;
  items: number;
  modifiedMs: number;
  /** The newest `modified` of its items as written (the -03 index hint); none when empty. */
  lastModified?: string;
}

export async function readShardVersions(
  knex: Knex | Knex.Transaction,
  t: TableNames,
  shard?: number,
): Promise<ShardVersion[]> {
  let query = knex(t.sitemapShards)
    .select(
      'shard',
      'version',
      'memo_version',
      'memo_etag',
      'memo_items',
      'memo_modified_ms',
      'memo_last_modified',
    )
    .orderBy('shard');
  if (shard !== undefined) query = query.where({ shard });
  const rows: Record<string, unknown>[] = await query;
  return rows.map((row) => ({
    shard: Number(row.shard),
    version: Number(row.version),
    ...(row.memo_version !== null && row.memo_version !== undefined && row.memo_etag
      ? {
          memo: {
            version: Number(row.memo_version),
            etag: String(row.memo_etag),
            items: Number(row.memo_items),
            modifiedMs: Number(row.memo_modified_ms),
            ...(row.memo_last_modified ? { lastModified: String(row.memo_last_modified) } : {}),
          },
        }
      : {}),
  }));
}
