import { canonicalLanguageTag } from '../text/language-tag';

/**
 * The stored locale values a search's locale filter stands for, as an agent means it: tags
 * compared as BCP 47 (case-insensitive: `EN` is `en`); a range matches its more specific tags
 * (RFC 4647 basic filtering: `en` finds `en-GB`), and a tag the site does not have falls back
 * to its less specific one (RFC 4647 lookup: `en-US` finds `en` where no `en-US` is stored).
 * Documents without a locale of their own (`''`) are in the site's language: they match when
 * the asked locale does, or always when the site names no language (a filter must not hide
 * what it cannot tell). Undefined when nothing matches: the caller names the valid ones.
 */
export function matchCatalogLocales(
  asked: string,
  available: readonly string[],
  siteLanguage?: string,
): string[] | undefined {
  const range = canonicalLanguageTag(asked.trim())?.toLowerCase();
  if (range === undefined) return undefined;
  const tags = available.filter((locale) => locale !== '');
  let matched = tags.filter((tag) => within(tag.toLowerCase(), range));
  // Lookup: `zh-Hant-TW` → `zh-Hant` → `zh`, the first that some stored tag is.
  for (let fallback = range; matched.length === 0 && fallback.includes('-');) {
    fallback = fallback.slice(0, fallback.lastIndexOf('-')).replace(/-[a-z0-9]$/, '');
    matched = tags.filter((tag) => tag.toLowerCase() === fallback);
  }
  const site = siteLanguage ? canonicalLanguageTag(siteLanguage)?.toLowerCase() : undefined;
  const unlabelled =
    available.includes('') &&
    (site === undefined || within(site, range) || within(range, site.split('-')[0]!));
  if (unlabelled) matched.push('');
  return matched.length > 0 ? matched : undefined;
}

/** RFC 4647 basic filtering: `tag` is `range` or starts with `range-`. */
function within(tag: string, range: string): boolean {
  return tag === range || tag.startsWith(`${range}-`);
}
