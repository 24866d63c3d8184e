import { XMLParser } from 'fast-xml-parser';
import { parseScpSitemap } from '@agent-ready/core/scp';
import { validateAgentSiteOptions } from '@agent-ready/core/serve';
import { databaseConfig } from '@agent-ready/test-support';
import { RegenerationEngine, scpArtifactBuilder, type DatabaseOption } from '../src';
import { preparedDocument } from './fixtures/prepared-documents';

const xml = new XMLParser({ isArray: (name: string) => ['url', 'sitemap'].includes(name) });

/** The SCP sitemap.xml of a site bigger than one part: its pages move to page sitemaps by part. */
describe('SCP page sitemaps', () => {
  let engine: RegenerationEngine;

  beforeEach(async () => {
    const options = validateAgentSiteOptions({
      site: { origin: 'https://example.com', name: 'Example' },
      sitemap: { maxItemsPerShard: 4 },
    });
    engine = await RegenerationEngine.open({
      database: databaseConfig('sqlite') as DatabaseOption,
      builders: [scpArtifactBuilder(options)],
      rebuild: { automatic: false },
    });
  });
  afterEach(() => engine.close());

  const save = (key: string, title = key.toUpperCase()) =>
    engine.upsert(preparedDocument({ key, path: `/${key}/`, title, content: `${key} text` }));
  const text = async (path: string) => (await engine.reader.artifact(path))?.body.toString();
  const locs = async (path: string) =>
    (xml.parse((await text(path))!).urlset.url as { loc: string }[]).map((u) => u.loc);

  it('lists the pages in sitemap.xml while the site fits one part', async () => {
    for (const key of ['a', 'b', 'c']) await save(key);
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect(parseScpSitemap((await text('/scp/sitemap.xml'))!).urls.map((u) => u.loc)).toEqual([
      'https://example.com/a/',
      'https://example.com/b/',
      'https://example.com/c/',
    ]);
    expect(await text('/scp/sitemap-pages.xml')).toBeUndefined();
  });

  it('then in page sitemaps by part under an index; a burst rewrites the part it touched', async () => {
    const keys = 'abcdefghij'.split('');
    for (const key of keys) await save(key);
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    // sitemap.xml keeps its collections and names only the home page.
    const sitemap = parseScpSitemap((await text('/scp/sitemap.xml'))!);
    expect(sitemap.urls.map((u) => u.loc)).toEqual(['https://example.com/']);
    expect(sitemap.collections.map((c) => c.section)).toEqual(['all']);
    const index = xml.parse((await text('/scp/sitemap-pages.xml'))!);
    expect((index.sitemapindex.sitemap as { loc: string }[]).map((s) => s.loc)).toEqual([
      'https://example.com/scp/sitemap-pages-1.xml',
      'https://example.com/scp/sitemap-pages-2.xml',
      'https://example.com/scp/sitemap-pages-3.xml',
    ]);
    const all = [
      ...(await locs('/scp/sitemap-pages-1.xml')),
      ...(await locs('/scp/sitemap-pages-2.xml')),
      ...(await locs('/scp/sitemap-pages-3.xml')),
    ];
    expect(all).toEqual(keys.map((key) => `https://example.com/${key}/`));
    const untouched = [
      await text('/scp/sitemap-pages-1.xml'),
      await text('/scp/sitemap-pages-3.xml'),
    ];

    await save('e', 'Echo');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    // Of the page sitemaps, part 2 (ids 4-7) and the index (its lastmod) were rewritten.
    expect([
      await text('/scp/sitemap-pages-1.xml'),
      await text('/scp/sitemap-pages-3.xml'),
    ]).toEqual(untouched);
    expect(await locs('/scp/sitemap-pages-2.xml')).toContain('https://example.com/e/');

    // A page unpublished leaves its part.
    await engine.remove('i', '', 'unpublished');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect(await locs('/scp/sitemap-pages-3.xml')).toEqual([
      'https://example.com/h/',
      'https://example.com/j/',
    ]);
  });
});
