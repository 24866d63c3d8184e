import { contentDigestOf, pageDiscovery } from '@agent-ready/core';
import { createApp, eventHandler, toNodeListener } from 'h3';
import {
  listen,
  rawGet,
  SITE_ORIGIN,
  startCmsStandIn,
  type CmsStandIn,
  type RawResponse,
} from './support/cms-stand-in';

const PAGE =
  '<!doctype html><html><head></head><body><h1>Rendered by the front-end</h1></body></html>';

/** The headers a pass-through must keep as the CMS sent them. */
const KEPT_HEADERS = [
  'content-type',
  'etag',
  'last-modified',
  'cache-control',
  'vary',
  'link',
  'content-digest',
  'content-usage',
];

function keptHeaders(response: RawResponse) {
  return Object.fromEntries(KEPT_HEADERS.map((name) => [name, response.headers[name]]));
}

/**
 * The Nuxt example (nuxt/server/middleware/agent-ready.ts) as Nuxt runs it: an h3 event handler
 * mounted before the page renderer, on a real HTTP server, proxying to a real agent-ready CMS.
 */
describe('the Nuxt server middleware', () => {
  let cms: CmsStandIn | undefined;
  let frontEnd: { url: string; close(): Promise<void> } | undefined;

  beforeAll(async () => {
    cms = await startCmsStandIn();
    process.env.CMS_URL = cms.url;
    process.env.SITE_ORIGIN = SITE_ORIGIN;
    // Imported once the variables it reads at load are set, as Nitro's would be.
    const { default: agentReadyMiddleware } = await import('../nuxt/server/middleware/agent-ready');
    const app = createApp();
    app.use(agentReadyMiddleware);
    // Stands for Nuxt's renderer: every page is the front-end's own HTML.
    app.use(eventHandler(() => PAGE));
    frontEnd = await listen(toNodeListener(app));
  });

  afterAll(async () => {
    await frontEnd?.close();
    await cms?.close();
  });

  it('passes an M-URL through byte for byte, with its ETag, type and links', async () => {
    const direct = await rawGet(`${cms!.url}/blog/hello/llm.json`);
    const proxied = await rawGet(`${frontEnd!.url}/blog/hello/llm.json`);
    expect(direct.status).toBe(200);
    expect(proxied.status).toBe(200);
    expect(proxied.body.equals(direct.body)).toBe(true);
    expect(keptHeaders(proxied)).toEqual(keptHeaders(direct));
    expect(proxied.headers.etag).toMatch(/^"sha256-[0-9a-f]{64}"$/);
    expect(proxied.headers['content-type']).toBe(direct.headers['content-type']);
    expect(proxied.headers.link).toBe('<https://example.com/blog/hello/>; rel="canonical"');
  });

  it('keeps a conditional request conditional: 304, no body, same ETag', async () => {
    const first = await rawGet(`${frontEnd!.url}/blog/hello/llm.json`);
    const again = await rawGet(`${frontEnd!.url}/blog/hello/llm.json`, {
      'if-none-match': String(first.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it.each([
    '/blog/hello/index.html.md',
    '/index.html.md',
    '/llm-sitemap.json?since=0',
    '/llm-sitemap-index.json',
    '/llm-changes.json',
    '/llms.txt',
    '/llms/guides.txt',
    '/de/llms.txt',
    '/scp/sitemap.xml',
    '/.well-known/llmindex.json',
    '/llm/products.md',
  ])('passes %s through as the CMS answers it', async (path) => {
    const direct = await rawGet(`${cms!.url}${path}`);
    const proxied = await rawGet(`${frontEnd!.url}${path}`);
    expect(direct.status).toBe(200);
    expect([proxied.status, keptHeaders(proxied)]).toEqual([direct.status, keptHeaders(direct)]);
    expect(proxied.body.equals(direct.body)).toBe(true);
  });

  it('sends an SCP collection as identity bytes that its ETag and Content-Digest describe', async () => {
    const path = '/scp/blog-snapshot.scp';
    // Asked directly, the CMS would send gzip: fetch() in h3's proxy would decode that body.
    const gzip = await rawGet(`${cms!.url}${path}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const proxied = await rawGet(`${frontEnd!.url}${path}`, { 'accept-encoding': 'gzip, zstd' });
    const identity = await rawGet(`${cms!.url}${path}`, { 'accept-encoding': 'identity' });
    expect(proxied.status).toBe(200);
    expect(proxied.headers['content-encoding']).toBeUndefined();
    expect(proxied.body.equals(identity.body)).toBe(true);
    expect(proxied.headers['content-digest']).toBe(contentDigestOf(proxied.body));
    expect(proxied.headers.etag).toBe(identity.headers.etag);
    expect(proxied.headers.etag).not.toBe(gzip.headers.etag);
  });

  it.each([
    ['/blog/hello/', true],
    ['/de/datenschutz/', true],
    ['/', false],
    ['/about/', false],
  ])('adds the discovery Link of pageDiscovery to the page %s', async (path, hasDocument) => {
    const page = await rawGet(`${frontEnd!.url}${path}`);
    expect(page.status).toBe(200);
    expect(page.body.toString()).toBe(PAGE);
    const expected = pageDiscovery({ pageUrl: `${SITE_ORIGIN}${path}`, hasDocument });
    expect(page.headers.link).toBe(expected.linkHeader);
  });

  it("leaves Nuxt's assets alone, and serves a page whose path has no URL form without links", async () => {
    const asset = await rawGet(`${frontEnd!.url}/_nuxt/entry.js`);
    expect(asset.headers.link).toBeUndefined();
    const odd = await rawGet(`${frontEnd!.url}/a|b/`);
    expect(odd.status).toBe(200);
    expect(odd.body.toString()).toBe(PAGE);
    expect(odd.headers.link).toBeUndefined();
  });
});
