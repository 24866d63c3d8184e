import { putLlmindexPage, testSite } from '../../../../test/support/serve-fixtures';

describe('llmindex endpoints', () => {
  it('serves llmindex files as stored, cacheable for an hour (llmindex §2)', async () => {
    const { get, source } = testSite();
    putLlmindexPage(source, '/llm/about');
    const stored = (await source.artifact('/llm/about'))!;
    const response = await get('/llm/about');
    expect(response.body).toEqual(stored.body);
    expect(response.headers).toEqual({
      'x-content-type-options': 'nosniff',
      etag: stored.meta.etag,
      'last-modified': 'Fri, 02 Jan 2026 03:04:05 GMT',
      'cache-control': 'public, max-age=3600, must-revalidate',
      vary: 'Accept-Encoding',
      'content-type': 'text/markdown; charset=utf-8',
      'content-length': String(stored.body.length),
      'content-digest': stored.meta.contentDigest,
    });
    expect(response.observe).toEqual({ kind: 'llmindex' });
  });
});
