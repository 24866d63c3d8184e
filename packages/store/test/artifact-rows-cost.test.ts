import { validateAgentSiteOptions } from '@agent-ready/core/serve';
import { databaseConfig, describeEachDatabase, uniqueTablePrefix } from '@agent-ready/test-support';
import { RegenerationEngine, siteArtifactSettings, type RebuildReport } from '../src';
import { listArtifactMeta, type ArtifactMeta } from '../src/artifacts/read-artifact-rows';
import { swapArtifacts } from '../src/rebuild/artifact-rows';
import { preparedDocument } from './fixtures/prepared-documents';

const DAY = 86_400_000;
/** Small parts, so that a few dozen documents make a site of many files. */
const PART = 10;

/**
 * Issue 33: an install writes the artifact rows of the files a burst changed, not one row per
 * file of the site. The same one-edit burst on a site of 40 documents and on one of 80 (more
 * llms.txt parts, SCP page sitemaps and their index entries) writes the same rows.
 */
describeEachDatabase('artifact rows an install writes', (dialect) => {
  async function oneEditOn(documents: number) {
    let now = Date.UTC(2026, 0, 10, 12);
    const engine = await RegenerationEngine.open({
      database: databaseConfig(dialect),
      tablePrefix: uniqueTablePrefix(),
      ...siteArtifactSettings(
        validateAgentSiteOptions({
          site: { origin: 'https://example.com', name: 'Shop', summary: 'A shop.' },
          sitemap: { maxItemsPerShard: PART },
          llmsTxt: { itemsPerPart: PART, fullAfterChanges: 10, fullIntervalMs: 10 * DAY },
          scp: { snapshotAfterChanges: 10, snapshotIntervalMs: 10 * DAY, deltaPartPages: PART },
          llmindex: { topics: ['tools'] },
        }),
      ),
      rebuild: { automatic: false },
      clock: () => now,
    });
    try {
      const save = (i: number, content: string) =>
        engine.upsert(
          preparedDocument({ key: `d${i}`, path: `/all/d${i}/`, title: `D${i}`, content }),
        );
      for (let i = 1; i <= documents; i++) await save(i, 'first version');
      expect(await engine.rebuildArtifacts()).toBe('rebuilt');
      now += 3 * DAY;
      await save(1, 'warm-up');
      expect(await engine.rebuildArtifacts()).toBe('rebuilt');
      const before = await listArtifactMeta(engine.knex, engine.tables);
      // The burst measured: one document edited, an hour later.
      now += 3_600_000;
      await save(15, 'second version');
      expect(await engine.rebuildArtifacts()).toBe('rebuilt');
      const after = await listArtifactMeta(engine.knex, engine.tables);
      return { report: engine.lastRebuild!, before, after };
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

  it('is the same on a site twice the size: the rows of the files that changed', async () => {
    const small = await oneEditOn(40);
    const big = await oneEditOn(80);
    const written = (r: RebuildReport) => r.artifactRowsWritten;
    expect(big.after.length).toBeGreaterThan(small.after.length);
    expect(written(small.report)).toBe(written(big.report));
    // Exactly the rows that differ afterwards, each written once: far fewer than the files.
    expect(written(small.report)).toBe(changedRows(small.before, small.after));
    expect(written(big.report)).toBe(changedRows(big.before, big.after));
    expect(written(big.report)).toBeLessThan(big.after.length / 2);
  });

  it('writes nothing when the builder lost its lease (the fence)', async () => {
    const engine = await RegenerationEngine.open({
      database: databaseConfig(dialect),
      tablePrefix: uniqueTablePrefix(),
      ...siteArtifactSettings(
        validateAgentSiteOptions({ site: { origin: 'https://example.com', name: 'Shop' } }),
      ),
      rebuild: { automatic: false },
    });
    try {
      await engine.upsert(preparedDocument({ key: 'a', path: '/a/', title: 'A', content: 'a' }));
      expect(await engine.rebuildArtifacts()).toBe('rebuilt');
      const before = await listArtifactMeta(engine.knex, engine.tables);
      const result = await swapArtifacts(engine.knex, engine.tables, [], {
        generation: 1_000,
        snapshotSeq: 1_000,
        configKey: 'another',
        leaseHolder: 'a builder that lost its lease',
      });
      expect(result).toEqual({ outcome: 'fenced', rowsWritten: 0 });
      expect(await listArtifactMeta(engine.knex, engine.tables)).toEqual(before);
    } finally {
      await engine.close();
    }
  });
});
