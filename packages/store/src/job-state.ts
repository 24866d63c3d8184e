import type { EngineStore } from './writer/engine-store';
import { isDeadLocalHolder } from './rebuild/rebuild-lease-holder';
import { translateDatabaseErrors } from './ground/store-errors';
import {
  acquireStateLease,
  holdsStateLease,
  releaseStateLease,
  renewStateLease,
} from './state/store-state';

/**
 * Leases and checkpoints for an adapter's own long jobs (the Strapi plugin's start-up
 * reconcile, say), in rows of the state table named `job:<name>:…`, apart from the engine's own
 * (`rebuild_lease`, `reconcile_*`), so neither clobbers the other's.
 */

/** Where a job stopped: enough to go on from there after a crash or a restart. */
export interface JobCheckpoint {
  /** Which part of the job (up to 128 characters: a content type's UID, say). */
  place: string;
  /** How far into that part (the last row id settled, say). */
  position: number;
  /** The content position the job's first attempt began at. */
  startedAt: number;
  /**
   * What the job's work depends on (up to 128 characters: a digest of the settings); a
   * checkpoint saved under another version does not apply.
   */
  version: string;
}

type StoreTables = Pick<EngineStore, 'db' | 'tables'>;

const rowName = (job: string, row: 'lease' | 'at' | 'started') => {
  const name = `job:${job}:${row}`;
  if (name.length > 64) throw new RangeError(`job name too long: ${job}`);
  return name;
};

/**
 * Takes the job's lease if it is free, expired, already ours, or held by a process of this
 * machine that no longer runs (a crashed Strapi restarted at once does not wait it out). The
 * row is made on first use; then the rebuild's rule (acquireStateLease) applies.
 */
export function acquireJobLease(
  { db, tables, clock }: Pick<EngineStore, 'db' | 'tables' | 'clock'>,
  job: string,
  holder: string,
  leaseMs: number,
): Promise<boolean> {
  const name = rowName(job, 'lease');
  return translateDatabaseErrors('take a job lease', async () => {
    const knex = db.knex;
    const now = clock();
    if (!(await knex(tables.state).where({ name }).first('name'))) {
      try {
        await knex(tables.state).insert({ name, value: 0, holder, expires_ms: now + leaseMs });
        return holdsStateLease(knex, tables, name, holder);
      } catch {
        // Another instance inserted it first: the lease rule below decides.
      }
    }
    return acquireStateLease(knex, tables, name, {
      holder,
      now,
      leaseMs,
      isGone: isDeadLocalHolder,
    });
  });
}

/** Extends the lease; false when another instance took it over meanwhile. */
export function renewJobLease(
  { db, tables, clock }: Pick<EngineStore, 'db' | 'tables' | 'clock'>,
  job: string,
  holder: string,
  leaseMs: number,
): Promise<boolean> {
  return translateDatabaseErrors('renew a job lease', () =>
    renewStateLease(db.knex, tables, rowName(job, 'lease'), { holder, now: clock(), leaseMs }),
  );
}

export function releaseJobLease({ db, tables }: StoreTables, job: string, holder: string) {
  return translateDatabaseErrors('release a job lease', () =>
    releaseStateLease(db.knex, tables, rowName(job, 'lease'), holder),
  );
}

export function readJobCheckpoint(
  { db, tables }: StoreTables,
  job: string,
): Promise<JobCheckpoint | undefined> {
  return translateDatabaseErrors('read a job checkpoint', async () => {
    const rows = (await db
      .knex(tables.state)
      .whereIn('name', [rowName(job, 'at'), rowName(job, 'started')])
      .select('name', 'value', 'holder')) as { name: string; value: unknown; holder: unknown }[];
    const at = rows.find((r) => r.name === rowName(job, 'at'));
    const started = rows.find((r) => r.name === rowName(job, 'started'));
    if (!at || !started) return undefined;
    return {
      place: String(at.holder ?? ''),
      position: Number(at.value),
      startedAt: Number(started.value),
      version: String(started.holder ?? ''),
    };
  });
}

export function saveJobCheckpoint(
  { db, tables }: StoreTables,
  job: string,
  checkpoint: JobCheckpoint,
): Promise<void> {
  if (checkpoint.place.length > 128 || checkpoint.version.length > 128) {
    throw new RangeError('a job checkpoint place or version is at most 128 characters');
  }
  const values = [
    { name: rowName(job, 'at'), value: checkpoint.position, holder: checkpoint.place },
    { name: rowName(job, 'started'), value: checkpoint.startedAt, holder: checkpoint.version },
  ];
  return translateDatabaseErrors('save a job checkpoint', () =>
    db.knex.transaction(async (trx) => {
      for (const { name, value, holder } of values) {
        const updated = await trx(tables.state).where({ name }).update({ value, holder });
        if (updated === 0) {
          const exists = await trx(tables.state).where({ name }).first('name');
          if (!exists) await trx(tables.state).insert({ name, value, holder });
        }
      }
    }),
  );
}

/** The job ran to its end: the next one starts from the beginning. */
export function clearJobCheckpoint({ db, tables }: StoreTables, job: string): Promise<void> {
  return translateDatabaseErrors('clear a job checkpoint', async () => {
    await db
      .knex(tables.state)
      .whereIn('name', [rowName(job, 'at'), rowName(job, 'started')])
      .delete();
  });
}

/** One adapter job's lease and checkpoint, as one instance (`holder`) sees them. */
export interface AdapterJob {
  /**
   * Takes the lease (free, expired, ours, or held by a dead process of this machine) for
   * `leaseMs`; renew it while working. False: another instance holds it.
   */
  acquireLease(leaseMs: number): Promise<boolean>;
  /** Extends the lease; false when another instance took it over meanwhile. */
  renewLease(leaseMs: number): Promise<boolean>;
  releaseLease(): Promise<void>;
  /** Where an unfinished run stopped (any instance's), if one did. */
  readCheckpoint(): Promise<JobCheckpoint | undefined>;
  saveCheckpoint(checkpoint: JobCheckpoint): Promise<void>;
  /** The job ran to its end: the next run starts from the beginning. */
  clearCheckpoint(): Promise<void>;
}

export function adapterJob(
  store: Pick<EngineStore, 'db' | 'tables' | 'clock'>,
  job: string,
  holder: string,
): AdapterJob {
  rowName(job, 'lease');
  return {
    acquireLease: (leaseMs) => acquireJobLease(store, job, holder, leaseMs),
    renewLease: (leaseMs) => renewJobLease(store, job, holder, leaseMs),
    releaseLease: () => releaseJobLease(store, job, holder),
    readCheckpoint: () => readJobCheckpoint(store, job),
    saveCheckpoint: (checkpoint) => saveJobCheckpoint(store, job, checkpoint),
    clearCheckpoint: () => clearJobCheckpoint(store, job),
  };
}
