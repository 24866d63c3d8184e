import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import compression from 'compression';
import express, { type Express } from 'express';
import request from 'supertest';
import {
  canonicalizeJson,
  OptionsValidationError,
  readTct03MUrl,
  readTct03Sitemap,
  readTct03SitemapIndex,
  TCT_03,
  type AgentDocument,
} from '@agent-ready/core';
import { agentReady, type AgentReadyMiddleware, type AgentReadyOptions } from '../src';

// The Express adapter serving a site in TCT draft -03 (`tct: { profile: 'tct-03' }`), through
// real HTTP (supertest): every response rule of docs/protocols.md#tct-03-responses, the
// M-Sitemap and its index, discovery, and the other protocols unchanged beside a tct-1 site.

const ORIGIN = 'https://example.com';
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes);

const DOCUMENTS: AgentDocument[] = [
  {
    id: 'home',
    url: '/',
    title: 'Example',
    body: { format: 'text', value: 'What this site is.' },
    modified: '2025-10-01T00:00:00Z',
  },
  ...[1, 2, 3, 4, 5].map((n) => ({
    id: `post-${n}`,
    url: `/posts/${n}/`,
    title: `Post ${n}`,
    description: `About post ${n}.`,
    section: 'posts',
    body: { format: 'markdown' as const, value: `The *body* of post ${n}.\n\n## More\n\nText.` },
    modified: `2025-10-0${n + 1}T12:00:00Z`,
  })),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- superagent parser signature
const rawBody = (r: any, cb: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  r.on('data', (c: Buffer) => chunks.push(c));
  r.on('end', () => cb(null, Buffer.concat(chunks)));
};

function buildApp(agent: AgentReadyMiddleware): Express {
  const app = express();
  // An app that compresses what it can: TCT bytes must still go out as identity (no-transform).
  app.use(compression({ threshold: 0 }));
  app.use(agent);
  app.get('/{*path}', (req, res) => {
    res.type('html').send(`<!doctype html><html><head></head><body>${req.path}</body></html>`);
  });
  return app;
}

function siteOptions(
  filename: string,
  profile: 'tct-1' | 'tct-03',
  extra: Partial<AgentReadyOptions> = {},
): AgentReadyOptions {
  return {
    site: { origin: ORIGIN, name: 'Example', language: 'en', overviewPath: '/' },
    database: { client: 'sqlite', filename },
    tct: { profile },
    sitemap: { maxItemsPerShard: 3 },
    policy: { effective: '2025-10-01T00:00:00Z', urls: { contact: `${ORIGIN}/contact/` } },
    llmindex: { topics: ['examples'] },
    rebuild: { debounceMs: 5, healIntervalMs: 0 },
    logger: false,
    ...extra,
  };
}

async function openSite(filename: string, profile: 'tct-1' | 'tct-03') {
  const agent = agentReady(siteOptions(filename, profile));
  for (const document of DOCUMENTS) await agent.publish(document);
  await agent.idle();
  return { agent, app: buildApp(agent) };
}

const get = (app: Express, path: string, headers: Record<string, string> = {}) => {
  let req = request(app).get(path).buffer(true).parse(rawBody);
  for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
  return req;
};

/** Headers that say something about the representation (not the connection). */
function representationHeaders(headers: Record<string, string>) {
  const { date: _d, connection: _c, 'keep-alive': _k, ...rest } = headers;
  return rest;
}

describe('Express adapter under TCT draft -03', () => {
  let dir: string;
  let agent: AgentReadyMiddleware;
  let app: Express;
  let tct1: { agent: AgentReadyMiddleware; app: Express };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'agent-ready-tct03-'));
    ({ agent, app } = await openSite(join(dir, 'tct03.sqlite'), 'tct-03'));
    tct1 = await openSite(join(dir, 'tct1.sqlite'), 'tct-1');
  });

  afterAll(async () => {
    await agent.close();
    await tct1.agent.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('M-URL', () => {
    const PATH = '/posts/1/llm.json';

    it('serves the -03 document: exact profile, no hash, lastModified; ETag and Content-Digest over the whole body; application/json without charset; the profile and canonical links', async () => {
      const res = await get(app, PATH);
      expect(res.status).toBe(200);
      const body = res.body as Buffer;
      const document = readTct03MUrl(body);
      expect(document).toMatchObject({
        profile: TCT_03.id,
        canonical_url: `${ORIGIN}/posts/1/`,
        title: 'Post 1',
        lastModified: '2025-10-02T12:00:00.000Z',
        content_media_type: 'text/plain; charset=utf-8',
      });
      expect(document).not.toHaveProperty('hash');
      expect(body.toString('utf8')).toBe(canonicalizeJson(document));
      expect(res.headers).toMatchObject({
        etag: `"sha256-${sha256(body).digest('hex')}"`,
        'content-digest': `sha-256=:${sha256(body).digest('base64')}:`,
        'content-type': 'application/json',
        'content-length': String(body.length),
        'cache-control': TCT_03.cacheControl,
        vary: 'Accept-Encoding',
        link: `<${ORIGIN}/posts/1/>; rel="canonical", <${TCT_03.id}>; rel="profile"`,
      });
      expect(res.headers['content-encoding']).toBeUndefined();
    });

    it('405 with Allow for unsafe methods; 406 with Vary when Accept-Encoding forbids identity', async () => {
      for (const method of ['post', 'put', 'delete', 'patch'] as const) {
        const res = await request(app)[method](PATH);
        expect([method, res.status, res.headers.allow]).toEqual([method, 405, 'GET, HEAD']);
      }
      for (const acceptEncoding of ['identity;q=0', '*;q=0', 'gzip, identity;q=0']) {
        const res = await get(app, PATH, { 'Accept-Encoding': acceptEncoding });
        expect([acceptEncoding, res.status, res.headers.vary]).toEqual([
          acceptEncoding,
          406,
          'Accept-Encoding',
        ]);
        expect((await request(app).head(PATH).set('Accept-Encoding', acceptEncoding)).status).toBe(
          406,
        );
      }
    });

    it('sends the same identity bytes and strong ETag to Accept-Encoding: gzip, through a compressing app', async () => {
      const plain = await get(app, PATH, { 'Accept-Encoding': 'identity' });
      for (const acceptEncoding of ['gzip', 'gzip, deflate, br', '*;q=0, identity;q=1']) {
        const res = await get(app, PATH, { 'Accept-Encoding': acceptEncoding });
        expect([acceptEncoding, res.status, res.headers['content-encoding']]).toEqual([
          acceptEncoding,
          200,
          undefined,
        ]);
        expect((res.body as Buffer).equals(plain.body as Buffer)).toBe(true);
        expect(res.headers.etag).toBe(plain.headers.etag);
      }
    });

    it('answers HEAD with the GET headers and no body, and If-None-Match by weak comparison over lists', async () => {
      const full = await get(app, PATH);
      const head = await request(app).head(PATH);
      expect(head.status).toBe(200);
      expect(representationHeaders(head.headers)).toEqual(representationHeaders(full.headers));
      const etag = full.headers.etag!;
      for (const tag of [etag, `W/${etag}`, `"x", ${etag}`, `W/"y", W/${etag}`, '*']) {
        const res = await get(app, PATH, { 'If-None-Match': tag });
        expect([tag, res.status]).toEqual([tag, 304]);
        expect(res.headers).toMatchObject({ etag, link: full.headers.link });
        expect(res.headers['content-type']).toBeUndefined();
      }
      for (const tag of [etag.slice(1, -1), etag.slice(0, -1), `w/${etag}`]) {
        expect([tag, (await get(app, PATH, { 'If-None-Match': tag })).status]).toEqual([tag, 200]);
      }
    });
  });

  describe('M-Sitemap and its index', () => {
    it('serves version 2 in JCS bytes: its profile, the homepage first, every cUrl and mUrl once, each hint the M-URL’s own ETag', async () => {
      const res = await get(app, '/llm-sitemap.json');
      expect(res.status).toBe(200);
      const body = res.body as Buffer;
      const parsed = JSON.parse(body.toString('utf8')) as { profile: string; version: number };
      expect([parsed.profile, parsed.version]).toEqual([TCT_03.sitemapProfile, 2]);
      expect(body.toString('utf8')).toBe(canonicalizeJson(parsed));
      expect(res.headers).toMatchObject({
        etag: `"sha256-${sha256(body).digest('hex')}"`,
        'content-digest': `sha-256=:${sha256(body).digest('base64')}:`,
        'content-type': 'application/json',
        vary: 'Accept-Encoding',
        'cache-control': TCT_03.sitemapCacheControl,
      });
      expect(res.headers.link).toMatch(new RegExp(`^<${TCT_03.sitemapProfile}>; rel="profile", `));
      // Every shard, through the index.
      const index = await get(app, '/llm-sitemap-index.json');
      expect(index.headers.link).toMatch(
        new RegExp(`^<${TCT_03.sitemapIndexProfile}>; rel="profile"`),
      );
      const entries = readTct03SitemapIndex(index.body as Buffer);
      // Shard 1 holds one id fewer (room for the overview item): 6 documents in 3 shards of 3.
      expect(entries).toHaveLength(3);
      const items = [];
      for (const entry of entries) {
        const shard = await get(app, new URL(entry.url).pathname);
        expect(shard.headers.etag).toBe(`"${entry.etag}"`);
        const listed = readTct03Sitemap(shard.body as Buffer);
        const newest = listed
          .map((i) => i.lastModified!)
          .sort()
          .at(-1);
        expect(entry.lastModified).toBe(newest);
        items.push(...listed);
      }
      expect(items[0]!.cUrl).toBe(`${ORIGIN}/`);
      expect(new Set(items.map((i) => i.cUrl)).size).toBe(DOCUMENTS.length);
      expect(new Set(items.map((i) => i.mUrl)).size).toBe(DOCUMENTS.length);
      for (const item of items) {
        const mUrl = await get(app, new URL(item.mUrl).pathname);
        expect(mUrl.headers.etag).toBe(`"${item.etag}"`);
        expect(readTct03MUrl(mUrl.body as Buffer).lastModified).toBe(item.lastModified);
      }
    });

    it('has its own 304, HEAD, 405 and 406, and keeps identity for gzip', async () => {
      for (const path of ['/llm-sitemap.json', '/llm-sitemap-index.json']) {
        const full = await get(app, path);
        const etag = full.headers.etag!;
        expect((await get(app, path, { 'If-None-Match': `W/${etag}, "other"` })).status).toBe(304);
        const head = await request(app).head(path);
        expect(representationHeaders(head.headers)).toEqual(representationHeaders(full.headers));
        expect((await request(app).post(path)).status).toBe(405);
        expect((await get(app, path, { 'Accept-Encoding': 'identity;q=0' })).status).toBe(406);
        const gzip = await get(app, path, { 'Accept-Encoding': 'gzip' });
        expect([gzip.headers.etag, gzip.headers['content-encoding']]).toEqual([etag, undefined]);
      }
    });

    it('is linked from the root without a profile= parameter', async () => {
      const root = await request(app).get('/');
      expect(root.headers.link).toContain(
        `<${ORIGIN}/llm-sitemap.json>; rel="index"; type="application/json"`,
      );
      expect(root.headers.link).toContain(
        `<${ORIGIN}/llm-sitemap-index.json>; rel="index"; type="application/json"`,
      );
      expect(root.headers.link).not.toContain('profile=');
      expect(root.headers.link).toContain(
        `<${ORIGIN}/llm.json>; rel="alternate"; type="application/json"`,
      );
    });
  });

  describe('beside a tct-1 site with the same documents', () => {
    it('the change feed’s etag is the M-URL’s ETag unquoted under both profiles', async () => {
      for (const site of [app, tct1.app]) {
        const feed = JSON.parse((await get(site, '/llm-changes.json')).body.toString()) as {
          changes: { change: string; mUrl: string; etag: string }[];
        };
        expect(feed.changes).toHaveLength(DOCUMENTS.length);
        for (const change of feed.changes) {
          const mUrl = await get(site, new URL(change.mUrl).pathname);
          expect(mUrl.headers.etag).toBe(`"${change.etag}"`);
        }
      }
    });

    it('serves the same Markdown twins, llms.txt, SCP pages and llmindex pages', async () => {
      const same = async (path: string, headers: Record<string, string> = {}) => {
        const [a, b] = [await get(app, path, headers), await get(tct1.app, path, headers)];
        expect([path, a.status, a.headers['content-type']]).toEqual([
          path,
          200,
          b.headers['content-type'],
        ]);
        return [a.body as Buffer, b.body as Buffer] as const;
      };
      for (const path of ['/posts/1/index.html.md', '/llms.txt', '/llm/about']) {
        const [a, b] = await same(path);
        expect([path, a.toString()]).toEqual([path, b.toString()]);
      }
      // (supertest decodes the gzip coding; the first line names the build, with its date.)
      const [a, b] = await same('/scp/posts-snapshot.scp', { 'Accept-Encoding': 'gzip' });
      const pages = (bytes: Buffer) => bytes.toString().split('\n').slice(1);
      expect(pages(a).filter(Boolean)).toHaveLength(5);
      expect(pages(a)).toEqual(pages(b));
      expect((await get(app, '/.well-known/llmindex.json')).status).toBe(200);
    });
  });

  it('refuses a shard over 10,000 items under -03 when mounted, naming the option', () => {
    expect(() =>
      agentReady(
        siteOptions(join(dir, 'x.sqlite'), 'tct-03', { sitemap: { maxItemsPerShard: 20_000 } }),
      ),
    ).toThrow(OptionsValidationError);
    expect(() =>
      agentReady(
        siteOptions(join(dir, 'x.sqlite'), 'tct-03', { sitemap: { maxItemsPerShard: 20_000 } }),
      ),
    ).toThrow(/sitemap\.maxItemsPerShard: must be at most 10,000 under tct\.profile 'tct-03'/);
  });
});

describe('Express adapter restarted with another TCT profile', () => {
  it('serves every document in the new profile without the app publishing again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-ready-tct03-restart-'));
    const filename = join(dir, 'site.sqlite');
    try {
      const first = await openSite(filename, 'tct-1');
      const before = await get(first.app, '/posts/2/llm.json');
      expect(JSON.parse(before.body.toString()).profile).toBe('tct-1');
      await first.agent.close();

      const agent = agentReady(siteOptions(filename, 'tct-03'));
      try {
        await agent.ready();
        await agent.idle();
        const app = buildApp(agent);
        for (const document of DOCUMENTS) {
          const path = document.url === '/' ? '/llm.json' : `${document.url}llm.json`;
          const res = await get(app, path);
          expect([path, res.headers['content-type']]).toEqual([path, 'application/json']);
          expect(readTct03MUrl(res.body as Buffer).profile).toBe(TCT_03.id);
        }
        const sitemap = await get(app, '/llm-sitemap.json');
        for (const item of readTct03Sitemap(sitemap.body as Buffer)) {
          const mUrl = await get(app, new URL(item.mUrl).pathname);
          expect(mUrl.headers.etag).toBe(`"${item.etag}"`);
        }
        const after = await get(app, '/posts/2/llm.json');
        // The content and its date are the document's; only the form changed.
        expect(readTct03MUrl(after.body as Buffer).lastModified).toBe(
          JSON.parse(before.body.toString()).modified,
        );
      } finally {
        await agent.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
