import { validateAgentSiteOptions } from '@agent-ready/core/serve';
import { databaseConfig, describeEachDatabase, uniqueTablePrefix } from '@agent-ready/test-support';
import { RegenerationEngine, siteArtifactSettings } from '../src';
import { listArtifactMeta } from '../src/artifacts/read-artifact-rows';
import { swapArtifacts } from '../src/rebuild/artifact-rows';
import { preparedDocument } from './fixtures/prepared-documents';

/**
 * Issue 33: an install writes the artifact rows of the files a burst changed, not one row per
 * file of the site: burst-cost.test.ts counts them for a burst of three edits on a site of 40 documents
 * and on one of 80 (more llms.txt parts, SCP page sitemaps and their index entries), on every
 * database, with the rows it reads. Here: a builder that lost its lease writes none.
 */
describeEachDatabase('artifact rows an install writes', (dialect) => {
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
