import { pageDiscovery } from '@agent-ready/core';
import {
  getRewrittenUrl,
  isRewrite,
  unstable_doesMiddlewareMatch,
} from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import type * as Example from '../nextjs/middleware';
import { SITE_ORIGIN, startCmsStandIn, type CmsStandIn } from './support/cms-stand-in';

/** Agent endpoints the CMS stand-in serves, some with a query. */
const AGENT_TARGETS = [
  '/blog/hello/llm.json',
  '/blog/hello/index.html.md',
  '/llm-sitemap.json?since=42',
  '/llm-sitemap-index.json',
  '/llm-changes.json?since=abc&limit=10',
  '/llms.txt',
  '/de/llms-full.txt',
  '/llms/guides.txt',
  '/scp/blog-snapshot.scp',
  '/.well-known/llmindex.json',
  '/llm/feed/products.jsonl',
];

/**
 * The Next.js example (nextjs/middleware.ts) through Next's own middleware test helpers, with
 * real NextRequest objects; the page lookups reach a real agent-ready CMS. Next's proxying of the
 * rewrite itself needs a built Next.js server and is not run here: the rewrite's target is.
 */
describe('the Next.js middleware', () => {
  let cms: CmsStandIn | undefined;
  let example: typeof Example;

  beforeAll(async () => {
    cms = await startCmsStandIn();
    process.env.CMS_URL = cms.url;
    process.env.SITE_ORIGIN = SITE_ORIGIN;
    // Imported once the variables it reads at load are set, as Next.js would have them.
    example = await import('../nextjs/middleware');
  });

  afterAll(() => cms?.close());

  const run = (url: string) => example.middleware(new NextRequest(url));

  it.each(AGENT_TARGETS)('rewrites %s to the CMS, path and query kept', async (target) => {
    const response = await run(`https://example.com${target}`);
    expect(isRewrite(response)).toBe(true);
    expect(getRewrittenUrl(response)).toBe(`${cms!.url}${target}`);
    expect(response.headers.get('link')).toBeNull();
  });

  it.each([
    ['/blog/hello/', true],
    ['/de/datenschutz/', true],
    ['/', false],
    ['/about/', false],
  ])('lets the page %s render, with the Link of pageDiscovery', async (path, hasDocument) => {
    const response = await run(`https://example.com${path}?utm_source=x`);
    expect(isRewrite(response)).toBe(false);
    // NextResponse.next(): Next.js goes on to render the page.
    expect(response.headers.get('x-middleware-next')).toBe('1');
    const expected = pageDiscovery({ pageUrl: `${SITE_ORIGIN}${path}`, hasDocument });
    expect(response.headers.get('link')).toBe(expected.linkHeader);
  });

  it('renders a page whose path has no URL form, without links', async () => {
    const response = await run('https://example.com/a|b/');
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(response.headers.get('link')).toBeNull();
  });

  it('runs on pages and agent paths, not on Next.js assets and API routes', () => {
    const matches = (path: string) =>
      unstable_doesMiddlewareMatch({ config: example.config, url: `https://example.com${path}` });
    const running = ['/', '/blog/hello/', '/api-docs/', ...AGENT_TARGETS];
    const skipped = [
      '/_next/static/chunks/main.js',
      '/_next/image?url=%2Fa.png&w=64&q=75',
      '/api/health',
      '/favicon.ico',
    ];
    expect(running.filter((path) => !matches(path))).toEqual([]);
    expect(skipped.filter((path) => matches(path))).toEqual([]);
  });
});
