import { ValidationError } from '@agent-ready/core/errors';
import type { StrapiEntry } from '../schema/strapi-schema';
import type { UrlResolver } from '../config/url-resolver';
import {
  expandUrlPattern,
  isPathPlaceholder,
  placeholderAttribute,
  type UrlPattern,
} from './url-pattern';

/** How the front end's URLs are formed, site-wide (config `urls`). */
export interface UrlRules {
  /** Slugs of the home page: an entry with one lives at `/{locale}` or `/`. */
  homeSlugs: readonly string[];
  /** `always`: `/{locale}/...` for every locale; `except-default`: the default locale unprefixed. */
  localePrefix: 'always' | 'except-default';
  defaultLocale: string;
}

/** Where a type's pages are: a pattern, a function of config/plugins, or none of their own. */
export type PageSource =
  | { kind: 'pattern'; pattern: UrlPattern }
  | { kind: 'function'; resolve: UrlResolver; source: string }
  | { kind: 'none' };

/** An entry's values for a pattern's placeholders. */
function valueAt(entry: StrapiEntry, path: string): unknown {
  let value: unknown = entry;
  for (const name of path.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[name];
  }
  return value;
}

/** The parts before the last placeholder are `/` and `{locale}` only (`/{locale}/{slug}`). */
function isRootSlugPattern(pattern: UrlPattern): boolean {
  const parts = pattern.parts;
  let last = -1;
  parts.forEach((part, index) => {
    if ('placeholder' in part) last = index;
  });
  if (last === -1) return false;
  const before = parts.slice(0, last);
  const after = parts.slice(last + 1);
  const slashOnly = (part: (typeof parts)[number]) =>
    'literal' in part && /^\/*$/.test(part.literal);
  return (
    before.every(
      (part) => slashOnly(part) || ('placeholder' in part && part.placeholder === 'locale'),
    ) && after.every(slashOnly)
  );
}

/** Expands a pattern, then applies the home-page and locale-prefix rules. */
function patternPath(
  pattern: UrlPattern,
  entry: StrapiEntry,
  documentId: string,
  locale: string,
  rules: UrlRules,
): string | undefined {
  const placeholders = pattern.placeholders;
  const lastSlug = [...placeholders]
    .reverse()
    .find((name) => name !== 'locale' && name !== 'documentId' && !isPathPlaceholder(name));
  const slugValue = lastSlug === undefined ? undefined : valueAt(entry, lastSlug);
  const home =
    typeof slugValue === 'string' &&
    rules.homeSlugs.includes(slugValue.trim().toLowerCase()) &&
    lastSlug === placeholders[placeholders.length - 1] &&
    isRootSlugPattern(pattern);
  const unprefixed =
    rules.localePrefix === 'except-default' &&
    locale !== '' &&
    locale === rules.defaultLocale &&
    pattern.parts[0] !== undefined &&
    'literal' in pattern.parts[0] &&
    pattern.parts[0].literal === '/' &&
    pattern.parts[1] !== undefined &&
    'placeholder' in pattern.parts[1] &&
    pattern.parts[1].placeholder === 'locale';
  const trailingSlash = pattern.source.endsWith('/');
  if (home) {
    // `/{locale}/{slug}` for `homepage` is `/{locale}` (`/` once the locale is unprefixed).
    const prefix =
      placeholders.includes('locale') && !unprefixed ? `/${encodeURIComponent(locale)}` : '';
    if (placeholders.includes('locale') && locale === '') return undefined;
    return prefix === '' ? '/' : `${prefix}${trailingSlash ? '/' : ''}`;
  }
  const path = expandUrlPattern(pattern, (placeholder) => {
    if (placeholder === 'documentId') return documentId;
    if (placeholder === 'locale') return locale === '' ? undefined : locale;
    return valueAt(entry, placeholderAttribute(placeholder));
  });
  if (path === undefined || !unprefixed) return path;
  const rest = path.slice(`/${encodeURIComponent(locale)}`.length);
  return rest === '' ? '/' : rest;
}

/**
 * The path of an entry's page on the front end (undefined: it has none, e.g. an empty slug):
 * the type's pattern with the site's URL rules (an entry whose slug is a home slug lives at
 * `/{locale}` or `/`; the default locale unprefixed on request), or the `url` function of
 * config/plugins. Throws ValidationError when that function fails or returns something else
 * than a string.
 */
export function pagePath(
  source: PageSource,
  entry: StrapiEntry,
  context: { uid: string; documentId: string; locale: string; rules: UrlRules },
): string | undefined {
  const { uid, documentId, locale, rules } = context;
  if (source.kind === 'none') return undefined;
  if (source.kind === 'pattern')
    return patternPath(source.pattern, entry, documentId, locale, rules);
  let result: unknown;
  try {
    result = source.resolve({ entry, locale, defaultLocale: rules.defaultLocale, uid, documentId });
  } catch (error) {
    throw new ValidationError(
      'document.url',
      `the url function threw: ${(error as Error).message}`,
      {
        field: 'url',
      },
    );
  }
  if (result === undefined || result === null || result === '') return undefined;
  if (typeof result !== 'string') {
    throw new ValidationError(
      'document.url',
      `the url function returned a ${typeof result}, not a string`,
      {
        field: 'url',
      },
    );
  }
  return result;
}

/**
 * The C-URL an editor set in the SEO component (`canonicalURL`), as a path on the site's
 * origin; `undefined` when it is empty, and `'off-origin'` when it points elsewhere (TCT's
 * canonical_url is the C-URL itself, which is on the site's origin: such a value is ignored).
 */
export function canonicalPath(value: unknown, origin: string): string | undefined | 'off-origin' {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const text = value.trim();
  let url: URL;
  try {
    url = new URL(text, `${origin}/`);
  } catch {
    return 'off-origin';
  }
  if (url.origin !== new URL(origin).origin) return 'off-origin';
  return `${url.pathname}${url.search}`;
}
