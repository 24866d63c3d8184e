import { ValidationError } from '@agent-ready/core/errors';
import { canonicalPath, pagePath, type PageSource, type UrlRules } from './page-url';
import { parseUrlPattern } from './url-pattern';

const rules: UrlRules = {
  homeSlugs: ['homepage', 'home'],
  localePrefix: 'always',
  defaultLocale: 'en',
};
const pattern = (source: string): PageSource => ({
  kind: 'pattern',
  pattern: parseUrlPattern(source, 'url'),
});
const path = (source: PageSource, entry: Record<string, unknown>, locale = 'en', r = rules) =>
  pagePath(source, entry, { uid: 'api::page.page', documentId: 'd1', locale, rules: r });

describe('pagePath', () => {
  it('puts the home page at the locale root, or the root', () => {
    expect(path(pattern('/{locale}/{slug}'), { slug: 'homepage' }, 'fr')).toBe('/fr');
    expect(path(pattern('/{locale}/{slug}/'), { slug: 'home' }, 'fr')).toBe('/fr/');
    expect(path(pattern('/{slug}'), { slug: 'Homepage' })).toBe('/');
    expect(path(pattern('/{locale}/{slug}'), { slug: 'pricing' }, 'fr')).toBe('/fr/pricing');
    // Only where the slug is the whole path: a blog post called "home" is no home page.
    expect(path(pattern('/{locale}/blog/{slug}'), { slug: 'home' }, 'fr')).toBe('/fr/blog/home');
    expect(path(pattern('/{slug}'), { slug: 'home' }, '', { ...rules, homeSlugs: [] })).toBe(
      '/home',
    );
  });

  it('leaves the default locale unprefixed on request', () => {
    const asNeeded: UrlRules = { ...rules, localePrefix: 'except-default' };
    expect(path(pattern('/{locale}/{slug}'), { slug: 'about' }, 'en', asNeeded)).toBe('/about');
    expect(path(pattern('/{locale}/{slug}'), { slug: 'about' }, 'fr', asNeeded)).toBe('/fr/about');
    expect(path(pattern('/{locale}/{slug}'), { slug: 'home' }, 'en', asNeeded)).toBe('/');
    expect(path(pattern('/{locale}/{slug}'), { slug: 'home' }, 'fr', asNeeded)).toBe('/fr');
    expect(path(pattern('/{locale}'), {}, 'en', asNeeded)).toBe('/');
  });

  it('takes related entries’ values, nested, and whole paths', () => {
    const entry = { slug: 'x', category: { parent: { slug: 'guides' } }, fullPath: '/docs/a/b' };
    expect(path(pattern('/blog/{category.parent.slug}/{slug}'), entry)).toBe('/blog/guides/x');
    expect(path(pattern('/{locale}/{fullPath*}'), entry, 'fr')).toBe('/fr/docs/a/b');
    expect(path(pattern('/blog/{category.slug}/{slug}'), entry)).toBeUndefined();
  });

  it('asks a url function, refusing what is not a string', () => {
    const fn: PageSource = {
      kind: 'function',
      source: 'fn',
      resolve: ({ entry, locale, defaultLocale, documentId }) =>
        entry.slug === 'none'
          ? null
          : `/${locale === defaultLocale ? '' : `${locale}/`}p/${String(entry.slug)}-${documentId}`,
    };
    expect(path(fn, { slug: 'a' })).toBe('/p/a-d1');
    expect(path(fn, { slug: 'a' }, 'fr')).toBe('/fr/p/a-d1');
    expect(path(fn, { slug: 'none' })).toBeUndefined();
    const broken: PageSource = {
      kind: 'function',
      source: 'fn',
      resolve: () => {
        throw new Error('boom');
      },
    };
    expect(() => path(broken, {})).toThrow(ValidationError);
    expect(() => path({ ...broken, resolve: () => 42 as unknown as string }, {})).toThrow(
      /returned a number/,
    );
    expect(path({ kind: 'none' }, { slug: 'a' })).toBeUndefined();
  });
});

describe('canonicalPath', () => {
  it('is the path of a canonical URL on the site’s origin, and nothing off it', () => {
    const origin = 'https://site.example';
    expect(canonicalPath('https://site.example/en/pricing', origin)).toBe('/en/pricing');
    expect(canonicalPath('/en/pricing?x=1', origin)).toBe('/en/pricing?x=1');
    expect(canonicalPath('https://other.example/en/pricing', origin)).toBe('off-origin');
    expect(canonicalPath('http://site.example/en/pricing', origin)).toBe('off-origin');
    expect(canonicalPath('  ', origin)).toBeUndefined();
    expect(canonicalPath(null, origin)).toBeUndefined();
  });
});
