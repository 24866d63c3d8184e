import { databaseConfig, describeEachDatabase, uniqueTablePrefix } from '@agent-ready/test-support';
import { dropAgentTables, RegenerationEngine } from '../src';

/** An adapter's job (job-state): one instance at a time, its checkpoint apart from the engine's. */
describeEachDatabase('job leases and checkpoints', (dialect) => {
  const prefix = uniqueTablePrefix();
  // One database for every engine of the suite (SQLite's is a new file per call).
  const database = databaseConfig(dialect);
  const open = () =>
    RegenerationEngine.open({
      database,
      tablePrefix: prefix,
      sitemap: { origin: 'https://example.com' },
      rebuild: { automatic: false, healIntervalMs: 0 },
    });

  it('one holder at a time; a closed engine leaves its lease to take', async () => {
    const a = await open();
    const b = await open();
    try {
      expect(await a.job('sync').acquireLease(60_000)).toBe(true);
      expect(await a.job('sync').acquireLease(60_000)).toBe(true);
      expect(await b.job('sync').acquireLease(60_000)).toBe(false);
      // Another job is another lease.
      expect(await b.job('other').acquireLease(60_000)).toBe(true);
      expect(await a.job('sync').renewLease(60_000)).toBe(true);
      expect(await b.job('sync').renewLease(60_000)).toBe(false);
      await a.job('sync').releaseLease();
      expect(await b.job('sync').acquireLease(60_000)).toBe(true);
      // The holder closed without releasing (a crash of this process's engine): taken at once.
      await b.close();
      expect(await a.job('sync').acquireLease(60_000)).toBe(true);
    } finally {
      await a.close();
      await b.close().catch(() => undefined);
    }
  });

  it('checkpoints: saved, read by another instance, cleared; the engine reconcile keeps its own', async () => {
    const a = await open();
    const b = await open();
    try {
      expect(await a.job('sync').readCheckpoint()).toBeUndefined();
      const checkpoint = {
        place: 'api::article.article',
        position: 42,
        startedAt: 7,
        version: 'v1',
      };
      await a.job('sync').saveCheckpoint(checkpoint);
      await a.job('sync').saveCheckpoint(checkpoint);
      expect(await b.job('sync').readCheckpoint()).toEqual(checkpoint);
      expect(await b.reconcileCheckpoint()).toBeUndefined();
      await b.job('sync').saveCheckpoint({ ...checkpoint, position: 43 });
      expect(await a.job('sync').readCheckpoint()).toMatchObject({ position: 43 });
      await a.job('sync').clearCheckpoint();
      expect(await b.job('sync').readCheckpoint()).toBeUndefined();
    } finally {
      await a.close();
      if (dialect !== 'sqlite') await dropAgentTables(b.knex, prefix);
      await b.close();
    }
  });
});
