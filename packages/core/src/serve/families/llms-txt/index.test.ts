import { putLlmsTxt, testSite } from '../../../../test/support/serve-fixtures';

describe('llms.txt endpoints', () => {
  it('serves every llms.txt file as stored, revalidated each time', async () => {
    const { get, send, source } = testSite({ usage: { search: true } });
    putLlmsTxt(source);
    putLlmsTxt(source, '/llms-full.txt', { kind: 'full', text: '# Example\n\nEverything.\n' });
    putLlmsTxt(source, '/de/llms.txt', { locale: 'de' });
    for (const name of ['/llms.txt', '/llms-full.txt', '/de/llms.txt']) {
      const stored = (await source.artifact(name))!;
      const response = await get(name);
      expect(response.body).toEqual(stored.body);
      expect(response.headers).toEqual({
        'x-content-type-options': 'nosniff',
        etag: stored.meta.etag,
        'last-modified': 'Fri, 02 Jan 2026 03:04:05 GMT',
        'cache-control': 'public, max-age=0, must-revalidate',
        vary: 'Accept-Encoding',
        'content-usage': 'search=y',
        'content-type': 'text/plain; charset=utf-8',
        'content-length': String(stored.body.length),
        'content-digest': stored.meta.contentDigest,
      });
      expect(response.observe).toEqual({ kind: 'llms-txt' });
      expect((await get(name, { 'if-none-match': stored.meta.etag })).status).toBe(304);
    }
    expect((await send('PUT', '/llms.txt')).status).toBe(405);
  });

  it('passes an llms.txt path the site has no file for', async () => {
    const { outcome } = testSite();
    expect(await outcome('GET', '/llms.txt')).toEqual({ kind: 'pass' });
  });
});
