import {
  formatScpDeltaPeriod,
  formatScpTimestamp,
  type ScpDeltaBuild,
  type ScpSectionBuild,
  type ScpSnapshotBuild,
} from '@agent-ready/core';
import type { ArtifactBuildContext } from './artifact-builder';
import type { ArtifactInput } from '../artifacts/artifact-input';
import { planDeltaParts } from './plan-delta-parts';
import type { ScpSettings } from './resolve-scp-settings';
import { writeCollection, zstdVariantName, type WrittenCollection } from './write-scp-collection';

/** What the sections' builds add up to: new artifacts, installed ones kept, collections written. */
export interface ScpSectionsOutput {
  artifacts: ArtifactInput[];
  keep: string[];
  /** By path: what publishSealedCollections uploads. */
  written: Map<string, WrittenCollection>;
}

/** Whether a snapshot with changes since it is old enough to be rebuilt anyway. */
export function snapshotStale(
  snapshot: ScpSnapshotBuild,
  lastChange: number,
  now: number,
  intervalMs: number,
): boolean {
  return lastChange > snapshot.commitMs && now - snapshot.builtAtMs >= intervalMs;
}

/**
 * One section's collections: its snapshot, rebuilt or kept, and its delta parts. Undefined when
 * the section has no public page left: it is gone, deltas and all.
 */
export async function buildScpSection(
  context: ArtifactBuildContext,
  scp: ScpSettings,
  output: ScpSectionsOutput,
  section: string,
  before: ScpSectionBuild | undefined,
): Promise<ScpSectionBuild | undefined> {
  // Commit order, not `modified`: a save that commits late still lands in a delta that is
  // newer than any a client has applied.
  const lastChange = await context.lastCommitMs({ section });
  let snapshot = before?.snapshot;
  if (await snapshotDue(context, scp, section, snapshot, lastChange)) {
    snapshot = await writeSnapshot(context, scp, output, section, lastChange);
    if (!snapshot) return undefined;
  } else keepCollection(scp, output, snapshot!.path);
  const deltas = await buildDeltaParts(context, scp, output, section, before, lastChange);
  return { snapshot: snapshot!, deltas, commitMs: lastChange };
}

/**
 * Whether a section's snapshot is (re)built now: when there is none, or when it changed since
 * and the snapshot is small, stale, behind by `afterChanges`, or lost a page. SCP deltas cannot
 * say a page went (its spec learns deletions from snapshots): a section a page left (deleted,
 * unpublished, made private, moved to another URL) gets its snapshot now, so agents drop it at
 * once, not at the next scheduled snapshot.
 */
async function snapshotDue(
  context: ArtifactBuildContext,
  scp: ScpSettings,
  section: string,
  snapshot: ScpSnapshotBuild | undefined,
  lastChange: number,
): Promise<boolean> {
  return (
    snapshot === undefined ||
    (lastChange > snapshot.commitMs &&
      (snapshot.pages <= scp.afterChanges ||
        snapshotStale(snapshot, lastChange, context.now.getTime(), scp.intervalMs) ||
        (await context.countCommittedAfter({ section, afterMs: snapshot.commitMs })) >=
          scp.afterChanges ||
        (await context.countLeftAfter({ section, afterMs: snapshot.commitMs })) > 0))
  );
}

/** A section's snapshot as of its last commit; undefined when the section has no page left. */
async function writeSnapshot(
  context: ArtifactBuildContext,
  scp: ScpSettings,
  output: ScpSectionsOutput,
  section: string,
  lastChange: number,
): Promise<ScpSnapshotBuild | undefined> {
  const generated = formatScpTimestamp(new Date(lastChange));
  const written = await writeCollection(
    context,
    scp.zstd,
    `${scp.basePath}/${section}-snapshot.scp`,
    scp.origin,
    { id: `${section}-snapshot`, section, type: 'snapshot', generated },
    { section },
  );
  if (written.pages === 0) return undefined;
  addWritten(output, written);
  return {
    path: written.path,
    generated,
    commitMs: lastChange,
    builtAtMs: context.now.getTime(),
    pages: written.pages,
    size: written.gzip.size,
  };
}

/**
 * A section's delta parts, oldest first: those of the current period and of the
 * `retention - 1` before it, the installed ones kept, the others (the newest, mostly) written.
 */
async function buildDeltaParts(
  context: ArtifactBuildContext,
  scp: ScpSettings,
  output: ScpSectionsOutput,
  section: string,
  before: ScpSectionBuild | undefined,
  lastChange: number,
): Promise<ScpDeltaBuild[]> {
  const plan = planDeltaParts(before?.deltas, lastChange, {
    period: scp.period,
    retention: scp.retention,
    partPages: scp.partPages,
    nameOf: (startMs) => formatScpDeltaPeriod(new Date(startMs), scp.granularity),
  });
  const deltas: ScpDeltaBuild[] = [];
  for (const delta of plan.keep) {
    keepCollection(scp, output, delta.path);
    deltas.push(delta);
  }
  for (const part of plan.build) {
    const id = `${section}-delta-${part.period}`;
    const since = formatScpTimestamp(new Date(part.afterMs));
    const generated = formatScpTimestamp(new Date(part.upToMs));
    const delta = await writeCollection(
      context,
      scp.zstd,
      `${scp.basePath}/${id}.scp`,
      scp.origin,
      { id, section, type: 'delta', generated, since },
      { section, committedAfterMs: part.afterMs, committedUpToMs: part.upToMs },
    );
    if (delta.pages === 0) continue;
    addWritten(output, delta);
    deltas.push({
      ...part,
      path: delta.path,
      since,
      generated,
      pages: delta.pages,
      size: delta.gzip.size,
    });
  }
  deltas.sort((a, b) => a.afterMs - b.afterMs);
  return deltas;
}

/** A written collection's artifacts added to the build, and the collection kept for upload. */
function addWritten(output: ScpSectionsOutput, collection: WrittenCollection): void {
  output.artifacts.push(...collection.artifacts);
  output.written.set(collection.path, collection);
}

/** An installed collection kept as it is, in every coding it is stored in. */
function keepCollection(scp: ScpSettings, output: ScpSectionsOutput, path: string): void {
  output.keep.push(path, ...(scp.zstd ? [zstdVariantName(path)] : []));
}
