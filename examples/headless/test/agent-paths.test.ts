import { isAgentPath, markdownTwinUrl, mUrlFor } from '@agent-ready/core';
import { openStoreReader } from '@agent-ready/store';
import {
  DOCUMENTS,
  rawGet,
  SITE_ORIGIN,
  startCmsStandIn,
  type CmsStandIn,
} from './support/cms-stand-in';

/**
 * isAgentPath against what a real CMS serves, not a list written by hand: every artifact the
 * store built, every M-URL and twin, and the endpoints answered without an artifact.
 */
describe('isAgentPath covers every path the CMS serves', () => {
  let cms: CmsStandIn;
  beforeAll(async () => {
    cms = await startCmsStandIn();
  });
  afterAll(() => cms?.close());

  async function servedPaths(): Promise<string[]> {
    const store = await openStoreReader(cms.database);
    try {
      const artifacts = (await store.reader.listArtifacts()).map((a) => a.name);
      // Another content coding of a collection is stored under a name no request can carry.
      return artifacts.filter((name) => !name.includes('?'));
    } finally {
      await store.close();
    }
  }

  it('each is answered by the CMS and passed through by isAgentPath', async () => {
    const artifacts = await servedPaths();
    // The stand-in's budgets make the rarer paths real: shards, split and per-locale llms.txt.
    expect(artifacts).toEqual(
      expect.arrayContaining([
        '/llm-sitemap.json',
        '/llm-sitemap-2.json',
        '/llm-sitemap-index.json',
        '/llms.txt',
        '/llms/guides.txt',
        '/de/llms.txt',
        '/scp/sitemap.xml',
        '/.well-known/llmindex.json',
        '/.well-known/llmindex-keys.json',
        '/llm/products',
      ]),
    );
    const documentPaths = DOCUMENTS.flatMap((document) => {
      const page = `${SITE_ORIGIN}${document.url}`;
      return [mUrlFor(page), markdownTwinUrl(page)].map((url) => new URL(url).pathname);
    });
    const dynamic = ['/llm-changes.json', '/llm-policy.json', '/llm-stats.json', '/robots.txt'];
    const paths = [...artifacts, ...documentPaths, '/index.html.md', ...dynamic];
    const answers = await Promise.all(
      paths.map(async (path) => [path, (await rawGet(`${cms.url}${path}`)).status]),
    );
    expect(answers).toEqual(paths.map((path) => [path, 200]));
    // The site's own options, as the plugin is given them (robots.txt is the CMS's here).
    expect(paths.filter((path) => !isAgentPath(path, cms.options))).toEqual([]);
    expect(paths.filter((path) => !isAgentPath(path) && path !== '/robots.txt')).toEqual([]);
  });

  it('and leaves the pages those documents are to the front-end', () => {
    const pages = ['/', ...DOCUMENTS.map((document) => document.url)];
    expect(pages.filter((path) => isAgentPath(path, cms.options))).toEqual([]);
  });
});
