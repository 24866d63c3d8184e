/**
 * Where each document sits in the JSON sitemap, kept across builds: shards are consecutive
 * ranges of row ids, and a range once full is closed for good. A document keeps its shard
 * through edits, unpublish and republish (its row and id stay), new documents fill the last
 * shard, so one edit changes one shard's bytes and the index, never the others'.
 *
 * A range closes after `maxItems` rows of any state (published, unpublished, tombstone,
 * protected): rows are never dropped from the table, so a closed shard can never grow past its
 * budget when a document in it is published again. The price is sparser shards on sites with
 * many removed or protected documents.
 */
export interface SitemapShardLayout {
  /** Items per shard the layout was made for; another budget starts a new layout. */
  maxItems: number;
  /** Whether shard 1 keeps a slot for the overview item (which goes first in shard 1). */
  overview: boolean;
  /** Highest row id of each closed shard, ascending; rows above the last fill the open shard. */
  closedUpToIds: number[];
}

/** The layout stored with the last build, if it is one (from artifact meta: untrusted shape). */
export function readSitemapShardLayout(
  value: unknown,
  maxItems: number,
  overview: boolean,
): SitemapShardLayout | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const layout = value as Partial<SitemapShardLayout>;
  const ids = layout.closedUpToIds;
  if (layout.maxItems !== maxItems || layout.overview !== overview || !Array.isArray(ids)) {
    return undefined;
  }
  for (let i = 0; i < ids.length; i++) {
    if (!Number.isSafeInteger(ids[i]) || ids[i]! < 0 || (i > 0 && ids[i]! < ids[i - 1]!)) {
      return undefined;
    }
  }
  return { maxItems, overview, closedUpToIds: [...ids] };
}

/**
 * Closes the open shard (and those after it) as rows beyond the last closed range fill it.
 * `ids`: every row id above the layout's last closed id, ascending, whatever the row's state.
 */
export async function extendSitemapShardLayout(
  layout: SitemapShardLayout,
  ids: AsyncIterable<number>,
): Promise<SitemapShardLayout> {
  const closed = [...layout.closedUpToIds];
  const capacity = (shard: number) => layout.maxItems - (shard === 0 && layout.overview ? 1 : 0);
  let previousId = closed.at(-1) ?? 0;
  let inOpenShard = 0;
  for await (const id of ids) {
    while (inOpenShard >= capacity(closed.length)) {
      closed.push(previousId);
      inOpenShard = 0;
    }
    inOpenShard++;
    previousId = id;
  }
  return { ...layout, closedUpToIds: closed };
}

/** The shard (0-based) of a row id: the first closed range that holds it, else the open one. */
export function sitemapShardOf(layout: SitemapShardLayout, id: number): number {
  const ids = layout.closedUpToIds;
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ids[middle]! >= id) high = middle;
    else low = middle + 1;
  }
  return low;
}
