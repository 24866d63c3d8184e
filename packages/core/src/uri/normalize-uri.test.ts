import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { normalizeUri, normalizeUriReference, normalizeUriSyntax } from './normalize-uri';
import { resolveUri } from './resolve-uri';
import { UriError } from './uri-error';

describe('normalizeUri', () => {
  it('applies every §6.2.2 step to the RFC 3986 example', () => {
    expect(normalizeUri('eXAMPLE://a/./b/../b/%63/%7bfoo%7d')).toBe('example://a/b/c/%7Bfoo%7D');
  });

  it.each([
    // §6.2.2.1 case: scheme and host lowercase, triplet hex uppercase, everything else as is
    ['HTTP://www.EXAMPLE.com/', 'http://www.example.com/'],
    ['http://example.com/%3a%2f%c3%a9', 'http://example.com/%3A%2F%C3%A9'],
    ['http://example.com/CaSe?Q=V#F', 'http://example.com/CaSe?Q=V#F'],
    // §6.2.2.2 percent-encoding: unreserved decoded, reserved and other octets kept encoded
    ['http://example.com/%7Euser', 'http://example.com/~user'],
    ['http://example.com/%41%5a%61%7A%30%39%2D%2E%5F%7E', 'http://example.com/AZaz09-._~'],
    ['http://example.com/a%2Fb%3Fc%23d%26e%3Df%25', 'http://example.com/a%2Fb%3Fc%23d%26e%3Df%25'],
    ['http://example.com/?q=%7e%20%2b+', 'http://example.com/?q=~%20%2B+'],
    ['http://example.com/#%7e%2f', 'http://example.com/#~%2F'],
    ['http://us%65r:p%40ss@example.com/', 'http://user:p%40ss@example.com/'],
    // a host's letters are lowercased, never the hex of its triplets
    ['foo://EX%41MPLE%2f.com/', 'foo://example%2F.com/'],
    // §6.2.2.3 dot-segments, including ".." above the root and encoded dots
    ['http://example.com/a/./b/../c', 'http://example.com/a/c'],
    ['http://example.com/../../a', 'http://example.com/a'],
    ['http://example.com/a/%2e%2E/b', 'http://example.com/b'],
    ['http://example.com/a/..', 'http://example.com/'],
    ['http://example.com/a/.', 'http://example.com/a/'],
    ['http://example.com/a?b/../c', 'http://example.com/a?b/../c'],
    // §6.2.3 http(s): default or empty port dropped, empty path is "/"
    ['http://example.com', 'http://example.com/'],
    ['http://example.com:/', 'http://example.com/'],
    ['http://example.com:80/', 'http://example.com/'],
    ['http://example.com:0080/', 'http://example.com/'],
    ['https://example.com:443', 'https://example.com/'],
    ['https://example.com:80/', 'https://example.com:80/'],
    ['http://example.com:443/', 'http://example.com:443/'],
    ['http://example.com:08080/', 'http://example.com:8080/'],
    ['http://example.com:0/', 'http://example.com:0/'],
    ['ws://example.com:80', 'ws://example.com/'],
    ['wss://example.com:443?x', 'wss://example.com/?x'],
    // ftp too (RFC 1738 §3.2: port 21, an omitted path is the root)
    ['ftp://foo:21/', 'ftp://foo/'],
    ['FTP://Foo:021', 'ftp://foo/'],
    ['ftp://foo:2121/a', 'ftp://foo:2121/a'],
    ['ftp://foo:80/', 'ftp://foo:80/'],
    // delimiters of empty components are kept (§6.2.3)
    ['http://example.com/?', 'http://example.com/?'],
    ['http://example.com/#', 'http://example.com/#'],
    ['http://example.com?#', 'http://example.com/?#'],
    ['http://@example.com/', 'http://@example.com/'],
    ['http://:@example.com/', 'http://:@example.com/'],
    // no "www" stripping, no query sorting, no trailing-slash guessing
    ['http://www.example.com/a/', 'http://www.example.com/a/'],
    ['http://example.com/?b=2&a=1', 'http://example.com/?b=2&a=1'],
    ['http://example.com/index.html', 'http://example.com/index.html'],
    // hosts: IPv4 as is, IPv6 in RFC 5952 form, IDN to punycode
    ['http://192.0.2.1:80/', 'http://192.0.2.1/'],
    ['http://[2001:DB8:0:0:0:0:0:1]/', 'http://[2001:db8::1]/'],
    ['http://[::FFFF:C000:0280]:8080', 'http://[::ffff:192.0.2.128]:8080/'],
    ['http://[FE80::1%25En0]/', 'http://[fe80::1%25En0]/'],
    ['http://[V7.Future]/', 'http://[v7.future]/'],
    ['http://résumé.example.org', 'http://xn--rsum-bpad.example.org/'],
    ['http://r%C3%A9sum%C3%A9.example.org/', 'http://xn--rsum-bpad.example.org/'],
    ['http://R%c3%89SUM%c3%89.example.org/', 'http://xn--rsum-bpad.example.org/'],
    ['http://XN--RSUM-BPAD.Example.ORG/', 'http://xn--rsum-bpad.example.org/'],
    ['https://faß.de/', 'https://xn--fa-hia.de/'],
    ['http://example.com./', 'http://example.com./'],
    ['http://a%2Fb/', 'http://a%2Fb/'],
    ['http://a_b.example/', 'http://a_b.example/'],
    // IRI characters become percent-encoded UTF-8 in every other component
    ['http://example.org/rosé?ü#ç', 'http://example.org/ros%C3%A9?%C3%BC#%C3%A7'],
    ['http://example.org/?\uE000', 'http://example.org/?%EE%80%80'],
    ['http://example.org/\u{1F600}', 'http://example.org/%F0%9F%98%80'],
    // NFC is not applied (RFC 3987 §5.3.2.2): decomposed stays decomposed
    ['http://example.org/re\u0301sume\u0301', 'http://example.org/re%CC%81sume%CC%81'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeUri(input)).toBe(expected);
  });

  it('uses only the generic syntax for other schemes', () => {
    expect(normalizeUri('FOO://Example.COM:/')).toBe('foo://example.com:/');
    expect(normalizeUri('foo://example.com')).toBe('foo://example.com');
    expect(normalizeUri('gopher://example.com:70/')).toBe('gopher://example.com:70/');
    expect(normalizeUri('mailto:Joe@Example.COM')).toBe('mailto:Joe@Example.COM');
    expect(normalizeUri('urn:ISBN:0-395-36341-1')).toBe('urn:ISBN:0-395-36341-1');
    // a non-DNS reg-name is percent-encoded UTF-8, not punycode
    expect(normalizeUri('foo://résumé/')).toBe('foo://r%C3%A9sum%C3%A9/');
    expect(normalizeUri('file:///C:/a/../b')).toBe('file:///C:/b');
  });

  it('normalizes http URIs without authority only syntactically ("http:g" stays)', () => {
    expect(normalizeUri('HTTP:g')).toBe('http:g');
    expect(normalizeUri('http:/a/../b')).toBe('http:/b');
  });

  it('keeps a path that starts with "//" from turning into an authority', () => {
    expect(normalizeUri('foo:/.//bar')).toBe('foo:/.//bar');
    expect(normalizeUri('foo:a/..//bar')).toBe('foo:/.//bar');
    expect(normalizeUri('http://a/.//b')).toBe('http://a//b');
  });

  it('returns a normal URI unchanged, on the fast path and off it', () => {
    for (const uri of [
      'https://example.com/a/b?c=d&e#f',
      'http://example.com:8080/%C3%A9',
      'http://xn--rsum-bpad.example.org/',
      'http://[2001:db8::1]/',
      'foo://example.com',
    ]) {
      expect(normalizeUri(uri)).toBe(uri);
    }
  });

  it.each([
    ['/relative/path', 'uri.not-absolute'],
    ['//example.com/', 'uri.not-absolute'],
    ['http://exa mple/', 'uri.invalid-host'],
    ['http://example.com/%', 'uri.invalid-percent-encoding'],
    ['http://xn--zz.de/', 'uri.idna'],
    ['http://a\u200Cb.com/', 'uri.idna'],
    ['http://1\u05D0.com/', 'uri.idna'],
    ['http://%FF.com/', 'uri.idna'],
    ['http://a.%CC%81b/', 'uri.idna'],
  ])('rejects %j with %s', (input, code) => {
    expect(() => normalizeUri(input)).toThrow(UriError);
    try {
      normalizeUri(input);
    } catch (error) {
      expect((error as UriError).code).toBe(code);
      expect((error as UriError).value).toBe(input);
    }
  });

  it('is idempotent on its own output', () => {
    for (const input of [
      'HTTP://R%c3%89SUM%c3%89.Example.ORG:0080/a/../%7e/%2f?%7e#%7e',
      'foo:a/..//bar',
      'http://[::FFFF:C000:0280]',
      'https://FAß.de:/x/./y/',
    ]) {
      const once = normalizeUri(input);
      expect(normalizeUri(once)).toBe(once);
    }
  });
});

describe('normalizeUriSyntax', () => {
  it('stops at §6.2.2: ports, empty paths and IDN hosts stay as they are', () => {
    expect(normalizeUriSyntax('HTTP://Example.COM:80')).toBe('http://example.com:80');
    expect(normalizeUriSyntax('http://résumé.example.org/%7e')).toBe(
      'http://r%C3%A9sum%C3%A9.example.org/~',
    );
  });
});

describe('normalizeUriReference (no base)', () => {
  it.each([
    ['//Example.COM/a/../b', '//example.com/b'],
    ['//[2001:DB8:0:0:0:0:0:1]:8080/%7ea', '//[2001:db8::1]:8080/~a'],
    ['/a/./b/../c', '/a/c'],
    ['/a/%7e%2f', '/a/~%2F'],
    ['a/./b/../c', 'a/c'],
    ['../x', '../x'],
    ['a/../../x', '../x'],
    ['..', '../'],
    ['a/..', './'],
    ['./a:b', './a:b'],
    ['a/../c:d', './c:d'],
    ['?q=%7e', '?q=~'],
    ['#f', '#f'],
    ['', ''],
    ['résumé', 'r%C3%A9sum%C3%A9'],
    ['HTTP://Example.com:80/a/../b', 'http://example.com/b'],
  ])('%j → %j', (reference, normal) => {
    expect(normalizeUriReference(reference)).toBe(normal);
  });

  it('keeps meaning: resolving the normal form gives what resolving the reference gives', () => {
    const base = 'http://a/b/c/d;p?q';
    const segment = fc.constantFrom('a', 'b', '.', '..', '', 'x:y', '%7e');
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 6 }).map((parts) => parts.join('/')),
        (reference) => {
          if (/^[^/]*:/.test(reference)) return; // would read as a scheme: not a relative path
          // Malformed ones (`//x:y` has a bad port) must fail on both sides.
          const outcome = (resolve: () => string) => {
            try {
              return normalizeUri(resolve());
            } catch (error) {
              return error instanceof UriError ? 'UriError' : String(error);
            }
          };
          expect(outcome(() => resolveUri(base, normalizeUriReference(reference)))).toBe(
            outcome(() => resolveUri(base, reference)),
          );
        },
      ),
      propertyRuns(2000),
    );
  });
});
