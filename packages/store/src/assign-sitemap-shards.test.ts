import {
  extendSitemapShardLayout,
  readSitemapShardLayout,
  sitemapShardOf,
  type SitemapShardLayout,
} from './assign-sitemap-shards';

async function* idsOf(ids: number[]) {
  yield* ids;
}

describe('sitemap shard layout', () => {
  const fresh = (maxItems: number, overview: boolean): SitemapShardLayout => ({
    maxItems,
    overview,
    closedUpToIds: [],
  });

  it('closes a shard once it holds maxItems rows, keeping a slot in shard 1 for the overview', async () => {
    const layout = await extendSitemapShardLayout(fresh(3, true), idsOf([1, 2, 4, 7, 8, 9, 10]));
    // Shard 1: ids 1-2 (+ the overview); shard 2: 4, 7, 8; shard 3 (open): 9, 10.
    expect(layout.closedUpToIds).toEqual([2, 8]);
    expect([1, 2, 4, 8, 9, 10, 500].map((id) => sitemapShardOf(layout, id))).toEqual([
      0, 0, 1, 1, 2, 2, 2,
    ]);
    // Later rows (every id above the last closed one is read again) only ever extend the open
    // shard: closed ranges never move.
    const later = await extendSitemapShardLayout(layout, idsOf([9, 10, 11, 12]));
    expect(later.closedUpToIds).toEqual([2, 8, 11]);
  });

  it('gives the overview item shard 1 alone when shards hold one item', async () => {
    const layout = await extendSitemapShardLayout(fresh(1, true), idsOf([5, 6]));
    expect(layout.closedUpToIds).toEqual([0, 5]);
    expect(sitemapShardOf(layout, 5)).toBe(1);
    expect(sitemapShardOf(layout, 6)).toBe(2);
  });

  it('keeps a stored layout only when it is well formed and made for the same budget', () => {
    const stored = { maxItems: 3, overview: true, closedUpToIds: [2, 8] };
    expect(readSitemapShardLayout(stored, 3, true)).toEqual(stored);
    expect(readSitemapShardLayout(stored, 4, true)).toBeUndefined();
    expect(readSitemapShardLayout(stored, 3, false)).toBeUndefined();
    for (const closedUpToIds of [[8, 2], [1.5], [-1], 'x', [Number.MAX_VALUE]]) {
      expect(readSitemapShardLayout({ ...stored, closedUpToIds }, 3, true)).toBeUndefined();
    }
    expect(readSitemapShardLayout(null, 3, true)).toBeUndefined();
  });
});
