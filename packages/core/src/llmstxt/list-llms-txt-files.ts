import { normalizeUri, resolveUri } from '../uri';
import { llmsTxtDescribedByLink, llmsTxtMarkdownAlternateLink } from './llmstxt-link-relations';
import { LlmsTxtInputError } from './llmstxt-errors';
import type {
  LlmsTxtFileLocation,
  LlmsTxtInput,
  LlmsTxtLinkRelation,
  LlmsTxtPage,
} from './llmstxt-types';
import {
  baseDirectory,
  byLocale,
  checkLocale,
  checkPage,
  pageLocale,
  resolvePageUrl,
  sameLocale,
} from './select-llms-txt-pages';

const PATH_PREFIX = /^[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*$/;

function pathOf(url: string): string {
  return url.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*/, '').replace(/[?#].*$/s, '');
}

/** The directory (relative to the base) holding a locale's files: `''` or `de/`. */
function localeDirectory(input: LlmsTxtInput, locale: string | undefined): string {
  if (locale === undefined || sameLocale(locale, input.defaultLocale)) return '';
  const prefix = (byLocale(input.localePaths, locale) ?? locale).replace(/^\/+|\/+$/g, '');
  if (!PATH_PREFIX.test(prefix) || prefix.split('/').some((segment) => /^\.+$/.test(segment))) {
    throw new LlmsTxtInputError('llmstxt.invalid_input', `unusable path for locale ${locale}`, {
      field: `localePaths.${locale}`,
      value: prefix,
    });
  }
  return `${prefix}/`;
}

function location(input: LlmsTxtInput, locale: string | undefined): LlmsTxtFileLocation {
  const directory = normalizeUri(resolveUri(baseDirectory(input), localeDirectory(input, locale)));
  const url = normalizeUri(resolveUri(directory, 'llms.txt'));
  const fullUrl = normalizeUri(resolveUri(directory, 'llms-full.txt'));
  return {
    locale,
    isDefault: locale === undefined || sameLocale(locale, input.defaultLocale),
    path: pathOf(url),
    url,
    fullPath: pathOf(fullUrl),
    fullUrl,
  };
}

/**
 * Where each locale's llms.txt and llms-full.txt live: the default locale (and pages without a
 * locale) at `<base>/llms.txt`, every other locale at `<base>/<locale>/llms.txt` (or the prefix
 * from `localePaths`), sorted by tag after the default. Under a base URL with a path, the files
 * sit under that path (llms.txt v2: a file covers the pages under its path).
 */
export function listLlmsTxtFiles(input: LlmsTxtInput): LlmsTxtFileLocation[] {
  baseDirectory(input);
  checkLocale(input.defaultLocale, 'defaultLocale');
  const others = new Map<string, string>();
  input.pages.forEach((page, index) => {
    checkPage(page, index);
    const locale = pageLocale(input, page);
    if (page.include === false || locale === undefined || sameLocale(locale, input.defaultLocale))
      return;
    if (!others.has(locale.toLowerCase())) others.set(locale.toLowerCase(), locale);
  });
  const sorted = [...others.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return [
    location(input, input.defaultLocale),
    ...sorted.map(([, locale]) => location(input, locale)),
  ];
}

/** The llms.txt file covering one locale (see `listLlmsTxtFiles`). */
export function llmsTxtFileFor(input: LlmsTxtInput, locale?: string): LlmsTxtFileLocation {
  checkLocale(locale, 'locale');
  return location(input, locale ?? input.defaultLocale);
}

/**
 * The v2 discovery links for a page: `describedby` to its locale's llms.txt, and `alternate`
 * `text/markdown` to its Markdown twin when it has one.
 */
export function llmsTxtPageLinks(input: LlmsTxtInput, page: LlmsTxtPage): LlmsTxtLinkRelation[] {
  const file = llmsTxtFileFor(input, pageLocale(input, page));
  const links = [llmsTxtDescribedByLink(file.url)];
  if (page.markdownUrl !== undefined) {
    const twin = resolvePageUrl(baseDirectory(input), page.markdownUrl, 'page.markdownUrl');
    links.push(llmsTxtMarkdownAlternateLink(twin));
  }
  return links;
}
