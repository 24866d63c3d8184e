import request from 'supertest';
import { validateSite, type ValidationReport } from '@agent-ready/client';
import {
  canonicalizeJson,
  readTct03MUrl,
  readTct03Sitemap,
  readTct03SitemapIndex,
  TCT_03,
} from '@agent-ready/core';
import { freePort } from '@agent-ready/test-support';
import { bootFixture, FIXTURE_CONFIG, type Fixture } from './support/fixture-app';
import { getRaw, pathOf, sha256 } from './support/agent-http';

// The plugin serving a site in TCT draft -03 (`tct: { profile: 'tct-03' }` in config/plugins),
// over a real socket whose address is the public origin: the -03 response rules (Strapi's own
// compression middleware in front), the validator with the profile detected and forced, then
// the profile switched to tct-1 in the admin settings: every document re-rendered, the validator
// passing under tct-1. One boot.

const blocks = (text: string) => [{ type: 'paragraph', children: [{ type: 'text', text }] }];
const N = 6;

/** Checks that did not pass, but what only the front-end or an https origin can answer. */
function notPassing(report: ValidationReport): string[] {
  // A headless CMS renders no pages (the C-URL's link is the front-end's); llmindex needs https;
  // `server/discover` is of an MCP revision the SDK does not speak yet (docs/mcp.md).
  const elsewhere = new Set(['tct.c-url.alternate-link', 'mcp.discover']);
  return report.checks
    .filter((c) => c.status !== 'pass' && c.protocol !== 'llmindex' && !elsewhere.has(c.id))
    .map((c) => `${c.id}: ${c.status}: ${c.evidence.detail ?? ''}`);
}

describe('the Strapi plugin under TCT draft -03', () => {
  let f: Fixture;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    f = await bootFixture({
      config: {
        ...FIXTURE_CONFIG,
        site: { ...FIXTURE_CONFIG.site, origin },
        tct: { profile: 'tct-03' },
        rootPage: 'agent-index',
        robotsTxt: { rules: 'User-agent: *\nAllow: /\n' },
        metrics: { stats: 'public' },
        // Sharded: the M-Sitemap Index is served and checked too.
        sitemap: { maxItemsPerShard: 4 },
        // On: the validator's MCP checks (hash parity under -03 too) run against it.
        mcp: { enabled: true },
      },
    });
    await f.strapi.documents('api::home.home' as never).create({
      data: { title: 'Fixture', intro: 'What this site is about.' },
      status: 'published',
    } as never);
    const articles = f.strapi.documents('api::article.article' as never);
    for (let i = 1; i <= N; i++) {
      await articles.create({
        data: { title: `Article ${i}`, slug: `article-${i}`, content: blocks(`Body ${i}.`) },
        status: 'published',
      } as never);
    }
    await f.agentReady.whenIdle();
    await new Promise<void>((resolve) => f.http.listen(port, '127.0.0.1', resolve));
  }, 300_000);

  afterAll(async () => {
    await f?.stop();
  });

  it('serves the -03 M-URL by its rules: profile, no hash, ETag and digest over the body, no charset, 405, 406, gzip as identity, HEAD, If-None-Match', async () => {
    const path = '/en/blog/article-1/llm.json';
    const res = await getRaw(f.http, path);
    expect(res.status).toBe(200);
    const body = res.body as Buffer;
    const document = readTct03MUrl(body);
    expect(document).toMatchObject({ profile: TCT_03.id, title: 'Article 1' });
    expect(document).not.toHaveProperty('hash');
    expect(typeof document.lastModified).toBe('string');
    expect(body.toString('utf8')).toBe(canonicalizeJson(document));
    const etag = `"sha256-${sha256(body)}"`;
    expect(res.headers).toMatchObject({
      etag,
      'content-type': 'application/json',
      'cache-control': TCT_03.cacheControl,
      // Strapi's CORS middleware adds Origin.
      vary: expect.stringMatching(/(^|, )Accept-Encoding$/),
      link: `<${origin}/en/blog/article-1/>; rel="canonical", <${TCT_03.id}>; rel="profile"`,
    });
    expect(res.headers['content-digest']).toMatch(/^sha-256=:[A-Za-z0-9+/]+=*:$/);
    expect(res.headers['content-encoding']).toBeUndefined();

    expect((await request(f.http).post(path)).status).toBe(405);
    const refused = await getRaw(f.http, path, { 'Accept-Encoding': 'identity;q=0' });
    expect([refused.status, refused.headers.vary]).toEqual([
      406,
      expect.stringMatching(/(^|, )Accept-Encoding$/),
    ]);
    // Strapi compresses what it can: these bytes go out as identity, under the same ETag.
    const gzip = await getRaw(f.http, path, { 'Accept-Encoding': 'gzip' });
    expect([gzip.status, gzip.headers['content-encoding'], gzip.headers.etag]).toEqual([
      200,
      undefined,
      etag,
    ]);
    expect((gzip.body as Buffer).equals(body)).toBe(true);
    const head = await request(f.http).head(path);
    expect([head.status, head.headers.etag, head.headers['content-length']]).toEqual([
      200,
      etag,
      String(body.length),
    ]);
    for (const tag of [etag, `W/${etag}`, `"x", W/${etag}`])
      expect([tag, (await getRaw(f.http, path, { 'If-None-Match': tag })).status]).toEqual([
        tag,
        304,
      ]);
    expect((await getRaw(f.http, path, { 'If-None-Match': etag.slice(1, -1) })).status).toBe(200);
  });

  it('serves the M-Sitemap and its index: version 2, homepage first, every hint the M-URL’s ETag; the root links them without profile=', async () => {
    const index = await getRaw(f.http, '/llm-sitemap-index.json');
    expect(index.headers.link).toContain(`<${TCT_03.sitemapIndexProfile}>; rel="profile"`);
    const items = [];
    for (const entry of readTct03SitemapIndex(index.body as Buffer)) {
      const shard = await getRaw(f.http, pathOf(entry.url));
      expect(shard.headers).toMatchObject({
        etag: `"${entry.etag}"`,
        'content-type': 'application/json',
      });
      expect(shard.headers.link).toContain(`<${TCT_03.sitemapProfile}>; rel="profile"`);
      items.push(...readTct03Sitemap(shard.body as Buffer));
    }
    expect(items).toHaveLength(N + 1);
    expect(items[0]!.cUrl).toBe(`${origin}/`);
    for (const item of items) {
      const mUrl = await getRaw(f.http, pathOf(item.mUrl));
      expect(mUrl.headers.etag).toBe(`"${item.etag}"`);
    }
    const sitemap = '/llm-sitemap.json';
    expect((await getRaw(f.http, sitemap, { 'Accept-Encoding': '*;q=0' })).status).toBe(406);
    expect((await request(f.http).delete(sitemap)).status).toBe(405);
    const root = await request(f.http).get('/');
    expect(root.headers.link).toContain(
      `<${origin}/llm-sitemap.json>; rel="index"; type="application/json"`,
    );
    expect(root.headers.link).not.toContain('profile=');
  });

  it('passes every check of the validator, the profile detected or forced', async () => {
    for (const profile of [undefined, 'tct-03' as const]) {
      const report = await validateSite(origin, { all: true, ...(profile ? { profile } : {}) });
      expect([report.tctProfile, report.tctProfileSource]).toEqual([
        'tct-03',
        profile ? 'option' : 'detected',
      ]);
      expect(notPassing(report)).toEqual([]);
      expect(report.checks.find((c) => c.id === 'murl catalog_hint_matches')?.counts.pass).toBe(
        N + 1,
      );
    }
  });

  it('re-renders every document when the admin settings switch the site to tct-1, and then passes as tct-1', async () => {
    const before = await getRaw(f.http, '/en/blog/article-2/llm.json');
    await f.agentReady.saveSettings({ tct: { profile: 'tct-1' } }, 'editor@example.com');
    await f.agentReady.whenIdle();
    const after = await getRaw(f.http, '/en/blog/article-2/llm.json');
    const body = JSON.parse((after.body as Buffer).toString('utf8')) as Record<string, unknown>;
    expect(body).toMatchObject({ profile: 'tct-1', hash: after.headers.etag!.slice(1, -1) });
    expect(after.headers['content-type']).toBe('application/json; charset=utf-8');
    // The same document at the same date, in the other form.
    expect(body.modified).toBe(readTct03MUrl(before.body as Buffer).lastModified);
    for (const profile of [undefined, 'tct-1' as const]) {
      const report = await validateSite(origin, { all: true, ...(profile ? { profile } : {}) });
      expect(report.tctProfile).toBe('tct-1');
      expect(notPassing(report)).toEqual([]);
    }
  });
});
