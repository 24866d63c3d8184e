import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeConformance, readConformanceJson } from '@agent-ready/test-support';
import { canonicalizeJson, CanonicalJsonError } from './canonicalize-json';

interface JcsCase {
  id: string;
  input: string;
  expected: string;
  expected_file: string;
  expected_utf8_hex: string;
}
interface NumberCase {
  ieee_hex: string;
  expected: string | null;
  expect_error?: boolean;
}

/** The double with these IEEE-754 bits (hex, no leading zeros), built bit for bit. */
function doubleFromBits(view: DataView, hex: string): number {
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
}

describeConformance('RFC 8785 conformance (cyberphone/json-canonicalization)', (dir) => {
  const view = new DataView(new ArrayBuffer(8));

  describe('cases.json: canonical UTF-8 bytes', () => {
    const cases = readConformanceJson<JcsCase[]>(dir, 'jcs', 'cases.json');
    it.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
      const bytes = Buffer.from(canonicalizeJson(JSON.parse(c.input)), 'utf8');
      expect(bytes.toString('hex')).toBe(c.expected_utf8_hex);
      expect(bytes.equals(readFileSync(join(dir, 'jcs', c.expected_file)))).toBe(true);
    });
  });

  it('es6testfile-first100000.txt: every double serializes as ECMAScript does', () => {
    const text = readFileSync(join(dir, 'jcs', 'numbers', 'es6testfile-first100000.txt'), 'latin1');
    const wrong: string[] = [];
    let count = 0;
    let start = 0;
    while (start < text.length) {
      let end = text.indexOf('\n', start);
      if (end === -1) end = text.length;
      if (end > start) {
        const comma = text.indexOf(',', start);
        const expected = text.slice(comma + 1, end);
        const actual = canonicalizeJson(doubleFromBits(view, text.slice(start, comma)));
        if (actual !== expected) wrong.push(`${text.slice(start, end)} gave ${actual}`);
        count++;
      }
      start = end + 1;
    }
    expect({ wrong: wrong.length, first: wrong.slice(0, 10) }).toEqual({ wrong: 0, first: [] });
    expect(count).toBe(100_000);
  });

  describe('numbers/edge-cases.json', () => {
    const cases = readConformanceJson<NumberCase[]>(dir, 'jcs', 'numbers', 'edge-cases.json');
    it.each(cases.map((c) => [c.ieee_hex, c] as const))('%s', (_hex, c) => {
      const value = doubleFromBits(view, c.ieee_hex);
      if (c.expect_error) {
        expect(() => canonicalizeJson(value)).toThrow(CanonicalJsonError);
        expect(() => canonicalizeJson({ n: value })).toThrow(CanonicalJsonError);
      } else {
        expect(canonicalizeJson(value)).toBe(c.expected);
      }
    });
  });
});
