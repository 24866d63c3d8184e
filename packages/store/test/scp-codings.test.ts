import { gunzipSync } from 'node:zlib';
import { parseScpSitemap } from '@agent-ready/core/scp';
import { validateAgentSiteOptions } from '@agent-ready/core/serve';
import { databaseConfig } from '@agent-ready/test-support';
import { RegenerationEngine, scpArtifactBuilder, type DatabaseOption } from '../src';
import { preparedDocument } from './fixtures/prepared-documents';

/**
 * SCP collections are stored gzip and zstd where the process has zstd (Node 22.15+, or the
 * optional zstd-napi package), gzip only where it has not: a publisher never needs a native
 * module to serve SCP.
 */
describe.each([
  ['with zstd', true],
  ['without zstd', false],
])('SCP collections %s', (_name, zstd) => {
  let engine: RegenerationEngine;

  beforeEach(async () => {
    const options = validateAgentSiteOptions({
      site: { origin: 'https://example.com', name: 'Example' },
    });
    engine = await RegenerationEngine.open({
      database: databaseConfig('sqlite') as DatabaseOption,
      builders: [scpArtifactBuilder(options, { zstd })],
      rebuild: { automatic: false },
    });
  });
  afterEach(() => engine.close());

  it(`stores gzip${zstd ? ' and zstd' : ' only'} and says so in sitemap.xml`, async () => {
    await engine.upsert(preparedDocument({ key: 'a', path: '/a/', title: 'A', content: 'Text.' }));
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    const snapshot = (await engine.reader.artifact('/scp/all-snapshot.scp'))!;
    expect(gunzipSync(snapshot.body).toString()).toContain('"url":"https://example.com/a/"');
    const zstdBytes = await engine.reader.artifact('/scp/all-snapshot.scp?encoding=zstd');
    expect(zstdBytes?.meta.contentEncoding).toBe(zstd ? 'zstd' : undefined);
    const sitemap = (await engine.reader.artifact('/scp/sitemap.xml'))!.body.toString();
    expect(sitemap).toContain(`<scp:compression>${zstd ? 'zstd,gzip' : 'gzip'}</scp:compression>`);
    expect(parseScpSitemap(sitemap).collections.map((c) => c.url)).toEqual([
      'https://example.com/scp/all-snapshot.scp',
    ]);
  });
});
