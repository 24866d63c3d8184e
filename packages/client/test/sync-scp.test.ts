import http, { type Server } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { SyncState, syncScp } from '../src';
import { ProtocolFixtures, type FixturePage } from './support/protocol-fixtures';

let server: Server;
let origin: string;
let fixtures: ProtocolFixtures;
let stateDir: string;
const log: string[] = [];

const pages: FixturePage[] = Array.from({ length: 6 }, (_, i) => ({
  path: i === 0 ? '/' : `/posts/${i}/`,
  title: `Page ${i}`,
  text: `Text of page ${i}.`,
  modified: '2025-10-01T00:00:00Z',
}));

beforeAll(async () => {
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  fixtures = await new ProtocolFixtures(origin, pages).prepare();
  const app = express();
  app.use((req, res, next) => {
    res.on('finish', () => log.push(`${req.method} ${req.path} ${res.statusCode}`));
    next();
  });
  app.use((req, res, next) => fixtures.router()(req, res, next));
  server.on('request', app);
  stateDir = mkdtempSync(join(tmpdir(), 'agent-ready-scp-sync-'));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(stateDir, { recursive: true, force: true });
});

function pageText(url: string): string | undefined {
  const state = SyncState.open(stateDir);
  try {
    const page = state.scpIndex('blog').get(url);
    return page?.content.map((block) => ('text' in block ? block.text : '')).join('');
  } finally {
    state.close();
  }
}

describe('syncScp against SCP collections', () => {
  it('first run: finds sitemap.xml through robots.txt and applies the snapshot', async () => {
    const report = await syncScp(origin, { stateDir });
    expect(report).toMatchObject({ ok: true, mode: 'scp', fetched: 1, stored: pages.length });
    expect(report.scp).toMatchObject({ snapshots: 1, deltas: 0, inserted: pages.length });
    expect(log).toEqual([
      'GET /robots.txt 200',
      'GET /sitemap.xml 200',
      'GET /scp/blog-snapshot-20251002000000.scp.gz 200',
    ]);
    expect(report.requests).toBe(3);
    expect(pageText(`${origin}/posts/2/`)).toBe('Text of page 2.');
  });

  it('a second run with nothing changed makes one request: sitemap.xml, answered 304', async () => {
    const mark = log.length;
    const report = await syncScp(origin, { stateDir });
    expect(log.slice(mark)).toEqual(['GET /sitemap.xml 304']);
    expect(report).toMatchObject({ requests: 1, notModified: 1, fetched: 0, zeroFetchSkips: 1 });
  });

  it('applies only the new deltas, in order, by the spec rule (strictly newer replaces)', async () => {
    await fixtures.addDelta(
      [{ ...pages[2]!, text: 'Changed.', modified: '2025-10-05T00:00:00Z' }],
      '2025-10-05T00:00:00Z',
    );
    await fixtures.addDelta(
      [
        { ...pages[3]!, text: 'Not newer: kept out.', modified: '2025-10-01T00:00:00Z' },
        {
          path: '/posts/new/',
          title: 'New',
          text: 'A new page.',
          modified: '2025-10-06T00:00:00Z',
        },
      ],
      '2025-10-06T00:00:00Z',
    );
    const mark = log.length;
    const report = await syncScp(origin, { stateDir });
    expect(log.slice(mark)).toEqual([
      'GET /sitemap.xml 200',
      'GET /scp/blog-delta-20251005000000.scp.gz 200',
      'GET /scp/blog-delta-20251006000000.scp.gz 200',
    ]);
    expect(report.scp).toMatchObject({
      snapshots: 0,
      deltas: 2,
      inserted: 1,
      replaced: 1,
      ignored: 1,
    });
    expect(pageText(`${origin}/posts/2/`)).toBe('Changed.');
    expect(pageText(`${origin}/posts/3/`)).toBe('Text of page 3.');
    expect(pageText(`${origin}/posts/new/`)).toBe('A new page.');
    const again = await syncScp(origin, { stateDir });
    expect(again).toMatchObject({ requests: 1, fetched: 0, zeroFetchSkips: 3 });
  });

  it('learns deletions from a fresh snapshot once the last one is too old', async () => {
    fixtures.pages.splice(5, 1);
    await fixtures.writeSnapshot('2025-10-07T00:00:00Z');
    const report = await syncScp(origin, { stateDir, snapshotMaxAgeMs: 1 });
    expect(report.scp).toMatchObject({ snapshots: 1 });
    expect(report.deleted).toBeGreaterThanOrEqual(1);
    expect(pageText(`${origin}/posts/5/`)).toBeUndefined();
  });

  it('does not apply a collection whose checksum fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-ready-scp-bad-'));
    fixtures.variants = { badChecksum: true };
    try {
      const report = await syncScp(origin, { stateDir: dir });
      expect(report.ok).toBe(false);
      expect(report.stored).toBe(0);
      expect(report.problems[0]?.detail).toMatch(/scp\.checksum\.mismatch/);
    } finally {
      fixtures.variants = {};
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never fetches collections robots.txt disallows for its product token', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-ready-scp-robots-'));
    fixtures.variants = { robotsRules: 'User-agent: agent-ready-sync\nDisallow: /scp/\n\n' };
    try {
      const mark = log.length;
      const report = await syncScp(origin, { stateDir: dir });
      expect(report).toMatchObject({ ok: true, fetched: 0, stored: 0, problems: [] });
      expect(report.robotsDisallowed).toBeGreaterThanOrEqual(1);
      expect(log.slice(mark).filter((line) => line.includes('/scp/'))).toEqual([]);
    } finally {
      fixtures.variants = {};
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Against the Strapi plugin: packages/strapi-plugin/tests/agent-side.test.ts (it boots Strapi).
});
