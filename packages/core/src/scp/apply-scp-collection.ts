import { normalizeUri } from '../uri';
import type { ScpByteSource } from './decompress-scp-stream';
import { readScpCollection } from './inspect-scp-collection';
import type { ScpParseOptions, ScpParseReport } from './parse-scp-collection';
import type { ScpLocalIndex } from './scp-local-index';
import { compareScpTimestamps } from './scp-timestamp';
import type { ScpCollectionMetadata, ScpPage } from './scp-types';

export interface ScpApplyResult {
  inserted: number;
  replaced: number;
  /** Pages not newer than the local copy (spec: the local version is retained). */
  ignored: number;
  /** Local pages absent from an applied snapshot. */
  deleted: number;
}

/**
 * The spec's delta procedure, exactly: for each page, insert it when its URL is unknown,
 * replace the local page only when the delta's `modified` is strictly later (compared as
 * instants), otherwise keep the local page. Deltas carry no deletions.
 */
export async function applyScpDelta(
  index: ScpLocalIndex,
  pages: AsyncIterable<ScpPage> | Iterable<ScpPage>,
): Promise<ScpApplyResult> {
  const result: ScpApplyResult = { inserted: 0, replaced: 0, ignored: 0, deleted: 0 };
  for await (const page of pages as AsyncIterable<ScpPage>) {
    const local = await index.get(page.url);
    if (local === undefined) {
      await index.put(page);
      result.inserted++;
    } else if (compareScpTimestamps(page.modified, local.modified) > 0) {
      await index.put(page);
      result.replaced++;
    } else {
      result.ignored++;
    }
  }
  return result;
}

function urlKey(url: string): string {
  try {
    return normalizeUri(url);
  } catch {
    return url;
  }
}

/**
 * A snapshot is the section's complete state: its pages are merged by the delta rule (a local
 * page that is already newer stays), and every local page the snapshot does not list is
 * deleted (spec "Deletion Handling": deletions are learned from snapshots).
 */
export async function applyScpSnapshot(
  index: ScpLocalIndex,
  pages: AsyncIterable<ScpPage> | Iterable<ScpPage>,
): Promise<ScpApplyResult> {
  const seen = new Set<string>();
  async function* remember(): AsyncGenerator<ScpPage> {
    for await (const page of pages as AsyncIterable<ScpPage>) {
      seen.add(urlKey(page.url));
      yield page;
    }
  }
  const result = await applyScpDelta(index, remember());
  const stale: string[] = [];
  for await (const url of index.urls() as AsyncIterable<string>)
    if (!seen.has(urlKey(url))) stale.push(url);
  for (const url of stale) await index.delete(url);
  result.deleted = stale.length;
  return result;
}

/**
 * Reads a collection completely (checksum verified, every fatal error thrown) before changing
 * the index, because the spec forbids using a collection that fails verification, which is
 * known only at its end. Then applies it as a delta or a snapshot by its type. The pages are
 * held in memory meanwhile: for very large snapshots, validate first with
 * `inspectScpCollection`, then stream `parseScpCollection` pages into `applyScpSnapshot`.
 */
export async function applyScpCollection(
  index: ScpLocalIndex,
  source: ScpByteSource,
  options: ScpParseOptions = {},
): Promise<ScpApplyResult & { metadata: ScpCollectionMetadata; report: ScpParseReport }> {
  const { metadata, pages, report } = await readScpCollection(source, options);
  const result =
    metadata.type === 'delta'
      ? await applyScpDelta(index, pages)
      : await applyScpSnapshot(index, pages);
  return { ...result, metadata, report };
}
