import { createHash } from 'node:crypto';
import http from 'node:http';
import compression from 'compression';
import express, { type Express } from 'express';
import request from 'supertest';
import { OptionsValidationError } from '@agent-ready/core/errors';
import { CHANGE_FEED_REL } from '@agent-ready/core/serve';
import { databaseConfig, describeEachDatabase, uniqueTablePrefix } from '@agent-ready/test-support';
import type { DatabaseOption } from '@agent-ready/store';
import { dropTables } from './drop-tables';
import { agentReady, type AgentReadyMiddleware } from '../src';

const ORIGIN = 'https://example.com';
const TCT_CACHE =
  'public, max-age=0, must-revalidate, stale-while-revalidate=60, stale-if-error=86400, no-transform';
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

function buildApp(agent: AgentReadyMiddleware, options: { compress?: boolean } = {}): Express {
  const app = express();
  if (options.compress) app.use(compression({ threshold: 0 }));
  app.use(agent);
  app.get('/{*path}', (req, res) => {
    const tags = (res.locals.agentReady?.linkTags as string | undefined) ?? '';
    res
      .type('html')
      .send(`<!doctype html><html><head>${tags}</head><body>${req.path}</body></html>`);
  });
  return app;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- superagent parser signature
const rawBody = (r: any, cb: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  r.on('data', (c: Buffer) => chunks.push(c));
  r.on('end', () => cb(null, Buffer.concat(chunks)));
};

describeEachDatabase('Express adapter', (dialect) => {
  let agent: AgentReadyMiddleware;
  let app: Express;
  let database: DatabaseOption;
  let prefix: string;

  beforeAll(async () => {
    database = databaseConfig(dialect) as DatabaseOption;
    prefix = uniqueTablePrefix();
    agent = agentReady({
      site: { origin: ORIGIN, name: 'Example', language: 'en', overviewPath: '/' },
      database,
      tablePrefix: prefix,
      policy: {
        effective: '2025-10-01T00:00:00Z',
        urls: { contact: 'https://example.com/contact/' },
      },
      authorize: (req, res, next) => {
        if (req.headers.authorization === 'Bearer letmein') next();
        else res.status(401).set('WWW-Authenticate', 'Bearer').end();
      },
      rebuild: { debounceMs: 10, healIntervalMs: 0 },
    });
    app = buildApp(agent);
    await agent.publish({
      id: 'home',
      url: '/',
      title: 'Example',
      body: { format: 'text', value: 'What this site is.' },
    });
    await agent.publish({
      id: 'hello',
      url: '/hello/',
      title: 'Hello World',
      body: { format: 'markdown', value: 'The *first* post.' },
      modified: '2025-10-01T12:00:00Z',
    });
    await agent.publish({
      id: 'secret',
      url: '/secret/',
      title: 'Members only',
      body: { format: 'text', value: 'x' },
      visibility: 'protected',
    });
    await agent.publish({
      id: 'gone',
      url: '/gone/',
      title: 'Gone',
      body: { format: 'text', value: 'y' },
    });
    await agent.publish({
      id: 'hidden',
      url: '/hidden/',
      title: 'Hidden',
      body: { format: 'text', value: 'z' },
    });
    await agent.remove('gone');
    await agent.unpublish('hidden');
    await agent.idle();
  });

  afterAll(async () => {
    await agent.close();
    if (dialect !== 'sqlite') await dropTables(database, prefix);
  });

  describe('M-URL', () => {
    it('answers 200 with the exact bytes and every header of DECISIONS §1', async () => {
      const res = await request(app).get('/hello/llm.json').buffer(true).parse(rawBody);
      expect(res.status).toBe(200);
      const body = res.body as Buffer;
      const parsed = JSON.parse(body.toString('utf8'));
      const { hash, ...withoutHash } = parsed;
      const canonical = JSON.stringify(
        Object.fromEntries(Object.entries(withoutHash).sort(([a], [b]) => (a < b ? -1 : 1))),
      );
      expect(hash).toBe(`sha256-${sha256(canonical)}`);
      expect(res.headers).toMatchObject({
        etag: `"${hash}"`,
        'cache-control': TCT_CACHE,
        vary: 'Accept-Encoding',
        'last-modified': 'Wed, 01 Oct 2025 12:00:00 GMT',
        link: '<https://example.com/hello/>; rel="canonical"',
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(body.length),
        'content-digest': `sha-256=:${createHash('sha256').update(body).digest('base64')}:`,
      });
      expect(res.headers['transfer-encoding']).toBeUndefined();
      expect(parsed).toMatchObject({
        profile: 'tct-1',
        canonical_url: 'https://example.com/hello/',
        content: 'Hello World\n\nThe first post.',
      });
    });

    it('answers HEAD with the GET headers and no body', async () => {
      const get = await request(app).get('/hello/llm.json');
      const head = await request(app).head('/hello/llm.json');
      expect(head.status).toBe(200);
      const strip = (h: Record<string, string>) => {
        const { date: _date, connection: _c, 'keep-alive': _k, ...rest } = h;
        return rest;
      };
      expect(strip(head.headers)).toEqual(strip(get.headers));
      expect(head.text ?? '').toBe('');
    });

    describe('conditional requests', () => {
      let etag: string;
      beforeAll(async () => {
        etag = (await request(app).get('/hello/llm.json')).headers.etag!;
      });
      const send = async (headers: Record<string, string>) => {
        let req = request(app).get('/hello/llm.json');
        for (const [k, v] of Object.entries(headers)) req = req.set(k, v);
        return req;
      };
      const expect304 = async (headers: Record<string, string>) => {
        const res = await send(headers);
        expect(res.status).toBe(304);
        expect(res.headers).toMatchObject({
          etag,
          'cache-control': TCT_CACHE,
          vary: 'Accept-Encoding',
          link: '<https://example.com/hello/>; rel="canonical"',
          'last-modified': 'Wed, 01 Oct 2025 12:00:00 GMT',
        });
        expect(res.headers['content-type']).toBeUndefined();
        expect(res.headers['content-digest']).toBeUndefined();
      };
      const expect200 = async (headers: Record<string, string>) =>
        expect((await send(headers)).status).toBe(200);

      it('304 on a matching If-None-Match, alone or in a list', async () => {
        await expect304({ 'If-None-Match': etag });
        await expect304({ 'If-None-Match': `"nope", ${etag}, "other"` });
      });
      it('304 on a weak echo (W/) of the strong tag and on *', async () => {
        await expect304({ 'If-None-Match': `W/${etag}` });
        await expect304({ 'If-None-Match': '*' });
      });
      it('304 even with Cache-Control: no-cache, as fetch clients send', async () => {
        await expect304({ 'If-None-Match': etag, 'Cache-Control': 'no-cache', Pragma: 'no-cache' });
      });
      it('If-None-Match beats If-Modified-Since both ways', async () => {
        await expect200({
          'If-None-Match': '"stale"',
          'If-Modified-Since': 'Thu, 01 Jan 2099 00:00:00 GMT',
        });
        await expect304({
          'If-None-Match': etag,
          'If-Modified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT',
        });
      });
      it('If-Modified-Since alone', async () => {
        await expect304({ 'If-Modified-Since': 'Wed, 01 Oct 2025 12:00:00 GMT' });
        await expect200({ 'If-Modified-Since': 'Wed, 01 Oct 2025 11:59:59 GMT' });
      });
      it('malformed and enormous validators are ignored, never an error', async () => {
        await expect200({ 'If-None-Match': 'not-a-tag' });
        await expect200({ 'If-Modified-Since': 'tomorrow-ish' });
        await expect200({ 'If-None-Match': `"${'x'.repeat(12000)}"` });
        await expect200({ 'If-None-Match': ','.repeat(12000) });
      });
      it('a fetch() client gets its 304 over a real socket', async () => {
        const server = app.listen(0);
        try {
          const port = (server.address() as { port: number }).port;
          const first = await fetch(`http://127.0.0.1:${port}/hello/llm.json`);
          await first.arrayBuffer();
          const again = await fetch(`http://127.0.0.1:${port}/hello/llm.json`, {
            // What browsers' and undici's fetch send with a conditional request they build.
            headers: { 'If-None-Match': first.headers.get('etag')!, 'Cache-Control': 'no-cache' },
          });
          expect(again.status).toBe(304);
        } finally {
          server.close();
        }
      });
    });

    it('404 for unknown and unpublished documents, 410 for deleted ones', async () => {
      expect((await request(app).get('/nothing/llm.json')).status).toBe(404);
      expect((await request(app).get('/hidden/llm.json')).status).toBe(404);
      expect((await request(app).get('/gone/llm.json')).status).toBe(410);
      expect((await request(app).head('/gone/llm.json')).status).toBe(410);
    });

    it('405 with Allow for every other method', async () => {
      for (const method of ['post', 'put', 'delete', 'patch', 'options'] as const) {
        const res = await request(app)[method]('/hello/llm.json');
        expect(res.status).toBe(405);
        expect(res.headers.allow).toBe('GET, HEAD');
      }
    });

    it('answers traversal and malformed paths with 4xx, never 5xx', async () => {
      // Sent verbatim over a socket: HTTP clients would normalize these away before sending.
      const server = app.listen(0);
      try {
        const port = (server.address() as { port: number }).port;
        const status = (path: string) =>
          new Promise<number>((resolve, reject) => {
            http
              .get({ host: '127.0.0.1', port, path }, (res) => {
                res.resume();
                resolve(res.statusCode!);
              })
              .on('error', reject);
          });
        expect(await status('/x/../hello/llm.json')).toBe(404);
        expect(await status('/x/%2e%2e/hello/llm.json')).toBe(404);
        expect(await status('/x/..%2fhello/llm.json')).toBe(404);
        expect(await status('/bad%zz/llm.json')).toBe(400);
        expect(await status('/hello/llm.json?%zz')).toBe(200);
      } finally {
        server.close();
      }
    });

    it('keeps protected documents behind the app hook, private, and out of the sitemap', async () => {
      const denied = await request(app).get('/secret/llm.json');
      expect(denied.status).toBe(401);
      expect(denied.headers['www-authenticate']).toBe('Bearer');
      const allowed = await request(app)
        .get('/secret/llm.json')
        .set('Authorization', 'Bearer letmein');
      expect(allowed.status).toBe(200);
      expect(allowed.headers['cache-control']).toBe('private, no-cache');
      const sitemap = JSON.parse((await request(app).get('/llm-sitemap.json')).text);
      expect(sitemap.items.map((i: { cUrl: string }) => i.cUrl)).not.toContain(
        'https://example.com/secret/',
      );
    });
  });

  describe('sitemap', () => {
    it('lists every published public document once, home first, with ETag parity', async () => {
      const res = await request(app).get('/llm-sitemap.json');
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe(TCT_CACHE);
      expect(res.headers.etag).toBe(`"sha256-${sha256(res.text)}"`);
      expect(res.headers.link).toBe(
        '<https://example.com/llm-policy.json>; rel="describedby"; type="application/json", ' +
          `<https://example.com/llm-changes.json>; rel="${CHANGE_FEED_REL}"; type="application/json"`,
      );
      const doc = JSON.parse(res.text);
      expect(doc.items.map((i: { cUrl: string }) => i.cUrl)).toEqual([
        'https://example.com/',
        'https://example.com/hello/',
      ]);
      for (const item of doc.items) {
        const mUrl = await request(app).get(new URL(item.mUrl).pathname);
        expect(mUrl.headers.etag).toBe(`"${item.etag}"`);
        expect(item.contentHash).toBe(item.etag);
        expect(JSON.parse(mUrl.text).hash).toBe(item.etag);
      }
      expect(
        (await request(app).get('/llm-sitemap.json').set('If-None-Match', res.headers.etag!))
          .status,
      ).toBe(304);
      expect((await request(app).post('/llm-sitemap.json')).status).toBe(405);
    });
  });

  describe('discovery', () => {
    it('puts rel=index on the root and rel=alternate on pages, as headers and tags', async () => {
      const root = await request(app).get('/');
      expect(root.headers.link).toContain(
        '<https://example.com/llm-sitemap.json>; rel="index"; type="application/json"',
      );
      expect(root.headers.link).toContain(
        '<https://example.com/llm.json>; rel="alternate"; type="application/json"',
      );
      const page = await request(app).get('/hello/');
      expect(page.headers.link).toBe(
        [
          '<https://example.com/hello/llm.json>; rel="alternate"; type="application/json"',
          '<https://example.com/hello/index.html.md>; rel="alternate"; type="text/markdown"',
          '<https://example.com/llms.txt>; rel="describedby"; type="text/plain"',
        ].join(', '),
      );
      expect(page.text).toContain(
        '<link rel="alternate" type="application/json" href="https://example.com/hello/llm.json">',
      );
      expect((await request(app).get('/style.css')).headers.link).toBeUndefined();
      expect(await agent.linkTags('/hello/')).toBe(
        [
          '<link rel="alternate" type="application/json" href="https://example.com/hello/llm.json">',
          '<link rel="alternate" type="text/markdown" href="https://example.com/hello/index.html.md">',
          '<link rel="describedby" type="text/plain" href="https://example.com/llms.txt">',
        ].join('\n'),
      );
    });

    it('serves the policy descriptor', async () => {
      const res = await request(app).get('/llm-policy.json');
      expect(res.status).toBe(200);
      expect(JSON.parse(res.text)).toMatchObject({
        profile: 'tct-policy-1',
        policy_urls: { contact: 'https://example.com/contact/' },
      });
    });
  });

  it('answers the same through agent.handler(app) in front of Express, pages and protected documents still via the app', async () => {
    const server = http.createServer(agent.handler(app));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const viaApp = await request(app).get('/hello/llm.json');
      const first = await request(base).get('/hello/llm.json');
      const again = await request(base).get('/hello/llm.json');
      for (const res of [first, again]) {
        expect(res.status).toBe(200);
        expect(res.text).toBe(viaApp.text);
        expect(res.headers.etag).toBe(viaApp.headers.etag);
        expect(res.headers['content-digest']).toBe(viaApp.headers['content-digest']);
      }
      expect(
        (await request(base).get('/hello/llm.json').set('If-None-Match', first.headers.etag!))
          .status,
      ).toBe(304);
      const page = await request(base).get('/hello/');
      expect(page.headers.link).toContain('rel="alternate"; type="application/json"');
      expect((await request(base).get('/secret/llm.json')).status).toBe(401);
      expect(
        (await request(base).get('/secret/llm.json').set('Authorization', 'Bearer letmein')).status,
      ).toBe(200);
      expect((await request(base).get('/gone/llm.json')).status).toBe(410);
    } finally {
      server.close();
    }
  });

  it('sends X-Content-Type-Options: nosniff on every agent response, through the middleware and agent.handler', async () => {
    const server = http.createServer(agent.handler(app));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      await agent.idle();
      const agentPaths = [
        '/hello/llm.json',
        '/hello.md',
        '/llm-sitemap.json',
        '/llms.txt',
        '/llm-policy.json',
        '/llm-changes.json',
        '/nothing/llm.json',
        '/gone/llm.json',
        '/bad%zz/llm.json',
      ];
      for (const target of [app, base]) {
        for (const path of agentPaths) {
          const res = await request(target).get(path);
          expect([path, res.status < 500, res.headers['x-content-type-options']]).toEqual([
            path,
            true,
            'nosniff',
          ]);
        }
        const negotiated = await request(target).get('/hello/').set('Accept', 'text/markdown');
        expect(negotiated.headers['x-content-type-options']).toBe('nosniff');
      }
    } finally {
      server.close();
    }
  });

  it('is never re-encoded by the compression middleware', async () => {
    const compressed = buildApp(agent, { compress: true });
    const plain = await request(app).get('/hello/llm.json');
    const res = await request(compressed).get('/hello/llm.json').set('Accept-Encoding', 'gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.etag).toBe(plain.headers.etag);
    expect(res.text).toBe(plain.text);
  });
});

describe('Express adapter options', () => {
  it('names the bad key at start-up', () => {
    expect(() => agentReady({ site: { origin: 'not a url', name: '' } })).toThrow(
      /site\.origin[\s\S]*site\.name/,
    );
    expect(() =>
      agentReady({
        site: { origin: 'https://e.com', name: 'E' },
        scp: { deltaPeriod: 'weekly' as 'daily' },
      }),
    ).toThrow(/scp\.deltaPeriod/);
  });

  it('refuses an unknown key, with the known key it probably meant', () => {
    const site = { origin: 'https://e.com', name: 'E' };
    expect(() => agentReady({ site, llmstxt: { notice: false } } as never)).toThrow(
      /llmstxt: unknown option; did you mean llmsTxt\?/,
    );
    expect(() => agentReady({ site, tablePrefx: 'x_' } as never)).toThrow(
      /tablePrefx: unknown option; did you mean tablePrefix\?/,
    );
    expect(() => agentReady({ site, frobnicate: true } as never)).toThrow(
      /frobnicate: unknown option \(known: site, database, /,
    );
    // At every depth, not only the top level.
    expect(() => agentReady({ site, scp: { deltaperiod: 'hourly' } } as never)).toThrow(
      /scp\.deltaperiod: unknown key; did you mean deltaPeriod\?/,
    );
  });

  it('refuses a bad adapter option at mount, typed, naming every problem', () => {
    const site = { origin: 'https://e.com', name: 'E' };
    let thrown: unknown;
    try {
      agentReady({ site, mode: 'writer', authorize: 'admin' } as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(OptionsValidationError);
    expect((thrown as OptionsValidationError).problems).toEqual([
      { field: 'mode', message: 'must be standalone or read-only', value: 'writer' },
      { field: 'authorize', message: 'must be Express middleware', value: 'admin' },
    ]);
  });
});
