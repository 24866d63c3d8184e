import { matchCatalogLocales, type CatalogFacets } from '@agent-ready/core';
import type { McpContentSource } from './mcp-content-source';
import { invalid } from './mcp-request-error';

/**
 * The search tool's `locale` and `type` filters: how its schema lists the site's values, and
 * which stored values an agent's stand for.
 */

/** The most filter values a tool's schema lists (a site with more sections says how many). */
const MAX_LISTED_VALUES = 100;

/**
 * The locale a document is in, as the `locale` filter takes it: its own, or (it has none, a
 * policy say) the site's language. The stdio server's copy knows only each document's
 * language, which is this for the site's documents.
 */
export function localeOf(locale: string, siteLanguage: string | undefined): string {
  return locale !== '' ? locale : (siteLanguage ?? '');
}

/** The locales of the site's documents as an agent may ask for them (`localeOf`), sorted. */
function listedLocales(facets: CatalogFacets, siteLanguage: string | undefined): string[] {
  const locales = new Set(facets.locales.map((locale) => localeOf(locale, siteLanguage)));
  locales.delete('');
  return [...locales].sort();
}

/** The `locale` and `type` filters as the site's documents have them now. */
export function filterProperties(facets: CatalogFacets, siteLanguage: string | undefined) {
  const locales = listedLocales(facets, siteLanguage);
  const sections = facets.sections.slice(0, MAX_LISTED_VALUES);
  return {
    locale: {
      type: 'string',
      description:
        locales.length > 0
          ? `Only documents in this language (BCP 47, any case; "en" also finds "en-GB", and "en-US" finds "en" where the site has no "en-US"). This site's: ${locales.slice(0, MAX_LISTED_VALUES).join(', ')}.`
          : 'Only documents in this language (BCP 47, e.g. "en"). This site names no locales: every document is in its one language.',
    },
    type: {
      type: 'string',
      ...(sections.length > 0 && facets.sections.length <= MAX_LISTED_VALUES
        ? { enum: sections }
        : {}),
      description:
        sections.length > 0
          ? `Only documents of this section of the site: ${sections.map((v) => JSON.stringify(v)).join(', ')}${facets.sections.length > MAX_LISTED_VALUES ? ` and ${facets.sections.length - MAX_LISTED_VALUES} more` : ''}.`
          : 'Only documents of this section of the site (it has none yet).',
    },
  };
}
/**
 * The stored values an agent's filters stand for: its locale as BCP 47 (`matchCatalogLocales`),
 * its section as the site spells it (any case). A value that matches nothing is an argument
 * error naming the values that would.
 */
export async function searchFilters(
  source: McpContentSource,
  siteLanguage: string | undefined,
  locale: string | undefined,
  section: string | undefined,
  context: { includeProtected: boolean },
): Promise<{ locales?: string[]; section?: string }> {
  if (locale === undefined && section === undefined) return {};
  const facets = await source.catalog.listFacets({ includeProtected: context.includeProtected });
  const filters: { locales?: string[]; section?: string } = {};
  if (locale !== undefined) {
    const locales = matchCatalogLocales(locale, facets.locales, siteLanguage);
    if (!locales) {
      const known = listedLocales(facets, siteLanguage);
      invalid(
        known.length > 0
          ? `No document is in locale ${JSON.stringify(locale.slice(0, 35))}; this site's locales: ${listed(known)}. Leave locale out to search them all.`
          : `No document is in locale ${JSON.stringify(locale.slice(0, 35))}; this site names no locales. Leave locale out.`,
      );
    }
    filters.locales = locales;
  }
  if (section !== undefined) {
    const folded = section.trim().toLowerCase();
    const found = facets.sections.find((value) => value.toLowerCase() === folded);
    if (found === undefined)
      invalid(
        facets.sections.length > 0
          ? `No section is named ${JSON.stringify(section.slice(0, 64))}; this site's: ${listed(facets.sections)}. Leave type out to search them all.`
          : `No section is named ${JSON.stringify(section.slice(0, 64))}; this site has none yet.`,
      );
    filters.section = found;
  }
  return filters;
}

/** Values for a message: quoted, at most twenty, then how many more. */
function listed(values: readonly string[]): string {
  const shown = values.slice(0, 20).map((value) => JSON.stringify(value));
  return values.length > 20
    ? `${shown.join(', ')} and ${values.length - 20} more`
    : shown.join(', ');
}
