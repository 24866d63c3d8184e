import { parseUri, parseUriReference } from './parse-uri';
import { serializeUri } from './serialize-uri';
import { UriError } from './uri-error';

function errorOf(run: () => unknown): UriError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UriError);
    return error as UriError;
  }
  throw new Error('expected a UriError');
}

describe('parseUriReference', () => {
  it('splits the RFC 3986 §3 example into its five components', () => {
    expect(parseUriReference('foo://example.com:8042/over/there?name=ferret#nose')).toEqual({
      scheme: 'foo',
      authority: { host: 'example.com', hostKind: 'reg-name', port: '8042' },
      path: '/over/there',
      query: 'name=ferret',
      fragment: 'nose',
    });
    expect(parseUriReference('urn:example:animal:ferret:nose')).toEqual({
      scheme: 'urn',
      path: 'example:animal:ferret:nose',
    });
  });

  it.each([
    ['ftp://ftp.is.co.za/rfc/rfc1808.txt', 'ftp', 'ftp.is.co.za', 'reg-name', '/rfc/rfc1808.txt'],
    ['http://www.ietf.org/rfc/rfc2396.txt', 'http', 'www.ietf.org', 'reg-name', '/rfc/rfc2396.txt'],
    ['ldap://[2001:db8::7]/c=GB?objectClass?one', 'ldap', '2001:db8::7', 'ipv6', '/c=GB'],
    ['telnet://192.0.2.16:80/', 'telnet', '192.0.2.16', 'ipv4', '/'],
  ])('reads the RFC 3986 §1.1.2 example %s', (uri, scheme, host, hostKind, path) => {
    const parsed = parseUriReference(uri);
    expect(parsed.scheme).toBe(scheme);
    expect(parsed.authority?.host).toBe(host);
    expect(parsed.authority?.hostKind).toBe(hostKind);
    expect(parsed.path).toBe(path);
  });

  it.each([
    'mailto:John.Doe@example.com',
    'news:comp.infosystems.www.servers.unix',
    'tel:+1-816-555-1212',
    'urn:oasis:names:specification:docbook:dtd:xml:4.1.2',
  ])('reads %s as a path without authority', (uri) => {
    const parsed = parseUriReference(uri);
    expect(parsed.authority).toBeUndefined();
    expect(`${parsed.scheme}:${parsed.path}`).toBe(uri);
  });

  it('keeps empty components apart from absent ones', () => {
    expect(parseUriReference('http://@host:/?#')).toEqual({
      scheme: 'http',
      authority: { userinfo: '', host: 'host', hostKind: 'reg-name', port: '' },
      path: '/',
      query: '',
      fragment: '',
    });
    expect(parseUriReference('http://host')).toEqual({
      scheme: 'http',
      authority: { host: 'host', hostKind: 'reg-name' },
      path: '',
    });
    expect(parseUriReference('file:///etc/hosts').authority).toEqual({
      host: '',
      hostKind: 'reg-name',
    });
  });

  it('reads relative references (RFC 3986 §4.2)', () => {
    expect(parseUriReference('')).toEqual({ path: '' });
    expect(parseUriReference('//g')).toEqual({
      authority: { host: 'g', hostKind: 'reg-name' },
      path: '',
    });
    expect(parseUriReference('./this:that')).toEqual({ path: './this:that' });
    expect(parseUriReference('?y#s')).toEqual({ path: '', query: 'y', fragment: 's' });
    expect(parseUriReference('g;x=1/../y')).toEqual({ path: 'g;x=1/../y' });
  });

  it('lets "?" and "/" into query and fragment, and "?" after the first one', () => {
    expect(parseUriReference('http://a/b?c/d?e#f/g?h')).toMatchObject({
      path: '/b',
      query: 'c/d?e',
      fragment: 'f/g?h',
    });
  });

  it('tells IPv4address from a reg-name that only looks numeric (RFC 3986 §3.2.2)', () => {
    expect(parseUriReference('http://192.0.2.1/').authority?.hostKind).toBe('ipv4');
    for (const host of ['1.2.3.999', '01.2.3.4', '0x7f.1', '1.2.3', '1.2.3.4.5']) {
      expect(parseUriReference(`http://${host}/`).authority?.hostKind).toBe('reg-name');
    }
  });

  it('reads IP-literals: IPv6, RFC 6874 zones, IPvFuture', () => {
    expect(parseUriReference('http://[fe80::1%25en0]:8080/').authority).toEqual({
      host: 'fe80::1%25en0',
      hostKind: 'ipv6',
      port: '8080',
    });
    expect(parseUriReference('http://[v7.a:b!]/').authority?.hostKind).toBe('ipv-future');
    expect(parseUriReference('http://[::ffff:192.0.2.1]/').authority?.hostKind).toBe('ipv6');
  });

  it('accepts IRI characters where RFC 3987 allows them', () => {
    expect(parseUriReference('http://résumé.example.org/日本/ö?q=ü#ç')).toMatchObject({
      authority: { host: 'résumé.example.org' },
      path: '/日本/ö',
      query: 'q=ü',
      fragment: 'ç',
    });
    expect(parseUriReference('http://a/?\uE000').query).toBe('\uE000');
    expect(parseUriReference('http://a/\u{1F600}').path).toBe('/\u{1F600}');
  });

  it.each([
    ['1http://x/', 'uri.invalid-scheme', 'scheme'],
    ['ht tp://x/', 'uri.invalid-scheme', 'scheme'],
    [':foo', 'uri.invalid-scheme', 'scheme'],
    ['http://us@er@host/', 'uri.invalid-userinfo', 'userinfo'],
    ['http://exa mple.com/', 'uri.invalid-host', 'host'],
    ['http://exa<mple.com/', 'uri.invalid-host', 'host'],
    ['http://[::1/', 'uri.invalid-host', 'host'],
    ['http://[::1]x/', 'uri.invalid-host', 'host'],
    ['http://[1:2:3:4:5:6:7:8:9]/', 'uri.invalid-host', 'host'],
    ['http://[1::2::3]/', 'uri.invalid-host', 'host'],
    ['http://[12345::]/', 'uri.invalid-host', 'host'],
    ['http://[::1.2.3.04]/', 'uri.invalid-host', 'host'],
    ['http://[1.2.3.4::]/', 'uri.invalid-host', 'host'],
    ['http://[fe80::1%en0]/', 'uri.invalid-host', 'host'],
    ['http://[fe80::1%25]/', 'uri.invalid-host', 'host'],
    ['http://[v7]/', 'uri.invalid-host', 'host'],
    ['http://[résumé]/', 'uri.invalid-host', 'host'],
    ['http://a:b/', 'uri.invalid-port', 'port'],
    ['http://a:8080:1/', 'uri.invalid-port', 'port'],
    ['http://a:-1/', 'uri.invalid-port', 'port'],
    ['http://a/b c', 'uri.invalid-path', 'path'],
    ['http://a/b\\c', 'uri.invalid-path', 'path'],
    ['http://a/\u0000', 'uri.invalid-path', 'path'],
    ['http://a/\uD800', 'uri.invalid-path', 'path'],
    ['http://a/\uE000', 'uri.invalid-path', 'path'],
    ['http://a/\uFFFF', 'uri.invalid-path', 'path'],
    ['http://a/?a b', 'uri.invalid-query', 'query'],
    ['http://a/?\u{1FFFE}', 'uri.invalid-query', 'query'],
    ['http://a/#b#c', 'uri.invalid-fragment', 'fragment'],
    ['http://a/#\uE000', 'uri.invalid-fragment', 'fragment'],
    ['http://a/%', 'uri.invalid-percent-encoding', 'path'],
    ['http://a/%zz', 'uri.invalid-percent-encoding', 'path'],
    ['http://a/?%4', 'uri.invalid-percent-encoding', 'query'],
    ['http://a%2/', 'uri.invalid-percent-encoding', 'host'],
  ])('rejects %j with %s', (input, code, field) => {
    const error = errorOf(() => parseUriReference(input));
    expect(error.code).toBe(code);
    expect(error.field).toBe(field);
    expect(error.value).toBe(input);
    expect(error.rule).toMatch(/^RFC /);
  });

  it('says where the offending character is', () => {
    expect(errorOf(() => parseUriReference('http://a/b c')).message).toBe(
      'character " " (U+0020) at offset 10 is not allowed in the path',
    );
  });

  it.each([[42], [null], [undefined], [['http://a/']], [{}]])(
    'rejects the non-string %j with a typed error',
    (value) => {
      expect(errorOf(() => parseUriReference(value)).code).toBe('uri.not-a-string');
    },
  );

  it('serializes back to the very same text', () => {
    for (const uri of [
      'foo://u:p@example.com:8042/over/there?name=ferret#nose',
      'http://[FE80::1%25En0]:/a/./b/../c?#',
      'mailto:John.Doe@example.com',
      '//g?#',
      '../../g;x?y#s',
      'HTTP://résumé.EXAMPLE.org/%7e',
    ]) {
      expect(serializeUri(parseUriReference(uri))).toBe(uri);
    }
  });
});

describe('parseUri', () => {
  it('requires a scheme (RFC 3986 §4.3)', () => {
    expect(parseUri('http://a/').scheme).toBe('http');
    const error = errorOf(() => parseUri('//a/b'));
    expect(error.code).toBe('uri.not-absolute');
    expect(error.field).toBe('scheme');
  });
});
