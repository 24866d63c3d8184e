import { createHash } from 'node:crypto';
import fc from 'fast-check';
import {
  putLlmsTxt,
  putScpCollection,
  putScpSitemaps,
  testSite,
} from '../../../../test/support/serve-fixtures';
import { normalizeRequestPath } from '../../normalize-request-path';
import { mayNameRobotsTxt, ROBOTS_TXT_PATH } from '.';

describe('robots.txt endpoint', () => {
  it('serves the configured rules byte for byte, the usage rules in their `*` group, then the XML sitemaps', async () => {
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
      `${rules}# AI usage preferences\nContent-Usage: train-ai=n, search=y\nContent-Signal: search=yes, ai-train=no\n\nSitemap: https://example.com/scp/sitemap.xml\nSitemap: https://example.com/scp/sitemap-pages.xml\n`,
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

  it("composes onto the app's own robots.txt: its lines first, the rules merged, validators, 304", async () => {
    const { endpoints, source } = testSite({
      robotsTxt: { rules: 'User-agent: *\nDisallow: /admin\n' },
      usage: { trainAi: false },
    });
    putScpCollection(source, '/scp/blog-snapshot.scp');
    putScpSitemaps(source);
    expect(endpoints.wantsRobotsTxt({ method: 'GET', target: '/robots.txt', headers: {} })).toBe(
      true,
    );
    expect(endpoints.wantsRobotsTxt({ method: 'HEAD', target: '/robots.txt?x', headers: {} })).toBe(
      true,
    );
    expect(endpoints.wantsRobotsTxt({ method: 'POST', target: '/robots.txt', headers: {} })).toBe(
      false,
    );
    const own = '# The shop\nUser-agent: *\nDisallow: /cart\n\nUser-agent: GPTBot\nDisallow: /\n';
    const request = { method: 'GET', target: '/robots.txt', headers: {} };
    const outcome = await endpoints.answerRobotsTxt(request, own);
    if (outcome.kind !== 'respond') throw new Error('not answered');
    const text = outcome.response.body!.toString('utf8');
    expect(text).toBe(
      [
        '# The shop',
        'User-agent: *',
        'Disallow: /cart',
        'Disallow: /admin',
        '# AI usage preferences',
        'Content-Usage: train-ai=n',
        'Content-Signal: ai-train=no',
        '',
        'User-agent: GPTBot',
        'Disallow: /',
        '',
        'Sitemap: https://example.com/scp/sitemap.xml',
        'Sitemap: https://example.com/scp/sitemap-pages.xml',
        '',
      ].join('\n'),
    );
    expect(outcome.response.observe).toEqual({ kind: 'robots' });
    expect(await endpoints.robotsTxt(own)).toBe(text);
    const again = await endpoints.answerRobotsTxt(
      { ...request, headers: { 'if-none-match': outcome.response.headers.etag as string } },
      own,
    );
    expect(again).toMatchObject({ kind: 'respond', response: { status: 304 } });
    // The app has none: the configured rules alone, as asked directly.
    const none = await endpoints.answerRobotsTxt(request, undefined);
    const direct = await testSite({
      robotsTxt: { rules: 'User-agent: *\nDisallow: /admin\n' },
      usage: { trainAi: false },
    }).endpoints.robotsTxt('');
    if (none.kind !== 'respond') throw new Error('not answered');
    expect(none.response.body!.toString('utf8')).toMatch(
      /^User-agent: \*\nDisallow: \/admin\n# AI usage/,
    );
    expect(direct).toMatch(/^User-agent: \*\nDisallow: \/admin\n# AI usage/);
    expect(
      testSite().endpoints.wantsRobotsTxt({ method: 'GET', target: '/robots.txt', headers: {} }),
    ).toBe(false);
  });

  it('leaves /robots.txt to the app when augmenting its own, or when off', async () => {
    expect(await testSite({ robotsTxt: { augment: true } }).outcome('GET', '/robots.txt')).toEqual({
      kind: 'pass',
    });
    expect(await testSite().outcome('GET', '/robots.txt')).toEqual({ kind: 'pass' });
  });
});

describe('mayNameRobotsTxt', () => {
  const namesRobotsTxt = (target: string) => {
    const result = normalizeRequestPath(target);
    return result.ok && result.path === ROBOTS_TXT_PATH;
  };

  it('lets through every target that normalizes to /robots.txt, percent-encoded ones too', () => {
    for (const target of ['/robots.txt', '/robots.txt?x=1', '/%72obots.txt', '/r%6Fbots.txt'])
      expect([target, namesRobotsTxt(target), mayNameRobotsTxt(target)]).toEqual([
        target,
        true,
        true,
      ]);
    // Any of its characters percent-encoded, in either case of hex, with or without a query.
    const encoded = fc
      .tuple(
        fc.array(fc.boolean(), { minLength: 11, maxLength: 11 }),
        fc.boolean(),
        fc.constantFrom('', '?a=b', '#top'),
      )
      .map(([encode, upper, tail]) => {
        const chars = [...ROBOTS_TXT_PATH.slice(1)].map((char, at) => {
          if (!encode[at]) return char;
          const hex = char.charCodeAt(0).toString(16);
          return `%${upper ? hex.toUpperCase() : hex}`;
        });
        return `/${chars.join('')}${tail}`;
      });
    fc.assert(
      fc.property(encoded, (target) => !namesRobotsTxt(target) || mayNameRobotsTxt(target)),
      { seed: 47, numRuns: 500 },
    );
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        (tail) => !namesRobotsTxt(`/${tail}`) || mayNameRobotsTxt(`/${tail}`),
      ),
      { seed: 47, numRuns: 500 },
    );
  });

  it('turns away the paths of pages at its first two characters', () => {
    for (const target of ['/', '/about', '/blog/robots.txt', '/sitemap.xml', 'robots.txt'])
      expect([target, mayNameRobotsTxt(target)]).toEqual([target, false]);
  });
});
