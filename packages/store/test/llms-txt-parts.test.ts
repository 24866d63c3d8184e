import { inspectLlmsTxt } from '@agent-ready/core/llmstxt';
import { validateAgentSiteOptions, type AgentSiteOptions } from '@agent-ready/core/serve';
import { databaseConfig } from '@agent-ready/test-support';
import { llmsTxtArtifactBuilder, RegenerationEngine, type DatabaseOption } from '../src';
import { preparedDocument } from './fixtures/prepared-documents';

/** llms.txt of a site bigger than one part: parts by row id, an index, and bursts that touch one. */
describe('llms.txt in parts', () => {
  let engine: RegenerationEngine;

  afterEach(() => engine.close());

  async function open(llmsTxt: AgentSiteOptions['llmsTxt']) {
    const options = validateAgentSiteOptions({
      site: { origin: 'https://example.com', name: 'Example', summary: 'A site.' },
      llmsTxt,
    });
    engine = await RegenerationEngine.open({
      database: databaseConfig('sqlite') as DatabaseOption,
      builders: [llmsTxtArtifactBuilder(options)],
      rebuild: { automatic: false },
    });
  }
  const save = (key: string, title = key.toUpperCase(), locale?: string) =>
    engine.upsert(
      preparedDocument({
        key,
        path: `${locale ? `/${locale}` : ''}/${key}/`,
        title,
        content: `${key} text`,
        ...(locale ? { locale } : {}),
      }),
    );
  const text = async (path: string) => (await engine.reader.artifact(path))?.body.toString();
  /** The parts an index lists, as [url, notes]. */
  const partsOf = (index: string) => {
    const parsed = inspectLlmsTxt(index);
    expect(parsed.problems).toEqual([]);
    const parts = parsed.document!.sections.find((section) => section.name === 'Parts')!;
    return parts.links.map((link) => [link.url, link.notes]);
  };
  const titlesIn = (part: string) => {
    const parsed = inspectLlmsTxt(part);
    expect(parsed.problems).toEqual([]);
    return parsed.document!.sections.flatMap((section) => section.links.map((l) => l.title));
  };

  it('stays one file while every row id fits one part', async () => {
    await open({ itemsPerPart: 4, full: false });
    for (const key of ['a', 'b', 'c']) await save(key);
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect(titlesIn((await text('/llms.txt'))!)).toEqual(['A', 'B', 'C']);
    expect(await text('/llms-1.txt')).toBeUndefined();
  });

  it('lists parts of itemsPerPart row ids under an index; a burst rewrites only what it touched', async () => {
    await open({ itemsPerPart: 4, full: false });
    // Row ids 1..10: part 1 holds ids 1-3, part 2 ids 4-7, part 3 ids 8-10.
    const keys = 'abcdefghij'.split('');
    for (const key of keys) await save(key);
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect(partsOf((await text('/llms.txt'))!)).toEqual([
      ['https://example.com/llms-1.txt', '3 pages'],
      ['https://example.com/llms-2.txt', '4 pages'],
      ['https://example.com/llms-3.txt', '3 pages'],
    ]);
    expect(titlesIn((await text('/llms-1.txt'))!)).toEqual(['A', 'B', 'C']);
    expect(titlesIn((await text('/llms-2.txt'))!)).toEqual(['D', 'E', 'F', 'G']);
    expect(titlesIn((await text('/llms-3.txt'))!)).toEqual(['H', 'I', 'J']);
    const index = await text('/llms.txt');
    const untouched = [await text('/llms-1.txt'), await text('/llms-3.txt')];

    // One edit in part 2: that part is read (its 4 rows, plus the changed row's id) and
    // rewritten; the index lists the same counts, so its bytes stay as they were.
    await save('e', 'Echo');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect(titlesIn((await text('/llms-2.txt'))!)).toEqual(['D', 'Echo', 'F', 'G']);
    expect(engine.lastRebuild).toMatchObject({ rewritten: { 'llms-txt': 1 }, rowsRead: 1 + 4 });
    expect([await text('/llms-1.txt'), await text('/llms-3.txt')]).toEqual(untouched);
    expect(await text('/llms.txt')).toBe(index);

    // A new document fills the last part; removing every page of a part takes it off the index.
    await save('k');
    for (const key of ['a', 'b', 'c']) await engine.remove(key, '', 'unpublished');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect(partsOf((await text('/llms.txt'))!)).toEqual([
      ['https://example.com/llms-2.txt', '4 pages'],
      ['https://example.com/llms-3.txt', '4 pages'],
    ]);
    expect(await text('/llms-1.txt')).toBeUndefined();
    expect(titlesIn((await text('/llms-3.txt'))!)).toEqual(['H', 'I', 'J', 'K']);
  });

  it('gives each locale its own index and parts', async () => {
    await open({ itemsPerPart: 2, full: false });
    await save('a');
    await save('b', 'B', 'de');
    await save('c', 'C', 'de');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect(partsOf((await text('/llms.txt'))!)).toEqual([
      ['https://example.com/llms-1.txt', '1 page'],
    ]);
    // The root leads to the other locale's index (issue 38).
    expect(await text('/llms.txt')).toContain(
      '## Other languages\n\n- [German (de)](https://example.com/de/llms.txt): 2 pages\n',
    );
    expect(partsOf((await text('/de/llms.txt'))!)).toEqual([
      ['https://example.com/de/llms-2.txt', '2 pages'],
    ]);
    expect(titlesIn((await text('/de/llms-2.txt'))!)).toEqual(['B', 'C']);
  });

  it('builds llms-full.txt beside the parts, from every document', async () => {
    await open({ itemsPerPart: 2 });
    for (const key of ['a', 'b', 'c']) await save(key);
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    const full = (await text('/llms-full.txt'))!;
    // Each title heading once: the twin's own `# Title` is not written again under it.
    for (const title of ['# A', '# B', '# C'])
      expect(full.split('\n').filter((line) => line === title)).toHaveLength(1);
    expect(partsOf((await text('/llms.txt'))!)).toHaveLength(2);
  });
});
