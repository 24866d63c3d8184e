import { gunzipSync } from 'node:zlib';
import {
  databaseConfig,
  describeEachDatabase,
  uniqueTablePrefix,
  waitForState,
} from '@agent-ready/test-support';
import { parseScpSitemap } from '@agent-ready/core/scp';
import { documentCacheTag, pathCacheTag, validateAgentSiteOptions } from '@agent-ready/core/serve';
import {
  dropAgentTables,
  openAgentSite,
  RegenerationEngine,
  siteArtifactSettings,
  SILENT_LOGGER,
  type AgentSite,
} from '../src';
import type { DatabaseOption } from '../src/schema/open-database';
import { leftPathKey } from '../src/writer/tombstone-left-paths';
import { preparedDocument } from './fixtures/prepared-documents';
import { PURGE_SECRET, startPurgeServer, type PurgeServer } from './fixtures/purge-server';
import { viewOf, type SiteView } from './fixtures/site-process';
import { SITE_ORIGIN } from './fixtures/site-options';

const DAY = 86_400_000;

/**
 * Issue 38: a document keeps its id while its URL changes (a new slug, a new URL pattern). The
 * old M-URL is then gone, not unknown: 410, listed as removed in the change feed, purged at the
 * edge, dropped from the SCP snapshot at once; and the path is free again for a new document or
 * for the same one moving back. Through a single upsert, the batched reconcile, and two
 * instances on one database.
 */
describeEachDatabase('a path change leaves a tombstone at the old path', (dialect) => {
  let database: DatabaseOption;
  let prefix: string;
  let purges: PurgeServer;
  const opened: AgentSite[] = [];

  // Snapshots of more than 3 pages are rebuilt after 3 changes or 10 days: never in these tests
  // but for the page that left (a move costs 2 changes: its tombstone and its new row).
  const options = validateAgentSiteOptions({
    site: { origin: SITE_ORIGIN, name: 'Example', summary: 'An example.' },
    sitemap: { maxItemsPerShard: 10 },
    scp: { snapshotAfterChanges: 3, snapshotIntervalMs: 10 * DAY },
  });

  async function open(): Promise<AgentSite> {
    const site = await openAgentSite({
      site: options,
      database,
      tablePrefix: prefix,
      mode: 'standalone',
      rebuild: { automatic: false },
      logger: SILENT_LOGGER,
      edge: {
        purger: { type: 'webhook', url: `${purges.url}/purge`, secret: PURGE_SECRET },
        keyPrefix: 'shop',
        delivery: { pollIntervalMs: 20 },
      },
    });
    opened.push(site);
    return site;
  }

  const doc = (key: string, path: string, content = `About ${key}.`, section = 'blog') =>
    preparedDocument({ key, path, title: `Title ${key}`, content, section });

  const status = async (view: SiteView, path: string) => (await view.get(path)).status;

  interface Change {
    change: 'upsert' | 'removed';
    cUrl: string;
  }
  /** The feed's changes after `since`, page after page, and the cursor after them. */
  async function changesSince(view: SiteView, since: string) {
    const changes: Change[] = [];
    let cursor = since;
    for (;;) {
      const page = JSON.parse((await view.get(`/llm-changes.json?since=${cursor}`)).body) as {
        changes: Change[];
        next: string;
        more: boolean;
      };
      changes.push(...page.changes.map(({ change, cUrl }) => ({ change, cUrl })));
      cursor = page.next;
      if (!page.more) return { changes, next: cursor };
    }
  }
  const cursorNow = async (view: SiteView) =>
    (JSON.parse((await view.get('/llm-changes.json?since=now')).body) as { next: string }).next;

  const url = (path: string) => `${SITE_ORIGIN}${path}`;
  const purged = (tag: string) => purges.received.some(({ keys }) => keys.includes(`shop-${tag}`));

  /** The page URLs of a section's SCP snapshot, and its `generated`. */
  async function snapshotOf(site: AgentSite, section: string) {
    const artifact = await site.reader.artifact(`/scp/${section}-snapshot.scp`);
    if (!artifact) return undefined;
    const lines = gunzipSync(artifact.body).toString('utf8').trim().split('\n');
    const header = JSON.parse(lines[0]!) as { collection: { generated: string } };
    return {
      generated: header.collection.generated,
      urls: lines.slice(1).map((line) => (JSON.parse(line) as { url: string }).url),
    };
  }
  async function scpSitemap(site: AgentSite) {
    return parseScpSitemap((await site.reader.artifact('/scp/sitemap.xml'))!.body.toString());
  }
  const llmsTxt = async (view: SiteView) => (await view.get('/llms.txt')).body;
  /** Every JSON sitemap item's C-URL, through the index when it is sharded. */
  async function sitemapUrls(view: SiteView): Promise<string[]> {
    const index = await view.get('/llm-sitemap-index.json');
    const shards =
      index.status === 200
        ? (JSON.parse(index.body) as { sitemaps: { url: string }[] }).sitemaps.map(
            (s) => new URL(s.url).pathname,
          )
        : ['/llm-sitemap.json'];
    const urls: string[] = [];
    for (const shard of shards) {
      const read = JSON.parse((await view.get(shard)).body) as { items: { cUrl: string }[] };
      urls.push(...read.items.map((item) => item.cUrl));
    }
    return urls.sort();
  }

  beforeEach(async () => {
    database = databaseConfig(dialect) as DatabaseOption;
    prefix = uniqueTablePrefix();
    purges = await startPurgeServer();
  });

  afterEach(async () => {
    for (const site of opened.splice(0).reverse()) await site.close();
    await purges.close();
    if (dialect === 'sqlite') return;
    const cleanup = await RegenerationEngine.open({
      database,
      tablePrefix: prefix,
      ...siteArtifactSettings(options),
      rebuild: { automatic: false },
    });
    await dropAgentTables(cleanup.knex, prefix);
    await cleanup.close();
  });

  it('a slug change: 410 at the old M-URL and twin, removed in the feed, purged, SCP current', async () => {
    const site = await open();
    const view = viewOf(site);
    const engine = site.engine!;
    for (const key of ['a', 'b', 'c', 'd', 'e']) await engine.upsert(doc(key, `/blog/${key}/`));
    await engine.rebuildArtifacts();
    const before = await snapshotOf(site, 'blog');
    expect(before!.urls).toContain(url('/blog/a/'));
    const since = await cursorNow(view);

    const moved = await engine.upsert(doc('a', '/blog/a-renamed/'));
    expect(moved).toMatchObject({ status: 'updated' });
    expect(moved.leftPathSeq).toBe(moved.changeSeq! - 1);

    expect(await status(view, '/blog/a/llm.json')).toBe(410);
    expect(await status(view, '/blog/a/index.md')).toBe(410);
    expect(await status(view, '/blog/a-renamed/llm.json')).toBe(200);
    // Never heard of: still 404.
    expect(await status(view, '/blog/z/llm.json')).toBe(404);
    expect((await changesSince(view, since)).changes).toEqual([
      { change: 'removed', cUrl: url('/blog/a/') },
      { change: 'upsert', cUrl: url('/blog/a-renamed/') },
    ]);
    expect(await sitemapUrls(view)).not.toContain(url('/blog/a/'));
    expect(await sitemapUrls(view)).toContain(url('/blog/a-renamed/'));

    // The edge is told: the old M-URL's path and the document (its twin and M-URL, wherever).
    await waitForState('the old path purged', async () =>
      purged(pathCacheTag('/blog/a/llm.json')) && purged(documentCacheTag('a', ''))
        ? true
        : undefined,
    );

    // SCP: the section's snapshot is rebuilt now (a page left it), not at its schedule.
    await engine.rebuildArtifacts();
    const after = await snapshotOf(site, 'blog');
    expect(after!.urls).toContain(url('/blog/a-renamed/'));
    expect(after!.urls).not.toContain(url('/blog/a/'));
    expect(after!.generated).not.toBe(before!.generated);
    const xml = await scpSitemap(site);
    expect(xml.urls.map((u) => u.loc)).not.toContain(url('/blog/a/'));
    expect(await llmsTxt(view)).not.toMatch(/\/blog\/a\/index\.html\.md/);
    expect(await llmsTxt(view)).toMatch(/\/blog\/a-renamed\/index\.html\.md/);

    // An edit that moves nothing keeps the big snapshot until its schedule, as before.
    await engine.upsert(doc('b', '/blog/b/', 'About b, edited.'));
    await engine.rebuildArtifacts();
    expect((await snapshotOf(site, 'blog'))!.generated).toBe(after!.generated);
  });

  it('a section whose last page moved away is dropped from the SCP sitemap at once', async () => {
    const site = await open();
    const engine = site.engine!;
    await engine.upsert(doc('a', '/news/a/', 'About a.', 'news'));
    await engine.upsert(doc('b', '/blog/b/'));
    await engine.rebuildArtifacts();
    expect((await scpSitemap(site)).collections.map((c) => c.section).sort()).toEqual([
      'blog',
      'news',
    ]);
    // Its pattern (and so its section) changed: the news section has no page left.
    await engine.upsert(doc('a', '/blog/a/', 'About a.', 'blog'));
    await engine.rebuildArtifacts();
    expect((await scpSitemap(site)).collections.map((c) => c.section)).toEqual(['blog']);
    expect(await site.reader.artifact('/scp/news-snapshot.scp')).toBeUndefined();
    expect((await snapshotOf(site, 'blog'))!.urls.sort()).toEqual([
      url('/blog/a/'),
      url('/blog/b/'),
    ]);
  });

  it('a page that only changes section (same URL) leaves its old section at once', async () => {
    const site = await open();
    const view = viewOf(site);
    const engine = site.engine!;
    await engine.upsert(doc('a', '/a/', 'About a.', 'news'));
    await engine.upsert(doc('b', '/b/', 'About b.', 'news'));
    await engine.upsert(doc('c', '/c/', 'About c.', 'blog'));
    await engine.rebuildArtifacts();
    const since = await cursorNow(view);
    // The type's section setting changed: same URLs, another section (through a batch).
    await engine.upsertMany([
      doc('a', '/a/', 'About a.', 'blog'),
      doc('b', '/b/', 'About b.', 'blog'),
    ]);
    expect(await status(view, '/a/llm.json')).toBe(200);
    // Nothing went away for agents of the feed: the two pages, as they are now.
    expect((await changesSince(view, since)).changes).toEqual([
      { change: 'upsert', cUrl: url('/a/') },
      { change: 'upsert', cUrl: url('/b/') },
    ]);
    await engine.rebuildArtifacts();
    expect((await scpSitemap(site)).collections.map((c) => c.section)).toEqual(['blog']);
    expect(await site.reader.artifact('/scp/news-snapshot.scp')).toBeUndefined();
    expect((await snapshotOf(site, 'blog'))!.urls.sort()).toEqual([
      url('/a/'),
      url('/b/'),
      url('/c/'),
    ]);
    // And back, one at a time: the path's row is reused, the URL still served.
    await engine.upsert(doc('a', '/a/', 'About a.', 'news'));
    await engine.rebuildArtifacts();
    expect((await snapshotOf(site, 'blog'))!.urls.sort()).toEqual([url('/b/'), url('/c/')]);
    expect((await snapshotOf(site, 'news'))!.urls).toEqual([url('/a/')]);
    expect(await status(view, '/a/llm.json')).toBe(200);
  });

  it('the path is free again: a new document takes it, the same one moves back', async () => {
    const site = await open();
    const view = viewOf(site);
    const engine = site.engine!;
    await engine.upsert(doc('a', '/blog/a/'));
    await engine.upsert(doc('x', '/x/'));
    await engine.upsert(doc('a', '/blog/a-renamed/'));
    expect(await status(view, '/blog/a/llm.json')).toBe(410);
    const since = await cursorNow(view);

    // Another document takes the old path: the tombstone gives way.
    await engine.upsert(doc('n', '/blog/a/', 'A new page at the old address.'));
    const served = await view.get('/blog/a/llm.json');
    expect(served.status).toBe(200);
    expect(served.body).toContain('A new page at the old address.');

    // The same document moves away and back: its first path serves it again, the other is gone.
    await engine.upsert(doc('x', '/y/'));
    expect(await status(view, '/x/llm.json')).toBe(410);
    await engine.upsert(doc('x', '/x/'));
    expect(await status(view, '/x/llm.json')).toBe(200);
    expect(await status(view, '/y/llm.json')).toBe(410);
    // In commit order, one entry per row as it is now: an agent applying them in turn ends with
    // /blog/a/ and /x/ served, /y/ gone.
    expect((await changesSince(view, since)).changes).toEqual([
      { change: 'upsert', cUrl: url('/blog/a/') },
      { change: 'removed', cUrl: url('/x/') },
      { change: 'removed', cUrl: url('/y/') },
      { change: 'upsert', cUrl: url('/x/') },
    ]);
    // A tombstone is one row per path, written again each time: /x/'s is not listed again.
    const rows = await engine
      .knex(engine.tables.documents)
      .whereIn('doc_key', [leftPathKey('/x/llm.json'), leftPathKey('/y/llm.json')])
      .select('doc_key', 'state', 'm_path_key');
    expect(rows).toHaveLength(2);
    expect(rows.every((row: { state: string }) => row.state === 'deleted')).toBe(true);

    // A document unpublished gave its path back already (404): republished elsewhere, it stays 404.
    await engine.remove('n', '', 'unpublished');
    await engine.upsert(doc('n', '/blog/n/'));
    expect(await status(view, '/blog/a/llm.json')).toBe(404);
    // A deleted one's tombstone (410) keeps answering 410 when it comes back at another path.
    await engine.remove('n', '', 'deleted');
    await engine.upsert(doc('n', '/blog/n-again/'));
    expect(await status(view, '/blog/n/llm.json')).toBe(410);
    expect(await status(view, '/blog/n-again/llm.json')).toBe(200);
  });

  it('a document deleted after another took its URL: the feed does not say the URL is gone', async () => {
    // The differential test's case: c unpublished, a publishes at c's URL, c is deleted.
    const site = await open();
    const view = viewOf(site);
    const engine = site.engine!;
    const since = await cursorNow(view);
    await engine.upsert(doc('c', '/p/'));
    await engine.remove('c', '', 'unpublished');
    await engine.upsert(doc('a', '/p/', 'Another page at that address.'));
    const seen = await cursorNow(view);
    expect((await engine.remove('c', '', 'deleted')).removed).toBe(true);
    expect(await status(view, '/p/llm.json')).toBe(200);
    // Applying the feed in order ends with /p/ served, from any cursor.
    expect((await changesSince(view, since)).changes).toEqual([
      { change: 'upsert', cUrl: url('/p/') },
    ]);
    expect((await changesSince(view, seen)).changes).toEqual([]);
    // Once the URL is free again, its removal is news, as always.
    await engine.remove('a', '', 'deleted');
    expect((await changesSince(view, seen)).changes).toEqual([
      { change: 'removed', cUrl: url('/p/') },
    ]);
  });

  it('a URL pattern change through the batched reconcile', async () => {
    const site = await open();
    const view = viewOf(site);
    const engine = site.engine!;
    const keys = Array.from({ length: 12 }, (_, i) => `p${i + 1}`);
    expect(
      await engine.reconcile(
        keys.map((key) => doc(key, `/blog/${key}/`)),
        { batchSize: 5 },
      ),
    ).toMatchObject({ changed: 12 });
    await engine.rebuildArtifacts();
    const since = await cursorNow(view);
    purges.received.length = 0;

    // The pattern /blog/{slug} becomes /articles/{slug}; in the same pass p1 takes p2's old path,
    // which p2 leaves in the same batch (the batch leaves p1 to a single upsert after it).
    const outcome = await engine.reconcile(
      keys.map((key) =>
        key === 'p1' ? doc(key, '/blog/p2/', 'p1 at p2') : doc(key, `/articles/${key}/`),
      ),
      { batchSize: 5 },
    );
    expect(outcome).toMatchObject({ seen: 12, changed: 12, unpublished: 0 });

    for (const key of keys.slice(1)) {
      expect(await status(view, `/articles/${key}/llm.json`)).toBe(200);
      if (key !== 'p2') expect(await status(view, `/blog/${key}/llm.json`)).toBe(410);
    }
    expect(await status(view, '/blog/p1/llm.json')).toBe(410);
    expect((await view.get('/blog/p2/llm.json')).body).toContain('p1 at p2');

    const { changes } = await changesSince(view, since);
    const removed = changes.filter((c) => c.change === 'removed').map((c) => c.cUrl);
    const upserted = changes.filter((c) => c.change === 'upsert').map((c) => c.cUrl);
    expect(removed.sort()).toEqual(keys.map((key) => url(`/blog/${key}/`)).sort());
    const served = [url('/blog/p2/'), ...keys.slice(1).map((key) => url(`/articles/${key}/`))];
    expect(upserted.sort()).toEqual(served.sort());
    // p2 left /blog/p2/ before p1 took it: an agent applying the feed in order ends with p1 there.
    const at = (change: Change) =>
      changes.findIndex((c) => c.change === change.change && c.cUrl === change.cUrl);
    expect(at({ change: 'removed', cUrl: url('/blog/p2/') })).toBeLessThan(
      at({ change: 'upsert', cUrl: url('/blog/p2/') }),
    );
    expect(await sitemapUrls(view)).toEqual(served.sort());

    // Every old path purged, through the batch as through a single upsert.
    await waitForState('every old path purged', async () =>
      keys.every((key) => purged(pathCacheTag(`/blog/${key}/llm.json`))) ? true : undefined,
    );

    await engine.rebuildArtifacts();
    const urls = (await snapshotOf(site, 'blog'))!.urls;
    expect(urls.filter((u) => u.startsWith(url('/blog/')))).toEqual([url('/blog/p2/')]);
    expect(urls).toHaveLength(12);
  });

  it('two instances on one database: each serves the other one’s moves, races end on one URL', async () => {
    const first = await open();
    const second = await open();
    const views = [viewOf(first), viewOf(second)];
    await first.engine!.upsert(doc('a', '/a/'));
    await first.engine!.upsert(doc('x', '/x/'));
    const since = await cursorNow(views[1]!);

    await first.engine!.upsert(doc('a', '/a2/'));
    await waitForState('the second instance answers 410 at the old path', async () =>
      (await status(views[1]!, '/a/llm.json')) === 410 ? true : undefined,
    );
    expect((await changesSince(views[1]!, since)).changes).toEqual([
      { change: 'removed', cUrl: url('/a/') },
      { change: 'upsert', cUrl: url('/a2/') },
    ]);
    // The second moves it back; the first follows.
    await second.engine!.upsert(doc('a', '/a/'));
    await waitForState('the first instance serves /a/ again', async () =>
      (await status(views[0]!, '/a/llm.json')) === 200 ? true : undefined,
    );
    expect(await status(views[0]!, '/a2/llm.json')).toBe(410);

    // SQLite's instances are processes (its driver blocks the thread while it waits for the
    // lock: two in one process would wait on each other); the race is the servers' databases'.
    if (dialect === 'sqlite') return;
    // Both move one document at once, each somewhere else: the last commit wins, the other
    // path and the first one are gone.
    await Promise.all([
      first.engine!.upsert(doc('x', '/x-first/')),
      second.engine!.upsert(doc('x', '/x-second/')),
    ]);
    await waitForState('both instances agree', async () => {
      const seen = [];
      for (const view of views)
        seen.push(
          [
            await status(view, '/x/llm.json'),
            await status(view, '/x-first/llm.json'),
            await status(view, '/x-second/llm.json'),
          ].join(),
        );
      return seen[0] === seen[1] ? seen[0] : undefined;
    }).then((statuses) => {
      expect(['410,200,410', '410,410,200']).toContain(statuses);
    });
  });
});
