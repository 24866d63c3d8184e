import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { ValidationError } from '@agent-ready/core/errors';
import { expandUrlPattern, parseUrlPattern } from './url-pattern';

describe('parseUrlPattern', () => {
  it('splits literals and placeholders', () => {
    expect(parseUrlPattern('/{locale}/blog/{category.slug}/{slug}/', 'url')).toEqual({
      source: '/{locale}/blog/{category.slug}/{slug}/',
      parts: [
        { literal: '/' },
        { placeholder: 'locale' },
        { literal: '/blog/' },
        { placeholder: 'category.slug' },
        { literal: '/' },
        { placeholder: 'slug' },
        { literal: '/' },
      ],
      placeholders: ['locale', 'category.slug', 'slug'],
    });
  });

  it.each([
    ['blog/{slug}', 'must start with /'],
    ['/blog/{slug', 'has a { without }'],
    ['/blog/slug}', 'has a } without {'],
    ['/blog/{a b}', 'is not an attribute name'],
    ['/blog/{a.b.c.d.e}', 'is not an attribute name'],
    ['/blog/{a*b}', 'is not an attribute name'],
    ['/blog/{a}{b}', 'separated by literal text'],
    ['/blog?x={slug}', 'do not belong in a path'],
    ['/blog/{slug}#top', 'do not belong in a path'],
  ])('%s: %s', (pattern, message) => {
    expect(() => parseUrlPattern(pattern, 'contentTypes["x"].url')).toThrow(
      new RegExp(`contentTypes\\["x"\\]\\.url: .*${message.replace(/[{}]/g, '\\$&')}`),
    );
  });

  it('any string parses or throws a ValidationError', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('/', '{', '}', 'a', '.', '?', ' ', 'é') }),
        (s) => {
          try {
            parseUrlPattern(s, 'url');
          } catch (error) {
            expect(error).toBeInstanceOf(ValidationError);
          }
        },
      ),
      propertyRuns(500),
    );
  });
});

describe('expandUrlPattern', () => {
  const pattern = parseUrlPattern('/{locale}/blog/{slug}/', 'url');

  it('encodes each value as one path segment', () => {
    const values: Record<string, unknown> = { locale: 'pt-BR', slug: 'a/b c?é' };
    expect(expandUrlPattern(pattern, (name) => values[name])).toBe(
      '/pt-BR/blog/a%2Fb%20c%3F%C3%A9/',
    );
  });

  it('has no URL when a value is missing, empty, or a dot segment', () => {
    for (const slug of [undefined, null, '', '  ', '.', '..']) {
      expect(expandUrlPattern(pattern, (name) => (name === 'slug' ? slug : 'en'))).toBeUndefined();
    }
  });

  it('writes numbers and dates', () => {
    const p = parseUrlPattern('/{year}/{id}/', 'url');
    const values: Record<string, unknown> = { year: new Date('2025-10-01T12:00:00Z'), id: 42 };
    expect(expandUrlPattern(p, (name) => values[name])).toBe('/2025-10-01/42/');
  });

  it('keeps the slashes of a path placeholder, and an empty path is the root', () => {
    const p = parseUrlPattern('/{locale}/{fullPath*}', 'url');
    expect(p.placeholders).toEqual(['locale', 'fullPath*']);
    const expand = (fullPath: unknown) =>
      expandUrlPattern(p, (name) => (name === 'locale' ? 'en' : fullPath));
    expect(expand('/about/team')).toBe('/en/about/team');
    expect(expand('about/a b/')).toBe('/en/about/a%20b');
    expect(expand('/')).toBe('/en');
    expect(expand('')).toBe('/en');
    expect(expand('/a/../b')).toBeUndefined();
    expect(expand(null)).toBeUndefined();
    expect(expandUrlPattern(parseUrlPattern('/{path*}', 'url'), () => '/')).toBe('/');
    expect(expandUrlPattern(parseUrlPattern('/{path*}/', 'url'), () => 'x/y')).toBe('/x/y/');
  });

  it('follows placeholders through relations and components, a few levels deep', () => {
    expect(parseUrlPattern('/{a.b.c.slug}', 'url').placeholders).toEqual(['a.b.c.slug']);
  });
});
