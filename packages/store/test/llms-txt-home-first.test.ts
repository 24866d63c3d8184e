import { inspectLlmsTxt } from '@agent-ready/core/llmstxt';
import { validateAgentSiteOptions } from '@agent-ready/core/serve';
import { databaseConfig, uniqueTablePrefix } from '@agent-ready/test-support';
import { llmsTxtArtifactBuilder, RegenerationEngine, type DatabaseOption } from '../src';
import { preparedDocument } from './fixtures/prepared-documents';

/**
 * Issue 45: llms.txt reads like a site map a person wrote, the home page first (and so its
 * section), wherever its row is, on the site and on each locale's file.
 */
test('the home page and its section lead llms.txt, on the site and per locale', async () => {
  const options = validateAgentSiteOptions({
    site: { origin: 'https://example.com', name: 'Shop', summary: 'A shop.', language: 'en' },
  });
  const engine = await RegenerationEngine.open({
    database: databaseConfig('sqlite') as DatabaseOption,
    tablePrefix: uniqueTablePrefix(),
    builders: [llmsTxtArtifactBuilder(options)],
    rebuild: { automatic: false },
  });
  try {
    const save = (key: string, path: string, section: string, locale = '') =>
      engine.upsert(preparedDocument({ key, locale, path, title: key, section, content: key }));
    await save('Kettle', '/products/kettle/', 'products');
    await save('About us', '/about/', 'pages');
    await save('Home', '/', 'pages');
    await save('Accueil', '/fr/', 'pages', 'fr');
    await save('Bouilloire', '/fr/products/kettle/', 'products', 'fr');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    const sections = async (path: string) => {
      const inspected = inspectLlmsTxt((await engine.reader.artifact(path))!.body.toString());
      expect(inspected.problems).toEqual([]);
      return inspected.document!.sections.map((s) => [s.name, s.links.map((l) => l.title)]);
    };
    // (The root also leads to the other locales' files, in a section of its own.)
    expect(await sections('/llms.txt')).toEqual([
      ['Other languages', ['French (fr)']],
      ['pages', ['Home', 'About us']],
      ['products', ['Kettle']],
    ]);
    expect(await sections('/fr/llms.txt')).toEqual([
      ['pages', ['Accueil']],
      ['products', ['Bouilloire']],
    ]);
  } finally {
    await engine.close();
  }
});
