import { pageDiscovery } from './page-discovery';

describe('pageDiscovery (pages served by another front-end)', () => {
  it('a document page: its M-URL, its twin, the llms.txt', () => {
    const page = pageDiscovery({ pageUrl: 'https://Example.com/blog/hello/', hasDocument: true });
    expect(page.linkHeader).toBe(
      '<https://example.com/blog/hello/llm.json>; rel="alternate"; type="application/json", ' +
        '<https://example.com/blog/hello/index.html.md>; rel="alternate"; type="text/markdown", ' +
        '<https://example.com/llms.txt>; rel="describedby"; type="text/plain"',
    );
    expect(page.linkTags.split('\n')[0]).toBe(
      '<link rel="alternate" type="application/json" href="https://example.com/blog/hello/llm.json">',
    );
    expect(page.notice).toContain('<a href="https://example.com/llms.txt">llms.txt</a>');
  });

  it('the root: the sitemap index, and the llms.txt as its twin when no document is the root', () => {
    const root = pageDiscovery({ pageUrl: 'https://example.com', hasDocument: false });
    expect(root.links.map((l) => `${l.rel} ${l.href}`)).toEqual([
      'index https://example.com/llm-sitemap.json',
      'alternate https://example.com/index.html.md',
      'describedby https://example.com/llms.txt',
    ]);
  });

  it('a page without a document: only the llms.txt; nothing at all without llms.txt', () => {
    expect(
      pageDiscovery({ pageUrl: 'https://example.com/shop/', hasDocument: false }).links,
    ).toEqual([{ href: 'https://example.com/llms.txt', rel: 'describedby', type: 'text/plain' }]);
    expect(
      pageDiscovery({
        pageUrl: 'https://example.com/shop/',
        hasDocument: false,
        llmsTxtUrl: false,
      }),
    ).toEqual({ links: [], linkHeader: '', linkTags: '', notice: '' });
  });

  it('follows a custom M-URL suffix and refuses a relative page URL', () => {
    expect(
      pageDiscovery({
        pageUrl: 'https://example.com/a/',
        hasDocument: true,
        mUrl: { suffix: 'agent.json' },
      }).links[0]!.href,
    ).toBe('https://example.com/a/agent.json');
    expect(() => pageDiscovery({ pageUrl: '/a/', hasDocument: true })).toThrow(/relative/);
  });
});

describe('pageDiscovery on a sharded site', () => {
  it('links the first shard and the index from the root', () => {
    const root = pageDiscovery({
      pageUrl: 'https://example.com/',
      hasDocument: true,
      sitemapIndexUrl: 'https://example.com/llm-sitemap-index.json',
    });
    expect(root.links.filter((link) => link.rel === 'index').map((link) => link.href)).toEqual([
      'https://example.com/llm-sitemap.json',
      'https://example.com/llm-sitemap-index.json',
    ]);
    const page = pageDiscovery({
      pageUrl: 'https://example.com/a/',
      hasDocument: true,
      sitemapIndexUrl: 'https://example.com/llm-sitemap-index.json',
    });
    expect(page.links.some((link) => link.rel === 'index')).toBe(false);
  });
});
