import {
  databaseConfig,
  describeEachDatabase,
  uniqueTablePrefix,
  waitForState,
} from '@agent-ready/test-support';
import type { CatalogChange } from '@agent-ready/core';
import { dropAgentTables, openStoreReader, RegenerationEngine, type DatabaseOption } from '..';
import { preparedDocument } from '../../test/fixtures/prepared-documents';

/** On PostgreSQL the second reader polls once an hour: only a notification explains a change. */
const HOUR = 3_600_000;

/** Listeners of the catalog are told of each commit, on the writing instance and on another. */
describeEachDatabase('catalog change watch', (dialect) => {
  let engine: RegenerationEngine;
  let prefix: string;
  let database: DatabaseOption;

  beforeEach(async () => {
    prefix = uniqueTablePrefix();
    database = databaseConfig(dialect);
    engine = await RegenerationEngine.open({
      database,
      tablePrefix: prefix,
      rebuild: { automatic: false, healIntervalMs: 0 },
      reader: { revalidateAfterMs: HOUR },
    });
  });

  afterEach(async () => {
    if (dialect !== 'sqlite') await dropAgentTables(engine.knex, prefix);
    await engine.close();
  });

  const doc = (n: number, content: string) =>
    preparedDocument({ key: `doc-${n}`, path: `/d/${n}/`, title: `Doc ${n}`, content });

  /** Collects what a listener is told, and waits for a change of one URL in one state. */
  function collector() {
    const seen: CatalogChange[] = [];
    return {
      seen,
      listener: (changes: readonly CatalogChange[]) => seen.push(...changes),
      told: (cUrl: string, state: CatalogChange['state']) =>
        waitForState(`${cUrl} ${state}`, async () =>
          seen.some((c) => c.cUrl === cUrl && c.state === state) ? true : undefined,
        ),
    };
  }

  it('tells listeners on the writing instance of each commit after they subscribed', async () => {
    await engine.upsert(doc(1, 'before'));
    const own = collector();
    const stop = engine.reader.watchChanges(own.listener);
    await engine.reader.watchReady();
    await engine.upsert(doc(1, 'edited'));
    await own.told('https://example.com/d/1/', 'published');
    await engine.remove('doc-1', '', 'unpublished');
    await own.told('https://example.com/d/1/', 'unpublished');
    await engine.upsert(doc(2, 'new'));
    await engine.remove('doc-2', '', 'deleted');
    await own.told('https://example.com/d/2/', 'deleted');
    // In commit order, none from before the subscription.
    const seqs = own.seen.map((c) => c.changeSeq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(own.seen.length).toBeGreaterThanOrEqual(3);
    stop();
    await engine.upsert(doc(3, 'after'));
    await engine.whenIdle();
    expect(own.seen.some((c) => c.cUrl === 'https://example.com/d/3/')).toBe(false);
  });

  it('tells listeners on another instance (notified on PostgreSQL, polling elsewhere)', async () => {
    const other = await openStoreReader(database, {
      tablePrefix: prefix,
      revalidateAfterMs: dialect === 'postgres' ? HOUR : 50,
    });
    try {
      if (dialect === 'postgres') {
        // Subscribed once its LISTEN is live: a notification is then the only way to learn.
        await waitForState('a live LISTEN', async () =>
          other.reader.changeNotifications?.state === 'listening' ? true : undefined,
        );
      }
      const remote = collector();
      other.reader.watchChanges(remote.listener);
      await other.reader.watchReady();
      await engine.upsert(doc(1, 'edited elsewhere'));
      await remote.told('https://example.com/d/1/', 'published');
      await engine.remove('doc-1', '', 'deleted');
      await remote.told('https://example.com/d/1/', 'deleted');
    } finally {
      await other.close();
    }
  });
});
