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
