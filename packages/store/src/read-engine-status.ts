import type { ScheduledBuild } from './rebuild/artifact-builder';
import { artifactsFresh, createBuildContext } from './rebuild/build-artifact-families';
import type { EngineSettings } from './rebuild/engine-settings';
import type { EngineStore } from './writer/engine-store';
import type { StoreTables } from './writer/read-content-position';
import { readSequences } from './state/store-state';
import { readReconcileCheckpoint, type ReconcileCheckpoint } from './writer/reconcile-checkpoint';
import { translateDatabaseErrors } from './ground/store-errors';

/**
 * The engine's narrow reads for the adapters (admin and health pages, syncs): where the table
 * and the installed artifacts stand, without the table's shape leaving the store.
 */

/** Where the installed artifacts stand against the table (health pages). */
export interface ArtifactsStatus {
  /** Position of the last effective change of the table. */
  contentSeq: number;
  /** The change the installed artifacts were built from. */
  artifactsSeq: number;
  /** Built from the current table with the current builders' settings. */
  upToDate: boolean;
}

/**
 * Where an unfinished resumable reconcile stands (whichever instance runs it, or ran it before a
 * crash): documents done of how many. Undefined when none is under way.
 */
export function readReconcileCheckpointStatus({
  db,
  tables,
}: StoreTables): Promise<ReconcileCheckpoint | undefined> {
  return translateDatabaseErrors('read the reconcile checkpoint', () =>
    readReconcileCheckpoint(db.knex, tables),
  );
}

/** The locales a document has rows in, tombstones aside. */
export function readStoredLocales({ db, tables }: StoreTables, key: string): Promise<string[]> {
  return translateDatabaseErrors('read stored locales', async () => {
    const rows = (await db
      .knex(tables.documents)
      .where({ doc_key: key })
      .whereNot({ state: 'deleted' })
      .select('locale')) as { locale: unknown }[];
    return rows.map((row) => String(row.locale ?? ''));
  });
}

/**
 * Published documents per locale ('' when not localized) among those whose key starts with
 * `keyPrefix` (one content type's, say), protected ones included.
 */
export function countPublishedByLocale(
  { db, tables }: StoreTables,
  keyPrefix: string,
): Promise<Map<string, number>> {
  return translateDatabaseErrors('count published documents', async () => {
    const pattern = `${keyPrefix.replace(/[!%_]/g, (c) => `!${c}`)}%`;
    const rows = (await db
      .knex(tables.documents)
      .where({ state: 'published' })
      .andWhereRaw("doc_key like ? escape '!'", [pattern])
      .groupBy('locale')
      .select('locale')
      .count({ n: '*' })) as { locale: unknown; n: unknown }[];
    return new Map(rows.map((row) => [String(row.locale ?? ''), Number(row.n)]));
  });
}

/** The M-URL path of the oldest published public document: an example for people to open. */
export function readExampleMPath({ db, tables }: StoreTables): Promise<string | undefined> {
  return translateDatabaseErrors('read an example M-URL', async () => {
    const row = (await db
      .knex(tables.documents)
      .where({ state: 'published', visibility: 'public' })
      .orderBy('id')
      .first('m_path')) as { m_path?: unknown } | undefined;
    return row?.m_path ? String(row.m_path) : undefined;
  });
}

/** Sequences of the table and of the installed artifacts, and whether those are current. */
export function readArtifactsStatus(
  { db, tables }: StoreTables,
  settings: EngineSettings,
): Promise<ArtifactsStatus> {
  return translateDatabaseErrors('read artifact status', async () => {
    const sequences = await readSequences(db.knex, tables);
    return {
      contentSeq: sequences.content,
      artifactsSeq: sequences.artifacts,
      upToDate: await artifactsFresh(db.knex, tables, settings.configKey),
    };
  });
}

/** When the builders' scheduled work (SCP snapshots) comes due, soonest first. */
export function readScheduledBuilds(
  { db, tables, clock, artifactFamilies }: EngineStore,
  settings: EngineSettings,
): Promise<ScheduledBuild[]> {
  return translateDatabaseErrors('read the build schedule', async () => {
    const sequences = await readSequences(db.knex, tables);
    const context = createBuildContext(
      db.knex,
      tables,
      { installedSeq: sequences.artifacts, contentSeq: sequences.content },
      { now: new Date(clock()), workDir: '', families: artifactFamilies },
    );
    const scheduled: ScheduledBuild[] = [];
    for (const builder of settings.builders) {
      if (builder.schedule) scheduled.push(...(await builder.schedule(context)));
    }
    const dueMs = (build: ScheduledBuild) => build.dueAt?.getTime() ?? Infinity;
    return scheduled.sort((a, b) => a.changesLeft - b.changesLeft || dueMs(a) - dueMs(b));
  });
}
