import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { foldCase } from './fold-case';

describe('foldCase', () => {
  it.each([
    ['HELLO World 123', 'hello world 123'],
    ['Straße', 'strasse'],
    ['\u1E9E', 'ss'], // capital sharp s: F "ss", not S "ß"
    ['\u0130', 'i\u0307'], // İ: F, not Turkic T "i"
    ['I\u0131', 'i\u0131'], // dotless ı has no mapping
    ['ΌΣΟΣ ς', 'όσοσ σ'], // final sigma folds like any sigma
    ['\u13A0\uAB70', '\u13A0\u13A0'], // Cherokee folds to the capitals
    ['\uFB03', 'ffi'],
    ['\u0390', '\u03B9\u0308\u0301'],
    ['\u01F0', 'j\u030C'], // not renormalized
    ['\u{10400}x\u{1E900}', '\u{10428}x\u{1E922}'], // astral: Deseret, Adlam
    ['\u{10D50}', '\u{10D70}'], // Garay, new in Unicode 16.0
    ['\u00B5', '\u03BC'],
    ['\u212A', 'k'], // KELVIN SIGN
  ])('%j → %j', (input, expected) => {
    expect(foldCase(input)).toBe(expected);
  });

  it('grows its buffer as far as expansions need (up to three code units per input unit)', () => {
    expect(foldCase('\u0390'.repeat(10_000))).toBe('\u03B9\u0308\u0301'.repeat(10_000));
    const mixed = 'ß\u{10400}ﬃ'.repeat(4000);
    expect(foldCase(mixed)).toBe('ss\u{10428}ffi'.repeat(4000));
  });

  it('passes lone surrogates and unmapped code points through', () => {
    expect(foldCase('A\uD800B\uDC00\uD801')).toBe('a\uD800b\uDC00\uD801');
    expect(foldCase('\uD801\uDC00\uD801')).toBe('\uD801\uDC28\uD801');
    expect(foldCase('日本語 العربية 😀')).toBe('日本語 العربية 😀');
  });

  it('folds a string as the concatenation of its code points folded one by one', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        const perCodePoint = [...text].map((ch) => foldCase(ch)).join('');
        expect(foldCase(text)).toBe(perCodePoint);
      }),
      propertyRuns(1000),
    );
  });

  it('agrees with toLowerCase on ASCII, where the fast path is taken', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)) }),
        (text) => {
          expect(foldCase(text)).toBe(text.toLowerCase());
          expect(foldCase(`${text}é`)).toBe(`${text.toLowerCase()}é`);
        },
      ),
    );
  });
});
