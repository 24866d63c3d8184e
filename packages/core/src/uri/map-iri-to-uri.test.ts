import { iriToUri, uriToDisplayIri } from './map-iri-to-uri';
import { UriError } from './uri-error';

describe('iriToUri (RFC 3987 §3.1)', () => {
  it.each([
    // §3.1 examples
    ['https://www.example.org/red%09ros\u00E9#red', 'https://www.example.org/red%09ros%C3%A9#red'],
    [
      'http://example.com/\u{10300}\u{10301}\u{10302}',
      'http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82',
    ],
    // a DNS host goes through IDNA (allowed by §3.1 for schemes known to use DNS)
    ['http://r\u00E9sum\u00E9.example.org', 'http://xn--rsum-bpad.example.org'],
    // other hosts, and an invalid IDN, are percent-encoded (§3.1 step 2)
    ['foo://r\u00E9sum\u00E9.example.org', 'foo://r%C3%A9sum%C3%A9.example.org'],
    ['http://a\u200Cb\u00E9.com/', 'http://a%E2%80%8Cb%C3%A9.com/'],
    // iprivate in the query, userinfo, relative references
    ['http://u\u00E9@a/?\uE000', 'http://u%C3%A9@a/?%EE%80%80'],
    ['../d\u00FCrst?x#\u00E7', '../d%C3%BCrst?x#%C3%A7'],
  ])('%s → %s', (iri, uri) => {
    expect(iriToUri(iri)).toBe(uri);
  });

  it('maps a URI to itself: no case, dot-segment or percent-encoding changes', () => {
    for (const uri of [
      'HTTP://Example.COM/a/./b/%7e?%7E#X',
      'mailto:Joe@Example.COM',
      'http://r%c3%a9sum%c3%a9.org',
    ]) {
      expect(iriToUri(uri)).toBe(uri);
    }
  });

  it('rejects what is not an IRI reference', () => {
    expect(() => iriToUri('http://a/ b')).toThrow(UriError);
    expect(() => iriToUri('http://a/\uE000')).toThrow(UriError);
  });
});

describe('uriToDisplayIri (RFC 3987 §3.2)', () => {
  it.each([
    // §3.2 examples
    ['http://www.example.org/D%C3%BCrst', 'http://www.example.org/D\u00FCrst'],
    ['http://www.example.org/D%FCrst', 'http://www.example.org/D%FCrst'],
    ['http://xn--99zt52a.example.org/%e2%80%ae', 'http://\u7D0D\u8C46.example.org/%e2%80%ae'],
    // unreserved characters are decoded, reserved ones and "%" stay encoded
    ['http://a/%7Euser/%2F%25%3F', 'http://a/~user/%2F%25%3F'],
    // iprivate only in the query
    ['http://a/%EE%80%80?%EE%80%80', 'http://a/%EE%80%80?\uE000'],
    // overlong and truncated UTF-8 stay encoded
    ['http://a/%C0%AF%E2%82', 'http://a/%C0%AF%E2%82'],
    // an invalid IDN stays in ASCII; a non-DNS host is only percent-decoded
    ['http://xn--zz.example/', 'http://xn--zz.example/'],
    ['foo://r%C3%A9sum%C3%A9/', 'foo://r\u00E9sum\u00E9/'],
  ])('%s → %s', (uri, iri) => {
    expect(uriToDisplayIri(uri)).toBe(iri);
  });

  it('round-trips through iriToUri for UTF-8 paths', () => {
    const uri = 'http://example.org/%E6%97%A5%E6%9C%AC/r%C3%A9sum%C3%A9?q=%C3%BC#%C3%A7';
    expect(iriToUri(uriToDisplayIri(uri))).toBe(uri);
  });
});
