import {
  markdownTwinUrl,
  type LlmsTxtFileLocation,
  type LlmsTxtLocaleIndex,
  type LlmsTxtPage,
} from '@agent-ready/core/llmstxt';
import { LLMS_TXT_FAMILY, type LlmsTxtPartOfIndex } from '@agent-ready/core/serve';
import { textArtifact, type ArtifactInput } from '../artifacts/artifact-input';

/** The columns a listing reads of each row. */
export const LISTING_COLUMNS = ['c_url', 'title', 'description', 'section', 'locale'] as const;

type ListingRow = Record<'c_url' | 'title' | 'description' | 'section' | 'locale' | 'id', unknown>;

/** A row as an llms.txt page, linking to its Markdown twin. */
export function pageOfRow(row: ListingRow): LlmsTxtPage {
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

/** A locale as a key: tags compare without case (BCP 47); '' for a site without locales. */
export const localeKey = (locale: string | undefined) => (locale ?? '').toLowerCase();

/**
 * What the root llms.txt (or llms-full.txt) of a localized site lists besides its own pages:
 * every other locale's file that lists something; undefined when there is none (a site in one
 * language keeps its root as it was).
 */
export function localeIndexesOf(
  files: readonly { file: LlmsTxtFileLocation; url: string; pages: number }[],
): LlmsTxtLocaleIndex[] | undefined {
  const others = files.filter(({ file, pages }) => !file.isDefault && pages > 0);
  if (others.length === 0) return undefined;
  return others.map(({ file, url, pages }) => ({ locale: file.locale!, url, pages }));
}

/** What an llms.txt file is besides its place: whole or an index, a section, a part. */
export type ListingKind =
  | { kind: 'listing'; parts?: { settingsKey: string } }
  | { kind: 'section' }
  | { kind: 'part'; part: LlmsTxtPartOfIndex };

/** An llms.txt file (whole, an index, a section's or a part) of `file`'s locale, as an artifact. */
export function listingArtifact(
  file: LlmsTxtFileLocation,
  part: { path: string; url: string; text: string },
  lastModified: Date,
  kind: ListingKind = { kind: 'listing' },
): ArtifactInput {
  return textArtifact({
    name: part.path,
    descriptor: { family: LLMS_TXT_FAMILY, url: part.url, locale: file.locale ?? null, ...kind },
    lastModified,
    body: part.text,
  });
}
