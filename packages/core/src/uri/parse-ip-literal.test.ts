import { formatIpv6Address, parseIpv6Address } from './parse-ip-literal';

function canonical(text: string): string | undefined {
  const groups = parseIpv6Address(text);
  return groups === undefined ? undefined : formatIpv6Address(groups);
}

describe('parseIpv6Address (RFC 3986 §3.2.2 IPv6address)', () => {
  it.each([
    ['1:2:3:4:5:6:7:8', [1, 2, 3, 4, 5, 6, 7, 8]],
    ['::', [0, 0, 0, 0, 0, 0, 0, 0]],
    ['::1', [0, 0, 0, 0, 0, 0, 0, 1]],
    ['1::', [1, 0, 0, 0, 0, 0, 0, 0]],
    ['1:2:3:4:5:6:7::', [1, 2, 3, 4, 5, 6, 7, 0]],
    ['::2:3:4:5:6:7:8', [0, 2, 3, 4, 5, 6, 7, 8]],
    ['1:2:3:4:5:6:1.2.3.4', [1, 2, 3, 4, 5, 6, 0x102, 0x304]],
    ['::ffff:192.0.2.128', [0, 0, 0, 0, 0, 0xffff, 0xc000, 0x280]],
    ['ABCD:ef01::0', [0xabcd, 0xef01, 0, 0, 0, 0, 0, 0]],
  ])('reads %s', (text, groups) => {
    expect(parseIpv6Address(text)).toEqual(groups);
  });

  it.each([
    '',
    ':',
    ':::',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7:8::',
    '::1:2:3:4:5:6:7:8',
    '1::2::3',
    ':1::',
    '1::2:',
    '12345::',
    'g::',
    '1.2.3.4::',
    '::1.2.3.4:5',
    '::1.2.3.256',
    '::01.2.3.4',
    '1:2:3:4:5:6:7:1.2.3.4',
  ])('rejects %j', (text) => {
    expect(parseIpv6Address(text)).toBeUndefined();
  });
});

describe('formatIpv6Address (RFC 5952)', () => {
  it.each([
    // §4.1 leading zeros, §4.3 lowercase
    ['2001:0DB8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:db8::0001', '2001:db8::1'],
    // §4.2.2 a single zero group is not compressed
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['2001:db8::1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    // §4.2.3 the longest run, the first of equal runs
    ['2001:0:0:1:0:0:0:1', '2001:0:0:1::1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    // §4.2.1 as short as possible
    ['0:0:0:0:0:0:0:0', '::'],
    ['1:0:0:0:0:0:0:0', '1::'],
    ['0:0:0:0:0:0:0:1', '::1'],
    // §5 IPv4-mapped addresses in dotted form; other embeddings in hex
    ['::FFFF:c000:0280', '::ffff:192.0.2.128'],
    ['::1.2.3.4', '::102:304'],
  ])('writes %s as %s', (text, expected) => {
    expect(canonical(text)).toBe(expected);
  });
});
