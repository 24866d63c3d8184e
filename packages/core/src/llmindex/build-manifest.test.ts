import { buildLlmindexManifest } from './build-manifest';
import { LlmindexValidationError } from './llmindex-errors';
import { validateLlmindexManifest } from './validate-manifest';

describe('buildLlmindexManifest', () => {
  it('builds a strict v0.1 manifest in spec order with default endpoints and normalized URLs', () => {
    const manifest = buildLlmindexManifest({
      entity: { name: 'Example Shop', canonicalUrl: 'HTTPS://Shop.Example:443' },
      language: 'en',
      topics: ['outdoor'],
      updatedAt: new Date(Date.UTC(2026, 1, 20, 8, 30)),
      feeds: { productsJsonl: '/llm/feed/products.jsonl' },
      verify: { method: 'http_file', value: 'proof-123' },
      license: 'MIT',
    });
    expect(manifest).toEqual({
      version: '0.1',
      updated_at: '2026-02-20T08:30:00Z',
      entity: { name: 'Example Shop', canonical_url: 'https://shop.example/' },
      language: 'en',
      topics: ['outdoor'],
      endpoints: {
        products: 'https://shop.example/llm/products',
        policies: 'https://shop.example/llm/policies',
        faq: 'https://shop.example/llm/faq',
        about: 'https://shop.example/llm/about',
      },
      feeds: { products_jsonl: 'https://shop.example/llm/feed/products.jsonl' },
      verify: { method: 'http_file', value: 'proof-123' },
      license: 'MIT',
    });
    expect(Object.keys(manifest)).toEqual([
      'version',
      'updated_at',
      'entity',
      'language',
      'topics',
      'endpoints',
      'feeds',
      'verify',
      'license',
    ]);
    expect(validateLlmindexManifest(manifest).valid).toBe(true);
  });

  it('resolves endpoints under a canonical URL with a path, and keeps absolute overrides', () => {
    const manifest = buildLlmindexManifest({
      entity: { name: 'Shop', canonicalUrl: 'https://example.com/shop' },
      language: 'de',
      topics: ['x'],
      updatedAt: '2026-02-20T00:00:00+01:00',
      endpoints: { faq: 'https://help.example.com/faq', about: '/about' },
    });
    expect(manifest.endpoints).toEqual({
      products: 'https://example.com/shop/llm/products',
      policies: 'https://example.com/shop/llm/policies',
      faq: 'https://help.example.com/faq',
      about: 'https://example.com/about',
    });
  });

  it('throws one LlmindexValidationError listing every problem', () => {
    try {
      buildLlmindexManifest({
        entity: { name: '', canonicalUrl: 'http://example.com' },
        language: 'english',
        topics: [],
        updatedAt: new Date('nonsense'),
      });
      throw new Error('expected LlmindexValidationError');
    } catch (error) {
      expect(error).toBeInstanceOf(LlmindexValidationError);
      expect((error as LlmindexValidationError).problems.map((p) => p.field)).toEqual([
        'updated_at',
        'entity.name',
        'entity.canonical_url',
        'language',
        'topics',
      ]);
    }
  });

  it('reports an unparseable canonical URL as a field problem', () => {
    expect(() =>
      buildLlmindexManifest({
        entity: { name: 'x', canonicalUrl: 'not a url' },
        language: 'en',
        topics: ['t'],
        updatedAt: '2026-02-20T00:00:00Z',
      }),
    ).toThrow(expect.objectContaining({ field: 'entity.canonical_url' }));
  });
});
