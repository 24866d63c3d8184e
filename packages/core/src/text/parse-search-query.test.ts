import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { MAX_QUERY_TERMS, parseSearchQuery } from './parse-search-query';

describe('parseSearchQuery', () => {
  it('reads words and quoted phrases, once each, case aside', () => {
    expect(parseSearchQuery('Red "ripe tomato" red, café!').terms).toEqual([
      ['Red'],
      ['ripe', 'tomato'],
      ['café'],
    ]);
    expect(parseSearchQuery('"unclosed phrase here').terms).toEqual([
      ['unclosed', 'phrase', 'here'],
    ]);
    expect(parseSearchQuery('  !!! -- ').terms).toEqual([]);
  });

  it('turns any text into words of letters, marks and digits only, at most 32 terms', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 1000, unit: 'grapheme' }), (text) => {
        const { terms } = parseSearchQuery(text);
        expect(terms.length).toBeLessThanOrEqual(MAX_QUERY_TERMS);
        for (const words of terms) {
          expect(words.length).toBeGreaterThan(0);
          for (const word of words) expect(word).toMatch(/^[\p{L}\p{M}\p{N}]+$/u);
        }
      }),
      propertyRuns(500),
    );
  });

  it('refuses what is no string or too long, with a typed error', () => {
    expect(() => parseSearchQuery('x'.repeat(1001))).toThrow(/over 1000/);
    expect(() => parseSearchQuery(42 as unknown as string)).toThrow(/must be a string/);
  });
});
