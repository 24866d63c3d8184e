import { createHash } from 'node:crypto';
import { generateLlmsFullTxt, markdownTwinUrl } from '@agent-ready/core/llmstxt';
import { validateAgentSiteOptions } from '@agent-ready/core/serve';
import { databaseConfig } from '@agent-ready/test-support';
import { llmsTxtArtifactBuilder, RegenerationEngine, type DatabaseOption } from '../src';
import { preparedDocument } from './fixtures/prepared-documents';

describe('llms-full.txt, streamed to a file', () => {
  let engine: RegenerationEngine;

  afterEach(() => engine.close());

  it('is byte for byte the text generateLlmsFullTxt makes, with its own ETag and digest', async () => {
    const options = validateAgentSiteOptions({
      site: { origin: 'https://example.com', name: 'Example', summary: 'A site.' },
    });
    engine = await RegenerationEngine.open({
      database: databaseConfig('sqlite') as DatabaseOption,
      builders: [llmsTxtArtifactBuilder(options)],
      rebuild: { automatic: false },
    });
    const docs = [
      { key: 'a', path: '/a/', title: 'Alpha', content: 'First.\r\n\r\n  ' },
      { key: 'b', path: '/b/', title: 'Beta', content: 'Ünïcödé 漢字 🚀', section: 'news' },
      { key: 'c', path: '/c/', title: 'Gamma', content: '' },
    ];
    for (const doc of docs) await engine.upsert(preparedDocument(doc));
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect(engine.lastRebuild?.failures).toEqual([]);

    const stored = (await engine.reader.artifact('/llms-full.txt'))!;
    const expected = generateLlmsFullTxt({
      site: { name: 'Example', summary: 'A site.', baseUrl: 'https://example.com/' },
      pages: docs.map((doc) => ({
        title: doc.title,
        url: `https://example.com${doc.path}`,
        markdownUrl: markdownTwinUrl(`https://example.com${doc.path}`),
        section: doc.section ?? 'all',
        markdown: `# ${doc.title}\n\n${doc.content}\n`,
      })),
    }).text;
    expect(stored.body.toString('utf8')).toBe(expected);
    const digest = createHash('sha256').update(stored.body).digest();
    expect(stored.meta.etag).toBe(`"sha256-${digest.toString('hex')}"`);
    expect(stored.meta.contentDigest).toBe(`sha-256=:${digest.toString('base64')}:`);
  });

  it('is kept through bursts until enough documents changed, then built again', async () => {
    const options = validateAgentSiteOptions({
      site: { origin: 'https://example.com', name: 'Example', summary: 'A site.' },
      llmsTxt: { fullAfterChanges: 2 },
    });
    engine = await RegenerationEngine.open({
      database: databaseConfig('sqlite') as DatabaseOption,
      builders: [llmsTxtArtifactBuilder(options)],
      rebuild: { automatic: false },
    });
    const save = (key: string, title: string) =>
      engine.upsert(preparedDocument({ key, path: `/${key}/`, title, content: `${key} text` }));
    for (const key of ['a', 'b', 'c']) await save(key, key.toUpperCase());
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    const full = async () => (await engine.reader.artifact('/llms-full.txt'))!.body.toString();
    const list = async () => (await engine.reader.artifact('/llms.txt'))!.body.toString();
    const first = await full();

    // One change, three documents (more than the threshold of 2): llms.txt follows at once,
    // llms-full.txt is kept as it was.
    await save('a', 'Alpha');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect(await list()).toContain('[Alpha]');
    expect(await full()).toBe(first);
    expect(engine.lastRebuild?.rewritten).toEqual({ 'llms-txt': 1 });

    // A second change since it was built: built again, with both.
    await save('b', 'Beta');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    const second = await full();
    expect(second).toContain('# Alpha');
    expect(second).toContain('# Beta');
  });
});
