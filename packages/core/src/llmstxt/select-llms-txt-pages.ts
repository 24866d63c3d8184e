import { AgentReadyError } from '../errors';
import { normalizeUri, resolveUri } from '../uri';
import { collapseWhitespace } from './escape-markdown';
import { LlmsTxtInputError } from './llmstxt-errors';
import type { LlmsTxtInput, LlmsTxtPage, LlmsTxtSite } from './llmstxt-types';
import { isLanguageTag } from '../text/language-tag';

export const LLMS_TXT_DEFAULT_SECTION = 'Pages';

const RULE = 'llms.txt format (llmstxt.org); docs/protocols.md#llmstxt-format';

export interface SelectedPage {
  page: LlmsTxtPage;
  /** Index in `input.pages`, for error messages. */
  index: number;
}

export interface SelectedSection {
  key: string;
  title: string;
  pages: SelectedPage[];
}

export interface LocaleSelection {
  locale: string | undefined;
  site: Required<Pick<LlmsTxtSite, 'name' | 'summary'>> & { details?: string };
  sections: SelectedSection[];
}

function fail(message: string, field: string, value?: unknown, cause?: unknown): never {
  throw new LlmsTxtInputError('llmstxt.invalid_input', message, {
    field,
    value,
    rule: RULE,
    cause,
  });
}

export function sameLocale(a: string | undefined, b: string | undefined): boolean {
  return (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
}

/** A record keyed by locale tag, looked up case-insensitively (BCP 47 tags are). */
export function byLocale<T>(
  record: Record<string, T> | undefined,
  locale: string | undefined,
): T | undefined {
  if (record === undefined || locale === undefined) return undefined;
  const key = Object.keys(record).find((candidate) => sameLocale(candidate, locale));
  return key === undefined ? undefined : record[key];
}

export function checkPage(page: unknown, index: number): asserts page is LlmsTxtPage {
  if (typeof page !== 'object' || page === null)
    fail('a page is an object', `pages[${index}]`, page);
  checkLocale((page as LlmsTxtPage).locale, `pages[${index}].locale`);
}

export function checkLocale(locale: string | undefined, field: string): void {
  if (locale !== undefined && (typeof locale !== 'string' || !isLanguageTag(locale))) {
    fail(`"${locale}" is not a BCP 47 language tag`, field, locale);
  }
}

/** The base URL as a directory (trailing slash), normalized; throws `LlmsTxtInputError`. */
export function baseDirectory(input: LlmsTxtInput): string {
  if (typeof input?.site !== 'object' || input.site === null)
    fail('site is required', 'site', undefined);
  if (!Array.isArray(input.pages)) fail('pages must be an array', 'pages', input.pages);
  const { baseUrl } = input.site;
  if (typeof baseUrl !== 'string' || !/^https?:\/\//i.test(baseUrl)) {
    fail('site.baseUrl must be an absolute http(s) URL', 'site.baseUrl', baseUrl);
  }
  let normalized: string;
  try {
    normalized = normalizeUri(baseUrl);
  } catch (cause) {
    fail('site.baseUrl must be an absolute http(s) URL', 'site.baseUrl', baseUrl, cause);
  }
  const withoutQuery = normalized.replace(/[?#].*$/s, '');
  return withoutQuery.endsWith('/') ? withoutQuery : `${withoutQuery}/`;
}

/** Resolve a page URL against the base; typed error naming the field otherwise. */
export function resolvePageUrl(base: string, reference: string, field: string): string {
  if (typeof reference !== 'string' || reference.trim() === '')
    fail('a URL is required', field, reference);
  try {
    return normalizeUri(resolveUri(base, reference));
  } catch (cause) {
    if (cause instanceof AgentReadyError)
      fail(`not a valid URL: ${cause.message}`, field, reference, cause);
    throw cause;
  }
}

function requiredText(value: unknown, field: string): string {
  const text = typeof value === 'string' ? collapseWhitespace(value) : '';
  if (text === '') fail(`${field} must be non-empty text`, field, value);
  return text;
}

function own<T>(record: Record<string, T> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The locale a page belongs to. */
export function pageLocale(input: LlmsTxtInput, page: LlmsTxtPage): string | undefined {
  return page.locale ?? input.defaultLocale;
}

/**
 * Validate the input and pick one locale's pages, grouped into ordered sections: `order` keys
 * first, then other keys in order of first appearance; pages keep their input order.
 */
export function selectLlmsTxtPages(
  input: LlmsTxtInput,
  locale: string | undefined,
  keep: (page: LlmsTxtPage) => boolean,
): LocaleSelection {
  baseDirectory(input);
  checkLocale(input.defaultLocale, 'defaultLocale');
  checkLocale(locale, 'locale');
  const override = byLocale(input.site.locales, locale);
  const name = requiredText(override?.name ?? input.site.name, 'site.name');
  const summary = requiredText(override?.summary ?? input.site.summary, 'site.summary');
  const details = override?.details ?? input.site.details;
  if (details !== undefined && typeof details !== 'string') {
    fail('site.details must be text', 'site.details', details);
  }

  const options = input.sections ?? {};
  const defaultKey = options.defaultSection ?? LLMS_TXT_DEFAULT_SECTION;
  const groups = new Map<string, SelectedPage[]>();
  input.pages.forEach((page, index) => {
    checkPage(page, index);
    if (page.include === false || !sameLocale(pageLocale(input, page), locale) || !keep(page))
      return;
    const key = page.section ?? defaultKey;
    const group = groups.get(key) ?? [];
    group.push({ page, index });
    groups.set(key, group);
  });

  const orderedKeys = [
    ...(options.order ?? []).filter((key) => groups.has(key)),
    ...[...groups.keys()].filter((key) => !(options.order ?? []).includes(key)),
  ];
  const localizedTitles = byLocale(options.localizedTitles, locale);
  const titles = new Set<string>();
  const sections = [...new Set(orderedKeys)].map((key) => {
    const title = requiredText(
      own(localizedTitles, key) ?? own(options.titles, key) ?? key,
      `sections.titles.${key}`,
    );
    if (titles.has(title))
      fail(`two sections are both titled "${title}"`, `sections.titles.${key}`, title);
    titles.add(title);
    return { key, title, pages: groups.get(key)! };
  });
  return {
    locale,
    site: { name, summary, ...(details === undefined ? {} : { details }) },
    sections,
  };
}
