import { mUrlFor, assertMUrlScheme } from './m-url-path';

describe('mUrlFor', () => {
  it.each([
    ['https://example.com/', 'https://example.com/llm.json'],
    ['https://example.com/blog/post/', 'https://example.com/blog/post/llm.json'],
    ['https://example.com/blog/post', 'https://example.com/blog/post/llm.json'],
  ])('%s → %s', (cUrl, mUrl) => expect(mUrlFor(cUrl)).toBe(mUrl));

  it('supports a directory-style suffix', () => {
    expect(mUrlFor('https://example.com/a/', { suffix: 'llm/' })).toBe(
      'https://example.com/a/llm/',
    );
  });

  it('gives listings with a query no M-URL', () => {
    expect(() => mUrlFor('https://example.com/search?q=x')).toThrow(/query/);
  });

  it('rejects a suffix that is not one segment', () => {
    expect(() => assertMUrlScheme({ suffix: '../x' })).toThrow(/one path segment/);
    expect(() => assertMUrlScheme({ suffix: 'a/b' })).toThrow(/one path segment/);
  });
});
