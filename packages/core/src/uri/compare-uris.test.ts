import { compareUris } from './compare-uris';
import { UriError } from './uri-error';

describe('compareUris (the RFC 3986 §6.2 ladder)', () => {
  it.each([
    // simple string: identical text, whatever it holds (IRIs are not mapped here)
    ['http://example.com/a', 'http://example.com/a', 'simple-string'],
    ['http://r\u00E9sum\u00E9.org/\u00E9', 'http://r\u00E9sum\u00E9.org/\u00E9', 'simple-string'],
    ['foo:bar', 'foo:bar', 'simple-string'],
    // syntax-based (§6.2.2, RFC 3987 §5.3.2)
    ['example://a/b/c/%7Bfoo%7D', 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d', 'syntax-based'],
    ['HTTP://www.EXAMPLE.com/', 'http://www.example.com/', 'syntax-based'],
    ['http://example.org/~user', 'http://example.org/%7euser', 'syntax-based'],
    ['http://example.org/r\u00E9sum\u00E9', 'http://example.org/r%C3%A9sum%C3%A9', 'syntax-based'],
    ['http://[::1]/', 'http://[0:0:0:0:0:0:0:1]/', 'syntax-based'],
    // an IRI with a percent-encoded space and its URI mapping (RFC 3987 §5.3)
    [
      'http://example.org/caf\u00E9%20cr\u00E8me',
      'http://example.org/caf%C3%A9%20cr%C3%A8me',
      'syntax-based',
    ],
    ['http://[2001:DB8:0:0:0:0:0:1]/', 'http://[2001:db8::1]/', 'syntax-based'],
    ['foo://a/b/../c', 'foo://a/c', 'syntax-based'],
    // scheme-based (§6.2.3, RFC 3987 §5.3.3)
    ['http://example.com', 'http://example.com:80/', 'scheme-based'],
    ['https://example.com:443/', 'https://example.com', 'scheme-based'],
    ['http://r\u00E9sum\u00E9.example.org', 'http://xn--rsum-bpad.example.org', 'scheme-based'],
    ['http://RÉSUMÉ.example.org/', 'http://résumé.example.org/', 'scheme-based'],
  ])('%s ≡ %s on the %s rung', (a, b, rung) => {
    expect(compareUris(a, b)).toEqual({ equivalent: true, rung });
    expect(compareUris(b, a)).toEqual({ equivalent: true, rung });
  });

  it.each([
    ['http://example.com/', 'http://example.com/?'],
    ['http://example.com/', 'http://example.com/#'],
    ['http://example.com/a', 'http://example.com/A'],
    ['http://example.com/a%2Fb', 'http://example.com/a/b'],
    ['http://example.com:8080/', 'http://example.com/'],
    ['https://example.com:80/', 'http://example.com/'],
    ['http://www.example.com/', 'http://example.com/'],
    ['http://example.com/data', 'http://example.com/data/'],
    ['http://example.com./', 'http://example.com/'],
    ['foo://a', 'foo://a/'],
    ['foo://a:/', 'foo://a/'],
    ['mailto:Joe@Example.COM', 'mailto:Joe@example.com'],
    // RFC 3987 §5.3.2.2: NFC is not applied when comparing
    [
      'http://www.example.org/r\u00E9sum\u00E9.html',
      'http://www.example.org/re\u0301sume\u0301.html',
    ],
    // a numeric reg-name is not an IPv4 address (RFC 3986 §3.2.2)
    ['http://0x7f.1/', 'http://127.0.0.1/'],
  ])('%s and %s are different', (a, b) => {
    expect(compareUris(a, b)).toEqual({ equivalent: false, rung: 'none' });
    expect(compareUris(b, a)).toEqual({ equivalent: false, rung: 'none' });
  });

  it('leaves fragments out when comparing for retrieval (§6.1, DECISIONS §5)', () => {
    expect(compareUris('http://a/b#x', 'http://a/b#y', { forRetrieval: true })).toEqual({
      equivalent: true,
      rung: 'simple-string',
    });
    expect(compareUris('http://a/b', 'http://a/b#', { forRetrieval: true }).rung).toBe(
      'simple-string',
    );
    expect(compareUris('HTTP://A/b#x', 'http://a/b#Y', { forRetrieval: true }).rung).toBe(
      'syntax-based',
    );
    expect(compareUris('http://a#x', 'http://a/#Y', { forRetrieval: true }).rung).toBe(
      'scheme-based',
    );
    expect(compareUris('http://a/b#x', 'http://a/b#y').equivalent).toBe(false);
  });

  it('climbs to the protocol-based rung only when a redirect showed the trailing slash', () => {
    const redirected = { redirectShowsTrailingSlash: true };
    expect(compareUris('http://example.com/data', 'http://example.com/data/', redirected)).toEqual({
      equivalent: true,
      rung: 'protocol-based',
    });
    expect(
      compareUris('http://EXAMPLE.com:80/data/', 'http://example.com/data', redirected).rung,
    ).toBe('protocol-based');
    // still nothing but a trailing slash
    expect(
      compareUris('http://example.com/data', 'http://example.com/data//', redirected).equivalent,
    ).toBe(false);
    expect(
      compareUris('http://example.com/data', 'http://example.com/dat/', redirected).equivalent,
    ).toBe(false);
    expect(
      compareUris('http://example.com/a?x', 'http://example.com/a/?y', redirected).equivalent,
    ).toBe(false);
    expect(compareUris('http://example.com/a', 'http://other.com/a/', redirected).equivalent).toBe(
      false,
    );
  });

  it('refuses relative references and malformed input with UriError', () => {
    expect(() => compareUris('/a', '/a')).toThrow(UriError);
    expect(() => compareUris('http://a/', 'http://a/ b')).toThrow(UriError);
    expect(() => compareUris('http://a b/', 'http://a b/')).toThrow(UriError);
    expect(() => compareUris('http://xn--zz.de/', 'http://x.de/')).toThrow(UriError);
  });
});
