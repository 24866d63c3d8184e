import { createReadStream } from 'node:fs';
import type { Knex } from 'knex';
import type { ArtifactFamilies, ServingSettings } from '@agent-ready/core/serve';
import { announceChange } from '../state/announce-change';
import {
  enqueueChangePurges,
  installChangeTags,
  type EdgePurging,
} from '../edge/enqueue-change-purges';
import type { ArtifactInput, InstallableArtifact } from '../artifacts/artifact-input';
import {
  CHUNK_BYTES,
  CORE_ARTIFACT_FAMILIES,
  type ArtifactMeta,
} from '../artifacts/read-artifact-rows';
import { installArtifactRows } from './install-artifact-rows';
import { writeServingSettings } from '../state/serving-settings-row';
import type { TableNames } from '../schema/table-names';
import { stillHoldsRebuildLease } from '../state/store-state';

async function* chunksOf(body: ArtifactInput['body']): AsyncGenerator<Buffer> {
  if (Buffer.isBuffer(body)) {
    for (let offset = 0; offset < body.length || offset === 0; offset += CHUNK_BYTES) {
      yield body.subarray(offset, offset + CHUNK_BYTES);
      if (body.length === 0) return;
    }
    return;
  }
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of createReadStream(body.file, { highWaterMark: CHUNK_BYTES })) {
    pending.push(piece as Buffer);
    pendingBytes += (piece as Buffer).length;
    while (pendingBytes >= CHUNK_BYTES) {
      const all = Buffer.concat(pending);
      yield all.subarray(0, CHUNK_BYTES);
      pending = [all.subarray(CHUNK_BYTES)];
      pendingBytes = all.length - CHUNK_BYTES;
    }
  }
  if (pendingBytes > 0 || body.size === 0) yield Buffer.concat(pending);
}

/** Writes an artifact's chunks under a new generation; invisible until the swap points at it. */
export async function writeArtifactChunks(
  knex: Knex,
  t: TableNames,
  artifact: ArtifactInput,
  generation: number,
): Promise<number> {
  let chunkNo = 0;
  let size = 0;
  for await (const data of chunksOf(artifact.body)) {
    await knex(t.artifactChunks).insert({
      name: artifact.name,
      generation,
      chunk_no: chunkNo++,
      data,
    });
    size += data.length;
  }
  return size;
}

/** An artifact whose chunks are stored under `generation`: this build's, or a kept earlier one. */
/** An installed artifact, as it is, ready to install again (a builder kept it). */
export function installedAsIs(meta: ArtifactMeta): InstallableArtifact {
  return {
    name: meta.name,
    descriptor: meta.descriptor,
    ...(meta.contentEncoding ? { contentEncoding: meta.contentEncoding } : {}),
    etag: meta.etag,
    contentDigest: meta.contentDigest,
    lastModified: meta.lastModified,
    size: meta.size,
    generation: meta.generation,
  };
}

/**
 * Whether a built artifact's bytes are the ones already stored under that name: same strong
 * ETag, digest (sha-256 of the stored bytes), size and coding. Then its chunks can be kept.
 */
export function sameStoredBytes(stored: ArtifactMeta, built: ArtifactInput): boolean {
  const size = Buffer.isBuffer(built.body) ? built.body.length : built.body.size;
  return (
    stored.etag === built.etag &&
    stored.contentDigest === built.contentDigest &&
    stored.size === size &&
    stored.contentEncoding === (built.contentEncoding ?? null)
  );
}

export interface ArtifactInstall {
  /** The build's generation (`allocateArtifactGeneration`): its new chunks are keyed by it. */
  generation: number;
  /** The content position the build read. */
  snapshotSeq: number;
  /** Identifies the builders' settings. */
  configKey: string;
  /** Who must still hold the rebuild lease for the install to go ahead (the fence). */
  leaseHolder: string;
  /** Families whose build failed this time: their last good artifacts stay in place. */
  keepFamilies?: readonly string[];
  /**
   * Scheduled work on an unchanged table (a snapshot that came due): installs even though the
   * same content position under the same settings is installed already.
   */
  scheduled?: boolean;
  /** The writer's serving settings, stored with the artifacts (see core's ServingSettings). */
  serving?: ServingSettings;
  /** Shared-cache purges of what the install changed, enqueued in its transaction. */
  purging?: EdgePurging;
  /** The stored families the artifacts are of (an extension's too); core's when absent. */
  families?: ArtifactFamilies;
}

/**
 * `installed`; `superseded`: artifacts built from the same or a newer snapshot (with the same
 * configuration) are in place already; `fenced`: the builder lost its lease meanwhile.
 */
export type InstallOutcome = 'installed' | 'superseded' | 'fenced';

/** What an install did, and the artifact rows it wrote (only those that changed). */
export interface InstallResult {
  outcome: InstallOutcome;
  rowsWritten: number;
}

/**
 * Points every artifact at the new generation in one short transaction, unless the builder lost
 * its lease or a build of the same or a newer snapshot is in place. Only the rows that change
 * are written (`installArtifactRows`). A family whose build failed keeps serving its last good
 * artifacts (never a 404 because of a bad pass). Every install moves `artifacts_installed`,
 * which every process's cache watches.
 */
export async function swapArtifacts(
  knex: Knex,
  t: TableNames,
  artifacts: readonly InstallableArtifact[],
  install: ArtifactInstall,
): Promise<InstallResult> {
  const {
    generation,
    snapshotSeq,
    configKey,
    leaseHolder,
    keepFamilies = [],
    scheduled = false,
  } = install;
  return knex.transaction(async (trx) => {
    if (!(await stillHoldsRebuildLease(trx, t, leaseHolder)))
      return { outcome: 'fenced', rowsWritten: 0 };
    await trx(t.state)
      .where({ name: 'artifacts_seq' })
      .update({ value: trx.ref('value') });
    const current = await trx(t.state).where({ name: 'artifacts_seq' }).first('value', 'holder');
    const currentSeq = Number(current?.value ?? 0);
    const hasArtifacts = (await trx(t.artifacts).first('name')) !== undefined;
    if (
      hasArtifacts &&
      (currentSeq > snapshotSeq ||
        (currentSeq === snapshotSeq && current?.holder === configKey && !scheduled))
    ) {
      return { outcome: 'superseded', rowsWritten: 0 };
    }
    const rows = await installArtifactRows(
      trx,
      t,
      artifacts,
      keepFamilies,
      install.families ?? CORE_ARTIFACT_FAMILIES,
    );
    const rowsWritten = rows.written.length;
    await trx(t.state)
      .where({ name: 'artifacts_seq' })
      .update({ value: snapshotSeq, holder: configKey });
    const servingChanged = install.serving
      ? await writeServingSettings(trx, t, install.serving)
      : false;
    await enqueueChangePurges(
      trx,
      t,
      install.purging,
      installChangeTags({ written: rows.written, setChanged: rows.setChanged, servingChanged }),
    );
    await trx(t.state).where({ name: 'artifacts_installed' }).update({ value: generation });
    await announceChange(trx, t, `installed:${generation}`);
    return { outcome: 'installed', rowsWritten };
  });
}

/**
 * Drops the chunks of generations up to `upToGeneration` that no artifact points at: leftovers
 * of replaced installs and of builds that lost. Newer generations belong to a builder that took
 * the lease over later and may still be writing them, so they are never touched.
 */
export async function deleteOrphanChunks(
  knex: Knex,
  t: TableNames,
  upToGeneration: number,
): Promise<void> {
  const live = (await knex(t.artifacts).select('name', 'generation')).map(
    (r) => `${r.name}\u0000${Number(r.generation)}`,
  );
  const liveSet = new Set(live);
  const candidates: { name: string; generation: unknown }[] = await knex(t.artifactChunks)
    .distinct('name', 'generation')
    .where('generation', '<=', upToGeneration);
  for (const c of candidates) {
    if (!liveSet.has(`${c.name}\u0000${Number(c.generation)}`)) {
      await knex(t.artifactChunks).where({ name: c.name, generation: c.generation }).delete();
    }
  }
}
