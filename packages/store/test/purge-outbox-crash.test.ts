import { spawn } from 'node:child_process';
import { join } from 'node:path';
import {
  databaseConfig,
  describeEachDatabase,
  uniqueTablePrefix,
  waitForState,
} from '@agent-ready/test-support';
import { documentCacheTag, validateAgentSiteOptions } from '@agent-ready/core/serve';
import {
  createPurgeDelivery,
  createWebhookPurger,
  dropAgentTables,
  enqueuePurgeKeys,
  openAgentSite,
  readPurgeStatus,
  SILENT_LOGGER,
  type DatabaseOption,
  type Dialect,
} from '../src';
import { openDatabase, runMigrations, tableNames } from '../src/internal';
import { PURGE_SECRET, startPurgeServer, type PurgeServer } from './fixtures/purge-server';
import { SITE_ORIGIN } from './fixtures/site-options';
import { workerCommand } from './fixtures/worker-command';

const WORKER = join(__dirname, 'fixtures', 'purge-worker.ts');

/** Starts a worker process; `onReport` may kill it (SIGKILL) when a report arrives. */
function startWorker(
  args: object,
  onReport?: (report: unknown, kill: () => void) => void,
): { done: Promise<{ reports: unknown[]; signal: string | null }>; kill(): void } {
  const child = spawn(process.execPath, workerCommand(WORKER, JSON.stringify(args)), {
    cwd: join(__dirname, '..'),
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const kill = () => child.kill('SIGKILL');
  const done = new Promise<{ reports: unknown[]; signal: string | null }>((resolve, reject) => {
    const reports: unknown[] = [];
    let output = '';
    child.on('message', (report) => {
      reports.push(report);
      onReport?.(report, kill);
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code !== 0 && signal === null) reject(new Error(`worker exited ${code}: ${output}`));
      else resolve({ reports, signal });
    });
  });
  return { done, kill };
}

const runWorker = (args: object, onReport?: (report: unknown, kill: () => void) => void) =>
  startWorker(args, onReport).done;

describeEachDatabase('the purge outbox across a crash', (dialect) => {
  let server: PurgeServer;
  let database: DatabaseOption;
  let prefix: string;

  beforeEach(async () => {
    server = await startPurgeServer();
    database = databaseConfig(dialect) as DatabaseOption;
    prefix = uniqueTablePrefix();
    const { knex } = openDatabase(database);
    await runMigrations(knex, tableNames(prefix), dialect as Dialect);
    await knex.destroy();
  });

  afterEach(async () => {
    const { knex } = openDatabase(database);
    if (dialect !== 'sqlite') await dropAgentTables(knex, prefix);
    await knex.destroy();
    await server.close();
  });

  /**
   * One delivery round by another instance: its own connection pool and lease holder, its
   * clock `clockOffsetMs` ahead. (In this process: what a killed process left is the subject,
   * and only the killed one has to be a process of its own.)
   */
  async function deliverElsewhere(path: string, clockOffsetMs = 0) {
    const { knex } = openDatabase(database);
    try {
      const delivery = createPurgeDelivery({
        knex,
        tables: tableNames(prefix),
        purger: createWebhookPurger({ url: `${server.url}${path}`, secret: PURGE_SECRET }),
        clock: () => Date.now() + clockOffsetMs,
      });
      const { sent, resent, failed } = await delivery.deliverDue();
      return { sent, resent, failed };
    } finally {
      await knex.destroy();
    }
  }

  it('a process killed with SIGKILL after the commit and before delivery: another instance purges', async () => {
    const keys = ['doc-1', 'family-m-url', 'site'];
    const { signal } = await runWorker(
      { mode: 'enqueue', database, prefix, keys },
      (report, kill) => {
        if (report === 'COMMITTED') kill();
      },
    );
    expect(signal).toBe('SIGKILL');
    expect(server.received).toEqual([]);

    expect(await deliverElsewhere('/purge')).toEqual({ sent: 3, resent: 0, failed: 0 });
    expect(server.received).toEqual([{ path: '/purge', keys }]);
    const { knex } = openDatabase(database);
    expect(await readPurgeStatus(knex, tableNames(prefix))).toMatchObject({ waiting: 0, sent: 3 });
    await knex.destroy();
  });

  it('the process that sent the first purge is gone: another instance sends the settle re-purge', async () => {
    const keys = ['doc-1', 'site'];
    const { knex } = openDatabase(database);
    await enqueuePurgeKeys(knex, tableNames(prefix), keys);
    expect(await deliverElsewhere('/purge')).toEqual({ sent: 2, resent: 0, failed: 0 });
    expect(await readPurgeStatus(knex, tableNames(prefix))).toMatchObject({ settling: 2 });
    // Another instance, its clock past the default settle delay (2 s) after that first purge.
    expect(await deliverElsewhere('/purge', 2000)).toEqual({ sent: 0, resent: 2, failed: 0 });
    expect(server.received).toEqual([
      { path: '/purge', keys },
      { path: '/purge', keys },
    ]);
    expect(await readPurgeStatus(knex, tableNames(prefix))).toMatchObject({
      settling: 0,
      resent: 2,
    });
    await knex.destroy();
  });

  it('a writer killed with SIGKILL right after its commit: the next site opened purges the document', async () => {
    const { signal } = await runWorker(
      { mode: 'publish', database, prefix, keys: ['post-9'] },
      (report, kill) => {
        if (report === 'COMMITTED') kill();
      },
    );
    expect(signal).toBe('SIGKILL');
    expect(server.received).toEqual([]);

    const site = await openAgentSite({
      site: validateAgentSiteOptions({ site: { origin: SITE_ORIGIN, name: 'Example' } }),
      database,
      tablePrefix: prefix,
      mode: 'read-only',
      logger: SILENT_LOGGER,
      edge: {
        purger: { type: 'webhook', url: `${server.url}/purge`, secret: PURGE_SECRET },
        keyPrefix: 'shop',
        delivery: { pollIntervalMs: 50 },
      },
    });
    try {
      const tag = `shop-${documentCacheTag('post-9', '')}`;
      await waitForState('the dead writer’s purge delivered', async () =>
        server.received.some((request) => request.keys.includes(tag)) ? true : undefined,
      );
      await waitForState('nothing waiting', async () =>
        (await site.readPurgeStatus())?.waiting === 0 ? true : undefined,
      );
    } finally {
      await site.close();
    }
  });

  it('a process killed while its purge is in flight: another sends it again once the lease expires', async () => {
    const { knex } = openDatabase(database);
    await knex.transaction((trx) => enqueuePurgeKeys(trx, tableNames(prefix), ['doc-7']));
    await knex.destroy();
    server.hold();
    const first = startWorker({
      mode: 'deliver',
      database,
      prefix,
      purgeUrl: `${server.url}/first`,
    });
    await server.arrived(1);
    // The request reached the cache; whether it purged, the dead process never learnt.
    first.kill();
    expect((await first.done).signal).toBe('SIGKILL');
    server.release();
    const { knex: check } = openDatabase(database);
    expect(await readPurgeStatus(check, tableNames(prefix))).toMatchObject({ waiting: 1 });
    await check.destroy();

    // Still leased: another instance sends nothing yet...
    expect(await deliverElsewhere('/second')).toEqual({ sent: 0, resent: 0, failed: 0 });
    // ...and once the lease (2 minutes) is over, it sends the key again.
    expect(await deliverElsewhere('/third', 121_000)).toEqual({ sent: 1, resent: 0, failed: 0 });
    expect(server.received.filter((r) => r.path !== '/first')).toEqual([
      { path: '/third', keys: ['doc-7'] },
    ]);
  });
});
