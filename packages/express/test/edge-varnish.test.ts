import { createHash } from 'node:crypto';
import http, { type Server } from 'node:http';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import {
  documentCacheTag,
  prepareDocument,
  prepareOptionsFor,
  type AgentDocument,
} from '@agent-ready/core';
import { RegenerationEngine } from '@agent-ready/store';
import {
  describeWithVarnish,
  shippedVclPath,
  startVarnish,
  waitForState,
  type VarnishInstance,
} from '@agent-ready/test-support';
import { agentReady, type AgentReadyMiddleware } from '../src';

/**
 * The shipped VCL (docs/edge/varnish.vcl) in a real varnishd in front of the Express adapter on
 * a real socket: every conditional request an agent may send gets the status and validators it
 * gets at the origin, whether Varnish serves it from its cache or not; SCP collections keep
 * their negotiated codings; with the `edge` option, agent responses are hits until the purge
 * the origin enqueues with each change reaches Varnish.
 */

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Over a raw socket: client libraries would decode the gzip and zstd bodies compared here. */
function send(
  origin: string,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${origin}${path}`,
      { method: options.method ?? 'GET', headers: options.headers ?? {}, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** Varnish names two transactions in X-Varnish when it served a stored object. */
const isHit = (answer: Answer) => /^\d+ \d+$/.test(String(answer.headers['x-varnish']));

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * What an agent compares between two answers: status, validators, caching fields and, with a
 * representation, its coding, type, length and bytes. (Varnish's own 304s keep Content-Type
 * and Content-Encoding, which the origin's leave out: see the VCL's vcl_deliver.)
 */
function visible(answer: Answer) {
  const h = answer.headers;
  return {
    status: answer.status,
    etag: h.etag,
    lastModified: h['last-modified'],
    cacheControl: h['cache-control'],
    vary: h.vary,
    ...(answer.status === 304
      ? { body: answer.body.length }
      : {
          contentEncoding: h['content-encoding'],
          contentType: h['content-type'],
          contentLength: h['content-length'],
          body: sha256(answer.body),
        }),
  };
}

function post(n: number, body: string): AgentDocument {
  return {
    id: `post-${n}`,
    url: `/posts/${n}/`,
    title: `Post ${n}`,
    section: 'posts',
    body: { format: 'markdown', value: body },
    modified: `2025-10-0${n}T12:00:00Z`,
  };
}

/** The conditional-request matrix for one resource, as at the origin's representation. */
function conditionalCases(etag: string, lastModified: string) {
  const opaque = etag.replace(/^W\//, '');
  const lm = Date.parse(lastModified);
  const date = (ms: number) => new Date(ms).toUTCString();
  const rfc850 = (ms: number) => {
    const d = new Date(ms);
    const day = d.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
    const [, dd, mon, yyyy, time] = /^\w+, (\d{2}) (\w{3}) (\d{4}) (\S+) GMT$/.exec(date(ms))!;
    return `${day}, ${dd}-${mon}-${yyyy!.slice(2)} ${time} GMT`;
  };
  const cases: { name: string; method?: string; headers: Record<string, string> }[] = [
    { name: 'plain', headers: {} },
    { name: 'single tag, matching', headers: { 'if-none-match': etag } },
    { name: 'single tag, other', headers: { 'if-none-match': '"sha256-other"' } },
    { name: 'list with the tag', headers: { 'if-none-match': `"sha256-other", ${etag}` } },
    { name: 'list without it', headers: { 'if-none-match': '"a", "b"' } },
    { name: 'star', headers: { 'if-none-match': '*' } },
    { name: 'weak form of the tag', headers: { 'if-none-match': `W/${opaque}` } },
    { name: 'weak other', headers: { 'if-none-match': 'W/"sha256-other"' } },
    // Whitespace around a field value is not part of it (RFC 9110 §5.5): a hit like the tag.
    { name: 'tag with spaces around', headers: { 'if-none-match': ` ${etag} ` } },
    { name: 'IMS = Last-Modified', headers: { 'if-modified-since': lastModified } },
    { name: 'IMS before', headers: { 'if-modified-since': date(lm - 1000) } },
    { name: 'IMS after', headers: { 'if-modified-since': date(lm + 86_400_000) } },
    { name: 'IMS in the future', headers: { 'if-modified-since': date(Date.now() + 3e10) } },
    { name: 'IMS RFC 850 form', headers: { 'if-modified-since': rfc850(lm) } },
    { name: 'IMS unparseable', headers: { 'if-modified-since': 'yesterday' } },
    {
      name: 'other tag and IMS (IMS ignored)',
      headers: { 'if-none-match': '"sha256-other"', 'if-modified-since': lastModified },
    },
    { name: 'If-Match other', headers: { 'if-match': '"sha256-other"' } },
  ];
  for (const c of cases.filter((c) => !c.name.startsWith('IMS ') || c.name.includes('='))) {
    cases.push({ ...c, name: `HEAD, ${c.name}`, method: 'HEAD' });
  }
  return cases;
}

const SITE = { origin: 'https://shop.example', name: 'Shop', language: 'en', overviewPath: '/' };
const TOKEN = 'edge-test-token';

describeWithVarnish('the shipped VCL in front of the Express adapter (real varnishd)', () => {
  let server: Server;
  let origin: string;
  let port: number;
  let dir: string;
  /** The writer, with the `edge` option: shared-cache headers, purges on change. */
  let agent: AgentReadyMiddleware;
  /** The same table served without `edge` (read-only): a site as it was before. */
  let plain: AgentReadyMiddleware;
  let varnish: VarnishInstance;
  /** Requests the origin answered, by path. */
  let originRequests: string[] = [];
  /** Which of the two answers: the site with the `edge` option or without. */
  let sharedCache = false;

  const database = () => ({ client: 'sqlite' as const, filename: join(dir, 'site.sqlite') });
  const edgeAgent = () =>
    agentReady({
      site: SITE,
      database: database(),
      rebuild: { debounceMs: 5, healIntervalMs: 0 },
      logger: false,
      edge: {
        purger: { type: 'varnish', addresses: [varnish.origin], token: TOKEN },
        // No settle re-purge (store/test/edge-settle-repurge.test.ts has it): its second purge,
        // 2 s after the first, would drop an object between a miss and the hit asserted next.
        delivery: { pollIntervalMs: 50, settleMs: 0 },
      },
    });

  /** Until every purge the commits so far enqueued has reached Varnish. */
  async function purged(): Promise<void> {
    await agent.idle();
    await waitForState('the purges delivered', async () => {
      const status = await agent.readPurgeStatus();
      return status?.waiting === 0 ? true : undefined;
    });
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'edge-varnish-'));
    const apps: Record<'edge' | 'plain', express.Express> = { edge: express(), plain: express() };
    server = http.createServer((req, res) => (sharedCache ? apps.edge : apps.plain)(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
    origin = `http://127.0.0.1:${port}`;
    varnish = await startVarnish({ backend: { port }, purgeToken: TOKEN });
    agent = edgeAgent();
    plain = agentReady({ site: SITE, database: database(), mode: 'read-only', logger: false });
    for (const [name, app] of Object.entries(apps)) {
      app.use((req, _res, next) => {
        originRequests.push(`${req.method} ${req.path}`);
        next();
      });
      app.use((req, res, next) => (name === 'edge' ? agent : plain)(req, res, next));
    }
    for (const n of [1, 2, 3]) await agent.publish(post(n, `The *body* of post ${n}.`));
    await purged();
  });

  afterAll(async () => {
    await varnish?.stop();
    server?.closeAllConnections();
    await new Promise<void>((resolve) => server?.close(() => resolve()) ?? resolve());
    await plain?.close();
    await agent?.close();
  });

  beforeEach(() => {
    originRequests = [];
  });

  const resources: { name: string; path: string; codings?: (string | undefined)[] }[] = [
    { name: 'an M-URL', path: '/posts/1/llm.json' },
    { name: 'the JSON sitemap', path: '/llm-sitemap.json' },
    {
      name: 'an SCP collection',
      path: '/scp/posts-snapshot.scp',
      // No field (gzip), zstd preferred, gzip, identity only, and gzip refused.
      codings: [undefined, 'zstd, gzip', 'gzip', 'identity', 'gzip;q=0, identity', '*'],
    },
  ];

  /**
   * Each case at the origin, then twice through Varnish (a miss or pass, then maybe a hit).
   * Returns the cases whose second answer came from Varnish's cache.
   */
  async function expectSameMatrix(path: string, acceptEncoding: string | undefined) {
    const coding: Record<string, string> = acceptEncoding
      ? { 'accept-encoding': acceptEncoding }
      : {};
    const base = await send(origin, path, { headers: coding });
    expect(base.status).toBe(200);
    const mismatches: string[] = [];
    const hits: string[] = [];
    for (const c of conditionalCases(base.headers.etag!, base.headers['last-modified']!)) {
      const options = { method: c.method ?? 'GET', headers: { ...coding, ...c.headers } };
      const atOrigin = visible(await send(origin, path, options));
      for (const attempt of ['first', 'second']) {
        const answer = await send(varnish.origin, path, options);
        expect(answer.headers['surrogate-control']).toBeUndefined();
        expect(answer.headers['surrogate-key']).toBeUndefined();
        expect(answer.headers.xkey).toBeUndefined();
        if (attempt === 'second' && isHit(answer)) hits.push(c.name);
        const atEdge = visible(answer);
        if (JSON.stringify(atEdge) !== JSON.stringify(atOrigin)) {
          mismatches.push(
            `${c.name} (${attempt}, AE ${acceptEncoding ?? 'none'}): origin ${JSON.stringify(atOrigin)} edge ${JSON.stringify(atEdge)}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
    return hits;
  }

  /** What the VCL sends to the origin although the object is cached: Varnish would get it wrong. */
  const PASSED = [
    'list with the tag',
    'list without it',
    'star',
    'IMS in the future',
    'IMS RFC 850 form',
    'IMS unparseable',
    'If-Match other',
  ];

  describe.each([
    ['without the edge option (a site as today)', false],
    ['with the edge option (Surrogate-Control and Surrogate-Key: cached at the edge)', true],
  ])('%s', (_name, cached) => {
    beforeAll(() => {
      sharedCache = cached;
    });

    it.each(resources)(
      'gives the origin’s status and validators for $name, for the whole conditional matrix',
      async ({ path, codings }) => {
        for (const acceptEncoding of codings ?? [undefined, 'gzip']) {
          const hits = await expectSameMatrix(path, acceptEncoding);
          const cases = conditionalCases('"x"', new Date(0).toUTCString()).map((c) => c.name);
          // Cached: everything Varnish can answer as the origin does came from its cache.
          const cacheable = cases.filter((name) => !PASSED.includes(name.replace(/^HEAD, /, '')));
          expect(hits).toEqual(cached ? cacheable : []);
        }
      },
    );
  });

  describe('caching and purging by key', () => {
    beforeAll(async () => {
      sharedCache = true;
      await send(varnish.origin, '/', {
        method: 'PURGE',
        headers: { 'xkey-purge': 'site', 'x-purge-token': TOKEN },
      });
    });

    /** What a steady crawler reads: every M-URL, a twin, the sitemap, the feed, llms.txt, SCP. */
    const CRAWL = [
      '/posts/1/llm.json',
      '/posts/2/llm.json',
      '/posts/3/llm.json',
      '/posts/1/index.html.md',
      '/llm-sitemap.json',
      '/llm-changes.json',
      '/llms.txt',
      '/scp/sitemap.xml',
      '/scp/posts-snapshot.scp',
    ];

    it('answers a second crawl from the cache (at least 99% hits)', async () => {
      const requests = CRAWL;
      for (const path of requests) expect((await send(varnish.origin, path)).status).toBe(200);
      const before = await varnish.stats();
      originRequests = [];
      let hits = 0;
      const rounds = 12;
      for (let round = 0; round < rounds; round++) {
        for (const path of requests) if (isHit(await send(varnish.origin, path))) hits++;
      }
      const after = await varnish.stats();
      expect(hits / (rounds * requests.length)).toBeGreaterThanOrEqual(0.99);
      expect(after['MAIN.cache_hit']! - before['MAIN.cache_hit']!).toBe(hits);
      expect(originRequests.length).toBeLessThanOrEqual(rounds * requests.length * 0.01);
    });

    it('after an edit, the M-URL, its shard and the change feed show the new version once the purge is delivered', async () => {
      const path = '/posts/2/llm.json';
      const watched = [path, '/llm-sitemap.json', '/llm-changes.json'];
      const first: Record<string, Answer> = {};
      for (const p of watched) {
        await send(varnish.origin, p);
        first[p] = await send(varnish.origin, p);
        expect([p, isHit(first[p]!)]).toEqual([p, true]);
      }
      await agent.publish(post(2, 'The body of post 2, *edited*.'));
      await purged();
      for (const p of watched) {
        const fresh = await send(varnish.origin, p);
        const atOrigin = await send(origin, p);
        expect([p, fresh.headers.etag]).toEqual([p, atOrigin.headers.etag]);
        expect([p, fresh.headers.etag]).not.toEqual([p, first[p]!.headers.etag]);
      }
      // Another document's object was not touched by that purge.
      await send(varnish.origin, '/posts/3/llm.json');
      expect(isHit(await send(varnish.origin, '/posts/3/llm.json'))).toBe(true);
    });

    it('after an unpublish, the document is 404 at the edge once the purge is delivered', async () => {
      const path = '/posts/1/llm.json';
      await send(varnish.origin, path);
      expect(isHit(await send(varnish.origin, path))).toBe(true);
      await agent.unpublish('post-1');
      await purged();
      expect((await send(varnish.origin, path)).status).toBe(404);
      expect((await send(varnish.origin, '/posts/1/index.html.md')).status).toBe(404);
      await agent.publish(post(1, 'The *body* of post 1.'));
      await purged();
      expect((await send(varnish.origin, path)).status).toBe(200);
    });

    it('a change committed by a process that died before delivering is purged once the site runs again', async () => {
      const path = '/posts/3/llm.json';
      await send(varnish.origin, path);
      const cached = await send(varnish.origin, path);
      expect(isHit(cached)).toBe(true);
      // The site stops; a writer commits the change and its purge, and dies before any delivery
      // (its engine has no delivery loop: as if killed right after the commit).
      await agent.close();
      const options = { site: SITE, database: database() };
      const dead = await RegenerationEngine.open({
        database: database(),
        rebuild: { automatic: false },
        purging: {},
      });
      await dead.upsert(
        prepareDocument(
          post(3, 'Post 3, written by a process that died.'),
          prepareOptionsFor(options),
        ),
      );
      await dead.close();
      const stale = await send(varnish.origin, path);
      expect(isHit(stale)).toBe(true);
      expect(stale.headers.etag).toBe(cached.headers.etag);
      // The site starts again: its delivery loop finds the purge waiting and sends it.
      agent = edgeAgent();
      await purged();
      const fresh = await send(varnish.origin, path);
      expect(fresh.headers.etag).not.toBe(cached.headers.etag);
      expect(fresh.headers.etag).toBe((await send(origin, path)).headers.etag);
    });

    it('soft purge: the object turns stale and is fetched again', async () => {
      const path = '/posts/3/llm.json';
      await send(varnish.origin, path);
      expect(isHit(await send(varnish.origin, path))).toBe(true);
      const purge = await send(varnish.origin, '/', {
        method: 'PURGE',
        headers: {
          'xkey-softpurge': documentCacheTag('post-3', ''),
          'x-purge-token': TOKEN,
        },
      });
      expect(purge.status).toBe(200);
      expect(Number(purge.headers['x-purged-objects'])).toBeGreaterThanOrEqual(1);
      originRequests = [];
      await send(varnish.origin, path);
      // Served from grace (or fetched at once); either way Varnish went back to the origin.
      await varnishFetched(path);
    });

    async function varnishFetched(path: string) {
      await waitForState(`a fetch of ${path}`, async () =>
        originRequests.some((r) => r.endsWith(path)) ? true : undefined,
      );
    }

    it('refuses purges without the token, and those without keys', async () => {
      const noToken = await send(varnish.origin, '/', {
        method: 'PURGE',
        headers: { 'xkey-purge': 'site' },
      });
      expect(noToken.status).toBe(403);
      const wrongToken = await send(varnish.origin, '/', {
        method: 'PURGE',
        headers: { 'xkey-purge': 'site', 'x-purge-token': 'guess' },
      });
      expect(wrongToken.status).toBe(403);
      const noKeys = await send(varnish.origin, '/', {
        method: 'PURGE',
        headers: { 'x-purge-token': TOKEN },
      });
      expect(noKeys.status).toBe(400);
      expect(originRequests).toEqual([]);
    });

    it('passes Web Bot Auth signed requests, Authorization and Cookie to the origin', async () => {
      const path = '/posts/1/llm.json';
      await send(varnish.origin, path);
      expect(isHit(await send(varnish.origin, path))).toBe(true);
      originRequests = [];
      const passed: Record<string, string>[] = [
        { 'signature-input': 'sig1=("@authority");created=1', signature: 'sig1=:AAAA:' },
        { 'signature-agent': '"https://agent.example"' },
        { authorization: 'Bearer x' },
        { cookie: 'a=b' },
      ];
      for (const headers of passed) {
        const answer = await send(varnish.origin, path, { headers });
        expect(isHit(answer)).toBe(false);
      }
      expect(originRequests).toEqual(Array(4).fill(`GET ${path}`));
    });

    it('keeps each SCP coding as its own object with its own ETag', async () => {
      const path = '/scp/posts-snapshot.scp';
      const codings = { gzip: 'gzip', zstd: 'zstd', identity: 'identity' } as const;
      const etags = new Set<string>();
      for (const [expected, field] of Object.entries(codings)) {
        await send(varnish.origin, path, { headers: { 'accept-encoding': field } });
        const hit = await send(varnish.origin, path, { headers: { 'accept-encoding': field } });
        expect(isHit(hit)).toBe(true);
        expect(hit.headers['content-encoding']).toBe(
          expected === 'identity' ? undefined : expected,
        );
        expect(hit.headers.vary).toBe('Accept-Encoding');
        etags.add(hit.headers.etag!);
      }
      expect(etags.size).toBe(3);
      expect([...etags].every((etag) => etag.startsWith('"sha256:'))).toBe(true);
    });
  });

  it('refuses purges from addresses outside the ACL', async () => {
    const vcl = readFileSync(shippedVclPath(), 'utf8').replace(
      /acl agent_ready_purgers \{[^}]*\}/,
      'acl agent_ready_purgers {\n    "192.0.2.1";\n}',
    );
    const port = Number(new URL(origin).port);
    const outside = await startVarnish({ vcl, backend: { port } });
    try {
      const answer = await send(outside.origin, '/', {
        method: 'PURGE',
        headers: { 'xkey-purge': 'site' },
      });
      expect(answer.status).toBe(403);
    } finally {
      await outside.stop();
    }
  });
});
