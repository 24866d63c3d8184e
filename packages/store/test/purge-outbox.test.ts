import type { Knex } from 'knex';
import {
  databaseConfig,
  describeEachDatabase,
  uniqueTablePrefix,
  waitForState,
} from '@agent-ready/test-support';
import {
  createPurgeDelivery,
  createWebhookPurger,
  dropAgentTables,
  enqueuePurgeKeys,
  readPurgeStatus,
  type DatabaseOption,
  type Dialect,
  type TableNames,
} from '../src';
import { openDatabase, runMigrations, tableNames } from '../src/internal';
import { PURGE_SECRET, startPurgeServer, type PurgeServer } from './fixtures/purge-server';

describeEachDatabase('the purge outbox', (dialect) => {
  let server: PurgeServer;
  let knex: Knex;
  let prefix: string;
  let tables: TableNames;
  let config: DatabaseOption;
  const others: Knex[] = [];
  let now = 1_800_000_000_000;
  const clock = () => now;

  const open = (): Knex => {
    // Another connection pool to the same database (the same SQLite file).
    const { knex: opened } = openDatabase(config);
    others.push(opened);
    return opened;
  };
  const delivery = (
    on: Knex = knex,
    options: {
      path?: string;
      claimLimit?: number;
      maxKeysPerRequest?: number;
      settleMs?: number;
      pollIntervalMs?: number;
      clock?: () => number;
    } = {},
  ) =>
    createPurgeDelivery({
      knex: on,
      tables,
      purger: createWebhookPurger({
        url: `${server.url}${options.path ?? '/purge'}`,
        secret: PURGE_SECRET,
        maxKeysPerRequest: options.maxKeysPerRequest ?? 100,
      }),
      clock: options.clock ?? clock,
      random: () => 0.5,
      ...(options.pollIntervalMs ? { pollIntervalMs: options.pollIntervalMs } : {}),
      ...(options.claimLimit ? { claimLimit: options.claimLimit } : {}),
      ...(options.settleMs !== undefined ? { settleMs: options.settleMs } : {}),
    });

  beforeEach(async () => {
    server = await startPurgeServer();
    prefix = uniqueTablePrefix();
    tables = tableNames(prefix);
    config = databaseConfig(dialect) as DatabaseOption;
    knex = openDatabase(config).knex;
    await runMigrations(knex, tables, dialect as Dialect);
  });

  afterEach(async () => {
    for (const other of others.splice(0)) await other.destroy();
    if (dialect !== 'sqlite') await dropAgentTables(knex, prefix);
    await knex.destroy();
    await server.close();
  });

  it('delivers the keys of committed transactions once, coalesced, and none of a rolled-back one', async () => {
    await knex.transaction(async (trx) => {
      await enqueuePurgeKeys(trx, tables, ['doc-1', 'site', 'family-m-url'], now);
    });
    await knex.transaction(async (trx) => {
      await enqueuePurgeKeys(trx, tables, ['doc-2', 'site'], now);
    });
    await knex
      .transaction(async (trx) => {
        await enqueuePurgeKeys(trx, tables, ['doc-3'], now);
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    expect(await readPurgeStatus(knex, tables)).toMatchObject({ waiting: 4, sent: 0 });
    expect(await delivery().deliverDue()).toEqual({ sent: 4, resent: 0, failed: 0 });
    expect(server.received).toEqual([
      { path: '/purge', keys: ['doc-1', 'doc-2', 'family-m-url', 'site'] },
    ]);
    const status = await readPurgeStatus(knex, tables);
    expect(status).toMatchObject({ sent: 4, requests: 1, failed: 0, waiting: 0 });
    expect(status.lastSentAt).toEqual(new Date(now));
    expect(await delivery().deliverDue()).toEqual({ sent: 0, resent: 0, failed: 0 });
  });

  it('refuses a key that is no cache tag, and writes nothing', async () => {
    await expect(
      knex.transaction((trx) => enqueuePurgeKeys(trx, tables, ['doc-1', 'Doc 2'], now)),
    ).rejects.toMatchObject({ code: 'store.purge.key' });
    expect(await readPurgeStatus(knex, tables)).toMatchObject({ waiting: 0 });
  });

  it('retries after a 503 with backoff, then delivers', async () => {
    await enqueuePurgeKeys(knex, tables, ['doc-1', 'doc-2'], now);
    server.failNext(503);
    const loop = delivery();
    const failed = await loop.deliverDue();
    expect(failed).toMatchObject({ sent: 0, failed: 2, error: { retryable: true, status: 503 } });
    expect(await readPurgeStatus(knex, tables)).toMatchObject({
      waiting: 2,
      retrying: 2,
      failed: 1,
      lastError: { permanent: false, at: new Date(now) },
    });
    // First retry after the base backoff (1 s), jitter held at its middle: 750 ms.
    now += 749;
    expect(await loop.deliverDue()).toEqual({ sent: 0, resent: 0, failed: 0 });
    now += 1;
    expect(await loop.deliverDue()).toEqual({ sent: 2, resent: 0, failed: 0 });
    expect(server.received).toEqual([{ path: '/purge', keys: ['doc-1', 'doc-2'] }]);
    expect(await readPurgeStatus(knex, tables)).toMatchObject({ waiting: 0, sent: 2, failed: 1 });
  });

  it('reports a permanent failure with the cache’s words, and keeps the keys for after the fix', async () => {
    await enqueuePurgeKeys(knex, tables, ['doc-1'], now);
    server.failNext(403);
    const round = await delivery().deliverDue();
    expect(round).toMatchObject({ failed: 1, error: { retryable: false, status: 403 } });
    const status = await readPurgeStatus(knex, tables);
    expect(status).toMatchObject({ waiting: 1, failed: 1, lastError: { permanent: true } });
    expect(status.lastError!.message).toContain('refused with 403');
    // Not before the longest backoff (10 minutes by default).
    now += 599_999;
    expect(await delivery().deliverDue()).toEqual({ sent: 0, resent: 0, failed: 0 });
    now += 1;
    expect(await delivery().deliverDue()).toEqual({ sent: 1, resent: 0, failed: 0 });
  });

  it('two delivery loops on one database never both send a key', async () => {
    const keys = Array.from({ length: 60 }, (_, i) => `doc-${String(i).padStart(2, '0')}`);
    await enqueuePurgeKeys(knex, tables, keys, now);
    // Both loops' first requests are held in flight at once, so both claim while the other
    // holds its claim.
    server.hold();
    const a = delivery(open(), { path: '/a', claimLimit: 10, maxKeysPerRequest: 5 }).deliverDue();
    const b = delivery(open(), { path: '/b', claimLimit: 10, maxKeysPerRequest: 5 }).deliverDue();
    await server.arrived(2);
    server.release();
    const rounds = await Promise.all([a, b]);
    const sent = server.received.flatMap((request) => request.keys);
    expect(sent.sort()).toEqual(keys);
    expect(new Set(server.received.map((request) => request.path))).toEqual(new Set(['/a', '/b']));
    expect(rounds[0]!.sent + rounds[1]!.sent).toBe(60);
  });

  it('a key enqueued again while its purge is in flight is purged again afterwards', async () => {
    await enqueuePurgeKeys(knex, tables, ['doc-1', 'doc-2'], now);
    server.hold();
    const loop = delivery();
    const inFlight = loop.deliverDue();
    await server.arrived(1);
    // A change commits after that purge left: the cache may refetch the old bytes meanwhile.
    await knex.transaction((trx) => enqueuePurgeKeys(trx, tables, ['doc-2'], now));
    server.release();
    expect(await inFlight).toMatchObject({ sent: 3 });
    expect(server.received.map((r) => r.keys)).toEqual([['doc-1', 'doc-2'], ['doc-2']]);
    expect(await readPurgeStatus(knex, tables)).toMatchObject({ waiting: 0 });
  });

  it('purges each tag once more settleMs after its first purge, counted apart', async () => {
    await knex.transaction((trx) => enqueuePurgeKeys(trx, tables, ['doc-1', 'site'], now));
    expect(await delivery().deliverDue()).toEqual({ sent: 2, resent: 0, failed: 0 });
    expect(await readPurgeStatus(knex, tables)).toMatchObject({
      sent: 2,
      resent: 0,
      waiting: 0,
      settling: 2,
    });
    // The default settle delay, 2 s: not a millisecond before.
    now += 1999;
    expect(await delivery().deliverDue()).toEqual({ sent: 0, resent: 0, failed: 0 });
    now += 1;
    expect(await delivery().deliverDue()).toEqual({ sent: 0, resent: 2, failed: 0 });
    expect(server.received).toEqual([
      { path: '/purge', keys: ['doc-1', 'site'] },
      { path: '/purge', keys: ['doc-1', 'site'] },
    ]);
    expect(await readPurgeStatus(knex, tables)).toMatchObject({
      sent: 2,
      resent: 2,
      requests: 2,
      waiting: 0,
      settling: 0,
    });
    now += 60_000;
    expect(await delivery().deliverDue()).toEqual({ sent: 0, resent: 0, failed: 0 });
  });

  it('the settle re-purge outlives the instance that sent the first purge', async () => {
    const first = open();
    await enqueuePurgeKeys(first, tables, ['doc-1'], now);
    expect(await delivery(first, { path: '/first' }).deliverDue()).toMatchObject({ sent: 1 });
    // That instance is gone before the settle delay ends; another one, on its own pool, sends it.
    await first.destroy();
    others.splice(others.indexOf(first), 1);
    now += 2000;
    expect(await delivery(open(), { path: '/second' }).deliverDue()).toEqual({
      sent: 0,
      resent: 1,
      failed: 0,
    });
    expect(server.received).toEqual([
      { path: '/first', keys: ['doc-1'] },
      { path: '/second', keys: ['doc-1'] },
    ]);
  });

  it('a change to a tag waiting to settle is purged at once, then settled again', async () => {
    await enqueuePurgeKeys(knex, tables, ['doc-1'], now);
    const loop = delivery();
    await loop.deliverDue();
    now += 500;
    await knex.transaction((trx) => enqueuePurgeKeys(trx, tables, ['doc-1'], now));
    expect(await readPurgeStatus(knex, tables)).toMatchObject({ waiting: 1, settling: 0 });
    expect(await loop.deliverDue()).toEqual({ sent: 1, resent: 0, failed: 0 });
    now += 1999;
    expect(await loop.deliverDue()).toEqual({ sent: 0, resent: 0, failed: 0 });
    now += 1;
    expect(await loop.deliverDue()).toEqual({ sent: 0, resent: 1, failed: 0 });
    expect(server.received.map((request) => request.keys)).toEqual([
      ['doc-1'],
      ['doc-1'],
      ['doc-1'],
    ]);
  });

  it('a failing settle re-purge is retried with backoff and still counted apart', async () => {
    await enqueuePurgeKeys(knex, tables, ['doc-1'], now);
    const loop = delivery();
    await loop.deliverDue();
    now += 2000;
    server.failNext(503);
    expect(await loop.deliverDue()).toMatchObject({ sent: 0, resent: 0, failed: 1 });
    expect(await readPurgeStatus(knex, tables)).toMatchObject({ settling: 1, retrying: 1 });
    now += 750;
    expect(await loop.deliverDue()).toEqual({ sent: 0, resent: 1, failed: 0 });
    expect(await readPurgeStatus(knex, tables)).toMatchObject({
      sent: 1,
      resent: 1,
      failed: 1,
      settling: 0,
      retrying: 0,
    });
  });

  it('settleMs 0 purges each tag once', async () => {
    await enqueuePurgeKeys(knex, tables, ['doc-1'], now);
    expect(await delivery(knex, { settleMs: 0 }).deliverDue()).toMatchObject({ sent: 1 });
    expect(await readPurgeStatus(knex, tables)).toMatchObject({ waiting: 0, settling: 0 });
  });

  it('two delivery loops never both send a settle re-purge', async () => {
    const keys = Array.from({ length: 40 }, (_, i) => `doc-${String(i).padStart(2, '0')}`);
    await enqueuePurgeKeys(knex, tables, keys, now);
    expect(await delivery().deliverDue()).toMatchObject({ sent: 40 });
    server.received.length = 0;
    now += 2000;
    server.hold();
    const a = delivery(open(), { path: '/a', claimLimit: 10, maxKeysPerRequest: 5 }).deliverDue();
    const b = delivery(open(), { path: '/b', claimLimit: 10, maxKeysPerRequest: 5 }).deliverDue();
    await server.arrived(2);
    server.release();
    const rounds = await Promise.all([a, b]);
    expect(server.received.flatMap((request) => request.keys).sort()).toEqual(keys);
    expect(rounds[0]!.resent + rounds[1]!.resent).toBe(40);
    expect(await readPurgeStatus(knex, tables)).toMatchObject({ resent: 40, settling: 0 });
  });

  it('the background loop delivers what a commit enqueued when notified', async () => {
    const loop = delivery();
    loop.start();
    try {
      await knex.transaction((trx) => enqueuePurgeKeys(trx, tables, ['doc-9'], now));
      loop.notify();
      await server.arrived(1);
      await loop.whenIdle();
      expect(server.received).toEqual([{ path: '/purge', keys: ['doc-9'] }]);
    } finally {
      await loop.stop();
    }
  });

  it('the background loop sends the settle re-purge when due, not at its next poll', async () => {
    // Polls an hour apart: only the wake-up at the re-purge's due time can send it.
    const loop = delivery(knex, { settleMs: 50, pollIntervalMs: 3_600_000, clock: Date.now });
    loop.start();
    try {
      await knex.transaction((trx) => enqueuePurgeKeys(trx, tables, ['doc-9'], Date.now()));
      loop.notify();
      // Its request arrives before its row is settled: wait for the recorded outcome.
      const status = await waitForState('the settle re-purge recorded', async () => {
        const read = await readPurgeStatus(knex, tables);
        return read.resent === 1 ? read : undefined;
      });
      expect(status).toMatchObject({ sent: 1, resent: 1, settling: 0, waiting: 0 });
      expect(server.received.map((request) => request.keys)).toEqual([['doc-9'], ['doc-9']]);
    } finally {
      await loop.stop();
    }
  });

  it('the background loop sends at once a re-purge that came due while its round ran', async () => {
    // A clock 30 ms later at each reading, as on a slow machine: the re-purge, due 50 ms after
    // the first purge completed, is not due yet at the claim that follows, and already due when
    // the loop plans its wake-up (before, it then slept until its next poll, an hour here).
    let t = Date.now();
    const stepping = () => (t += 30);
    const loop = delivery(knex, { settleMs: 50, pollIntervalMs: 3_600_000, clock: stepping });
    await enqueuePurgeKeys(knex, tables, ['doc-9'], t);
    loop.start();
    try {
      const status = await waitForState('the settle re-purge recorded', async () => {
        const read = await readPurgeStatus(knex, tables);
        return read.resent === 1 ? read : undefined;
      });
      expect(status).toMatchObject({ sent: 1, resent: 1, settling: 0, waiting: 0 });
    } finally {
      await loop.stop();
    }
  });
});
