import { join } from 'node:path';
import { llmsFullTxtChunks, type LlmsTxtInput, type LlmsTxtPage } from '@agent-ready/core/llmstxt';
import { LLMS_TXT_FAMILY, type LlmsFullTxtBuild } from '@agent-ready/core/serve';
import type { ArtifactBuildContext } from './artifact-builder';
import type { ArtifactInput } from '../artifacts/artifact-input';
import { LISTING_COLUMNS, localeIndexesOf, localeKey, pageOfRow } from './list-llms-txt-pages';
import {
  llmsTxtInputOf,
  servedLlmsTxtFiles,
  type LlmsTxtSettings,
} from './resolve-llms-txt-settings';
import { MarkdownSpill, writeTextPieces } from './spill-markdown';

/**
 * llms-full.txt per locale, built again or kept as installed: kept while it is not due and the
 * listing serves the same locales (`fullPaths`), so such a burst reads no Markdown at all.
 */
export async function buildOrKeepFull(
  context: ArtifactBuildContext,
  llms: LlmsTxtSettings,
  fullPaths: readonly string[],
): Promise<{ artifacts: ArtifactInput[]; keep: string[] }> {
  const installed = await installedFull(context, llms);
  const keepFull =
    installed !== undefined &&
    !(await fullDue(context, llms, installed.build)) &&
    // A locale new since llms-full.txt was built has none yet, and one gone is still named
    // by the root's: build them all again now.
    fullPaths.every((path) => installed.names.includes(path)) &&
    installed.names.every((path) => fullPaths.includes(path));
  if (!keepFull) return { artifacts: await buildFull(context, llms), keep: [] };
  // A kept llms-full.txt whose locale has no page left goes (it would list nothing).
  return { artifacts: [], keep: installed.names.filter((name) => fullPaths.includes(name)) };
}

/** The installed llms-full.txt build, when it is one of these settings. */
export async function installedFull(context: ArtifactBuildContext, llms: LlmsTxtSettings) {
  if (context.installedSeq === 0) return undefined;
  const installed = await context.installedArtifacts(LLMS_TXT_FAMILY);
  const fulls = installed.flatMap(({ name, descriptor }) =>
    descriptor.family === LLMS_TXT_FAMILY && descriptor.kind === 'full'
      ? [{ name, build: descriptor.build }]
      : [],
  );
  const build = fulls[0]?.build;
  return build && fulls.every((full) => full.build?.settingsKey === llms.settingsKey)
    ? { build, names: fulls.map((full) => full.name) }
    : undefined;
}

/**
 * Whether llms-full.txt must be rebuilt now: it follows the snapshot rule of SCP (see
 * llmsTxtArtifactBuilder).
 */
export async function fullDue(
  context: ArtifactBuildContext,
  llms: LlmsTxtSettings,
  build: LlmsFullTxtBuild,
): Promise<boolean> {
  const changes = await context.countChangedAfter(build.builtSeq);
  if (changes === 0) return false;
  return (
    build.pages <= llms.afterChanges ||
    changes >= llms.afterChanges ||
    context.now.getTime() - build.builtAtMs >= llms.intervalMs
  );
}

/** llms-full.txt per locale, from every row's Markdown, streamed through a file. */
async function buildFull(
  context: ArtifactBuildContext,
  llms: LlmsTxtSettings,
): Promise<ArtifactInput[]> {
  const pages: LlmsTxtPage[] = [];
  const spill = new MarkdownSpill(context.workDir, 'llms-markdown');
  try {
    for await (const row of context.rows([...LISTING_COLUMNS, 'markdown'])) {
      const page = pageOfRow(row);
      if (typeof row.markdown === 'string') spill.add(page, row.markdown);
      pages.push(page);
    }
    const input = llmsTxtInputOf(llms, pages);
    const lastModified = new Date(await context.lastChangeMs());
    const artifacts: ArtifactInput[] = [];
    const files = servedLlmsTxtFiles(input);
    // The root of a localized site leads to every other locale's llms-full.txt.
    const withMarkdown = countWithMarkdown(input, spill);
    const localeIndexes = localeIndexesOf(
      files.map((file) => ({
        file,
        url: file.fullUrl,
        pages: withMarkdown.get(localeKey(file.locale)) ?? 0,
      })),
    );
    for (const file of files) {
      const options = {
        ...(file.locale === undefined ? {} : { locale: file.locale }),
        ...(file.isDefault && localeIndexes ? { localeIndexes } : {}),
      };
      // Streamed to a file: one string of a whole site's Markdown breaks V8 near 170k pages.
      const written = writeTextPieces(
        join(context.workDir, `llms-full-${artifacts.length}.txt`),
        llmsFullTxtChunks(input, options, spill),
      );
      artifacts.push({
        name: file.fullPath,
        descriptor: {
          family: LLMS_TXT_FAMILY,
          kind: 'full',
          url: file.fullUrl,
          locale: file.locale ?? null,
          build: {
            settingsKey: llms.settingsKey,
            builtSeq: context.contentSeq,
            builtAtMs: context.now.getTime(),
            pages: pages.length,
          },
        },
        lastModified,
        ...written,
      });
    }
    return artifacts;
  } finally {
    spill.close();
  }
}

/** How many pages of each locale (by localeKey) have Markdown: what llms-full.txt holds. */
function countWithMarkdown(input: LlmsTxtInput, spill: MarkdownSpill): Map<string, number> {
  const withMarkdown = new Map<string, number>();
  for (const page of input.pages) {
    if (!spill.has(page)) continue;
    const key = localeKey(page.locale ?? input.defaultLocale);
    withMarkdown.set(key, (withMarkdown.get(key) ?? 0) + 1);
  }
  return withMarkdown;
}
