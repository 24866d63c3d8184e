import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgentDocument } from '@agent-ready/core/document';
import {
  bootExpressSite,
  fetchUpstream,
  homeAndPosts,
  isMUrl,
  rewriteResource,
  type TestSite,
} from '@agent-ready/test-sites';
import { SyncState, syncSite } from '../src';

const N = 8;
let site: TestSite;
let documents: AgentDocument[];
let stateDir: string;

/** Requests since `mark`; a change feed cursor shows as `…` (it is the server's to choose). */
function requestsSince(mark: number) {
  return site.log
    .slice(mark)
    .map(
      (entry) =>
        `${entry.method} ${entry.url.replace(/since=(?!now)[^&]+/, 'since=…')} ${entry.status}`,
    );
}

beforeAll(async () => {
  documents = homeAndPosts(N - 1);
  site = await bootExpressSite({ documents });
  stateDir = mkdtempSync(join(tmpdir(), 'agent-ready-sync-'));
});

afterAll(async () => {
  await site.close();
  rmSync(stateDir, { recursive: true, force: true });
});

afterEach(() => {
  site.variant = undefined;
});

describe('syncSite against the Express adapter', () => {
  it('first run fetches everything, verified, into the SQLite state', async () => {
    const mark = site.log.length;
    const report = await syncSite(site.origin, { stateDir });
    expect(report).toMatchObject({
      ok: true,
      fetched: N,
      zeroFetchSkips: 0,
      deleted: 0,
      listed: N,
      stored: N,
    });
    expect(report.requests).toBe(4 + N);
    // robots.txt first (kept for a day, RFC 9309 §2.4); then the change feed's cursor, so what
    // changes during the sitemap read is seen next time.
    expect(requestsSince(mark).slice(0, 4)).toEqual([
      'GET /robots.txt 200',
      'GET /llm-changes.json?since=now 200',
      'GET / 200',
      'GET /llm-sitemap.json 200',
    ]);
    expect(report.naive.basis).toBe('full-refetch');
    const state = SyncState.open(stateDir);
    try {
      const stored = state.document(`${site.origin}/posts/1/llm.json`)!;
      const upstream = await fetchUpstream(site.origin, '/posts/1/llm.json');
      expect(stored.body.equals(upstream.body)).toBe(true);
      expect(stored.etag).toBe(upstream.headers.etag);
    } finally {
      state.close();
    }
  });

  it('a second run with nothing changed makes one small request: the change feed', async () => {
    const mark = site.log.length;
    const report = await syncSite(site.origin, { stateDir });
    expect(requestsSince(mark)).toEqual(['GET /llm-changes.json?since=… 200']);
    expect(report).toMatchObject({
      requests: 1,
      fetched: 0,
      deleted: 0,
      stored: N,
      listed: N,
      zeroFetchSkips: N,
    });
    // A few hundred bytes with headers, whatever the size of the site.
    expect(report.bytes).toBeLessThan(1000);
  });

  it('falls back to the sitemap when the site has no change feed', async () => {
    site.variant = (req, res, next) => {
      if (req.path === '/llm-changes.json') res.status(404).end();
      else next();
    };
    const mark = site.log.length;
    const report = await syncSite(site.origin, { stateDir });
    expect(requestsSince(mark)).toEqual([
      'GET /llm-changes.json?since=… 404',
      'GET /llm-changes.json?since=now 404',
      'GET /llm-sitemap.json 304',
    ]);
    expect(report).toMatchObject({ notModified: 1, zeroFetchSkips: N, fetched: 0, deleted: 0 });
    // With the feed back, the next run starts over from the sitemap and takes a new cursor.
    site.variant = undefined;
    const again = await syncSite(site.origin, { stateDir });
    expect(again).toMatchObject({ fetched: 0, deleted: 0, stored: N });
    expect((await syncSite(site.origin, { stateDir })).requests).toBe(1);
  });

  it('after editing 3 of N documents it fetches exactly those 3', async () => {
    const edited = [documents[2]!, documents[4]!, documents[6]!];
    for (const document of edited)
      await site.agent.publish({
        ...document,
        body: { format: 'text', value: `Edited ${document.id}.` },
      });
    await site.agent.idle();
    const mark = site.log.length;
    const report = await syncSite(site.origin, { stateDir });
    expect(report).toMatchObject({
      requests: 4,
      fetched: 3,
      zeroFetchSkips: N - 3,
      notModified: 0,
      stored: N,
    });
    expect(requestsSince(mark).sort()).toEqual(
      [
        'GET /llm-changes.json?since=… 200',
        ...edited.map((d) => `GET ${d.url}llm.json 200`),
      ].sort(),
    );
    const state = SyncState.open(stateDir);
    try {
      expect(
        JSON.parse(state.document(`${site.origin}${edited[0]!.url}llm.json`)!.body.toString())
          .content,
      ).toContain(`Edited ${edited[0]!.id}.`);
    } finally {
      state.close();
    }
  });

  it('deletes what the feed says left, without asking for it, and retries a changed one that answers 410', async () => {
    const gone = documents[1]!;
    const changed = documents[3]!;
    await site.agent.remove(gone.id);
    await site.agent.publish({
      ...changed,
      body: { format: 'text', value: 'Changed, then gone.' },
    });
    await site.agent.idle();
    site.variant = (req, res, next) => {
      if (req.path === `${changed.url}llm.json`) res.status(410).end();
      else next();
    };
    const mark = site.log.length;
    const report = await syncSite(site.origin, { stateDir });
    expect(requestsSince(mark).sort()).toEqual(
      ['GET /llm-changes.json?since=… 200', `GET ${changed.url}llm.json 410`].sort(),
    );
    expect(report).toMatchObject({ deleted: 2, fetched: 0, stored: N - 2, ok: false });
    // Back to normal: the changed document comes back on the next run.
    site.variant = undefined;
    const again = await syncSite(site.origin, { stateDir });
    expect(again).toMatchObject({ requests: 2, fetched: 1, stored: N - 1 });
  });

  it('drops the old copy of a document whose URL changed (its old M-URL is gone), fetches the new one', async () => {
    const moved = documents[7]!;
    const oldMUrl = `${site.origin}${moved.url}llm.json`;
    const before = SyncState.open(stateDir);
    const stored = before.documentUrls().length;
    expect(before.document(oldMUrl)).toBeDefined();
    before.close();
    documents[7] = { ...moved, url: moved.url.replace(/\/$/, '-renamed/') };
    await site.agent.publish(documents[7]);
    await site.agent.idle();
    const mark = site.log.length;
    const report = await syncSite(site.origin, { stateDir });
    // The feed names the old URL removed: dropped without a request; the new one fetched.
    expect(requestsSince(mark).sort()).toEqual(
      ['GET /llm-changes.json?since=… 200', `GET ${documents[7].url}llm.json 200`].sort(),
    );
    expect(report).toMatchObject({ ok: true, fetched: 1, deleted: 1, stored });
    const after = SyncState.open(stateDir);
    try {
      expect(after.document(oldMUrl)).toBeUndefined();
      expect(after.document(`${site.origin}${documents[7].url}llm.json`)).toBeDefined();
    } finally {
      after.close();
    }

    // The same through the sitemap (no feed): what it no longer lists is dropped.
    const renamed = documents[7];
    documents[7] = { ...renamed, url: moved.url };
    await site.agent.publish(documents[7]);
    await site.agent.idle();
    site.variant = (req, res, next) => {
      if (req.path === '/llm-changes.json') res.status(404).end();
      else next();
    };
    const viaSitemap = await syncSite(site.origin, { stateDir });
    expect(viaSitemap).toMatchObject({ ok: true, fetched: 1, deleted: 1, stored });
    const last = SyncState.open(stateDir);
    try {
      expect(last.document(`${site.origin}${renamed.url}llm.json`)).toBeUndefined();
      expect(last.document(oldMUrl)).toBeDefined();
    } finally {
      last.close();
    }
    site.variant = undefined;
    // Back on the feed: a fresh cursor, nothing more to do.
    expect(await syncSite(site.origin, { stateDir })).toMatchObject({ fetched: 0, deleted: 0 });
  });

  it('honours Retry-After on 429 and then fetches', async () => {
    const document = documents[5]!;
    await site.agent.publish({ ...document, body: { format: 'text', value: 'Rate limited.' } });
    await site.agent.idle();
    const seen: number[] = [];
    site.variant = (req, res, next) => {
      if (req.path !== `${document.url}llm.json`) return next();
      seen.push(Date.now());
      if (seen.length === 1) res.status(429).set('Retry-After', '1').end();
      else next();
    };
    const report = await syncSite(site.origin, { stateDir });
    expect(report).toMatchObject({ fetched: 1, retries: 1, ok: true });
    expect(seen).toHaveLength(2);
    // The retry waited at least the second Retry-After asked for (a lower bound, never flaky).
    expect(seen[1]! - seen[0]!).toBeGreaterThanOrEqual(950);
  });

  it('does not store a representation whose canonical link or hash does not verify', async () => {
    const document = documents[6]!;
    await site.agent.publish({ ...document, body: { format: 'text', value: 'Served wrong.' } });
    await site.agent.idle();
    site.variant = rewriteResource(site, isMUrl, (r) => ({
      ...r,
      headers: { ...r.headers, link: '<http://127.0.0.1:1/elsewhere/>; rel="canonical"' },
    }));
    const report = await syncSite(site.origin, { stateDir });
    expect(report.ok).toBe(false);
    expect(report.fetched).toBe(0);
    expect(report.problems).toEqual([
      { url: `${site.origin}${document.url}llm.json`, detail: expect.stringMatching(/canonical/) },
    ]);
  });

  it('measures the naive HTML re-crawl with --compare-html and reuses the sizes later', async () => {
    const measured = await syncSite(site.origin, { stateDir, compareHtml: true });
    expect(measured.naive.basis).toBe('html-measured');
    expect(measured.naive.requests).toBe(measured.listed);
    expect(measured.naive.bytes).toBeGreaterThan(measured.bytes);
    const later = await syncSite(site.origin, { stateDir });
    expect(later.naive).toEqual({ ...measured.naive, basis: 'html-measured-earlier' });
  });

  it('honours robots.txt for its product token (RFC 9309), and stops when robots.txt is unreachable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-ready-sync-robots-'));
    const hidden = documents[2]!;
    let robots: { status: number; text: string } = {
      status: 200,
      text: `User-agent: *\nDisallow: /\n\nUser-agent: agent-ready-sync\nDisallow: ${hidden.url}\n`,
    };
    site.variant = (req, res, next) => {
      if (req.path === '/robots.txt')
        res.status(robots.status).type('text/plain').send(robots.text);
      else next();
    };
    try {
      const mark = site.log.length;
      const report = await syncSite(site.origin, { stateDir: dir });
      expect(report).toMatchObject({ ok: true, robotsDisallowed: 1 });
      expect(report.fetched).toBe(report.listed - 1);
      expect(requestsSince(mark)).not.toContain(`GET ${hidden.url}llm.json 200`);
      // Kept for a day: the next run does not ask again.
      const next = site.log.length;
      await syncSite(site.origin, { stateDir: dir });
      expect(requestsSince(next)).not.toContain('GET /robots.txt 200');
      // Asked again with --rediscover; a 503 means "assume everything is disallowed".
      robots = { status: 503, text: '' };
      await expect(
        syncSite(site.origin, { stateDir: dir, rediscover: true }),
      ).rejects.toMatchObject({
        code: 'sync.robots-unreachable',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a state directory of another origin', async () => {
    await expect(syncSite('http://127.0.0.1:9', { stateDir })).rejects.toMatchObject({
      code: 'sync.state-mismatch',
    });
  });

  // Against the Strapi plugin: packages/strapi-plugin/tests/agent-side.test.ts (it boots Strapi).
});

describe('syncSite through the sitemap index (no change feed)', () => {
  it('after one edit reads the index and the one shard that changed, never the others', async () => {
    const docs = homeAndPosts(9);
    const sharded = await bootExpressSite({ documents: docs, maxItemsPerShard: 3 });
    const dir = mkdtempSync(join(tmpdir(), 'agent-ready-sync-index-'));
    // No feed: the agent keeps up through the sitemap alone.
    sharded.variant = (req, res, next) => {
      if (req.path === '/llm-changes.json') res.status(404).end();
      else next();
    };
    try {
      const first = await syncSite(sharded.origin, { stateDir: dir });
      expect(first).toMatchObject({ ok: true, fetched: docs.length, listed: docs.length });
      const shardPaths = sharded.log
        .map((entry) => entry.url)
        .filter((url) => /^\/llm-sitemap-\d+\.json$/.test(url));
      // 10 documents, 3 ids a shard: the root links shard 1 and the index, which lists 4.
      expect(shardPaths).toEqual([
        '/llm-sitemap-2.json',
        '/llm-sitemap-3.json',
        '/llm-sitemap-4.json',
      ]);

      await sharded.agent.publish({ ...docs[5]!, body: { format: 'text', value: 'Edited.' } });
      const mark = sharded.log.length;
      const again = await syncSite(sharded.origin, { stateDir: dir });
      expect(again).toMatchObject({ ok: true, fetched: 1, zeroFetchSkips: docs.length - 1 });
      expect(
        sharded.log.slice(mark).map((entry) => `${entry.method} ${entry.url} ${entry.status}`),
      ).toEqual([
        'GET /llm-changes.json?since=now 404',
        'GET /llm-sitemap.json 304',
        'GET /llm-sitemap-index.json 200',
        // post-5 has row id 6: the third shard (ids 6 to 8).
        'GET /llm-sitemap-3.json 200',
        `GET ${new URL(docs[5]!.url, sharded.origin).pathname}llm.json 200`,
      ]);
    } finally {
      await sharded.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('syncSite with `markdown`', () => {
  it("with `markdown`, keeps each fetched document's twin and Content-Usage, fetched with it only", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-ready-sync-markdown-'));
    const docs = homeAndPosts(3);
    const site = await bootExpressSite({ documents: docs });
    const requestsSince = (mark: number) =>
      site.log.slice(mark).map((entry) => `${entry.method} ${entry.url} ${entry.status}`);
    try {
      await syncSite(site.origin, { stateDir: dir, markdown: true });
      const state = SyncState.open(dir);
      try {
        for (const path of ['/', '/posts/1/']) {
          const details = state.documentDetails(`${site.origin}${path}llm.json`)!;
          const twin = await fetchUpstream(site.origin, `${path}index.html.md`);
          expect(twin.status).toBe(200);
          expect(details.markdown!.equals(twin.body)).toBe(true);
          const mUrl = await fetchUpstream(site.origin, `${path}llm.json`);
          expect(details.usage).toBe(mUrl.headers['content-usage'] ?? null);
        }
      } finally {
        state.close();
      }
      // An edit: its document and its twin fetched again, nothing else.
      const edited = docs[2]!;
      await site.agent.publish({
        ...edited,
        body: { format: 'markdown', value: '## New\n\nText.' },
      });
      await site.agent.idle();
      const mark = site.log.length;
      await syncSite(site.origin, { stateDir: dir, markdown: true });
      const path = new URL(edited.url, site.origin).pathname;
      expect(requestsSince(mark).filter((line) => !line.includes('/llm-changes.json'))).toEqual([
        `GET ${path}llm.json 200`,
        `GET ${path}index.html.md 200`,
      ]);
      const again = SyncState.open(dir);
      try {
        const markdown = again.documentDetails(`${site.origin}${path}llm.json`)!.markdown!;
        expect(markdown.toString('utf8')).toContain('## New\n\nText.');
      } finally {
        again.close();
      }
    } finally {
      await site.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
