import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { LlmindexValidationError } from './llmindex-errors';
import {
  assertLlmindexProductLine,
  validateLlmindexProductFeed,
  validateLlmindexProductLine,
} from './validate-product-line';

const LINE = {
  id: 'sku-1',
  title: 'Tent',
  url: 'https://shop.example/p/tent',
  price: 199,
  currency: 'EUR',
  availability: 'in_stock',
  updated_at: '2026-02-20T00:00:00Z',
};

function codesOf(value: unknown): Array<[string, string]> {
  return validateLlmindexProductLine(value).problems.map((p) => [p.field, p.code]);
}

describe('validateLlmindexProductLine (§5)', () => {
  it('accepts price+currency, price_range, or both (DECISIONS §3)', () => {
    expect(codesOf(LINE)).toEqual([]);
    const { price: _p, currency: _c, ...noPrice } = LINE;
    const range = { min: 10, max: 20, currency: 'USD' };
    expect(codesOf({ ...noPrice, price_range: range })).toEqual([]);
    expect(codesOf({ ...LINE, price_range: range })).toEqual([]);
  });

  it('requires a price of some form, and currency with price', () => {
    const { price: _p, currency: _c, ...noPrice } = LINE;
    expect(codesOf(noPrice)).toEqual([['', 'price_required']]);
    expect(codesOf({ ...noPrice, price: 5 })).toEqual([['currency', 'missing']]);
    expect(codesOf({ ...noPrice, currency: 'EUR' })).toEqual([['price', 'missing']]);
  });

  it.each([
    ['a lowercase currency', { currency: 'eur' }, 'currency', 'currency'],
    ['a negative price', { price: -1 }, 'price', 'range'],
    ['a string price', { price: '19.99' }, 'price', 'type'],
    ['an unknown availability', { availability: 'in stock' }, 'availability', 'enum'],
    ['a bad date', { updated_at: '2026-02-30T00:00:00Z' }, 'updated_at', 'date_time'],
    ['an empty id', { id: '' }, 'id', 'empty'],
    ['a relative url', { url: '/p/tent' }, 'url', 'uri'],
    ['a bad image URL', { image_url: 'image.png' }, 'image_url', 'uri'],
    ['an extra field', { color: 'red' }, 'color', 'unknown_field'],
    ['a numeric brand', { brand: 7 }, 'brand', 'type'],
    [
      'an inverted range',
      { price_range: { min: 9, max: 1, currency: 'EUR' } },
      'price_range',
      'range',
    ],
    [
      'a range without currency',
      { price_range: { min: 1, max: 2 } },
      'price_range.currency',
      'missing',
    ],
  ])('reports %s', (_name, patch, field, code) => {
    expect(codesOf({ ...LINE, ...patch })).toContainEqual([field, code]);
  });

  it('throws a typed error from the assert variant', () => {
    expect(assertLlmindexProductLine(LINE)).toBe(LINE);
    expect(() => assertLlmindexProductLine({})).toThrow(LlmindexValidationError);
  });

  it('never throws on arbitrary values (fuzz)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.dictionary(fc.constantFrom(...Object.keys(LINE), 'price_range'), fc.jsonValue()),
        ),
        (value) => {
          const result = validateLlmindexProductLine(value);
          expect(result.valid).toBe(result.problems.length === 0);
        },
      ),
      propertyRuns(300),
    );
  });
});

describe('validateLlmindexProductFeed', () => {
  it('reports problems per line, like openllmindex invalid-feed.jsonl, and duplicate ids', () => {
    const feed = [
      '{broken json',
      JSON.stringify({
        id: 'a',
        title: 'A',
        availability: 'in_stock',
        updated_at: '2026-02-20T00:00:00Z',
      }),
      '',
      JSON.stringify({ ...LINE, id: '', title: '', availability: 'maybe' }),
      JSON.stringify({ ...LINE, id: 'sku-5', price: '9', updated_at: 'yesterday' }),
      JSON.stringify(LINE),
      JSON.stringify(LINE),
    ].join('\r\n');
    const result = validateLlmindexProductFeed(feed);
    expect(result.valid).toBe(false);
    expect(result.lineCount).toBe(6);
    expect(result.problems.map((p) => [p.line, p.field, p.code])).toEqual([
      [1, '', 'json'],
      [2, 'url', 'missing'],
      [2, '', 'price_required'],
      [4, 'id', 'empty'],
      [4, 'title', 'empty'],
      [4, 'availability', 'enum'],
      [5, 'updated_at', 'date_time'],
      [5, 'price', 'type'],
      [7, 'id', 'duplicate'],
    ]);
  });

  it('stops collecting at maxProblems', () => {
    const feed = Array.from({ length: 50 }, () => '{}').join('\n');
    expect(validateLlmindexProductFeed(feed, { maxProblems: 10 }).problems).toHaveLength(10);
  });
});
