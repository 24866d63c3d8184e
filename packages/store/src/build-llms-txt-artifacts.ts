import { join } from 'node:path';
import {
  llmsFullTxtChunks,
  generateLlmsTxt,
  listLlmsTxtFiles,
  markdownTwinUrl,
  LLMS_TXT_FAMILY,
  type LlmsTxtInput,
  type LlmsTxtFileLocation,
  type LlmsTxtGenerateOptions,
  escapeLlmsTxtLinkName,
  LLMS_TXT_DEFAULT_SECTION,
  type LlmsTxtPage,
  type AgentSiteOptions,
} from '@agent-ready/core';
import type { ArtifactBuildContext, ArtifactBuilder } from './artifact-builder';
import type { ArtifactInput } from './artifact-rows';
import { REVALIDATE_HEADERS, textArtifact } from './artifact-resources';
import { MarkdownSpill, writeTextPieces } from './spill-markdown';

const TEXT_PLAIN = 'text/plain; charset=utf-8';

/** llms.txt stays readable in one go: past this size it is split per section (issue 13's budget). */
export const DEFAULT_LLMS_TXT_MAX_CHARACTERS = 50_000;

function slug(section: string): string {
  return (
    section
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'section'
  );
}

/**
 * An llms.txt too big for one read becomes an index (same H1 and summary, a note saying why, and
 * one link item per section file) plus one llms.txt per section beside it (`llms/<section>.txt`),
 * each a complete, parseable llms.txt of its own.
 */
function splitBySection(
  input: LlmsTxtInput,
  file: LlmsTxtFileLocation,
  options: LlmsTxtGenerateOptions,
): { path: string; url: string; text: string }[] {
  const directory = file.path.slice(0, file.path.lastIndexOf('/') + 1);
  const urlDirectory = file.url.slice(0, file.url.lastIndexOf('/') + 1);
  const locale = options.locale;
  const pages = input.pages.filter((p) =>
    locale === undefined ? true : (p.locale ?? input.defaultLocale) === locale,
  );
  const order = input.sections?.order ?? [];
  const rank = (section: string) =>
    order.includes(section) ? order.indexOf(section) : order.length;
  const sections = [...new Set(pages.map((p) => p.section ?? LLMS_TXT_DEFAULT_SECTION))].sort(
    (a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0),
  );
  const parts = sections.map((section) => {
    const name = `llms/${slug(section)}.txt`;
    const text = generateLlmsTxt(
      {
        ...input,
        pages: input.pages.filter((p) => (p.section ?? LLMS_TXT_DEFAULT_SECTION) === section),
      },
      options,
    ).text;
    return {
      section,
      path: `${directory}${name}`,
      url: `${urlDirectory}${name}`,
      text,
      count: pages.filter((p) => (p.section ?? LLMS_TXT_DEFAULT_SECTION) === section).length,
    };
  });
  const titles = input.sections?.titles ?? {};
  const index = [
    `# ${escapeLlmsTxtLinkName(input.site.name)}`,
    '',
    `> ${input.site.summary.replace(/\s+/g, ' ').trim()}`,
    '',
    'This llms.txt is split by section: the full list is longer than one file should be. Each section below links to its own llms.txt.',
    '',
    '## Sections',
    '',
    ...parts.map(
      (p) =>
        `- [${escapeLlmsTxtLinkName(titles[p.section] ?? p.section)}](${p.url}): ${p.count} pages`,
    ),
    '',
  ].join('\n');
  return [{ path: file.path, url: file.url, text: index }, ...parts];
}

const DEFAULT_FULL_AFTER_CHANGES = 1_000;
const DEFAULT_FULL_INTERVAL_MS = 86_400_000;

/** When the installed llms-full.txt files were built (kept in their meta). */
interface FullBuild {
  builtSeq: number;
  builtAtMs: number;
  pages: number;
}

function readFullBuild(meta: Record<string, unknown> | undefined): FullBuild | undefined {
  const build = meta?.fullBuild as Partial<FullBuild> | undefined;
  return typeof build?.builtSeq === 'number' &&
    typeof build.builtAtMs === 'number' &&
    typeof build.pages === 'number'
    ? (build as FullBuild)
    : undefined;
}

/**
 * `/llms.txt` (and `/llms-full.txt`), one pair per locale, from every published public row:
 * links point to the Markdown twins; llms-full.txt carries each twin's text.
 *
 * llms-full.txt is the whole site's Markdown, so it follows the snapshot rule of SCP: rebuilt
 * once `fullAfterChanges` documents changed since it, once it is older than `fullIntervalMs`
 * with changes since, and at every burst while the site has no more documents than the
 * threshold; otherwise a burst keeps it as installed and reads no Markdown at all.
 */
export function llmsTxtArtifactBuilder(options: AgentSiteOptions): ArtifactBuilder {
  const settings = options.llmsTxt === false ? undefined : (options.llmsTxt ?? {});
  const afterChanges = settings?.fullAfterChanges ?? DEFAULT_FULL_AFTER_CHANGES;
  const intervalMs = settings?.fullIntervalMs ?? DEFAULT_FULL_INTERVAL_MS;
  const settingsKey = JSON.stringify(['llms-txt', 2, options.site, settings]);

  /** The installed llms-full.txt build, when it is one of these settings. */
  const installedFull = async (context: ArtifactBuildContext) => {
    if (context.installedSeq === 0) return undefined;
    const installed = await context.installedArtifacts(LLMS_TXT_FAMILY);
    const fulls = installed.filter((a) => a.meta.full === true);
    const build = readFullBuild(fulls[0]?.meta);
    return build && fulls.every((a) => a.meta.settingsKey === settingsKey)
      ? { build, names: fulls.map((a) => a.name) }
      : undefined;
  };

  /** Whether llms-full.txt must be rebuilt now (see above). */
  const fullDue = async (context: ArtifactBuildContext, build: FullBuild) => {
    const changes = await context.countChangedAfter(build.builtSeq);
    if (changes === 0) return false;
    return (
      build.pages <= afterChanges ||
      changes >= afterChanges ||
      context.now.getTime() - build.builtAtMs >= intervalMs
    );
  };

  return {
    family: LLMS_TXT_FAMILY,
    settingsKey,
    async due(context) {
      if (!settings || settings.full === false) return false;
      const installed = await installedFull(context);
      return installed !== undefined && (await fullDue(context, installed.build));
    },
    async build(context) {
      if (!settings) return [];
      const installed = settings.full === false ? undefined : await installedFull(context);
      const keepFull = installed !== undefined && !(await fullDue(context, installed.build));
      const built = await buildFiles(context, settings.full !== false && !keepFull);
      // A locale new since llms-full.txt was built has none yet: build them all again now.
      if (keepFull && built.fullPaths.some((path) => !installed!.names.includes(path)))
        return (await buildFiles(context, true)).result;
      // A kept llms-full.txt whose locale has no page left goes (it would list nothing).
      const keep = keepFull
        ? installed!.names.filter((name) => built.fullPaths.includes(name))
        : [];
      return { artifacts: built.result.artifacts, keep };
    },
  };

  /** The llms.txt files (and llms-full.txt with `full`), and the llms-full paths they call for. */
  async function buildFiles(
    context: ArtifactBuildContext,
    full: boolean,
  ): Promise<{ result: { artifacts: ArtifactInput[] }; fullPaths: string[] }> {
    const { rows, lastChangeMs, workDir } = context;
    if (!settings) return { result: { artifacts: [] }, fullPaths: [] };
    const maxCharacters = settings.maxCharacters ?? DEFAULT_LLMS_TXT_MAX_CHARACTERS;
    const pages: LlmsTxtPage[] = [];
    const spill = full ? new MarkdownSpill(workDir, 'llms-markdown') : undefined;
    try {
      const columns = full
        ? (['c_url', 'title', 'description', 'section', 'locale', 'markdown'] as const)
        : (['c_url', 'title', 'description', 'section', 'locale'] as const);
      for await (const row of rows(columns)) {
        const url = String(row.c_url);
        const page: LlmsTxtPage = {
          title: String(row.title),
          url,
          markdownUrl: markdownTwinUrl(url),
          section: String(row.section),
        };
        if (row.description) page.description = String(row.description);
        if (row.locale) page.locale = String(row.locale);
        const markdown = (row as { markdown?: unknown }).markdown;
        if (typeof markdown === 'string') spill?.add(page, markdown);
        pages.push(page);
      }
      const input: LlmsTxtInput = {
        site: {
          name: options.site.name,
          summary: options.site.summary ?? options.site.name,
          ...(options.site.details ? { details: options.site.details } : {}),
          baseUrl: `${options.site.origin}/`,
        },
        pages,
        ...(settings.sections ? { sections: settings.sections } : {}),
        ...(options.site.language ? { defaultLocale: options.site.language } : {}),
      };
      const lastModified = new Date(await lastChangeMs());
      const generateOptions = { linkTarget: settings.linkTarget ?? ('markdown' as const) };
      const artifacts: ArtifactInput[] = [];
      const locales = new Set(pages.map((p) => p.locale));
      const files = listLlmsTxtFiles(input).filter(
        (file) => file.isDefault || locales.has(file.locale),
      );
      for (const file of files) {
        const locale = file.locale === undefined ? {} : { locale: file.locale };
        const whole = generateLlmsTxt(input, { ...generateOptions, ...locale });
        const files =
          whole.text.length <= maxCharacters
            ? [{ path: file.path, url: file.url, text: whole.text }]
            : splitBySection(input, file, { ...generateOptions, ...locale });
        for (const part of files) {
          artifacts.push(
            textArtifact({
              name: part.path,
              family: LLMS_TXT_FAMILY,
              contentType: TEXT_PLAIN,
              lastModified,
              body: part.text,
              meta: {
                url: part.url,
                locale: file.locale ?? null,
                ...(part.path !== file.path ? { part: true } : {}),
              },
            }),
          );
        }
        if (full) {
          // Streamed to a file: one string of a whole site's Markdown breaks V8 near 170k pages.
          const written = writeTextPieces(
            join(workDir, `llms-full-${artifacts.length}.txt`),
            llmsFullTxtChunks(input, locale, spill!),
          );
          artifacts.push({
            name: file.fullPath,
            family: LLMS_TXT_FAMILY,
            contentType: TEXT_PLAIN,
            lastModified,
            ...written,
            meta: {
              headers: REVALIDATE_HEADERS,
              url: file.fullUrl,
              locale: file.locale ?? null,
              full: true,
              settingsKey,
              fullBuild: {
                builtSeq: context.contentSeq,
                builtAtMs: context.now.getTime(),
                pages: pages.length,
              } satisfies FullBuild,
            },
          });
        }
      }
      return { result: { artifacts }, fullPaths: files.map((file) => file.fullPath) };
    } finally {
      spill?.close();
    }
  }
}
