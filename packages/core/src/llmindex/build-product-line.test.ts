import {
  buildLlmindexProductLine,
  formatLlmindexProductFeed,
  normalizeLlmindexAvailability,
} from './build-product-line';
import { LlmindexValidationError } from './llmindex-errors';
import { validateLlmindexProductFeed } from './validate-product-line';

describe('buildLlmindexProductLine', () => {
  it('builds a §5 line in field order, resolving and normalizing URLs', () => {
    const line = buildLlmindexProductLine(
      {
        id: 'sku-1',
        title: 'Tent "Trail"\n2P',
        url: '/p/tent',
        imageUrl: 'HTTPS://CDN.Example/tent.jpg',
        price: 199.5,
        currency: 'EUR',
        priceRange: { min: 150, max: 199.5, currency: 'EUR' },
        availability: 'https://schema.org/InStock',
        category: 'Tents',
        updatedAt: new Date(Date.UTC(2026, 1, 20)),
      },
      { baseUrl: 'https://shop.example' },
    );
    expect(line).toEqual({
      id: 'sku-1',
      title: 'Tent "Trail"\n2P',
      url: 'https://shop.example/p/tent',
      image_url: 'https://cdn.example/tent.jpg',
      price: 199.5,
      currency: 'EUR',
      price_range: { min: 150, max: 199.5, currency: 'EUR' },
      availability: 'in_stock',
      category: 'Tents',
      updated_at: '2026-02-20T00:00:00Z',
    });
    const feed = formatLlmindexProductFeed([line, { ...line, id: 'sku-2' }]);
    expect(feed.split('\n')).toHaveLength(3);
    expect(validateLlmindexProductFeed(feed)).toEqual(
      expect.objectContaining({ valid: true, lineCount: 2 }),
    );
  });

  it.each([
    ['In Stock', 'in_stock'],
    ['pre-order', 'preorder'],
    ['OutOfStock', 'out_of_stock'],
    ['sold out', 'out_of_stock'],
    ['constructor', 'constructor'],
    ['whatever', 'whatever'],
  ])('normalizes availability %s → %s', (input, expected) => {
    expect(normalizeLlmindexAvailability(input)).toBe(expected);
  });

  it('throws LlmindexValidationError naming the fields', () => {
    try {
      buildLlmindexProductLine({
        id: 'x',
        title: 'X',
        url: 'https://e.com/x',
        availability: 'maybe',
        updatedAt: 'now',
      });
      throw new Error('expected LlmindexValidationError');
    } catch (error) {
      expect(error).toBeInstanceOf(LlmindexValidationError);
      expect((error as LlmindexValidationError).problems.map((p) => p.field)).toEqual([
        'updated_at',
        'availability',
        '',
      ]);
    }
    expect(() =>
      buildLlmindexProductLine({
        id: 'x',
        title: 'X',
        url: 'rel',
        availability: 'in_stock',
        updatedAt: 'now',
      }),
    ).toThrow(expect.objectContaining({ field: 'url' }));
  });
});
