import {
  generateLlmsTxt,
  generateLlmsTxtIndex,
  llmsTxtFileFor,
  type LlmsTxtFileLocation,
  type LlmsTxtIndexEntry,
  type LlmsTxtInput,
  type LlmsTxtPage,
} from '@agent-ready/core/llmstxt';
import { LLMS_TXT_FAMILY } from '@agent-ready/core/serve';
import type { ArtifactBuildContext } from './artifact-builder';
import type { ArtifactInput } from '../artifacts/artifact-input';
import type { ArtifactMeta } from '../artifacts/read-artifact-rows';
import { partIdRange, partsToBuild } from './id-range-parts';
import {
  listingArtifact,
  LISTING_COLUMNS,
  localeIndexesOf,
  pageOfRow,
} from './list-llms-txt-pages';
import {
  llmsTxtInputOf,
  servedLlmsTxtFiles,
  type LlmsTxtSettings,
} from './resolve-llms-txt-settings';

/** A part file as its index lists it. */
type ListedPart = LlmsTxtIndexEntry & { number: number };

/** Every part file served after this build, by the index (llms.txt path) that lists it. */
type PartIndexes = Map<string, { file: LlmsTxtFileLocation; parts: ListedPart[] }>;

/**
 * Parts by row id and their index: only the parts holding rows changed since the installed
 * build are read and written again when that build is of these settings and laid out in parts;
 * otherwise every part is (once, after a settings change or when the site outgrew one part).
 */
export async function buildPartedListing(context: ArtifactBuildContext, llms: LlmsTxtSettings) {
  const installed =
    context.installedSeq > 0 ? await context.installedArtifacts(LLMS_TXT_FAMILY) : [];
  const incremental = installed.some(
    ({ descriptor: d }) =>
      d.family === LLMS_TXT_FAMILY &&
      d.kind === 'listing' &&
      d.parts?.settingsKey === llms.settingsKey,
  );
  const touched = await partsToBuild(context, llms.itemsPerPart, incremental);
  const lastModified = new Date(await context.lastChangeMs());
  const artifacts: ArtifactInput[] = [];
  const indexes: PartIndexes = new Map();
  const base = llmsTxtInputOf(llms, []);
  const keep = incremental ? keepUntouchedParts(installed, new Set(touched), base, indexes) : [];
  for (const number of touched)
    artifacts.push(...(await buildPart(context, llms, number, lastModified, indexes)));
  artifacts.push(...partIndexArtifacts(llms, base, indexes, lastModified));
  return { artifacts, keep, fullPaths: [...indexes.values()].map(({ file }) => file.fullPath) };
}

/** Lists a part file in the index of its locale. */
function listPart(indexes: PartIndexes, file: LlmsTxtFileLocation, entry: ListedPart): void {
  const index = indexes.get(file.path) ?? { file, parts: [] };
  index.parts.push(entry);
  indexes.set(file.path, index);
}

/** The installed part files of the parts this burst did not touch: kept as they are, listed. */
function keepUntouchedParts(
  installed: readonly ArtifactMeta[],
  touched: ReadonlySet<number>,
  base: LlmsTxtInput,
  indexes: PartIndexes,
): string[] {
  const keep: string[] = [];
  for (const { name, descriptor } of installed) {
    if (descriptor.family !== LLMS_TXT_FAMILY || descriptor.kind !== 'part') continue;
    const { part } = descriptor;
    if (touched.has(part.number)) continue;
    keep.push(name);
    listPart(indexes, llmsTxtFileFor(base, descriptor.locale ?? undefined), {
      number: part.number,
      title: `Part ${part.number}`,
      url: descriptor.url,
      pages: part.pages,
    });
  }
  return keep;
}

/** Part `number` of each locale that has pages in it, from its rows, listed in their indexes. */
async function buildPart(
  context: ArtifactBuildContext,
  llms: LlmsTxtSettings,
  number: number,
  lastModified: Date,
  indexes: PartIndexes,
): Promise<ArtifactInput[]> {
  const pages: LlmsTxtPage[] = [];
  const range = partIdRange(number, llms.itemsPerPart);
  for await (const row of context.rows(LISTING_COLUMNS, range)) pages.push(pageOfRow(row));
  if (pages.length === 0) return [];
  const input = llmsTxtInputOf(llms, pages);
  const artifacts: ArtifactInput[] = [];
  for (const file of servedLlmsTxtFiles(input)) {
    const locale = file.locale === undefined ? {} : { locale: file.locale };
    const generated = generateLlmsTxt(input, { ...llms.generateOptions, ...locale });
    if (generated.itemCount === 0) continue;
    const location = partLocation(file, number);
    artifacts.push(
      listingArtifact(file, { ...location, text: generated.text }, lastModified, {
        kind: 'part',
        part: { index: file.path, number, pages: generated.itemCount },
      }),
    );
    listPart(indexes, file, {
      number,
      title: `Part ${number}`,
      url: location.url,
      pages: generated.itemCount,
    });
  }
  return artifacts;
}

/** `/llms-3.txt` beside `/llms.txt` (or `/de/llms-3.txt` beside `/de/llms.txt`). */
function partLocation(file: LlmsTxtFileLocation, number: number): { path: string; url: string } {
  const name = (path: string) => path.replace(/llms\.txt$/, `llms-${number}.txt`);
  return { path: name(file.path), url: name(file.url) };
}

/** Each locale's llms.txt as the index of its parts, in part order. */
function partIndexArtifacts(
  llms: LlmsTxtSettings,
  base: LlmsTxtInput,
  indexes: PartIndexes,
  lastModified: Date,
): ArtifactInput[] {
  // The default locale's llms.txt is always served, if only to say the list is empty.
  const defaultFile = llmsTxtFileFor(base);
  if (!indexes.has(defaultFile.path))
    indexes.set(defaultFile.path, { file: defaultFile, parts: [] });
  // The root of a localized site leads to every other locale's index (their part counts).
  const localeIndexes = localeIndexesOf(
    [...indexes.values()].map(({ file, parts }) => ({
      file,
      url: file.url,
      pages: parts.reduce((sum, part) => sum + part.pages, 0),
    })),
  );
  const artifacts: ArtifactInput[] = [];
  for (const { file, parts } of indexes.values()) {
    parts.sort((a, b) => a.number - b.number);
    const text = generateLlmsTxtIndex(base.site, {
      note: 'This llms.txt is split in parts: the full list is longer than one file should be. Each part below is an llms.txt of its own; a page keeps its part when it changes.',
      heading: 'Parts',
      files: parts,
      ...(file.isDefault && localeIndexes ? { localeIndexes } : {}),
    });
    artifacts.push(
      listingArtifact(file, { path: file.path, url: file.url, text }, lastModified, {
        kind: 'listing',
        parts: { settingsKey: llms.settingsKey },
      }),
    );
  }
  return artifacts;
}
