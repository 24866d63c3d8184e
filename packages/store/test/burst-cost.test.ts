import { validateAgentSiteOptions } from '@agent-ready/core/serve';
import { databaseConfig, describeEachDatabase, uniqueTablePrefix } from '@agent-ready/test-support';
import { RegenerationEngine, siteArtifactSettings, type RebuildReport } from '../src';
import { listArtifactMeta, type ArtifactMeta } from '../src/artifacts/read-artifact-rows';
import { preparedDocument } from './fixtures/prepared-documents';

const DAY = 86_400_000;
/** Small parts, shards and thresholds, so that a few dozen documents make a "big" site. */
const PART = 10;
const EDITED = [3, 15, 27];

/**
 * Issue 18, "writes are O(change)": the same burst on a site of 40 documents and on one of 80
 * reads the same number of rows and writes the same files and bytes, every family built (JSON
 * sitemap, SCP collections and page sitemaps, llms.txt in parts, llms-full.txt, llmindex). The one
 * thing that grows with the site is the index of the SCP page sitemaps (one entry per part, with
 * its lastmod): its growth is the whole difference in bytes. And (issue 33) the install writes
 * the artifact rows of the files the burst changed, as many at both sizes.
 */
describeEachDatabase('what a burst costs at two site sizes', (dialect) => {
  /** `siteAgeMs`: how long before the warm-up burst the site's documents were saved. */
  async function burstOn(documents: number, siteAgeMs = 3 * DAY) {
    let now = Date.UTC(2026, 0, 10, 12);
    const options = validateAgentSiteOptions({
      site: { origin: 'https://example.com', name: 'Shop', summary: 'A shop.' },
      sitemap: { maxItemsPerShard: PART },
      // Whole-site files (llms-full.txt, SCP snapshots) after 10 changes or 10 days: not this burst.
      llmsTxt: { itemsPerPart: PART, fullAfterChanges: 10, fullIntervalMs: 10 * DAY },
      scp: { snapshotAfterChanges: 10, snapshotIntervalMs: 10 * DAY, deltaPartPages: PART },
      llmindex: { topics: ['tools'] },
    });
    const engine = await RegenerationEngine.open({
      database: databaseConfig(dialect),
      tablePrefix: uniqueTablePrefix(),
      ...siteArtifactSettings(options),
      rebuild: { automatic: false },
      clock: () => now,
    });
    try {
      const save = (i: number, content: string, title = `Document ${i}`) => {
        const section = i % 2 === 0 ? 'guides' : 'news';
        return engine.upsert(
          preparedDocument({
            key: `d${i}`,
            path: `/${section}/d${i}/`,
            title,
            content,
            section,
          }),
        );
      };
      // The site: its commits fill each section's first SCP delta part (sealed: it holds more
      // than `deltaPartPages`), of an earlier day or of the same day.
      for (let i = 1; i <= documents; i++) await save(i, 'first version');
      expect(await engine.rebuildArtifacts()).toBe('rebuilt');
      // A first burst: each section gets a new, small delta part after the sealed one.
      now += siteAgeMs;
      await save(1, 'warm-up');
      await save(2, 'warm-up');
      expect(await engine.rebuildArtifacts()).toBe('rebuilt');
      const before = await listArtifactMeta(engine.knex, engine.tables);
      // The burst measured, an hour later: three documents get a new title and text.
      now += 3_600_000;
      for (const i of EDITED) await save(i, 'second version', `Document ${i}, edited`);
      expect(await engine.rebuildArtifacts()).toBe('rebuilt');
      const report = engine.lastRebuild!;
      const pagesIndex = (await engine.reader.artifactMeta('/scp/sitemap-pages.xml'))!.size;
      const after = await listArtifactMeta(engine.knex, engine.tables);
      return { report, pagesIndex, before, after };
    } finally {
      await engine.close();
    }
  }

  /** Rows that are not exactly as they were: changed, new or gone (each one write). */
  const changedRows = (before: ArtifactMeta[], after: ArtifactMeta[]) => {
    const was = new Map(before.map((meta) => [meta.name, JSON.stringify(meta)]));
    const is = new Map(after.map((meta) => [meta.name, JSON.stringify(meta)]));
    const names = new Set([...was.keys(), ...is.keys()]);
    return [...names].filter((name) => was.get(name) !== is.get(name)).length;
  };

  const cost = (report: RebuildReport) => ({
    changes: report.changes,
    rowsRead: report.rowsRead,
    rewritten: report.rewritten,
    failures: report.failures,
  });

  it('is the same on a site twice the size', async () => {
    const small = await burstOn(40);
    const big = await burstOn(80);
    expect(cost(small.report)).toEqual(cost(big.report));
    expect(small.report.changes).toBe(EDITED.length);
    // Every row read, and why: the 3 changed rows, looked up by llms.txt, SCP and llmindex (9);
    // the parts holding ids 3, 15 and 27 (9 + 10 + 10 rows), read by llms.txt and by the page
    // sitemaps (58); the news section's delta of the day, 4 rows (the warm-up's and the 3 edits),
    // read once for both its gzip and its zstd file (4).
    expect(small.report.rowsRead).toBe(9 + 58 + 4);
    expect(big.report.bytesWritten - small.report.bytesWritten).toBe(
      big.pagesIndex - small.pagesIndex,
    );
    // Issue 33: the install writes the artifact rows of the files the burst changed, exactly
    // the rows that differ afterwards, each once: the same number at both sizes (the bigger
    // site has more files), far fewer than the files.
    const written = (r: RebuildReport) => r.artifactRowsWritten;
    expect(big.after.length).toBeGreaterThan(small.after.length);
    expect(written(small.report)).toBe(written(big.report));
    expect(written(small.report)).toBe(changedRows(small.before, small.after));
    expect(written(big.report)).toBe(changedRows(big.before, big.after));
    expect(written(big.report)).toBeLessThan(big.after.length / 2);
  });

  // On SQLite only: which delta parts a burst rewrites is planned in JS (plan-delta-parts.ts), and
  // the rows it then reads, the same queries over other commit times, the case above reads on
  // every database.
  if (dialect !== 'sqlite') return;

  it('is the same when the whole site was saved the same day (an import, a first sync)', async () => {
    // Before delta parts, the day's delta held every page of the import, and every burst of the
    // day rewrote it: 100,000 rows read for one edit at 100,000 documents.
    const small = await burstOn(40, 3_600_000);
    const big = await burstOn(80, 3_600_000);
    expect(cost(small.report)).toEqual(cost(big.report));
    expect(small.report.rowsRead).toBe(9 + 58 + 4);
    expect(big.report.bytesWritten - small.report.bytesWritten).toBe(
      big.pagesIndex - small.pagesIndex,
    );
  });
});
