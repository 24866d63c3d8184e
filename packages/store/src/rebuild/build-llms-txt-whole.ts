import {
  generateLlmsTxt,
  generateLlmsTxtIndex,
  LLMS_TXT_DEFAULT_SECTION,
  type LlmsTxtFileLocation,
  type LlmsTxtGenerateOptions,
  type LlmsTxtInput,
  type LlmsTxtPage,
} from '@agent-ready/core/llmstxt';
import type { ArtifactBuildContext } from './artifact-builder';
import type { ArtifactInput } from '../artifacts/artifact-input';
import {
  listingArtifact,
  LISTING_COLUMNS,
  localeIndexesOf,
  localeKey,
  pageOfRow,
} from './list-llms-txt-pages';
import {
  llmsTxtInputOf,
  servedLlmsTxtFiles,
  type LlmsTxtSettings,
} from './resolve-llms-txt-settings';

/** One llms.txt per locale from every row (they fit one part), split by section when long. */
export async function buildWholeListing(context: ArtifactBuildContext, llms: LlmsTxtSettings) {
  const pages: LlmsTxtPage[] = [];
  for await (const row of context.rows(LISTING_COLUMNS)) pages.push(pageOfRow(row));
  const input = llmsTxtInputOf(llms, homeFirst(pages));
  const lastModified = new Date(await context.lastChangeMs());
  const artifacts: ArtifactInput[] = [];
  const files = servedLlmsTxtFiles(input);
  const optionsOf = (file: LlmsTxtFileLocation): LlmsTxtGenerateOptions => ({
    ...llms.generateOptions,
    ...(file.locale === undefined ? {} : { locale: file.locale }),
  });
  const generated = new Map(files.map((file) => [file, generateLlmsTxt(input, optionsOf(file))]));
  // The root of a localized site leads to every other locale's llms.txt.
  const localeIndexes = localeIndexesOf(
    files.map((file) => ({ file, url: file.url, pages: generated.get(file)!.itemCount })),
  );
  for (const file of files) {
    const leads = file.isDefault && localeIndexes !== undefined;
    const options = leads ? { ...optionsOf(file), localeIndexes } : optionsOf(file);
    const whole = leads ? generateLlmsTxt(input, options) : generated.get(file)!;
    const parts =
      whole.text.length <= llms.maxCharacters
        ? [{ path: file.path, url: file.url, text: whole.text }]
        : splitBySection(input, file, options);
    for (const part of parts) {
      artifacts.push(
        listingArtifact(
          file,
          part,
          lastModified,
          part.path !== file.path ? { kind: 'section' } : { kind: 'listing' },
        ),
      );
    }
  }
  return { artifacts, keep: [] as string[], fullPaths: files.map((file) => file.fullPath) };
}

/** Whether a page is its site's (or its locale's) home: the path `/` or `/<locale>/`. */
function isHomePage(page: LlmsTxtPage): boolean {
  const path = new URL(page.url).pathname.toLowerCase();
  return path === '/' || (page.locale !== undefined && path === `/${page.locale.toLowerCase()}/`);
}

/**
 * The pages as a person would list them: the home page first (so its section leads, unless the
 * sections' order is configured), the rest in the rows' order.
 */
function homeFirst(pages: LlmsTxtPage[]): LlmsTxtPage[] {
  return [...pages.filter(isHomePage), ...pages.filter((page) => !isHomePage(page))];
}

/** A section's name as a file name: lower case letters and digits, words joined by `-`. */
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
  // This file's pages: its locale's (the default one's, and those without a locale, at the root).
  const locale = localeKey(options.locale ?? input.defaultLocale);
  const pages = input.pages.filter((p) => localeKey(p.locale ?? input.defaultLocale) === locale);
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
  const index = generateLlmsTxtIndex(input.site, {
    note: 'This llms.txt is split by section: the full list is longer than one file should be. Each section below links to its own llms.txt.',
    heading: 'Sections',
    files: parts.map((p) => ({
      title: titles[p.section] ?? p.section,
      url: p.url,
      pages: p.count,
    })),
    ...(options.localeIndexes ? { localeIndexes: options.localeIndexes } : {}),
  });
  return [{ path: file.path, url: file.url, text: index }, ...parts];
}
