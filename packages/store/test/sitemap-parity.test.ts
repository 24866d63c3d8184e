import { sha256Hex, TCT_03, TCT_1, type TctProfile } from '@agent-ready/core';
import { databaseConfig, describeEachDatabase, uniqueTablePrefix } from '@agent-ready/test-support';
import { RegenerationEngine, openStoreReader, type StoreReader } from '../src';
import { preparedDocument } from './fixtures/prepared-documents';

const SHARD_PATHS = ['/llm-sitemap.json', '/llm-sitemap-2.json', '/llm-sitemap-3.json'];
const DOCUMENTS = 12;
const EDITS = 120;

interface Item {
  mUrl: string;
  modified: string;
  etag: string;
}

/** The items of every shard, in the profile's shape (-03 says `lastModified`). */
async function sitemapItems(reader: StoreReader, profile: TctProfile): Promise<Map<string, Item>> {
  const items = new Map<string, Item>();
  for (const path of SHARD_PATHS) {
    const shard = await reader.artifact(path);
    if (!shard) continue;
    const document = JSON.parse(shard.body.toString()) as {
      profile: string;
      version: number;
      items: (Item & { lastModified?: string })[];
    };
    expect([document.profile, document.version]).toEqual([
      profile.sitemapProfile,
      profile.sitemapVersion,
    ]);
    for (const { lastModified, ...item } of document.items)
      items.set(item.mUrl, { ...item, modified: item.modified ?? lastModified! });
  }
  return items;
}

/**
 * Issue 18, "parity at every instant": while a burst of edits commits, a second process reading
 * the sitemap and the M-URLs never finds one behind the other. Read in either order, the later
 * read is never older than the earlier one; and the index lists each shard's current hash.
 */
describeEachDatabase('sitemap and M-URLs during a write burst', (dialect) => {
  // Both profiles on SQLite; on the servers -03 alone, which checks all tct-1 does and more (the
  // index's lastModified, kept with its shard through the burst). What differs between the two
  // is how rows are rendered, not what a read sees of the writes: the same queries, the same
  // transactions.
  it.each(dialect === 'sqlite' ? [TCT_1, TCT_03] : [TCT_03])(
    'never disagree, read in either order, and the index names each shard as served ($name)',
    async (profile) => {
      const database = databaseConfig(dialect);
      const tablePrefix = uniqueTablePrefix();
      const engine = await RegenerationEngine.open({
        database,
        tablePrefix,
        // Small shards: three of them, and an index. No rebuild runs: the sitemap needs none.
        sitemap: { origin: 'https://example.com', maxItemsPerShard: 5, profile: profile.name },
        rebuild: { automatic: false },
      });
      // The default trust window (250 ms): what a read-only front-end process runs with.
      const other = await openStoreReader(database, { tablePrefix });
      const reader = other.reader;
      try {
        const save = (i: number, content: string) =>
          engine.upsert(
            preparedDocument({ key: `d${i}`, path: `/d${i}/`, title: `D${i}`, content, profile }),
          );
        for (let i = 0; i < DOCUMENTS; i++) await save(i, 'first');

        let writing = true;
        const writer = (async () => {
          try {
            for (let edit = 0; edit < EDITS; edit++) {
              await save(edit % DOCUMENTS, `edit ${edit}`);
              // SQLite's writes never leave the event loop's turn: give the reader its turns.
              await new Promise((resolve) => setImmediate(resolve));
            }
          } finally {
            writing = false;
          }
        })();

        const mUrlPath = (mUrl: string) => new URL(mUrl).pathname;
        let comparisons = 0;
        let indexChecks = 0;
        let rounds = 0;
        // Until the writes are done, and at least until the index could be checked once.
        while (writing || indexChecks === 0) {
          if (writing) rounds++;
          // M-URLs first, then the sitemap: the sitemap must not be older than what was served.
          const served = new Map<string, string>();
          for (let i = 0; i < DOCUMENTS; i++) {
            const row = await reader.findMUrl(`/d${i}/llm.json`);
            if (row?.state === 'published') served.set(row.mUrl, row.modified);
          }
          const listed = await sitemapItems(reader, profile);
          for (const [mUrl, modified] of served) {
            const item = listed.get(mUrl);
            expect(item).toBeDefined();
            expect(item!.modified >= modified).toBe(true);
            comparisons++;
          }
          // The sitemap first, then the M-URLs: no M-URL may be older than its listing.
          for (const item of listed.values()) {
            const row = await reader.findMUrl(mUrlPath(item.mUrl));
            expect(row!.modified >= item.modified).toBe(true);
            if (row!.modified === item.modified) expect(row!.hash).toBe(item.etag);
            comparisons++;
          }
          // The index, a shard, the index again: unchanged index, so the shard is as it lists it.
          const before = await reader.artifact('/llm-sitemap-index.json');
          const shard = await reader.artifact('/llm-sitemap-2.json');
          const after = await reader.artifact('/llm-sitemap-index.json');
          if (before && shard && after && before.meta.etag === after.meta.etag) {
            const index = JSON.parse(before.body.toString()) as {
              profile: string;
              sitemaps: { url: string; etag: string; lastModified?: string }[];
            };
            expect(index.profile).toBe(profile.sitemapIndexProfile);
            const entry = index.sitemaps.find(
              (e) => e.url === 'https://example.com/llm-sitemap-2.json',
            );
            expect(`"${entry!.etag}"`).toBe(shard.meta.etag);
            // -03: the shard's newest item, as the shard lists it.
            if (profile === TCT_03) {
              const newest = (
                JSON.parse(shard.body.toString()).items as { lastModified: string }[]
              ).reduce((a, item) => (item.lastModified > a ? item.lastModified : a), '');
              expect(entry!.lastModified).toBe(newest);
            }
            indexChecks++;
          }
          // Reads the trust window answers from memory never yield: let the writer's I/O in, as
          // a second process would run beside it (without this, the burst crawls on PostgreSQL).
          await new Promise((resolve) => setImmediate(resolve));
        }
        await writer;
        // The loop ran while writes committed (not after they had all landed).
        expect(rounds).toBeGreaterThan(0);
        expect(comparisons).toBeGreaterThan(DOCUMENTS);

        // Quiet again: every listing equals what its M-URL serves.
        const final = await sitemapItems(reader, profile);
        expect(final.size).toBe(DOCUMENTS);
        for (const item of final.values()) {
          const row = (await reader.findMUrl(mUrlPath(item.mUrl)))!;
          expect(row.hash).toBe(item.etag);
          expect(row.profile).toBe(profile.name);
          // -03: the hint is the SHA-256 of the whole body, the M-URL's own ETag.
          if (profile === TCT_03) expect(item.etag).toBe(`sha256-${sha256Hex(row.body!)}`);
        }
      } finally {
        await other.close();
        await engine.close();
      }
    },
  );
});
