import { domainToASCII } from 'node:url';
import { toASCII } from 'tr46';
import { TR46_HOST_OPTIONS, domainToAscii, hostToAscii, hostToUnicode } from './convert-host';
import { UriError } from './uri-error';

function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof UriError) return error.code;
    throw error;
  }
  return 'no error';
}

describe('hostToAscii (UTS #46 non-transitional)', () => {
  it.each([
    ['faß.de', 'xn--fa-hia.de'], // non-transitional: ß is kept, not mapped to "ss"
    ['FASS.de', 'fass.de'],
    ['Faß.DE', 'xn--fa-hia.de'],
    ['XN--FA-HIA.DE', 'xn--fa-hia.de'],
    ['BÜCHER.example', 'xn--bcher-kva.example'],
    ['b%C3%BCcher.example', 'xn--bcher-kva.example'],
    ['résumé.example.org', 'xn--rsum-bpad.example.org'],
    ['☃.net', 'xn--n3h.net'],
    ['😀.com', 'xn--e28h.com'],
    ['ＡＢＣ．com', 'abc.com'], // full-width letters and full stop are mapped
    ['a\u3002b', 'a.b'], // ideographic full stop separates labels
    ['a\u00ADb.com', 'ab.com'], // soft hyphen is ignored
    ['\u0915\u094D\u200C\u0937.in', 'xn--11b2ezcs70k.in'], // ZWNJ after virama: allowed
    ['\u05D0\u05D1.\u05D2\u05D3', 'xn--4dbc.xn--6dbc'], // right-to-left labels
    ['r1---sn-ab5l6n7s.googlevideo.com', 'r1---sn-ab5l6n7s.googlevideo.com'], // CheckHyphens off
    ['_dmarc.Example.com', '_dmarc.example.com'], // STD3 rules off: "_" is fine
    ['example.com.', 'example.com.'], // the root dot stays: not the same Host
    ['192.0.2.1', '192.0.2.1'],
    ['[2001:DB8::1]', '[2001:db8::1]'],
    ['[v1.X]', '[v1.x]'],
  ])('%s → %s', (host, expected) => {
    expect(hostToAscii(host)).toBe(expected);
  });

  it.each([
    ['xn--zz.de', 'invalid punycode'],
    ['xn--.com', 'empty punycode'],
    ['xn--a.com', 'punycode of an ASCII-only label'],
    ['a\u200Cb.com', 'ZWNJ without a joining context (CheckJoiners)'],
    ['a\u200Db.com', 'ZWJ outside a virama context (CheckJoiners)'],
    ['\u05D0a.com', 'an RTL label containing a Latin letter (CheckBidi)'],
    ['1\u05D0.com', 'an RTL label starting with a digit (CheckBidi)'],
    ['a.\u0301b', 'a label starting with a combining mark'],
    ['%FF.com', 'octets that are not UTF-8'],
    ['\u{1F600}'.repeat(600), 'a host longer than any DNS name'],
  ])('rejects %j (%s) with uri.idna', (host) => {
    expect(codeOf(() => hostToAscii(host))).toBe('uri.idna');
  });

  it('rejects what is not a host', () => {
    for (const host of ['a b', 'a/b', 'user@host', 'host:80', '[::1', 'a?b', 'a#b']) {
      expect(codeOf(() => hostToAscii(host))).toBe('uri.invalid-host');
    }
    expect(codeOf(() => hostToAscii(42 as unknown as string))).toBe('uri.not-a-string');
  });

  it('takes the ASCII shortcut only where tr46 would give the same answer', () => {
    for (let code = 0; code < 0x80; code++) {
      const ch = String.fromCharCode(code);
      if (ch === '.') continue;
      const domain = `a${ch}B.example`;
      expect([code, domainToAscii(domain)]).toEqual([code, toASCII(domain, TR46_HOST_OPTIONS)]);
    }
  });
});

describe('hostToUnicode', () => {
  it('shows IDNs in Unicode and leaves the rest alone', () => {
    expect(hostToUnicode('xn--fa-hia.de')).toBe('faß.de');
    expect(hostToUnicode('XN--BCHER-KVA.example')).toBe('bücher.example');
    expect(hostToUnicode('Example.COM')).toBe('example.com');
    expect(hostToUnicode('[::1]')).toBe('[::1]');
    expect(codeOf(() => hostToUnicode('xn--zz.de'))).toBe('uri.idna');
  });
});

/**
 * Why not `url.domainToASCII`: Node implements WHATWG URL's "domain to ASCII", which is not
 * UTS #46 ToASCII. It reads numeric names as IPv4 (RFC 3986 §3.2.2 says they are reg-names),
 * returns "" instead of an error (invalid and empty look the same), silently cuts a name at "/",
 * and (Node 20) lets through a label that breaks the Bidi rule. Each row pins Node's answer
 * beside ours, so a Node upgrade that changes it shows up here.
 */
describe('where Node url.domainToASCII differs from UTS #46 as used here', () => {
  it.each([
    ['0x7f.1', '127.0.0.1', '0x7f.1'],
    ['127.0.0.01', '127.0.0.1', '127.0.0.01'],
    ['1.2.3.999', '', '1.2.3.999'],
    ['xn--zz.de', '', 'uri.idna'],
    ['1\u05D0.com', 'xn--1-0hc.com', 'uri.idna'],
    ['a%2Fb', '', 'a%2Fb'],
  ])('%j: Node gives %j, hostToAscii gives %j', (host, node, ours) => {
    expect(domainToASCII(host)).toBe(node);
    let result: string;
    try {
      result = hostToAscii(host);
    } catch (error) {
      result = (error as UriError).code;
    }
    expect(result).toBe(ours);
  });

  it('cuts a name at "/" where UTS #46 keeps it', () => {
    expect(domainToASCII('a/b')).toBe('a');
    expect(toASCII('a/b', TR46_HOST_OPTIONS)).toBe('a/b');
  });
});
