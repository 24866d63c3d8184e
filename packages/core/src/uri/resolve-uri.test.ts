import { resolveUri } from './resolve-uri';
import { UriError } from './uri-error';

const BASE = 'http://a/b/c/d;p?q';

describe('resolveUri (RFC 3986 §5.2, strict)', () => {
  // RFC 3986 §5.4.1 "Normal Examples", transcribed from the RFC text.
  it.each([
    ['g:h', 'g:h'],
    ['g', 'http://a/b/c/g'],
    ['./g', 'http://a/b/c/g'],
    ['g/', 'http://a/b/c/g/'],
    ['/g', 'http://a/g'],
    ['//g', 'http://g'],
    ['?y', 'http://a/b/c/d;p?y'],
    ['g?y', 'http://a/b/c/g?y'],
    ['#s', 'http://a/b/c/d;p?q#s'],
    ['g#s', 'http://a/b/c/g#s'],
    ['g?y#s', 'http://a/b/c/g?y#s'],
    [';x', 'http://a/b/c/;x'],
    ['g;x', 'http://a/b/c/g;x'],
    ['g;x?y#s', 'http://a/b/c/g;x?y#s'],
    ['', 'http://a/b/c/d;p?q'],
    ['.', 'http://a/b/c/'],
    ['./', 'http://a/b/c/'],
    ['..', 'http://a/b/'],
    ['../', 'http://a/b/'],
    ['../g', 'http://a/b/g'],
    ['../..', 'http://a/'],
    ['../../', 'http://a/'],
    ['../../g', 'http://a/g'],
  ])('normal example %j → %j', (reference, expected) => {
    expect(resolveUri(BASE, reference)).toBe(expected);
  });

  // RFC 3986 §5.4.2 "Abnormal Examples".
  it.each([
    ['../../../g', 'http://a/g'],
    ['../../../../g', 'http://a/g'],
    ['/./g', 'http://a/g'],
    ['/../g', 'http://a/g'],
    ['g.', 'http://a/b/c/g.'],
    ['.g', 'http://a/b/c/.g'],
    ['g..', 'http://a/b/c/g..'],
    ['..g', 'http://a/b/c/..g'],
    ['./../g', 'http://a/b/g'],
    ['./g/.', 'http://a/b/c/g/'],
    ['g/./h', 'http://a/b/c/g/h'],
    ['g/../h', 'http://a/b/c/h'],
    ['g;x=1/./y', 'http://a/b/c/g;x=1/y'],
    ['g;x=1/../y', 'http://a/b/c/y'],
    ['g?y/./x', 'http://a/b/c/g?y/./x'],
    ['g?y/../x', 'http://a/b/c/g?y/../x'],
    ['g#s/./x', 'http://a/b/c/g#s/./x'],
    ['g#s/../x', 'http://a/b/c/g#s/../x'],
    ['http:g', 'http:g'],
  ])('abnormal example %j → %j', (reference, expected) => {
    expect(resolveUri(BASE, reference)).toBe(expected);
  });

  it.each([
    // §5.2.3 merge: a base with an authority and an empty path merges under "/"
    ['http://a', 'g', 'http://a/g'],
    ['http://a', '?y', 'http://a?y'],
    // a base without authority: rootless paths merge and lose their dot-segments
    ['foo:a/b', 'c', 'foo:a/c'],
    // ("a/../c": rule E moves "a", rule C pops it and leaves "/c", so the RFC's answer is rooted)
    ['foo:a/b', '../c', 'foo:/c'],
    ['foo:a', 'b', 'foo:b'],
    ['mailto:x@example.com', '?subject=hi', 'mailto:x@example.com?subject=hi'],
    // §5.1: the base's fragment never reaches the target
    ['http://a/b#frag', '', 'http://a/b'],
    ['http://a/b#frag', '?q', 'http://a/b?q'],
    // an empty query in the reference replaces the base's query; none keeps it
    ['http://a/b?q', '?', 'http://a/b?'],
    ['http://a/b?q', '#', 'http://a/b?q#'],
    // a reference with a scheme has its dot-segments removed too
    ['http://a/b', 'HTTP://X/./y/../z', 'HTTP://X/z'],
    // no case or percent normalization: resolution only
    ['http://A/b', 'c%7e', 'http://A/c%7e'],
    // IRIs resolve the same way (RFC 3987 §6.5) and keep their characters
    ['http://例え.jp/ä/ö', 'ü', 'http://例え.jp/ä/ü'],
    // a target path starting "//" without authority keeps a "/." so it does not read as one
    ['foo:/a', '/.//b', 'foo:/.//b'],
  ])('%j + %j → %j', (base, reference, expected) => {
    expect(resolveUri(base, reference)).toBe(expected);
  });

  it('refuses a relative base and malformed arguments, naming which argument', () => {
    expect(() => resolveUri('/a/b', 'c')).toThrow(UriError);
    try {
      resolveUri('//a/b', 'c');
    } catch (error) {
      expect((error as UriError).code).toBe('uri.not-absolute');
      expect((error as UriError).message).toMatch(/^base URI: /);
    }
    try {
      resolveUri('http://a/', 'b c');
    } catch (error) {
      expect((error as UriError).code).toBe('uri.invalid-path');
      expect((error as UriError).message).toMatch(/^reference: /);
    }
    expect.assertions(5);
  });
});
