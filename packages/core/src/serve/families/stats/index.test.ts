import { testSite } from '../../../../test/support/serve-fixtures';

describe('stats endpoint', () => {
  it('serves the aggregate metrics as JSON with a strong tag, never cached unrevalidated', async () => {
    const { get, send, source } = testSite({ stats: 'public' });
    const today = new Date().toISOString().slice(0, 10);
    source.metrics.push({
      day: today,
      kind: 'm-url',
      family: 'gptbot',
      requests: 3,
      ok: 2,
      notModified: 1,
      gone: 0,
      bytesSent: 300,
      htmlBytes: 90_000,
      htmlBytesEstimated: 0,
    });
    const response = await get('/llm-stats.json');
    expect(response.status).toBe(200);
    expect(response.headers).toMatchObject({
      'cache-control': 'no-cache',
      vary: 'Accept-Encoding',
      'content-type': 'application/json; charset=utf-8',
      etag: expect.stringMatching(/^"sha256-[0-9a-f]{64}"$/),
    });
    const stats = JSON.parse(response.body!.toString('utf8'));
    expect(stats.totals).toMatchObject({ requests: 3, notModified: 1, bytesSent: 300 });
    expect(response.observe).toEqual({ kind: 'stats' });
    expect((await send('POST', '/llm-stats.json')).status).toBe(405);
  });

  it('is behind the access check when protected, and the app’s path when off', async () => {
    expect((await testSite({ stats: 'protected' }).outcome('GET', '/llm-stats.json')).kind).toBe(
      'authorize',
    );
    expect(await testSite().outcome('GET', '/llm-stats.json')).toEqual({ kind: 'pass' });
  });
});
