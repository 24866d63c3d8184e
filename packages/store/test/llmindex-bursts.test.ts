import { validateAgentSiteOptions } from '@agent-ready/core/serve';
import { databaseConfig } from '@agent-ready/test-support';
import { llmindexArtifactBuilder, RegenerationEngine, type DatabaseOption } from '../src';
import { preparedDocument } from './fixtures/prepared-documents';

/** llmindex is made from documents with a role: bursts that touch none of them leave it be. */
describe('llmindex across bursts', () => {
  let engine: RegenerationEngine;

  beforeEach(async () => {
    const options = validateAgentSiteOptions({
      site: { origin: 'https://example.com', name: 'Shop', summary: 'A shop.' },
      llmindex: { topics: ['tools'] },
    });
    engine = await RegenerationEngine.open({
      database: databaseConfig('sqlite') as DatabaseOption,
      builders: [llmindexArtifactBuilder(options)],
      rebuild: { automatic: false },
    });
  });
  afterEach(() => engine.close());

  const saveArticle = (key: string, title: string) =>
    engine.upsert(preparedDocument({ key, path: `/blog/${key}/`, title, content: 'Text.' }));
  const saveProduct = (key: string, title: string) =>
    engine.upsert({
      ...preparedDocument({
        key,
        path: `/products/${key}/`,
        title,
        content: 'A product.',
        section: 'products',
      }),
      llmindex: { role: 'product', data: { price: 10, currency: 'EUR' } },
    });
  const products = async () => (await engine.reader.artifact('/llm/products'))!.body.toString();

  it('keeps its files through a burst of articles, reading no documents', async () => {
    await saveProduct('hammer', 'Hammer');
    await saveArticle('news', 'News');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect(await products()).toContain('Hammer');
    const manifest = (await engine.reader.artifact('/.well-known/llmindex.json'))!.meta.etag;

    await saveArticle('news', 'News, edited');
    await saveArticle('more', 'More news');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    // The two changed rows' ids and roles, and nothing else.
    expect(engine.lastRebuild).toMatchObject({ rewritten: {}, rowsRead: 2 });
    expect((await engine.reader.artifact('/.well-known/llmindex.json'))!.meta.etag).toBe(manifest);
  });

  it('is built again when a product changes or leaves', async () => {
    await saveProduct('hammer', 'Hammer');
    await saveProduct('saw', 'Saw');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');

    await saveProduct('saw', 'Handsaw');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect(await products()).toContain('Handsaw');

    // An unpublished product keeps its role on its row: the burst sees it and drops it.
    await engine.remove('hammer', '', 'unpublished');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect(await products()).not.toContain('Hammer');
    expect(await products()).toContain('Handsaw');
  });
});
