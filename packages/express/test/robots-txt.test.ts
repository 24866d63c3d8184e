import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import request from 'supertest';
import { inspectLlmsTxt } from '@agent-ready/core/llmstxt';
import { databaseConfig } from '@agent-ready/test-support';
import type { DatabaseOption } from '@agent-ready/store';
import { agentReady, type AgentReadyMiddleware, type AgentReadyOptions } from '../src';

/**
 * Issue 38: the app's own robots.txt (a static file, a route) is kept and agent-ready's lines
 * are added to it, one behaviour whatever the options: the app's lines first as written, the
 * configured `rules` merged group by group, the AI usage rules in the `User-agent: *` group, the
 * SCP sitemaps as `Sitemap:` lines.
 */
describe('robots.txt: the app’s own, with our lines added', () => {
  const site = { origin: 'https://example.com', name: 'Example' };
  const opened: AgentReadyMiddleware[] = [];
  const OWN = '# Shop robots\nUser-agent: *\nDisallow: /cart/\n\nUser-agent: GPTBot\nDisallow: /\n';

  afterEach(async () => {
    for (const agent of opened.splice(0)) await agent.close();
  });

  async function open(extra: Partial<AgentReadyOptions> = {}): Promise<AgentReadyMiddleware> {
    const agent = agentReady({
      site,
      database: databaseConfig('sqlite') as DatabaseOption,
      rebuild: { debounceMs: 5, healIntervalMs: 0 },
      logger: false,
      robotsTxt: { rules: 'User-agent: *\nDisallow: /admin/\n' },
      usage: { trainAi: false },
      ...extra,
    });
    opened.push(agent);
    await agent.publish({ id: 'a', url: '/a/', title: 'A' });
    await agent.idle();
    return agent;
  }

  /** An app serving `public/` (with `robots` as its robots.txt, if any) after the middleware. */
  function staticApp(agent: AgentReadyMiddleware, robots?: string): express.Express {
    const dir = mkdtempSync(join(tmpdir(), 'agent-ready-public-'));
    if (robots !== undefined) writeFileSync(join(dir, 'robots.txt'), robots);
    return express().use(agent).use(express.static(dir));
  }

  const MERGED = [
    '# Shop robots',
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

  it('the app’s static public/robots.txt first, the rules merged into its `*` group, one `*` group', async () => {
    const app = staticApp(await open(), OWN);
    const res = await request(app).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.text).toBe(MERGED);
    expect(res.text.match(/^User-agent: \*$/gm)).toHaveLength(1);
    expect(res.headers.etag).toMatch(/^"sha256-[0-9a-f]{64}"$/);
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    // Our validators, not the file's: a 304 for ours, the whole file again for anything else
    // (the static server is asked without the conditional fields, so it never answers 304 or 206).
    const again = await request(app).get('/robots.txt').set('If-None-Match', res.headers.etag!);
    expect(again.status).toBe(304);
    const since = await request(app)
      .get('/robots.txt')
      .set('If-Modified-Since', res.headers['last-modified']!);
    expect(since.status).toBe(304);
    const ranged = await request(app).get('/robots.txt').set('Range', 'bytes=0-3');
    expect([ranged.status, ranged.text]).toEqual([200, MERGED]);
    const head = await request(app).head('/robots.txt');
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(MERGED)));
  });

  it('a percent-encoded /robots.txt is the same file, merged the same, in the middleware and ahead of Express', async () => {
    // `/%72obots.txt` normalizes to `/robots.txt` (RFC 3986 §6.2.2.2), and the static server
    // decodes it to the same file: the agent must not get the app's lines without ours.
    const agent = await open();
    const app = staticApp(agent, OWN);
    for (const path of ['/%72obots.txt', '/r%6Fbots.txt'])
      expect([path, (await request(app).get(path)).text]).toEqual([path, MERGED]);
    const server = http.createServer(agent.handler(app));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const res = await fetch(`http://127.0.0.1:${port}/%72obots.txt`);
      expect(await res.text()).toBe(MERGED);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('the same with the deprecated `augment: true`, and through the `handler` listener', async () => {
    const agent = await open({
      robotsTxt: { augment: true, rules: 'User-agent: *\nDisallow: /admin/\n' },
    });
    const app = staticApp(agent, OWN);
    expect((await request(app).get('/robots.txt')).text).toBe(MERGED);
    const server = http.createServer(agent.handler(app));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const res = await fetch(`http://127.0.0.1:${port}/robots.txt`);
      expect(await res.text()).toBe(MERGED);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('an app route keeps its bytes, CRLF and comments; a blocked agent path is named in a comment', async () => {
    const own =
      'User-agent: *\r\nDisallow: /*.json$   # no JSON please\r\n\r\nUser-agent: GPTBot\r\nDisallow: /private/\r\n';
    const agent = await open({ robotsTxt: {}, usage: undefined });
    const app = express()
      .use(agent)
      .get('/robots.txt', (_req, res) => res.type('text/plain').send(own));
    const res = await request(app).get('/robots.txt');
    expect(res.text.startsWith(own)).toBe(true);
    expect(res.text.slice(own.length)).toBe(
      [
        '',
        '# agent-ready: the rules above disallow these agent endpoints: /llm-sitemap*.json /*/llm.json /llm-changes.json',
        'Sitemap: https://example.com/scp/sitemap.xml',
        '',
      ].join('\r\n'),
    );
  });

  it('an app without robots.txt: the configured rules and our lines', async () => {
    const res = await request(staticApp(await open())).get('/robots.txt');
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

  it('an HTML catch-all route is no robots.txt; an app error stays an error (RFC 9309: disallow all)', async () => {
    const agent = await open();
    const spa = express()
      .use(agent)
      .get('/{*path}', (_req, res) => res.type('html').send('<!doctype html><p>app</p>'));
    const res = await request(spa).get('/robots.txt');
    expect(res.text).not.toContain('<p>');
    expect(res.text).toMatch(/^User-agent: \*\nDisallow: \/admin\//);
    const failing = express()
      .use(agent)
      .get('/robots.txt', (_req, res) => res.status(503).type('text/plain').send('busy'));
    const failed = await request(failing).get('/robots.txt');
    expect([failed.status, failed.text]).toEqual([503, 'busy']);
  });

  it('robotsTxt off: the app’s robots.txt as it is', async () => {
    const app = staticApp(await open({ robotsTxt: false }), OWN);
    expect((await request(app).get('/robots.txt')).text).toBe(OWN);
  });

  it('names the index of the page sitemaps on a site bigger than one shard', async () => {
    const agent = await open({ sitemap: { maxItemsPerShard: 2 }, usage: undefined });
    for (const id of ['b', 'c']) await agent.publish({ id, url: `/${id}/`, title: id });
    await agent.idle();
    const app = express().use(agent);
    expect((await request(app).get('/robots.txt')).text).toBe(
      [
        'User-agent: *',
        'Disallow: /admin/',
        '',
        'Sitemap: https://example.com/scp/sitemap.xml',
        'Sitemap: https://example.com/scp/sitemap-pages.xml',
        '',
      ].join('\n'),
    );
    const index = await request(app).get('/scp/sitemap-pages.xml');
    expect(index.status).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.text).toContain('<loc>https://example.com/scp/sitemap-pages-2.xml</loc>');
    expect((await request(app).get('/scp/sitemap-pages-2.xml')).text).toContain(
      '<loc>https://example.com/b/</loc>',
    );
    // llms.txt is untouched by any of it.
    expect(inspectLlmsTxt((await request(app).get('/llms.txt')).text).problems).toEqual([]);
  });
});
