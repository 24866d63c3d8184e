/** Manifests shared by the llmindex tests (not part of the build's public API). */

/** The shape of openllmindex's `spec/test-vectors/valid-minimal.json`. */
export const MINIMAL_MANIFEST = {
  version: '0.1',
  updated_at: '2026-02-20T00:00:00Z',
  entity: { name: 'Minimal Example', canonical_url: 'https://example.com' },
  language: 'en',
  topics: ['general'],
  endpoints: {
    products: 'https://example.com/llm/products',
    policies: 'https://example.com/llm/policies',
    faq: 'https://example.com/llm/faq',
    about: 'https://example.com/llm/about',
  },
};

/** The canonical bytes notes §2.5 gives for that vector (ASCII only, so JCS agrees). */
export const MINIMAL_CANONICAL =
  '{"endpoints":{"about":"https://example.com/llm/about","faq":"https://example.com/llm/faq",' +
  '"policies":"https://example.com/llm/policies","products":"https://example.com/llm/products"},' +
  '"entity":{"canonical_url":"https://example.com","name":"Minimal Example"},"language":"en",' +
  '"topics":["general"],"updated_at":"2026-02-20T00:00:00Z","version":"0.1"}';

export const FULL_MANIFEST = {
  ...MINIMAL_MANIFEST,
  entity: { name: 'Café Ünïcode ☕', canonical_url: 'https://example.com/' },
  language: 'zh-CN',
  topics: ['coffee', 'retail'],
  feeds: {
    products_jsonl: 'https://example.com/llm/feed/products.jsonl',
    offers_json: 'https://example.com/llm/offers.json',
  },
  verify: { method: 'http_file', value: 'llmindex-verify=0123456789abcdef' },
  license: 'CC-BY-4.0',
};
