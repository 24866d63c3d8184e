import { SCP_FAMILY, type ScpSitemapBuild } from '@agent-ready/core';
import type { ArtifactBuildContext } from './artifact-builder';
import type { ArtifactMeta } from '../artifacts/read-artifact-rows';
import { StoreError } from '../ground/store-errors';
import type { ScpCollectionHost } from './scp-object-storage';

/** A collection this build wrote: its files in the build's work folder. */
export interface WrittenScpCollection {
  checksum: string;
  gzip: { file: string; size: number };
  /** Absent where the publisher has no zstd (gzip only). */
  zstd?: { file: string; size: number };
}

/** `<basePath>/<id>.scp` → `<id>`. */
const idOf = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.scp$/, '');

/**
 * Which collections of a section are sealed: its snapshot (rebuilt under a new checksum, never
 * changed in place) and every delta part but the newest, or the newest too once full (the next
 * change starts a new part: see planDeltaParts). The newest part still grows with each burst
 * and stays at the origin.
 */
function sealedPaths(state: ScpSitemapBuild['sections'][string], partPages: number): string[] {
  const deltas = state.deltas;
  return [
    state.snapshot.path,
    ...deltas
      .filter((delta, i) => i < deltas.length - 1 || delta.pages >= partPages)
      .map((delta) => delta.path),
  ];
}

/**
 * Publishes the sealed collections of `state` through `host` and returns the URL sitemap.xml
 * advertises for each (by path). A collection is uploaded when this build wrote it, or when it
 * was kept but sealed only now (the newest delta part of the previous build, no longer the
 * newest): then from its stored bytes. Those sealed before were published by the build that
 * sealed them, since a build whose upload fails is not installed (its family keeps the last
 * good sitemap.xml), so their URL follows from their checksum.
 */
export async function publishSealedCollections(
  context: ArtifactBuildContext,
  host: ScpCollectionHost,
  build: { state: ScpSitemapBuild; previous: ScpSitemapBuild | undefined; partPages: number },
  written: ReadonlyMap<string, WrittenScpCollection>,
  zstdNameOf: (path: string) => string,
): Promise<Map<string, string>> {
  const { state, previous, partPages } = build;
  const installed = new Map<string, ArtifactMeta>();
  for (const meta of await context.installedArtifacts(SCP_FAMILY)) installed.set(meta.name, meta);
  const advertised = new Map<string, string>();
  for (const [section, sectionState] of Object.entries(state.sections)) {
    const before = previous?.sections[section];
    const sealedBefore = new Set(before ? sealedPaths(before, partPages) : []);
    for (const path of sealedPaths(sectionState, partPages)) {
      const id = idOf(path);
      const fresh = written.get(path);
      if (fresh) {
        advertised.set(path, await host.publish({ id, ...fresh }));
        continue;
      }
      const gzip = installed.get(path);
      const descriptor = gzip?.descriptor;
      if (descriptor?.family !== SCP_FAMILY || descriptor.kind !== 'collection') {
        throw new StoreError('store.scp-kept', `the kept collection ${path} is not installed`);
      }
      const { checksum } = descriptor;
      if (sealedBefore.has(path)) {
        advertised.set(path, host.urlOf({ id, checksum }));
        continue;
      }
      const zstd = installed.get(zstdNameOf(path));
      const gzipBytes = await context.installedBytes(gzip!);
      const zstdBytes = zstd ? await context.installedBytes(zstd) : undefined;
      if (!gzipBytes || (zstd && !zstdBytes)) {
        throw new StoreError('store.scp-kept', `the stored bytes of ${path} changed while read`);
      }
      advertised.set(
        path,
        await host.publish({
          id,
          checksum,
          gzip: gzipBytes,
          ...(zstdBytes ? { zstd: zstdBytes } : {}),
        }),
      );
    }
  }
  return advertised;
}
