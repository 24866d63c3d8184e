import type { WebLink } from '../http/link-header';
import {
  article,
  ORIGIN,
  putJsonSitemap,
  putLlmsTxt,
  testSite,
  type TestSite,
} from './serve-test-fixtures';

/** What an HTML page at `path` gets: its links and headers. */
async function decorate(site: TestSite, path: string) {
  const { endpoints } = site;
  const links: WebLink[] = [
    ...(path === '/' ? await endpoints.rootLinks() : []),
    ...(await endpoints.pageLinks(path)),
  ];
  return { links, headers: await endpoints.pageHeaders(path) };
}

const LLMS_TXT = { href: `${ORIGIN}/llms.txt`, rel: 'describedby', type: 'text/plain' };

describe('page decoration', () => {
  it('gives a document’s page its M-URL, its Markdown twin and the covering llms.txt', async () => {
    const site = testSite({ usage: { trainAi: false } });
    site.source.publish(article('hello', { usage: { search: false } }));
    putLlmsTxt(site.source);
    expect(await decorate(site, '/blog/hello/')).toEqual({
      links: [
        { href: `${ORIGIN}/blog/hello/llm.json`, rel: 'alternate', type: 'application/json' },
        { href: `${ORIGIN}/blog/hello/index.html.md`, rel: 'alternate', type: 'text/markdown' },
        LLMS_TXT,
      ],
      headers: { 'content-usage': 'train-ai=n, search=n' },
    });
  });

  it('links a locale’s page to its locale’s llms.txt', async () => {
    const site = testSite();
    site.source.publish(article('hallo', { locale: 'de', url: '/de/blog/hallo/' }));
    putLlmsTxt(site.source);
    putLlmsTxt(site.source, '/de/llms.txt', { locale: 'de' });
    expect((await decorate(site, '/de/blog/hallo/')).links[2]).toEqual({
      ...LLMS_TXT,
      href: `${ORIGIN}/de/llms.txt`,
    });
  });

  it('gives every other page the llms.txt, and the site’s Content-Usage', async () => {
    const site = testSite({ usage: { search: true } });
    putLlmsTxt(site.source);
    expect(await decorate(site, '/contact')).toEqual({
      links: [LLMS_TXT],
      headers: { 'content-usage': 'search=y' },
    });
    const bare = testSite();
    expect(await decorate(bare, '/contact')).toEqual({ links: [], headers: {} });
  });

  it('gives the root the sitemap shard and index, and the llms.txt as its twin when no document is the root', async () => {
    const site = testSite();
    putJsonSitemap(site.source);
    putJsonSitemap(site.source, '/llm-sitemap-index.json');
    putLlmsTxt(site.source);
    expect((await decorate(site, '/')).links).toEqual([
      { href: `${ORIGIN}/llm-sitemap.json`, rel: 'index', type: 'application/json' },
      { href: `${ORIGIN}/llm-sitemap-index.json`, rel: 'index', type: 'application/json' },
      { href: `${ORIGIN}/index.html.md`, rel: 'alternate', type: 'text/markdown' },
      LLMS_TXT,
    ]);
  });

  it('gives a removed document’s page only the llms.txt, and bad paths nothing', async () => {
    const site = testSite();
    site.source.publish(article('gone'));
    site.source.remove('gone', 'deleted');
    putLlmsTxt(site.source);
    expect((await decorate(site, '/blog/gone/')).links).toEqual([LLMS_TXT]);
    expect((await decorate(site, '/bad%zz/')).links).toEqual([]);
  });
});
