import { ValidationError } from '../../errors';
import { article, testSite } from '../../../test/support/serve-fixtures';
import {
  CACHE_TAG_PATTERN,
  documentCacheTag,
  familyCacheTag,
  formatCacheTags,
  pathCacheTag,
  prefixCacheTags,
  sitemapIndexCacheTag,
  sitemapShardCacheTag,
} from './cache-tags';

describe('cache tags', () => {
  it('are ASCII [a-z0-9-], stable, and distinct per document, locale and path', () => {
    const tags = [
      documentCacheTag('Ä b,c', ''),
      documentCacheTag('Ä b,c', 'fr'),
      pathCacheTag('/llms-1.txt'),
      pathCacheTag('/llms/1.txt'),
      sitemapShardCacheTag(1),
      sitemapShardCacheTag(2),
      sitemapIndexCacheTag(),
      familyCacheTag('m-url'),
    ];
    for (const tag of tags) expect(tag).toMatch(CACHE_TAG_PATTERN);
    expect(new Set(tags).size).toBe(tags.length);
    expect(documentCacheTag('a', 'en')).toBe(documentCacheTag('a', 'en'));
    expect(sitemapShardCacheTag(1)).toBe(pathCacheTag('/llm-sitemap.json'));
    expect(sitemapShardCacheTag(3)).toBe(pathCacheTag('/llm-sitemap-3.json'));
    expect(sitemapIndexCacheTag()).toBe(pathCacheTag('/llm-sitemap-index.json'));
    expect(pathCacheTag('/x'.repeat(200))).toMatch(CACHE_TAG_PATTERN);
  });

  it('take the key prefix and the header syntax', () => {
    expect(prefixCacheTags(['site', 'f-m-url', 'site'], 'shop')).toEqual([
      'shop-site',
      'shop-f-m-url',
    ]);
    expect(prefixCacheTags(['site'], undefined)).toEqual(['site']);
    expect(() => prefixCacheTags(['site'], 'Shop!')).toThrow(ValidationError);
    expect(formatCacheTags(['a', 'b'], 'surrogate-key')).toBe('a b');
    expect(formatCacheTags(['a', 'b'], 'cache-tag')).toBe('a,b');
    expect(formatCacheTags(['a', 'b'], 'edge-cache-tag')).toBe('a,b');
  });
});

describe('shared-cache headers', () => {
  const edge = { sharedMaxAge: 600, tagHeader: 'surrogate-key' as const, keyPrefix: 'shop' };

  it('are absent without edge settings (no purger: a site behaves as before)', async () => {
    const { source, get } = testSite();
    source.publish(article('hello'));
    const response = await get('/blog/hello/llm.json');
    for (const name of ['surrogate-control', 'cdn-cache-control', 'surrogate-key', 'cache-tag'])
      expect(response.headers[name]).toBeUndefined();
  });

  it('give an M-URL its lifetime and tags, and leave Cache-Control as it was', async () => {
    const plain = testSite();
    plain.source.publish(article('hello'));
    const { source, get } = testSite({ edge });
    source.publish(article('hello'));
    const response = await get('/blog/hello/llm.json');
    expect(response.headers['surrogate-control']).toBe('max-age=600');
    expect(response.headers['cdn-cache-control']).toBe('max-age=600');
    const tags = response.headers['surrogate-key']!.split(' ');
    expect(tags.slice(0, 2)).toEqual(['shop-site', 'shop-f-m-url']);
    expect(tags[2]).toBe(`shop-${documentCacheTag('hello', '')}`);
    expect(response.headers['cache-control']).toBe(
      (await plain.get('/blog/hello/llm.json')).headers['cache-control'],
    );
  });

  it('use the header the setting picks, comma-separated for Cache-Tag', async () => {
    const { source, get } = testSite({ edge: { sharedMaxAge: 60, tagHeader: 'cache-tag' } });
    source.publish(article('hello'));
    const response = await get('/blog/hello/llm.json');
    expect(response.headers['surrogate-key']).toBeUndefined();
    expect(response.headers['cache-tag']).toMatch(/^site,f-m-url,d-[0-9a-f]{24}$/);
  });

  it('tag every change feed page with the feed family, purged by every commit', async () => {
    const { source, get } = testSite({ edge });
    source.publish(article('hello'));
    const response = await get('/llm-changes.json');
    expect(response.headers['surrogate-key']).toBe('shop-site shop-f-change-feed');
    expect(response.headers['surrogate-control']).toBe('max-age=600');
  });

  it('never give a shared lifetime to an answer the app let through', async () => {
    const { source, outcome: request } = testSite({ edge, protect: 'all' });
    source.publish(article('hello'));
    const outcome = await request('GET', '/blog/hello/llm.json');
    expect(outcome.kind).toBe('authorize');
    if (outcome.kind !== 'authorize') return;
    const response = await outcome.respond();
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.headers['surrogate-control']).toBeUndefined();
    expect(response.headers['cdn-cache-control']).toBeUndefined();
  });
});
