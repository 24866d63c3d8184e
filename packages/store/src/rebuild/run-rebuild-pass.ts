import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import type { ServingSettings } from '@agent-ready/core';
import type { ArtifactFamilies } from '@agent-ready/core/serve';
import type { ArtifactBuilder } from './artifact-builder';
import {
  deleteOrphanChunks,
  installedAsIs,
  sameStoredBytes,
  swapArtifacts,
  writeArtifactChunks,
} from './artifact-rows';
import type { ArtifactInput, InstallableArtifact } from '../artifacts/artifact-input';
import { listArtifactMeta } from '../artifacts/read-artifact-rows';
import type { EdgePurging } from '../edge/enqueue-change-purges';
import {
  artifactsFresh,
  buildAllFamilies,
  builderDue,
  createBuildContext,
  type BuildFailure,
} from './build-artifact-families';
import type { BuildSnapshots } from './open-build-snapshot';
import { isDeadLocalHolder } from './rebuild-lease-holder';
import type { StoreLogger } from '../ground/store-logger';
import {
  acquireRebuildLease,
  allocateArtifactGeneration,
  readSequences,
  releaseRebuildLease,
  renewRebuildLease,
} from '../state/store-state';
import type { TableNames } from '../schema/table-names';

/** What the last rebuild this instance installed did (for health pages). */
export interface RebuildReport {
  at: Date;
  /** The content position it was built from. */
  changeSeq: number;
  /** Changes to the table since the artifacts it replaced were built. */
  changes: number;
  /** Artifacts installed. */
  artifacts: number;
  /** Of those, the ones whose bytes changed (the rest kept their stored bytes), by family. */
  rewritten: Record<string, number>;
  /** Bytes written for the rewritten ones. */
  bytesWritten: number;
  /** Artifact rows the install wrote: those of the artifacts that changed, came or went. */
  artifactRowsWritten: number;
  /**
   * Document rows the builders read (streamed rows and ids). With `bytesWritten`, what a burst
   * cost: both depend on what changed, not on the size of the site (issue 18).
   */
  rowsRead: number;
  /** JSON sitemap shards whose hash this pass refreshed (the ones the burst changed). */
  sitemapShards: number;
  /** From the start of the pass to the install. */
  durationMs: number;
  failures: BuildFailure[];
}
export type RebuildOutcome = 'rebuilt' | 'fresh' | 'busy' | 'superseded';

/** What one rebuild pass works with: the engine's state at the start of the pass. */
export interface RebuildPass {
  knex: Knex;
  tables: TableNames;
  snapshots: BuildSnapshots;
  logger: StoreLogger;
  clock: () => number;
  /** Who holds the rebuild lease for this engine. */
  instanceId: string;
  leaseMs: number;
  /** One set of builders per pass: installed under the key of the settings it was built with. */
  builders: readonly ArtifactBuilder[];
  configKey: string;
  serving: ServingSettings | undefined;
  /** JSON sitemap shards whose stored hash the pass refreshed first (for the report). */
  sitemapShards: number;
  /** Called once the artifacts are installed, before old chunks are swept (drop caches). */
  onInstalled(report: RebuildReport): void;
  /** Shared-cache purges of what an install changes (the `edge` option). */
  purging?: EdgePurging;
  /** The stored families the artifacts are of: core's and an extension's. */
  families: ArtifactFamilies;
}

const MAX_CONSISTENCY_ATTEMPTS = 3;

/**
 * One artifact rebuild: nothing when the installed artifacts are current (`fresh`); else,
 * under the rebuild lease (renewed while it works: `busy` when another instance holds or takes
 * it), every family built from one snapshot of the table (see BuildSnapshots), the artifacts
 * whose bytes changed written in chunks under a new generation and installed atomically, only
 * while the lease is still ours (the fence). `superseded`: a newer build is in place, or the
 * table moved while it built (a newer pass follows). The report says what it cost.
 */
export async function runRebuildPass(
  pass: RebuildPass,
): Promise<{ outcome: RebuildOutcome; report?: RebuildReport }> {
  const { knex, tables: t, builders, configKey, serving } = pass;
  if (
    (await artifactsFresh(knex, t, configKey)) &&
    !(await builderDue(knex, t, builders, new Date(pass.clock()), pass.families))
  )
    return { outcome: 'fresh' };
  const acquired = await acquireRebuildLease(
    knex,
    t,
    pass.instanceId,
    pass.clock(),
    pass.leaseMs,
    isDeadLocalHolder,
  );
  if (!acquired) return { outcome: 'busy' };
  // Renewal that finds the lease gone (it expired while this process stalled, and another
  // instance took it) stops the pass; the install's fence catches a loss renewal missed.
  let leaseLost = false;
  const renew = setInterval(
    () => {
      void renewRebuildLease(knex, t, pass.instanceId, pass.clock(), pass.leaseMs)
        .then((held) => {
          if (!held) leaseLost = true;
        })
        .catch(() => undefined);
    },
    Math.max(50, Math.floor(pass.leaseMs / 3)),
  );
  renew.unref();
  const workDir = await mkdtemp(join(tmpdir(), 'agent-ready-build-'));
  let generation: number | undefined;
  try {
    const fresh = await artifactsFresh(knex, t, configKey);
    if (fresh && !(await builderDue(knex, t, builders, new Date(pass.clock()), pass.families)))
      return { outcome: 'fresh' };
    const startedAt = pass.clock();
    const previousSeq = (await readSequences(knex, t)).artifacts;
    generation = await allocateArtifactGeneration(knex, t);
    for (let attempt = 1; ; attempt++) {
      // One snapshot of the table where the database gives one without blocking writers
      // (see BuildSnapshots): the build is then exactly the table at `before`.
      const snapshot = await pass.snapshots.open();
      let before: number;
      let artifacts: ArtifactInput[];
      let keep: Set<string>;
      let failures: BuildFailure[];
      const reads = { rows: 0 };
      try {
        const sequences = await readSequences(snapshot.knex, t);
        before = sequences.content;
        try {
          // Built against the installed artifacts' position: a builder may redo only what
          // changed since (a section's delta), keeping the rest as it is.
          ({ artifacts, keep, failures } = await buildAllFamilies(
            builders,
            createBuildContext(
              snapshot.knex,
              t,
              { installedSeq: sequences.artifacts, contentSeq: before },
              { now: new Date(pass.clock()), workDir, reads, families: pass.families },
            ),
          ));
        } catch (error) {
          // Read in pieces, a pass that raced with writers may see two rows claim one URL;
          // retry on a quiet table.
          if (
            !snapshot.consistent &&
            (await readSequences(knex, t)).content !== before &&
            attempt < MAX_CONSISTENCY_ATTEMPTS
          )
            continue;
          throw error;
        }
      } finally {
        await snapshot.release();
      }
      const after = (await readSequences(knex, t)).content;
      if (!snapshot.consistent && after !== before && attempt < MAX_CONSISTENCY_ATTEMPTS) continue;
      for (const failure of failures) {
        pass.logger.error(`agent-ready: building ${failure.family} failed: ${failure.message}`);
      }
      if (leaseLost) return { outcome: 'busy' };
      // Installed as built from `before`: if writers moved on meanwhile, it is stale and rebuilt.
      const { sized, rewritten, bytesWritten } = await writeChangedArtifacts(
        pass,
        artifacts,
        keep,
        generation,
      );
      const { outcome: installed, rowsWritten } = await swapArtifacts(knex, t, sized, {
        generation,
        snapshotSeq: before,
        configKey,
        leaseHolder: pass.instanceId,
        keepFamilies: failures.map((failure) => failure.family),
        scheduled: fresh,
        ...(serving ? { serving } : {}),
        ...(pass.purging ? { purging: pass.purging } : {}),
        families: pass.families,
      });
      if (installed === 'installed') pass.purging?.onEnqueued?.();
      if (installed === 'fenced') {
        pass.logger.warn('agent-ready: rebuild lease lost mid-build; another instance goes on');
        return { outcome: 'busy' };
      }
      if (installed === 'superseded') return { outcome: 'superseded' };
      const report: RebuildReport = {
        at: new Date(pass.clock()),
        changeSeq: before,
        changes: Math.max(0, before - previousSeq),
        artifacts: sized.length,
        rewritten,
        bytesWritten,
        artifactRowsWritten: rowsWritten,
        rowsRead: reads.rows,
        sitemapShards: pass.sitemapShards,
        durationMs: pass.clock() - startedAt,
        failures,
      };
      pass.onInstalled(report);
      pass.logger.info(`agent-ready: rebuilt ${sized.length} artifacts at change ${before}`);
      return { outcome: after === before ? 'rebuilt' : 'superseded', report };
    }
  } finally {
    clearInterval(renew);
    if (generation !== undefined) {
      await deleteOrphanChunks(knex, t, generation).catch((error: Error) =>
        pass.logger.warn(`agent-ready: cleaning old artifact chunks failed: ${error.message}`),
      );
    }
    await releaseRebuildLease(knex, t, pass.instanceId).catch(() => undefined);
    await rm(workDir, { recursive: true, force: true });
  }
}

/**
 * The built artifacts made installable under `generation`: those kept, and those whose bytes did
 * not change, keep their stored chunks; only the others are written (a burst writes what it
 * changed: one sitemap shard and the index for one edit, not every shard).
 */
async function writeChangedArtifacts(
  pass: RebuildPass,
  artifacts: readonly ArtifactInput[],
  keep: ReadonlySet<string>,
  generation: number,
): Promise<{
  sized: InstallableArtifact[];
  rewritten: Record<string, number>;
  bytesWritten: number;
}> {
  const { knex, tables: t } = pass;
  const installedNow = new Map(
    (await listArtifactMeta(knex, t, undefined, pass.families)).map((meta) => [meta.name, meta]),
  );
  const sized: InstallableArtifact[] = [];
  for (const name of keep) {
    const kept = installedNow.get(name);
    if (kept) sized.push(installedAsIs(kept));
    else pass.logger.warn(`agent-ready: a builder kept ${name}, which is not installed`);
  }
  const rewritten: Record<string, number> = {};
  let bytesWritten = 0;
  for (const artifact of artifacts) {
    const kept = installedNow.get(artifact.name);
    if (kept && sameStoredBytes(kept, artifact)) {
      sized.push({ ...artifact, size: kept.size, generation: kept.generation });
      continue;
    }
    const size = await writeArtifactChunks(knex, t, artifact, generation);
    sized.push({ ...artifact, size, generation });
    const { family } = artifact.descriptor;
    rewritten[family] = (rewritten[family] ?? 0) + 1;
    bytesWritten += size;
  }
  return { sized, rewritten, bytesWritten };
}
