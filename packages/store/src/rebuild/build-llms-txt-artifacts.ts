import { join } from 'node:path';
import {
  llmsFullTxtChunks,
  generateLlmsTxt,
  generateLlmsTxtIndex,
  llmsTxtFileFor,
  type LlmsTxtIndexEntry,
  listLlmsTxtFiles,
  markdownTwinUrl,
  type LlmsTxtInput,
  type LlmsTxtFileLocation,
  type LlmsTxtGenerateOptions,
  type LlmsTxtLocaleIndex,
  LLMS_TXT_DEFAULT_SECTION,
  type LlmsTxtPage,
} from '@agent-ready/core/llmstxt';
import {
  LLMS_TXT_FAMILY,
  type AgentSiteOptions,
  type LlmsFullTxtBuild,
  type LlmsTxtPartOfIndex,
} from '@agent-ready/core/serve';
import type { ArtifactBuildContext, ArtifactBuilder } from './artifact-builder';
import { textArtifact, type ArtifactInput } from '../artifacts/artifact-input';
import { needsParts, partIdRange, partsToBuild } from './id-range-parts';
import { MarkdownSpill, writeTextPieces } from './spill-markdown';

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

/** A locale as a key: tags compare without case (BCP 47); '' for a site without locales. */
const localeKey = (locale: string | undefined) => (locale ?? '').toLowerCase();

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

/**
 * What the root llms.txt (or llms-full.txt) of a localized site lists besides its own pages:
 * every other locale's file that lists something; undefined when there is none (a site in one
 * language keeps its root as it was).
 */
function localeIndexesOf(
  files: readonly { file: LlmsTxtFileLocation; url: string; pages: number }[],
): LlmsTxtLocaleIndex[] | undefined {
  const others = files.filter(({ file, pages }) => !file.isDefault && pages > 0);
  if (others.length === 0) return undefined;
  return others.map(({ file, url, pages }) => ({ locale: file.locale!, url, pages }));
}

const DEFAULT_FULL_AFTER_CHANGES = 1_000;
const DEFAULT_FULL_INTERVAL_MS = 86_400_000;
/** About 100 characters an item: 500 items stay near the 50,000-character budget of one file. */
export const DEFAULT_LLMS_TXT_ITEMS_PER_PART = 500;

/** What an llms.txt file is besides its place: whole or an index, a section, a part. */
type ListingKind =
  | { kind: 'listing'; parts?: { settingsKey: string } }
  | { kind: 'section' }
  | { kind: 'part'; part: LlmsTxtPartOfIndex };

/** `/llms-3.txt` beside `/llms.txt` (or `/de/llms-3.txt` beside `/de/llms.txt`). */
function partLocation(file: LlmsTxtFileLocation, number: number): { path: string; url: string } {
  const name = (path: string) => path.replace(/llms\.txt$/, `llms-${number}.txt`);
  return { path: name(file.path), url: name(file.url) };
}

type ListingRow = Record<'c_url' | 'title' | 'description' | 'section' | 'locale' | 'id', unknown>;

function pageOfRow(row: ListingRow): LlmsTxtPage {
  const url = String(row.c_url);
  const page: LlmsTxtPage = {
    title: String(row.title),
    url,
    markdownUrl: markdownTwinUrl(url),
    section: String(row.section),
  };
  if (row.description) page.description = String(row.description);
  if (row.locale) page.locale = String(row.locale);
  return page;
}

const LISTING_COLUMNS = ['c_url', 'title', 'description', 'section', 'locale'] as const;

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

/**
 * `/llms.txt` (and `/llms-full.txt`), one pair per locale, from every published public row:
 * links point to the Markdown twins; llms-full.txt carries each twin's text.
 *
 * A site whose row ids all fit one part (`itemsPerPart`, 500 by default) gets one llms.txt per
 * locale, read whole at every burst (at most that many rows), and split by section when it is
 * longer than `maxCharacters`. A bigger site lists its documents in parts by row id, as the JSON
 * sitemap does with shards: a document keeps its part for life, so a burst reads and rewrites
 * only the parts holding the rows it changed, then the index at `/llms.txt` that lists the parts;
 * what a burst costs follows what changed, not the size of the site (issue 18).
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
  const itemsPerPart = settings?.itemsPerPart ?? DEFAULT_LLMS_TXT_ITEMS_PER_PART;
  const maxCharacters = settings?.maxCharacters ?? DEFAULT_LLMS_TXT_MAX_CHARACTERS;
  const generateOptions = { linkTarget: settings?.linkTarget ?? ('markdown' as const) };
  const settingsKey = JSON.stringify(['llms-txt', 3, options.site, settings]);

  const inputOf = (pages: LlmsTxtPage[]): LlmsTxtInput => ({
    site: {
      name: options.site.name,
      summary: options.site.summary ?? options.site.name,
      ...(options.site.details ? { details: options.site.details } : {}),
      baseUrl: `${options.site.origin}/`,
    },
    pages,
    ...(settings?.sections ? { sections: settings.sections } : {}),
    ...(options.site.language ? { defaultLocale: options.site.language } : {}),
  });

  /** The files to serve: the default locale's always, others while they have pages. */
  const filesOf = (input: LlmsTxtInput) => {
    const locales = new Set(input.pages.map((p) => p.locale));
    return listLlmsTxtFiles(input).filter((file) => file.isDefault || locales.has(file.locale));
  };

  /** The installed llms-full.txt build, when it is one of these settings. */
  const installedFull = async (context: ArtifactBuildContext) => {
    if (context.installedSeq === 0) return undefined;
    const installed = await context.installedArtifacts(LLMS_TXT_FAMILY);
    const fulls = installed.flatMap(({ name, descriptor }) =>
      descriptor.family === LLMS_TXT_FAMILY && descriptor.kind === 'full'
        ? [{ name, build: descriptor.build }]
        : [],
    );
    const build = fulls[0]?.build;
    return build && fulls.every((full) => full.build?.settingsKey === settingsKey)
      ? { build, names: fulls.map((full) => full.name) }
      : undefined;
  };

  /** Whether llms-full.txt must be rebuilt now (see above). */
  const fullDue = async (context: ArtifactBuildContext, build: LlmsFullTxtBuild) => {
    const changes = await context.countChangedAfter(build.builtSeq);
    if (changes === 0) return false;
    return (
      build.pages <= afterChanges ||
      changes >= afterChanges ||
      context.now.getTime() - build.builtAtMs >= intervalMs
    );
  };

  const listingArtifact = (
    file: LlmsTxtFileLocation,
    part: { path: string; url: string; text: string },
    lastModified: Date,
    kind: ListingKind = { kind: 'listing' },
  ) =>
    textArtifact({
      name: part.path,
      descriptor: { family: LLMS_TXT_FAMILY, url: part.url, locale: file.locale ?? null, ...kind },
      lastModified,
      body: part.text,
    });

  /** One llms.txt per locale from every row (they fit one part), split by section when long. */
  async function buildWhole(context: ArtifactBuildContext) {
    const pages: LlmsTxtPage[] = [];
    for await (const row of context.rows(LISTING_COLUMNS)) pages.push(pageOfRow(row));
    const input = inputOf(homeFirst(pages));
    const lastModified = new Date(await context.lastChangeMs());
    const artifacts: ArtifactInput[] = [];
    const files = filesOf(input);
    const optionsOf = (file: LlmsTxtFileLocation): LlmsTxtGenerateOptions => ({
      ...generateOptions,
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
        whole.text.length <= maxCharacters
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

  /**
   * Parts by row id and their index: only the parts holding rows changed since the installed
   * build are read and written again when that build is of these settings and laid out in parts;
   * otherwise every part is (once, after a settings change or when the site outgrew one part).
   */
  async function buildParts(context: ArtifactBuildContext) {
    const installed =
      context.installedSeq > 0 ? await context.installedArtifacts(LLMS_TXT_FAMILY) : [];
    const incremental = installed.some(
      ({ descriptor: d }) =>
        d.family === LLMS_TXT_FAMILY &&
        d.kind === 'listing' &&
        d.parts?.settingsKey === settingsKey,
    );
    const touched = await partsToBuild(context, itemsPerPart, incremental);
    const touchedSet = new Set(touched);
    const lastModified = new Date(await context.lastChangeMs());
    const artifacts: ArtifactInput[] = [];
    const keep: string[] = [];
    /** Every part file served after this build, by the index (llms.txt path) that lists it. */
    const listed = new Map<
      string,
      { file: LlmsTxtFileLocation; parts: (LlmsTxtIndexEntry & { number: number })[] }
    >();
    const list = (file: LlmsTxtFileLocation, entry: LlmsTxtIndexEntry & { number: number }) => {
      const index = listed.get(file.path) ?? { file, parts: [] };
      index.parts.push(entry);
      listed.set(file.path, index);
    };
    const base = inputOf([]);
    if (incremental) {
      for (const { name, descriptor } of installed) {
        if (descriptor.family !== LLMS_TXT_FAMILY || descriptor.kind !== 'part') continue;
        const { part } = descriptor;
        if (touchedSet.has(part.number)) continue;
        keep.push(name);
        list(llmsTxtFileFor(base, descriptor.locale ?? undefined), {
          number: part.number,
          title: `Part ${part.number}`,
          url: descriptor.url,
          pages: part.pages,
        });
      }
    }
    for (const number of touched) {
      const pages: LlmsTxtPage[] = [];
      const range = partIdRange(number, itemsPerPart);
      for await (const row of context.rows(LISTING_COLUMNS, range)) pages.push(pageOfRow(row));
      if (pages.length === 0) continue;
      const input = inputOf(pages);
      for (const file of filesOf(input)) {
        const locale = file.locale === undefined ? {} : { locale: file.locale };
        const generated = generateLlmsTxt(input, { ...generateOptions, ...locale });
        if (generated.itemCount === 0) continue;
        const location = partLocation(file, number);
        artifacts.push(
          listingArtifact(file, { ...location, text: generated.text }, lastModified, {
            kind: 'part',
            part: { index: file.path, number, pages: generated.itemCount },
          }),
        );
        list(file, {
          number,
          title: `Part ${number}`,
          url: location.url,
          pages: generated.itemCount,
        });
      }
    }
    // The default locale's llms.txt is always served, if only to say the list is empty.
    const defaultFile = llmsTxtFileFor(base);
    if (!listed.has(defaultFile.path))
      listed.set(defaultFile.path, { file: defaultFile, parts: [] });
    // The root of a localized site leads to every other locale's index (their part counts).
    const localeIndexes = localeIndexesOf(
      [...listed.values()].map(({ file, parts }) => ({
        file,
        url: file.url,
        pages: parts.reduce((sum, part) => sum + part.pages, 0),
      })),
    );
    for (const { file, parts } of listed.values()) {
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
          parts: { settingsKey },
        }),
      );
    }
    return { artifacts, keep, fullPaths: [...listed.values()].map(({ file }) => file.fullPath) };
  }

  /** llms-full.txt per locale, from every row's Markdown, streamed through a file. */
  async function buildFull(context: ArtifactBuildContext): Promise<ArtifactInput[]> {
    const pages: LlmsTxtPage[] = [];
    const spill = new MarkdownSpill(context.workDir, 'llms-markdown');
    try {
      for await (const row of context.rows([...LISTING_COLUMNS, 'markdown'])) {
        const page = pageOfRow(row);
        if (typeof row.markdown === 'string') spill.add(page, row.markdown);
        pages.push(page);
      }
      const input = inputOf(pages);
      const lastModified = new Date(await context.lastChangeMs());
      const artifacts: ArtifactInput[] = [];
      const files = filesOf(input);
      // The root of a localized site leads to every other locale's llms-full.txt.
      const withMarkdown = new Map<string, number>();
      for (const page of pages) {
        if (!spill.has(page)) continue;
        const key = localeKey(page.locale ?? input.defaultLocale);
        withMarkdown.set(key, (withMarkdown.get(key) ?? 0) + 1);
      }
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
              settingsKey,
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
      const listing = (await needsParts(context, itemsPerPart))
        ? await buildParts(context)
        : await buildWhole(context);
      if (settings.full === false) return { artifacts: listing.artifacts, keep: listing.keep };
      const installed = await installedFull(context);
      const keepFull =
        installed !== undefined &&
        !(await fullDue(context, installed.build)) &&
        // A locale new since llms-full.txt was built has none yet, and one gone is still named
        // by the root's: build them all again now.
        listing.fullPaths.every((path) => installed.names.includes(path)) &&
        installed.names.every((path) => listing.fullPaths.includes(path));
      if (!keepFull) {
        return {
          artifacts: [...listing.artifacts, ...(await buildFull(context))],
          keep: listing.keep,
        };
      }
      // A kept llms-full.txt whose locale has no page left goes (it would list nothing).
      const fulls = installed.names.filter((name) => listing.fullPaths.includes(name));
      return { artifacts: listing.artifacts, keep: [...listing.keep, ...fulls] };
    },
  };
}
