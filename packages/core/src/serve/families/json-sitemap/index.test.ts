import { TCT_03, TCT_1 } from '../../../tct/tct-profile';
import { CHANGE_FEED_REL } from '../change-feed/read-change-feed';
import { ORIGIN, putJsonSitemap, testSite } from '../../../../test/support/serve-fixtures';

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
      'x-content-type-options': 'nosniff',
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

  it('leads every shard of a sharded site to the index (rel="index"), and only then', async () => {
    const { get, source } = testSite();
    putJsonSitemap(source, '/llm-sitemap.json');
    const alone = (await get('/llm-sitemap.json')).headers.link;
    expect(alone).toBe(FEED_LINK);
    putJsonSitemap(source, '/llm-sitemap-2.json');
    putJsonSitemap(source, '/llm-sitemap-index.json');
    const INDEX_LINK = `<${ORIGIN}/llm-sitemap-index.json>; rel="index"; type="application/json"`;
    for (const path of ['/llm-sitemap.json', '/llm-sitemap-2.json'])
      expect([path, (await get(path)).headers.link]).toEqual([path, `${FEED_LINK}, ${INDEX_LINK}`]);
    expect((await get('/llm-sitemap-index.json')).headers.link).toBe(FEED_LINK);
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

describe('JSON sitemap endpoint under draft -03', () => {
  it('frames each document by the profile it was composed in: the M-Sitemap or the Index profile link, no charset', async () => {
    const { get, source } = testSite({ profile: TCT_03 });
    putJsonSitemap(source, '/llm-sitemap.json', { policyUrl: POLICY, profile: 'tct-03' });
    putJsonSitemap(source, '/llm-sitemap-index.json', { profile: 'tct-03' });
    const shard = await get('/llm-sitemap.json');
    expect(shard.headers).toMatchObject({
      'content-type': 'application/json',
      'cache-control': TCT_03.sitemapCacheControl,
      vary: 'Accept-Encoding',
      // The shard of a sharded site leads to its index, as under tct-1.
      link: `<${TCT_03.sitemapProfile}>; rel="profile", <${POLICY}>; rel="describedby"; type="application/json", ${FEED_LINK}, <${ORIGIN}/llm-sitemap-index.json>; rel="index"; type="application/json"`,
    });
    const index = await get('/llm-sitemap-index.json');
    expect(index.headers.link).toBe(`<${TCT_03.sitemapIndexProfile}>; rel="profile", ${FEED_LINK}`);
    expect(index.headers['content-type']).toBe('application/json');
  });

  it('answers 406 when identity is forbidden, 405 to unsafe methods, 304 and HEAD like any document', async () => {
    const { get, send, source } = testSite({ profile: TCT_03 });
    putJsonSitemap(source, '/llm-sitemap.json', { profile: 'tct-03' });
    const refused = await get('/llm-sitemap.json', { 'accept-encoding': 'identity;q=0' });
    expect([refused.status, refused.headers.vary]).toEqual([406, 'Accept-Encoding']);
    expect((await send('POST', '/llm-sitemap.json')).headers.allow).toBe('GET, HEAD');
    const ok = await get('/llm-sitemap.json', { 'accept-encoding': 'gzip' });
    expect([ok.status, ok.headers['content-encoding']]).toEqual([200, undefined]);
    const etag = ok.headers.etag!;
    expect((await get('/llm-sitemap.json', { 'if-none-match': `W/${etag}, "x"` })).status).toBe(
      304,
    );
    const head = await send('HEAD', '/llm-sitemap.json');
    expect([head.body, head.headers]).toEqual([undefined, ok.headers]);
  });

  it('serves a document composed in another profile than the site’s as that profile', async () => {
    // A -03 site whose table still holds a tct-1 sitemap (the writer's settings), and the reverse.
    const legacy = testSite({ profile: TCT_03 });
    putJsonSitemap(legacy.source, '/llm-sitemap.json', { profile: 'tct-1' });
    const response = await legacy.get('/llm-sitemap.json', { 'accept-encoding': 'identity;q=0' });
    expect([response.status, response.headers['content-type']]).toEqual([
      200,
      TCT_1.mUrlContentType,
    ]);
    const newer = testSite();
    putJsonSitemap(newer.source, '/llm-sitemap.json', { profile: 'tct-03' });
    expect((await newer.get('/llm-sitemap.json')).headers['content-type']).toBe('application/json');
    // Without a profile of its own, a document is the site's.
    const plain = testSite({ profile: TCT_03 });
    putJsonSitemap(plain.source);
    expect((await plain.get('/llm-sitemap.json')).headers['content-type']).toBe('application/json');
  });
});
