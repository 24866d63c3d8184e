import { isHttpUrl, resolveUrlAgainst } from './http-url';
import { UriError } from './uri-error';

describe('isHttpUrl', () => {
  it.each([
    'http://example.com',
    'https://example.com/a?b#c',
    'HTTPS://EXAMPLE.COM:443/',
    'http://192.0.2.1:65535/',
    'http://[::1]/',
    'https://bücher.example/straße',
    'http://user@example.com/',
  ])('accepts %s', (url) => {
    expect(isHttpUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript://example.com/%0Aalert(1)',
    'data:text/html,<b>x</b>',
    'mailto:a@example.com',
    'ftp://example.com/',
    'http:example.com',
    'http:/example.com',
    'http:///path',
    'http://:80/',
    'http://example.com:65536/',
    'http://exa mple.com/',
    'http://xn--zz.de/',
    'http://%C2%AD/',
    '//example.com/',
    '/relative',
    '',
    42,
    null,
    undefined,
  ])('refuses %j', (url) => {
    expect(isHttpUrl(url)).toBe(false);
  });
});

describe('resolveUrlAgainst', () => {
  const resolve = resolveUrlAgainst('https://Example.com/docs/guide/page?x=1');

  it.each([
    ['intro', 'https://example.com/docs/guide/intro'],
    ['../api/', 'https://example.com/docs/api/'],
    ['/a/./b/../c', 'https://example.com/a/c'],
    ['?y=2', 'https://example.com/docs/guide/page?y=2'],
    ['#top', 'https://example.com/docs/guide/page?x=1#top'],
    ['', 'https://example.com/docs/guide/page?x=1'],
    ['//CDN.example.net:443/x.png', 'https://cdn.example.net/x.png'],
    ['http://other.example:80', 'http://other.example/'],
    ['bücher/%7einfo', 'https://example.com/docs/guide/b%C3%BCcher/~info'],
    ['https://faß.de/', 'https://xn--fa-hia.de/'],
    // what markup hands over: surrounding whitespace, line breaks, spaces and the like
    ['  /a b\n/c  ', 'https://example.com/a%20b/c'],
    ['/x?q="<{|}>"^`', 'https://example.com/x?q=%22%3C%7B%7C%7D%3E%22%5E%60'],
  ])('%j → %s', (reference, expected) => {
    expect(resolve(reference)).toBe(expected);
  });

  it.each([
    'javascript:alert(1)',
    ' JAVASCRIPT:alert(1)',
    'java\nscript:alert(1)',
    'data:text/plain,hi',
    'vbscript:msgbox',
    'mailto:a@example.com',
    'ftp://example.com/',
    'tel:+1-816-555-1212',
    'http:relative',
    'http://',
    'https://example.com:99999/',
    'https://xn--zz.de/',
    '/a\\b',
    '/100%',
    '/\u0000',
  ])('drops %j', (reference) => {
    expect(resolve(reference)).toBeUndefined();
  });

  it('drops non-strings instead of throwing', () => {
    expect(resolve(42 as unknown as string)).toBeUndefined();
  });

  it('refuses a base that is not an absolute http(s) URL, at once', () => {
    for (const base of ['/relative', 'mailto:a@example.com', 'http:///x', 'not a url']) {
      expect(() => resolveUrlAgainst(base)).toThrow(UriError);
    }
  });
});
