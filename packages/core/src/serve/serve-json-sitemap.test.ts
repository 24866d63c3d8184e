import { TCT_1 } from '../tct/tct-profile';
import { CHANGE_FEED_REL } from './change-feed';
import { ORIGIN, putJsonSitemap, testSite } from './serve-test-fixtures';

const POLICY = `${ORIGIN}/llm-policy.json`;
const FEED_LINK = `<${ORIGIN}/llm-changes.json>; rel="${CHANGE_FEED_REL}"; type="application/json"`;

describe('JSON sitemap endpoint', () => {
  it('serves a shard with the profile’s caching and links to the policy and the change feed', async () => {
    const { get, source } = testSite();
    putJsonSitemap(source, '/llm-sitemap.json', { policyUrl: POLICY });
    const stored = (await source.artifact('/llm-sitemap.json'))!;
    const response = await get('/llm-sitemap.json');
    expect(response.status).toBe(200);
    expect(response.body).toEqual(stored.body);
    expect(response.headers).toEqual({
      etag: stored.meta.etag,
      'last-modified': 'Fri, 02 Jan 2026 03:04:05 GMT',
      'cache-control': TCT_1.cacheControl,
      vary: 'Accept-Encoding',
      link: `<${POLICY}>; rel="describedby"; type="application/json", ${FEED_LINK}`,
      'content-type': TCT_1.mUrlContentType,
      'content-length': String(stored.body.length),
      'content-digest': stored.meta.contentDigest,
    });
    expect(response.observe).toEqual({ kind: 'sitemap' });
    expect((await get('/llm-sitemap.json', { 'if-none-match': stored.meta.etag })).status).toBe(
      304,
    );
  });

  it('links only what the site has: no policy, no change feed', async () => {
    const { get, source } = testSite();
    putJsonSitemap(source, '/llm-sitemap-index.json');
    expect((await get('/llm-sitemap-index.json')).headers.link).toBe(FEED_LINK);
    const plain = testSite({}, { changeFeed: false });
    putJsonSitemap(plain.source);
    expect((await plain.get('/llm-sitemap.json')).headers.link).toBeUndefined();
  });

  it('answers HEAD without a body, 405 to other methods, and goes through the access check under protect: all', async () => {
    const { get, send, source } = testSite();
    putJsonSitemap(source);
    const head = await send('HEAD', '/llm-sitemap.json');
    expect([head.body, head.headers]).toEqual([
      undefined,
      (await get('/llm-sitemap.json')).headers,
    ]);
    expect((await send('DELETE', '/llm-sitemap.json')).status).toBe(405);
    const all = testSite({ protect: 'all' });
    putJsonSitemap(all.source);
    expect((await all.outcome('GET', '/llm-sitemap.json')).kind).toBe('authorize');
  });
});
