import { article, testSite } from '../../../../test/support/serve-fixtures';

describe('change feed endpoint', () => {
  it('serves the feed of the source, counted with the sitemaps', async () => {
    const { get, send, source } = testSite();
    const row = source.publish(article('hello'));
    const response = await get('/llm-changes.json');
    expect(JSON.parse(response.body!.toString('utf8'))).toEqual({
      version: 1,
      since: null,
      next: '7-1',
      more: false,
      changes: [
        {
          change: 'upsert',
          cUrl: row.cUrl,
          mUrl: row.mUrl,
          etag: row.hash,
          modified: row.modified,
        },
      ],
    });
    expect(response.headers).toMatchObject({
      'cache-control': 'no-cache',
      'content-type': 'application/json',
    });
    expect(response.observe).toEqual({ kind: 'sitemap' });
    expect(
      (await get('/llm-changes.json', { 'if-none-match': response.headers.etag! })).status,
    ).toBe(304);
    expect((await send('POST', '/llm-changes.json')).status).toBe(405);
    const expired = await get('/llm-changes.json?since=3-1');
    expect(expired.status).toBe(410);
    expect(expired.headers.link).toBe('<https://example.com/llm-sitemap.json>; rel="index"');
  });

  it('is behind the access check under protect: all, and the app’s path on a source without a feed', async () => {
    expect((await testSite({ protect: 'all' }).outcome('GET', '/llm-changes.json')).kind).toBe(
      'authorize',
    );
    expect(await testSite({}, { changeFeed: false }).outcome('GET', '/llm-changes.json')).toEqual({
      kind: 'pass',
    });
  });
});
