import {
  availableDialects,
  databaseConfig,
  describeEachDatabase,
  uniqueTablePrefix,
  waitForState,
  type DialectName,
} from '@agent-ready/test-support';
import { createAgentEndpoints } from '@agent-ready/core/serve';
import {
  dropAgentTables,
  openAgentSite,
  openStoreReader,
  SILENT_LOGGER,
  type AgentSite,
  type ChangeListenerStatus,
  type DatabaseOption,
  type UpsertOutcome,
} from '../src';
import { preparedDocument, type FixtureDocument } from './fixtures/prepared-documents';
import { feedAheadOfViews, pollViews, type ViewsPoll } from './fixtures/read-site-views';
import { siteOptions } from './fixtures/site-options';
import { startSiteProcess, viewOf, type SiteProcess, type SiteView } from './fixtures/site-process';

// Issue 33: a writer A and a second instance B in another process, on one database. B learns of
// a commit when it commits (PostgreSQL NOTIFY) or within its polling interval (MariaDB, SQLite),
// and every view B serves moves to a new change together: B's change feed never names what B's
// M-URLs and sitemap do not serve yet.

/** B polls once an hour on PostgreSQL: only a notification can explain what it learns. */
const HOUR = 3_600_000;
const DOCUMENTS = 30;

const documentOf = (i: number, content: string): FixtureDocument => ({
  key: `d${i}`,
  path: `/d${i}/`,
  title: `D${i}`,
  content,
});
const mPath = (i: number) => `/d${i}/llm.json`;

async function openWriter(database: DatabaseOption, prefix: string, revalidateAfterMs: number) {
  return openAgentSite({
    site: siteOptions(),
    database,
    tablePrefix: prefix,
    mode: 'standalone',
    revalidateAfterMs,
    rebuild: { automatic: false },
    logger: SILENT_LOGGER,
  });
}

/** The feed's cursor as the writer gives it (fresh: the writer's own commits invalidate it). */
async function cursorOf(view: SiteView): Promise<string> {
  return (JSON.parse((await view.get('/llm-changes.json?since=now')).body) as { next: string })
    .next;
}

/** The cursor just after the first change (the document every test starts with). */
const cursorAfterFirst = async (site: AgentSite) =>
  `${(await site.reader.feedPosition()).epoch.toString(36)}-1`;

const listening = (process: SiteProcess) =>
  waitForState('a live LISTEN', async () => {
    const status = await process.ask<ChangeListenerStatus | null>({ type: 'status' });
    return status?.state === 'listening' ? status : undefined;
  });

/** Waits until `view` serves `hash` at the document's M-URL. */
const serves = (view: SiteView, i: number, hash: string) =>
  waitForState(`d${i} at ${hash}`, async () =>
    (await view.get(mPath(i))).etag === `"${hash}"` ? true : undefined,
  );

describeEachDatabase('a second instance in another process', (dialect: DialectName) => {
  const pollMs = dialect === 'postgres' ? HOUR : 50;
  let database: DatabaseOption;
  let prefix: string;
  let writer: AgentSite;
  let b: SiteProcess;

  // One writer and one B for both tests (a process and 30 saves each time cost more than a
  // test): each reads the feed from a cursor it takes first, so what the other did before does
  // not show in it; and d4, which the second unpublishes, the first leaves published (edited).
  beforeAll(async () => {
    database = databaseConfig(dialect) as DatabaseOption;
    prefix = uniqueTablePrefix();
    writer = await openWriter(database, prefix, pollMs);
    for (let i = 0; i < DOCUMENTS; i++)
      await writer.engine!.upsert(preparedDocument(documentOf(i, 'first version')));
    b = await startSiteProcess({ database, prefix, mode: 'read-only', revalidateAfterMs: pollMs });
    if (dialect === 'postgres') await listening(b);
  });

  afterAll(async () => {
    await b.close();
    if (dialect !== 'sqlite') await dropAgentTables(writer.engine!.knex, prefix);
    await writer.close();
  });

  it("never lets a poll see B's feed ahead of B's M-URLs or sitemap, through a burst of edits and unpublishes", async () => {
    const since = await cursorOf(viewOf(writer));
    // B's caches warm: every M-URL and the sitemap read once before the burst.
    for (let i = 0; i < DOCUMENTS; i++) expect((await b.get(mPath(i))).status).toBe(200);
    const polls: ViewsPoll[] = [await pollViews(b, since)];
    // 20 edits and 10 unpublishes, each document changed once; B polled after each.
    for (let i = 0; i < DOCUMENTS; i++) {
      if (i % 3 === 2) await writer.engine!.remove(`d${i}`, '', 'unpublished');
      else await writer.engine!.upsert(preparedDocument(documentOf(i, 'second version')));
      polls.push(await pollViews(b, since));
    }
    // Until B's feed names every change (at once on PostgreSQL; within a poll elsewhere).
    polls.push(
      await waitForState('every change in B’s feed', async () => {
        const poll = await pollViews(b, since);
        polls.push(poll);
        return poll.entries.length === DOCUMENTS ? poll : undefined;
      }),
    );
    expect(polls.flatMap(feedAheadOfViews)).toEqual([]);
    const last = polls[polls.length - 1]!;
    expect(last.entries.filter((entry) => entry.change === 'removed')).toHaveLength(10);
  });

  it('answers 404 for an unpublished document once its feed lists the removal', async () => {
    const since = await cursorOf(viewOf(writer));
    expect((await b.get(mPath(4))).status).toBe(200);
    await writer.engine!.remove('d4', '', 'unpublished');
    await waitForState('the removal in B’s feed', async () => {
      const feed = JSON.parse((await b.get(`/llm-changes.json?since=${since}`)).body) as {
        changes: { change: string }[];
      };
      return feed.changes.some((change) => change.change === 'removed') ? true : undefined;
    });
    expect((await b.get(mPath(4))).status).toBe(404);
  });
});

describeEachDatabase('an instance given a cursor from one further on', (dialect) => {
  it('catches up with the table instead of answering 410, and serves what the cursor saw', async () => {
    const database = databaseConfig(dialect) as DatabaseOption;
    const prefix = uniqueTablePrefix();
    const writer = await openWriter(database, prefix, HOUR);
    // Told of nothing, polling once an hour: behind the writer until a cursor says otherwise.
    const lagging = await openStoreReader(database, {
      tablePrefix: prefix,
      listen: false,
      revalidateAfterMs: HOUR,
    });
    const endpoints = createAgentEndpoints(lagging.reader, { origin: 'https://example.com' });
    const get = async (target: string) => {
      const outcome = await endpoints.handle({ method: 'GET', target, headers: {} });
      if (outcome.kind !== 'respond') throw new Error(`${target}: ${outcome.kind}`);
      return outcome.response;
    };
    try {
      await writer.engine!.upsert(preparedDocument(documentOf(1, 'first version')));
      expect((await get(mPath(1))).status).toBe(200);
      const saved = await writer.engine!.upsert(preparedDocument(documentOf(1, 'second version')));
      const cursor = await cursorOf(viewOf(writer));
      // Behind: its own position is older than the writer's cursor, and its M-URL too.
      expect((await get(mPath(1))).headers.etag).not.toBe(`"${saved.hash}"`);
      expect((await get(`/llm-changes.json?since=${cursor}`)).status).toBe(200);
      expect((await get(mPath(1))).headers.etag).toBe(`"${saved.hash}"`);
      // A cursor past the table is still one this feed never gave out.
      const future = cursor.replace(/-\d+$/, '-999');
      expect((await get(`/llm-changes.json?since=${future}`)).status).toBe(410);
    } finally {
      await lagging.close();
      if (dialect !== 'sqlite') await dropAgentTables(writer.engine!.knex, prefix);
      await writer.close();
    }
  });
});

const onPostgres = availableDialects().includes('postgres') ? describe : describe.skip;
onPostgres('instances told by NOTIFY when a change commits [postgres]', () => {
  let database: DatabaseOption;
  let prefix: string;
  let writer: AgentSite;
  const others: SiteProcess[] = [];

  beforeEach(async () => {
    database = databaseConfig('postgres') as DatabaseOption;
    prefix = uniqueTablePrefix();
    writer = await openWriter(database, prefix, HOUR);
    await writer.engine!.upsert(preparedDocument(documentOf(1, 'first version')));
  });

  afterEach(async () => {
    for (const other of others.splice(0)) await other.close();
    await dropAgentTables(writer.engine!.knex, prefix);
    await writer.close();
  });

  const start = async (mode: 'read-only' | 'standalone') => {
    const other = await startSiteProcess({ database, prefix, mode, revalidateAfterMs: HOUR });
    others.push(other);
    return { other, status: await listening(other) };
  };

  it('B serves an edit A acknowledged without polling: a notification invalidated it', async () => {
    const { other: b } = await start('read-only');
    expect((await b.get(mPath(1))).status).toBe(200);
    const saved = await writer.engine!.upsert(preparedDocument(documentOf(1, 'second version')));
    await serves(b, 1, saved.hash);
    const poll = await pollViews(b, await cursorAfterFirst(writer));
    expect(feedAheadOfViews(poll)).toEqual([]);
    expect(poll.entries).toEqual([expect.objectContaining({ etag: saved.hash })]);
    // Still the one connection it started with, still listening.
    expect(await b.ask({ type: 'status' })).toMatchObject({ state: 'listening', connects: 1 });
  });

  it('re-establishes the LISTEN connection after the server kills it, and is told again', async () => {
    const { other: b, status } = await start('read-only');
    await writer.engine!.knex.raw('select pg_terminate_backend(?)', [status.backendPid!]);
    const again = await waitForState('LISTEN re-established', async () => {
      const now = await b.ask<ChangeListenerStatus>({ type: 'status' });
      return now.state === 'listening' && now.connects === 2 ? now : undefined;
    });
    expect(again.backendPid).not.toBe(status.backendPid);
    const saved = await writer.engine!.upsert(preparedDocument(documentOf(1, 'after the kill')));
    await serves(b, 1, saved.hash);
  });

  it('listens on one connection per process and database, and closes it at a clean shutdown', async () => {
    const liveOf = (site: { reader: AgentSite['reader'] }) =>
      waitForState('a live LISTEN', async () => {
        const status = site.reader.changeNotifications;
        return status?.state === 'listening' ? status : undefined;
      });
    // Another reader on the writer's database shares the writer's connection.
    const sharing = await openStoreReader(database, { tablePrefix: prefix });
    expect((await liveOf(sharing)).backendPid).toBe((await liveOf(writer)).backendPid);
    await sharing.close();
    // One on another database (here: other connection settings) has its own, closed with it.
    const url = new URL((database as { connection: string }).connection);
    url.searchParams.set('application_name', 'agent-ready-shutdown-test');
    const reader = await openStoreReader(
      { client: 'postgres', connection: url.toString(), pool: { min: 0, max: 2 } },
      { tablePrefix: prefix },
    );
    const live = await liveOf(reader);
    expect(live.backendPid).not.toBe((await liveOf(writer)).backendPid);
    const backends = async () =>
      (
        (await writer.engine!.knex.raw('select pid from pg_stat_activity where pid = ?', [
          live.backendPid!,
        ])) as { rows: unknown[] }
      ).rows.length;
    expect(await backends()).toBe(1);
    await reader.close();
    expect(reader.reader.changeNotifications).toMatchObject({ state: 'closed' });
    await waitForState('the LISTEN connection gone', async () =>
      (await backends()) === 0 ? true : undefined,
    );
  });

  it('keeps two writers on one database in step, each told of the other’s commits', async () => {
    const { other: w } = await start('standalone');
    const here = viewOf(writer);
    // Warm both caches, then edit through each writer in turn.
    for (const view of [here, w]) expect((await view.get(mPath(1))).status).toBe(200);
    const fromA = await writer.engine!.upsert(preparedDocument(documentOf(1, 'by A')));
    await serves(w, 1, fromA.hash);
    const fromW = await w.ask<UpsertOutcome>({
      type: 'upsert',
      document: documentOf(2, 'by W'),
    });
    await serves(here, 2, fromW.hash);
    const again = await w.ask<UpsertOutcome>({
      type: 'upsert',
      document: documentOf(1, 'W again'),
    });
    await serves(here, 1, again.hash);
    // The feed of each names what each serves.
    const since = await cursorAfterFirst(writer);
    for (const view of [here, w])
      expect(feedAheadOfViews(await pollViews(view, since))).toEqual([]);
  });
});

const onMariaDb = availableDialects().includes('mysql') ? describe : describe.skip;
onMariaDb('an instance that polls [mysql]', () => {
  it('serves what another committed once its polling interval has passed', async () => {
    const database = databaseConfig('mysql') as DatabaseOption;
    const prefix = uniqueTablePrefix();
    const interval = 300;
    const writer = await openWriter(database, prefix, interval);
    await writer.engine!.upsert(preparedDocument(documentOf(1, 'first version')));
    const b = await startSiteProcess({
      database,
      prefix,
      mode: 'read-only',
      revalidateAfterMs: interval,
    });
    try {
      // No notifications on MariaDB: polling is how B learns.
      expect(await b.ask({ type: 'status' })).toBeNull();
      expect((await b.get(mPath(1))).status).toBe(200);
      const saved = await writer.engine!.upsert(preparedDocument(documentOf(1, 'second version')));
      // The documented bound: a commit shows on B at most `revalidateAfterMs` after it.
      await new Promise((resolve) => setTimeout(resolve, interval));
      expect((await b.get(mPath(1))).etag).toBe(`"${saved.hash}"`);
    } finally {
      await b.close();
      await dropAgentTables(writer.engine!.knex, prefix);
      await writer.close();
    }
  });
});
