import http, { type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { SyncState, syncScp } from '../src';
import { ProtocolFixtures, type FixturePage } from './support/protocol-fixtures';

// SCP collections in object storage (issue 32): the site's sitemap.xml advertises them at a
// public base URL on another origin, here a second local server under /bucket. The client
// follows them there, sends that origin nothing of the site's (no cookie, no credentials), and
// follows no origin a caller's `collectionOrigins` leaves out.

let site: Server;
let storage: Server;
let origin: string;
let storageOrigin: string;
let fixtures: ProtocolFixtures;
const stateDirs: string[] = [];
const siteLog: string[] = [];
const storageLog: { line: string; headers: IncomingHttpHeaders }[] = [];

const pages: FixturePage[] = Array.from({ length: 4 }, (_, i) => ({
  path: i === 0 ? '/' : `/posts/${i}/`,
  title: `Page ${i}`,
  text: `Text of page ${i}.`,
  modified: '2025-10-01T00:00:00Z',
}));

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

function newStateDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-ready-scp-off-origin-'));
  stateDirs.push(dir);
  return dir;
}

function pageText(stateDir: string, url: string): string | undefined {
  const state = SyncState.open(stateDir);
  try {
    const page = state.scpIndex('blog').get(url);
    return page?.content.map((block) => ('text' in block ? block.text : '')).join('');
  } finally {
    state.close();
  }
}

beforeAll(async () => {
  site = http.createServer();
  storage = http.createServer();
  origin = await listen(site);
  storageOrigin = await listen(storage);
  fixtures = await new ProtocolFixtures(origin, pages).prepare();
  fixtures.variants.collectionsBase = `${storageOrigin}/bucket`;

  const siteApp = express();
  siteApp.use((req, res, next) => {
    // A session cookie and a credential the site hands out: nothing of it may reach storage.
    res.setHeader('set-cookie', 'session=site-secret; Path=/');
    res.on('finish', () => siteLog.push(`${req.method} ${req.path} ${res.statusCode}`));
    next();
  });
  // The site no longer serves collections itself: they are in the bucket.
  siteApp.use('/scp', (_req, res) => void res.status(404).end());
  siteApp.use((req, res, next) => fixtures.router()(req, res, next));
  site.on('request', siteApp);

  const storageApp = express();
  storageApp.use((req, res, next) => {
    res.on('finish', () =>
      storageLog.push({
        line: `${req.method} ${req.originalUrl} ${res.statusCode}`,
        headers: req.headers,
      }),
    );
    next();
  });
  storageApp.use('/bucket', (req, res, next) =>
    req.path.startsWith('/scp/') ? fixtures.router()(req, res, next) : next(),
  );
  storage.on('request', storageApp);
});

afterAll(async () => {
  for (const server of [site, storage]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  for (const dir of stateDirs) rmSync(dir, { recursive: true, force: true });
});

describe('syncScp with collections on another origin', () => {
  const stateDir = newStateDir();

  it('reads sitemap.xml on the site and the snapshot from the bucket it advertises', async () => {
    const report = await syncScp(origin, { stateDir });
    expect(report).toMatchObject({ ok: true, mode: 'scp', fetched: 1, stored: pages.length });
    expect(siteLog).toEqual(['GET /robots.txt 200', 'GET /sitemap.xml 200']);
    expect(storageLog.map((entry) => entry.line)).toEqual([
      'GET /bucket/scp/blog-snapshot-20251002000000.scp.gz 200',
    ]);
    // The pages are the site's, wherever their collection was read.
    expect(pageText(stateDir, `${origin}/posts/2/`)).toBe('Text of page 2.');
  });

  it('sends the bucket no cookie, credential or referrer of the site', () => {
    for (const { headers } of storageLog) {
      expect(headers.cookie).toBeUndefined();
      expect(headers.authorization).toBeUndefined();
      expect(headers.referer).toBeUndefined();
      expect(headers.host).toBe(new URL(storageOrigin).host);
    }
  });

  it('a second run asks the site only (304), and a new delta in the bucket is applied', async () => {
    const before = storageLog.length;
    const unchanged = await syncScp(origin, { stateDir });
    expect(unchanged).toMatchObject({ requests: 1, notModified: 1, fetched: 0 });
    expect(storageLog).toHaveLength(before);

    await fixtures.addDelta(
      [{ ...pages[2]!, text: 'Changed in the bucket.', modified: '2025-10-05T00:00:00Z' }],
      '2025-10-05T00:00:00Z',
    );
    const report = await syncScp(origin, { stateDir });
    expect(report).toMatchObject({ ok: true, scp: { deltas: 1, replaced: 1 } });
    expect(storageLog.slice(before).map((entry) => entry.line)).toEqual([
      'GET /bucket/scp/blog-delta-20251005000000.scp.gz 200',
    ]);
    expect(pageText(stateDir, `${origin}/posts/2/`)).toBe('Changed in the bucket.');
  });
});

describe('collectionOrigins', () => {
  it('follows an origin it lists (a trailing slash names the same origin)', async () => {
    const report = await syncScp(origin, {
      stateDir: newStateDir(),
      collectionOrigins: [`${storageOrigin}/`],
    });
    expect(report).toMatchObject({ ok: true, scp: { snapshots: 1 } });
  });

  it('follows no origin it leaves out, and says why', async () => {
    const before = storageLog.length;
    const report = await syncScp(origin, { stateDir: newStateDir(), collectionOrigins: [] });
    expect(storageLog).toHaveLength(before);
    expect(report.ok).toBe(false);
    expect(report.fetched).toBe(0);
    expect(report.problems.map((p) => p.detail)).toContain(
      `not followed: another origin (${storageOrigin}) that collectionOrigins does not list`,
    );
    expect(report.problems.map((p) => p.detail)).not.toContain(
      'section blog lists no snapshot to start from',
    );
  });
});
