import type { ArtifactBuildContext } from './artifact-builder';

/**
 * Listings too long for one file (llms.txt, the SCP page sitemaps) are cut in parts by row id,
 * as the JSON sitemap is cut in shards: part p holds the rows with ids in [(p - 1) * n, p * n),
 * so a document keeps its part for life, new documents fill the last one, and a burst needs to
 * read and rewrite only the parts holding the rows it changed.
 */

/** The part (1-based) of a row id; part 1 has one id fewer, since ids start at 1. */
export function partOfId(id: number, itemsPerPart: number): number {
  return Math.floor(id / itemsPerPart) + 1;
}

/** The row ids of part `number`, as `rows()` takes them. */
export function partIdRange(number: number, itemsPerPart: number) {
  return { fromId: (number - 1) * itemsPerPart, belowId: number * itemsPerPart };
}

/** Whether the table needs more than one part: one read of the highest id. */
export async function needsParts(context: ArtifactBuildContext, itemsPerPart: number) {
  return (await context.lastRowId()) >= itemsPerPart;
}

/**
 * The parts a build must read, ascending: those holding rows changed since the installed build
 * when `incremental` (that build had the same layout), every part of the table otherwise.
 */
export async function partsToBuild(
  context: ArtifactBuildContext,
  itemsPerPart: number,
  incremental: boolean,
): Promise<number[]> {
  if (!incremental) {
    const last = partOfId(await context.lastRowId(), itemsPerPart);
    return Array.from({ length: last }, (_, i) => i + 1);
  }
  const changed = await context.changedRows(context.installedSeq);
  return [...new Set(changed.map((row) => partOfId(row.id, itemsPerPart)))].sort((a, b) => a - b);
}
