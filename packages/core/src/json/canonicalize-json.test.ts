import { canonicalizeJson, CanonicalJsonError } from './canonicalize-json';

describe('canonicalizeJson', () => {
  it('sorts members by UTF-16 code units and drops insignificant whitespace', () => {
    expect(canonicalizeJson({ b: 1, a: [true, null, 'x'], '€': 0, '😀': 1, '\uFB33': 2 })).toBe(
      '{"a":[true,null,"x"],"b":1,"€":0,"😀":1,"\uFB33":2}',
    );
  });

  it('treats undefined members as absent and -0 as 0', () => {
    expect(canonicalizeJson({ a: undefined, b: -0 })).toBe('{"b":0}');
  });

  it.each([
    ['NaN', { a: NaN }, 'a'],
    ['Infinity', { a: [1, -Infinity] }, 'a[1]'],
    ['bigint', { n: BigInt(1) }, 'n'],
    ['function', { f: () => 1 }, 'f'],
    ['undefined in array', [1, undefined], '[1]'],
    ['Date instance', { d: new Date(0) }, 'd'],
    ['lone surrogate', { s: 'a\uD800b' }, 's'],
    ['lone surrogate key', { ['\uDC00']: 1 }, '\uDC00'],
  ])('rejects %s with the path of the member', (_name, value, field) => {
    try {
      canonicalizeJson(value);
      throw new Error('expected a CanonicalJsonError');
    } catch (error) {
      expect(error).toBeInstanceOf(CanonicalJsonError);
      expect((error as CanonicalJsonError).field).toBe(field);
    }
  });

  it('rejects cycles and absurd nesting instead of overflowing the stack', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalizeJson(cyclic)).toThrow(CanonicalJsonError);
    let deep: unknown = 0;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => canonicalizeJson(deep)).toThrow(/nesting deeper/);
  });
});

/** A double from its IEEE 754 bit pattern (16 hex digits). */
function fromBits(hex: string): number {
  return Buffer.from(hex, 'hex').readDoubleBE(0);
}

describe('canonicalizeJson: the JCS vectors TCT -03 is tested with', () => {
  // RFC 8785 Appendix B: every finite double of the table, bit pattern → canonical text.
  it.each([
    ['0000000000000000', '0'],
    ['8000000000000000', '0'],
    ['0000000000000001', '5e-324'],
    ['8000000000000001', '-5e-324'],
    ['7fefffffffffffff', '1.7976931348623157e+308'],
    ['ffefffffffffffff', '-1.7976931348623157e+308'],
    ['4340000000000000', '9007199254740992'],
    ['c340000000000000', '-9007199254740992'],
    ['4430000000000000', '295147905179352830000'],
    ['44b52d02c7e14af5', '9.999999999999997e+22'],
    ['44b52d02c7e14af6', '1e+23'],
    ['44b52d02c7e14af7', '1.0000000000000001e+23'],
    ['444b1ae4d6e2ef4e', '999999999999999700000'],
    ['444b1ae4d6e2ef4f', '999999999999999900000'],
    ['444b1ae4d6e2ef50', '1e+21'],
    ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
    ['3eb0c6f7a0b5ed8d', '0.000001'],
    ['41b3de4355555553', '333333333.3333332'],
    ['41b3de4355555554', '333333333.33333325'],
    ['41b3de4355555555', '333333333.3333333'],
    ['41b3de4355555556', '333333333.3333334'],
    ['41b3de4355555557', '333333333.33333343'],
    ['becbf647612f3696', '-0.0000033333333333333333'],
    ['43143ff3c1cb0959', '1424953923781206.2'],
  ])('%s serializes as %s', (bits, text) => {
    expect(canonicalizeJson(fromBits(bits))).toBe(text);
    expect(canonicalizeJson({ n: fromBits(bits) })).toBe(`{"n":${text}}`);
  });

  it.each(['7fffffffffffffff', '7ff0000000000000', 'fff0000000000000'])(
    'refuses the non-finite %s',
    (bits) => {
      expect(() => canonicalizeJson([fromBits(bits)])).toThrow(CanonicalJsonError);
    },
  );

  it('orders members by UTF-16 code units: the surrogate pair of 😀 before U+FB33', () => {
    const members = ['\uFB33', '😀', '€', 'ö', '\u0080', '1', '\r'];
    const value = Object.fromEntries(members.map((key, i) => [key, i]));
    // Compared as text: JSON.parse would put the integer-like "1" first again.
    expect(canonicalizeJson(value)).toBe(
      '{"\\r":6,"1":5,"\u0080":4,"ö":3,"€":2,"😀":1,"\uFB33":0}',
    );
  });
});
