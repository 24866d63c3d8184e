import { inspectLlmsTxt } from '@agent-ready/core/llmstxt';
import { validateAgentSiteOptions, type AgentSiteOptions } from '@agent-ready/core/serve';
import { databaseConfig, describeEachDatabase, uniqueTablePrefix } from '@agent-ready/test-support';
import {
  dropAgentTables,
  llmsTxtArtifactBuilder,
  RegenerationEngine,
  type DatabaseOption,
} from '../src';
import { preparedDocument } from './fixtures/prepared-documents';

/**
 * Issue 38: on a localized site the real indexes are `/en/llms.txt`, `/fr/llms.txt`; the root
 * `/llms.txt` (and `/llms-full.txt`) leads to each of them in a section of link items, whichever
 * layout the files have (one file, split by section, in parts), and a burst still costs what it
 * changed.
 */
describeEachDatabase('the root llms.txt of a localized site', (dialect) => {
  let engine: RegenerationEngine;
  let prefix: string;

  afterEach(async () => {
    if (dialect !== 'sqlite') await dropAgentTables(engine.knex, prefix);
    await engine.close();
  });

  async function open(site: { language?: string }, llmsTxt: AgentSiteOptions['llmsTxt'] = {}) {
    const options = validateAgentSiteOptions({
      site: { origin: 'https://example.com', name: 'Shop', summary: 'A shop.', ...site },
      llmsTxt,
    });
    prefix = uniqueTablePrefix();
    engine = await RegenerationEngine.open({
      database: databaseConfig(dialect) as DatabaseOption,
      tablePrefix: prefix,
      builders: [llmsTxtArtifactBuilder(options)],
      rebuild: { automatic: false },
    });
  }
  const save = (key: string, locale: string, title = key) =>
    engine.upsert(
      preparedDocument({ key, locale, path: `/${locale}/${key}/`, title, content: `${key} text` }),
    );
  const text = async (path: string) => (await engine.reader.artifact(path))?.body.toString();
  /** The file's sections as [name, [[link title, url, notes]]], after checking it is valid. */
  async function sectionsOf(path: string) {
    const inspected = inspectLlmsTxt((await text(path))!);
    expect(inspected.problems).toEqual([]);
    return inspected.document!.sections.map((section) => [
      section.name,
      section.links.map((link) => [link.title, link.url, link.notes]),
    ]);
  }

  it('no default language: the root lists every locale’s llms.txt and llms-full.txt', async () => {
    await open({});
    await save('hello', 'en');
    await save('world', 'en');
    await save('bonjour', 'fr');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect(await sectionsOf('/llms.txt')).toEqual([
      [
        'Languages',
        [
          ['English (en)', 'https://example.com/en/llms.txt', '2 pages'],
          ['French (fr)', 'https://example.com/fr/llms.txt', '1 page'],
        ],
      ],
    ]);
    expect(await text('/llms-full.txt')).toContain(
      '- [French (fr)](https://example.com/fr/llms-full.txt): 1 page',
    );
    // The locales' own files list their pages only.
    expect((await sectionsOf('/fr/llms.txt')).map(([name]) => name)).toEqual(['all']);
    expect(await text('/fr/llms.txt')).not.toContain('Languages');
  });

  it('a default language: the root lists its pages, then leads to the other locales', async () => {
    await open({ language: 'en' });
    await save('hello', 'en');
    await save('bonjour', 'fr');
    await save('salut', 'fr');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect(await sectionsOf('/llms.txt')).toEqual([
      ['Other languages', [['French (fr)', 'https://example.com/fr/llms.txt', '2 pages']]],
      ['all', [['hello', 'https://example.com/en/hello/index.html.md', undefined]]],
    ]);

    // The last French page goes: the root stops leading there, llms-full.txt too.
    await engine.remove('bonjour', 'fr');
    await engine.remove('salut', 'fr');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect((await sectionsOf('/llms.txt')).map(([name]) => name)).toEqual(['all']);
    expect(await text('/fr/llms.txt')).toBeUndefined();
    expect(await text('/llms-full.txt')).not.toContain('/fr/llms-full.txt');
  });

  it('a site in one language keeps its root as it was', async () => {
    await open({ language: 'en' });
    await save('hello', 'en');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect((await sectionsOf('/llms.txt')).map(([name]) => name)).toEqual(['all']);
  });

  it('split by section: the root index leads to the locales too', async () => {
    await open({}, { maxCharacters: 10, full: false });
    await save('hello', 'en');
    await save('bonjour', 'fr');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect((await sectionsOf('/llms.txt'))[0]).toEqual([
      'Languages',
      [
        ['English (en)', 'https://example.com/en/llms.txt', '1 page'],
        ['French (fr)', 'https://example.com/fr/llms.txt', '1 page'],
      ],
    ]);
  });

  it('in parts: the root index leads to each locale’s index, a burst reads what it changed', async () => {
    await open({}, { itemsPerPart: 3, full: false });
    // Row ids 1..8: parts of 3 ids (1-2, 3-5, 6-8), English and French mixed.
    const docs: [string, string][] = [
      ['a', 'en'],
      ['b', 'fr'],
      ['c', 'en'],
      ['d', 'fr'],
      ['e', 'fr'],
      ['f', 'en'],
      ['g', 'fr'],
      ['h', 'en'],
    ];
    for (const [key, locale] of docs) await save(key, locale);
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect(await sectionsOf('/llms.txt')).toEqual([
      [
        'Languages',
        [
          ['English (en)', 'https://example.com/en/llms.txt', '4 pages'],
          ['French (fr)', 'https://example.com/fr/llms.txt', '4 pages'],
        ],
      ],
    ]);
    expect((await sectionsOf('/fr/llms.txt'))[0]![0]).toBe('Parts');
    const root = await text('/llms.txt');

    // One French edit: its part (ids 3-5) is read again, nothing else; the root's counts hold.
    await save('d', 'fr', 'd, edited');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect(engine.lastRebuild!.rowsRead).toBe(1 + 3);
    expect(await text('/llms.txt')).toBe(root);
    // A new French page: the root says 5.
    await save('i', 'fr');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect((await sectionsOf('/llms.txt'))[0]![1]).toEqual([
      ['English (en)', 'https://example.com/en/llms.txt', '4 pages'],
      ['French (fr)', 'https://example.com/fr/llms.txt', '5 pages'],
    ]);
  });
});
