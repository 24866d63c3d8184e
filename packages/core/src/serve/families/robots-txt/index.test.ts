import { createHash } from 'node:crypto';
import {
  putLlmsTxt,
  putScpCollection,
  putScpSitemaps,
  testSite,
} from '../../../../test/support/serve-fixtures';

describe('robots.txt endpoint', () => {
  it('serves the configured rules byte for byte, then usage lines and the XML sitemaps', async () => {
    const rules = 'User-agent: *\nDisallow: /admin\n';
    const { get, send, source } = testSite({
      robotsTxt: { rules },
      usage: { trainAi: false, search: true },
    });
    putScpCollection(source, '/scp/blog-snapshot.scp');
    putScpSitemaps(source);
    const response = await get('/robots.txt');
    const text = response.body!.toString('utf8');
    expect(text).toBe(
      `${rules}\n# AI usage preferences\nContent-Usage: train-ai=n, search=y\nContent-Signal: search=yes, ai-train=no\n\nSitemap: https://example.com/scp/sitemap.xml\nSitemap: https://example.com/scp/sitemap-pages.xml\n`,
    );
    expect(response.headers).toEqual({
      'x-content-type-options': 'nosniff',
      etag: `"sha256-${createHash('sha256').update(text).digest('hex')}"`,
      'last-modified': 'Fri, 02 Jan 2026 03:04:05 GMT',
      'cache-control': 'public, max-age=0, must-revalidate',
      vary: 'Accept-Encoding',
      'content-type': 'text/plain; charset=utf-8',
      'content-length': String(Buffer.byteLength(text)),
      'content-digest': expect.stringMatching(/^sha-256=:/),
    });
    expect(response.observe).toEqual({ kind: 'robots' });
    expect((await send('POST', '/robots.txt')).status).toBe(405);
  });

  it('names the agent endpoints the owner’s rules block, in a comment, and never adds a group', async () => {
    const { endpoints, source } = testSite({ policy: { effective: '2026-01-01T00:00:00Z' } });
    putLlmsTxt(source);
    const text = await endpoints.robotsTxt('User-agent: *\nDisallow: /llm\n');
    expect(text).toBe(
      // In the registry's order: the sitemap first, then the files beside it.
      'User-agent: *\nDisallow: /llm\n\n# agent-ready: the rules above disallow these agent endpoints: /llm-sitemap*.json /llms.txt /llms-full.txt /llm-policy.json /llm-changes.json\n',
    );
    expect(await endpoints.robotsTxt('')).toBe('');
  });

  it('leaves /robots.txt to the app when augmenting its own, or when off', async () => {
    expect(await testSite({ robotsTxt: { augment: true } }).outcome('GET', '/robots.txt')).toEqual({
      kind: 'pass',
    });
    expect(await testSite().outcome('GET', '/robots.txt')).toEqual({ kind: 'pass' });
  });
});
