import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { bootFixture, FIXTURE_CONFIG, type Fixture } from './support/fixture-app';

// Issue 38 on a real Strapi: the app's own `public/robots.txt` (served by `strapi::public`) is
// kept and the plugin's lines are added to it, as the Express adapter does with an app's own: its
// lines first as written, the configured rules merged into its `User-agent: *` group, the AI
// usage rules in that group, the SCP sitemaps as `Sitemap:` lines. Without the file, the rules
// and the lines alone.

const OWN = [
  '# The shop: keep crawlers out of the cart.',
  'User-agent: *',
  'Disallow: /cart/',
  '',
  'User-agent: GPTBot',
  'Disallow: /',
  '',
].join('\n');

let f: Fixture;
let publicDir: string;

beforeAll(async () => {
  publicDir = mkdtempSync(join(tmpdir(), 'agent-ready-public-'));
  // Strapi's upload plugin keeps its files under public/ and checks the folder at start.
  mkdirSync(join(publicDir, 'uploads'));
  writeFileSync(join(publicDir, 'robots.txt'), OWN);
  writeFileSync(join(publicDir, 'hello.txt'), 'Just a file.\n');
  f = await bootFixture({
    publicDir,
    config: {
      ...FIXTURE_CONFIG,
      robotsTxt: { rules: 'User-agent: *\nDisallow: /admin/\n' },
      usage: { trainAi: false },
    },
  });
  await f.strapi.documents('api::article.article' as never).create({
    data: { title: 'Hello', slug: 'hello', excerpt: 'Hi.' },
    status: 'published',
  } as never);
  await f.agentReady.whenIdle();
}, 300_000);

afterAll(async () => {
  await f?.stop();
  rmSync(publicDir, { recursive: true, force: true });
});

const MERGED = [
  '# The shop: keep crawlers out of the cart.',
  'User-agent: *',
  'Disallow: /cart/',
  'Disallow: /admin/',
  '# AI usage preferences',
  'Content-Usage: train-ai=n',
  'Content-Signal: ai-train=no',
  '',
  'User-agent: GPTBot',
  'Disallow: /',
  '',
  'Sitemap: https://example.com/scp/sitemap.xml',
  '',
].join('\n');

it("keeps the app's public/robots.txt first and adds the plugin's lines where they belong", async () => {
  const res = await request(f.http).get('/robots.txt');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(res.text).toBe(MERGED);
  // One `*` group: parsers that read only the first one still see every rule.
  expect(res.text.match(/^User-agent: \*$/gm)).toHaveLength(1);
  // Our validators and caching, not the static file's (`strapi::public`: max-age=60).
  expect(res.headers.etag).toMatch(/^"sha256-[0-9a-f]{64}"$/);
  expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  expect(res.headers['content-encoding']).toBeUndefined();
  const again = await request(f.http).get('/robots.txt').set('If-None-Match', res.headers.etag!);
  expect(again.status).toBe(304);
  const head = await request(f.http).head('/robots.txt');
  expect(head.status).toBe(200);
  expect(head.headers['content-length']).toBe(String(Buffer.byteLength(MERGED)));
  // Strapi still serves the rest of public/ as it did.
  const file = await request(f.http).get('/hello.txt');
  expect([file.status, file.text]).toEqual([200, 'Just a file.\n']);
});

it('follows the file: edited, the answer follows; removed, the rules and lines alone', async () => {
  writeFileSync(join(publicDir, 'robots.txt'), OWN.replace('/cart/', '/basket/'));
  expect((await request(f.http).get('/robots.txt')).text).toBe(
    MERGED.replace('/cart/', '/basket/'),
  );
  rmSync(join(publicDir, 'robots.txt'));
  const res = await request(f.http).get('/robots.txt');
  expect(res.status).toBe(200);
  expect(res.text).toBe(
    [
      'User-agent: *',
      'Disallow: /admin/',
      '# AI usage preferences',
      'Content-Usage: train-ai=n',
      'Content-Signal: ai-train=no',
      '',
      'Sitemap: https://example.com/scp/sitemap.xml',
      '',
    ].join('\n'),
  );
});
