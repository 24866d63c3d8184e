import { ValidationError } from '../errors';
import { TCT_1, type TctProfile } from '../tct/tct-profile';
import {
  article,
  ORIGIN,
  putJsonSitemap,
  putLlmindexPage,
  putLlmsTxt,
  putScpCollection,
  testSite,
} from '../../test/support/serve-fixtures';

describe('createAgentEndpoints (the router)', () => {
  it('dispatches each path to its family: M-URLs, stored artifacts by name, fixed paths, twins', async () => {
    const { get, source } = testSite({
      policy: { effective: '2026-01-01T00:00:00Z' },
      stats: 'public',
      robotsTxt: { rules: '' },
    });
    source.publish(article('hello'));
    putJsonSitemap(source);
    putLlmsTxt(source);
    putScpCollection(source, '/scp/blog-snapshot.scp');
    putLlmindexPage(source);
    const kinds: Record<string, string> = {
      '/blog/hello/llm.json': 'm-url',
      '/llm-sitemap.json': 'sitemap',
      '/llms.txt': 'llms-txt',
      '/scp/blog-snapshot.scp': 'scp',
      '/llm/about': 'llmindex',
      '/llm-policy.json': 'policy',
      '/llm-stats.json': 'stats',
      '/robots.txt': 'robots',
      '/llm-changes.json': 'sitemap',
      '/blog/hello.md': 'markdown',
    };
    for (const [path, kind] of Object.entries(kinds)) {
      const response = await get(path);
      expect([path, response.status, response.observe?.kind]).toEqual([path, 200, kind]);
    }
  });

  it('passes every request that is not an agent endpoint to the app', async () => {
    const { outcome, source } = testSite();
    source.publish(article('hello'));
    for (const target of ['/', '/blog/hello/', '/about?x=1', '/llm-policy.json', '/styles.css'])
      expect([target, await outcome('GET', target)]).toEqual([target, { kind: 'pass' }]);
    expect(await outcome('POST', '/blog/hello/')).toEqual({ kind: 'pass' });
  });

  it('an M-URL path is an M-URL even where an artifact has the same name', async () => {
    const { get, source } = testSite();
    const row = source.publish(article('hello'));
    putLlmsTxt(source, '/blog/hello/llm.json', { text: 'not this' });
    expect((await get('/blog/hello/llm.json')).body).toEqual(row.body);
  });

  it('finds an artifact by its path in normal form', async () => {
    const { get, source } = testSite();
    putLlmindexPage(source, '/llm/caf%C3%A9');
    expect((await get('/llm/caf%c3%a9')).status).toBe(200);
  });

  it('refuses an origin with a path, and makes absolute URLs on the origin', () => {
    expect(() => testSite({ origin: 'https://example.com/blog' })).toThrow(ValidationError);
    expect(testSite({ origin: 'HTTPS://Example.com:443/' }).endpoints.urlFor('/%7Ea/%c3%a9')).toBe(
      `${ORIGIN}/~a/%C3%A9`,
    );
  });

  it('frames the M-URL, twin, sitemap and policy by the site’s TCT profile', async () => {
    // A stand-in for a later profile: only what the modules take from it differs.
    const profile: TctProfile = {
      ...TCT_1,
      id: 'test-profile',
      mUrlContentType: 'application/x-test+json; charset=utf-8',
      cacheControl: 'public, max-age=5',
      sitemapCacheControl: 'public, max-age=6',
      sitemapDiscoveryLink: (href) => ({ href, rel: 'index', type: 'application/x-test+json' }),
    };
    const { get, endpoints, source } = testSite({
      profile,
      policy: { effective: '2026-01-01T00:00:00Z' },
    });
    source.publish(article('hello'));
    putJsonSitemap(source, '/llm-sitemap.json', { policyUrl: `${ORIGIN}/llm-policy.json` });
    const framed = {
      'content-type': profile.mUrlContentType,
      'cache-control': profile.cacheControl,
    };
    expect((await get('/blog/hello/llm.json')).headers).toMatchObject(framed);
    expect((await get('/llm-policy.json')).headers).toMatchObject(framed);
    const sitemap = await get('/llm-sitemap.json');
    expect(sitemap.headers).toMatchObject({
      'content-type': profile.mUrlContentType,
      'cache-control': profile.sitemapCacheControl,
    });
    expect(sitemap.headers.link).toContain('rel="describedby"; type="application/x-test+json"');
    expect((await get('/blog/hello.md')).headers['cache-control']).toBe(profile.cacheControl);
    const links = (await endpoints.decoratePage('/')).links.concat(
      (await endpoints.decoratePage('/blog/hello/')).links,
    );
    expect(links.filter((link) => link.type === 'application/x-test+json')).toEqual([
      { href: `${ORIGIN}/llm-sitemap.json`, rel: 'index', type: 'application/x-test+json' },
      { href: `${ORIGIN}/blog/hello/llm.json`, rel: 'alternate', type: 'application/x-test+json' },
    ]);
  });
});
