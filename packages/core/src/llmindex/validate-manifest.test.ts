import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { LlmindexValidationError } from './llmindex-errors';
import { FULL_MANIFEST, MINIMAL_MANIFEST } from '../../test/support/llmindex-manifests';
import { assertLlmindexManifest, validateLlmindexManifest } from './validate-manifest';

function codesOf(value: unknown): Array<[string, string]> {
  return validateLlmindexManifest(value).problems.map((p) => [p.field, p.code]);
}

describe('validateLlmindexManifest', () => {
  it('accepts the minimal manifest and a full one without problems', () => {
    expect(validateLlmindexManifest(MINIMAL_MANIFEST)).toEqual({
      valid: true,
      problems: [],
      warnings: [],
      value: MINIMAL_MANIFEST,
    });
    expect(validateLlmindexManifest(FULL_MANIFEST).problems).toEqual([]);
  });

  it.each(['en', 'zh-CN', 'zh-Hant-TW', 'es-419', 'en-us', 'sr-Latn-RS'])(
    'accepts the BCP 47 language %s (the spec says BCP 47, no narrower form)',
    (language) => {
      expect(validateLlmindexManifest({ ...MINIMAL_MANIFEST, language })).toMatchObject({
        valid: true,
      });
    },
  );

  it('lists every missing required field at once', () => {
    expect(codesOf({})).toEqual([
      ['version', 'missing'],
      ['updated_at', 'missing'],
      ['entity', 'missing'],
      ['language', 'missing'],
      ['topics', 'missing'],
      ['endpoints', 'missing'],
    ]);
    expect(
      codesOf({
        ...MINIMAL_MANIFEST,
        entity: { name: 'x' },
        endpoints: { products: 'https://e.com/p' },
      }),
    ).toEqual([
      ['entity.canonical_url', 'missing'],
      ['endpoints.policies', 'missing'],
      ['endpoints.faq', 'missing'],
      ['endpoints.about', 'missing'],
    ]);
  });

  it('reports the openllmindex invalid vectors’ faults (missing version, ftp, non-URLs, bad dates)', () => {
    const { version: _version, ...noVersion } = MINIMAL_MANIFEST;
    expect(codesOf(noVersion)).toEqual([['version', 'missing']]);
    expect(
      codesOf({
        ...MINIMAL_MANIFEST,
        entity: { name: 'x', canonical_url: 'ftp://example.com' },
        endpoints: { ...MINIMAL_MANIFEST.endpoints, products: 'not a url', faq: '/llm/faq' },
      }),
    ).toEqual([
      ['entity.canonical_url', 'https'],
      ['endpoints.products', 'uri'],
      ['endpoints.faq', 'uri'],
    ]);
    expect(codesOf({ ...MINIMAL_MANIFEST, updated_at: '20 Feb 2026' })).toEqual([
      ['updated_at', 'date_time'],
    ]);
    expect(
      codesOf({ ...MINIMAL_MANIFEST, entity: { name: 'x', canonical_url: 'http://example.com' } }),
    ).toEqual([['entity.canonical_url', 'https']]);
  });

  it('rejects every top-level field outside the ten, v0.2 fields included, and nested extras', () => {
    const result = validateLlmindexManifest({
      ...MINIMAL_MANIFEST,
      languages: ['en'],
      localized_endpoints: {},
      feed_updated_at: '2026-02-20T00:00:00Z',
      access_control: {},
      x_custom: 1,
      entity: { ...MINIMAL_MANIFEST.entity, logo: 'https://example.com/l.png' },
      feeds: { products_jsonl_delta: 'https://example.com/d.jsonl' },
    });
    expect(result.problems.map((p) => [p.field, p.code])).toEqual([
      ['languages', 'unknown_field'],
      ['localized_endpoints', 'unknown_field'],
      ['feed_updated_at', 'unknown_field'],
      ['access_control', 'unknown_field'],
      ['x_custom', 'unknown_field'],
      ['entity.logo', 'unknown_field'],
      ['feeds.products_jsonl_delta', 'unknown_field'],
    ]);
    expect(result.problems[0]!.message).toMatch(/v0\.2 field/);
  });

  it.each([
    ['version 0.2', { version: '0.2' }, 'version', 'version'],
    ['a numeric version', { version: 0.1 }, 'version', 'type'],
    [
      'an empty name',
      { entity: { name: ' ', canonical_url: 'https://e.com' } },
      'entity.name',
      'empty',
    ],
    [
      'credentials in a URL',
      { entity: { name: 'n', canonical_url: 'https://u:p@e.com' } },
      'entity.canonical_url',
      'credentials',
    ],
    [
      'a URL with spaces',
      { entity: { name: 'n', canonical_url: 'https://e.com/a b' } },
      'entity.canonical_url',
      'uri',
    ],
    [
      'https without a host',
      { entity: { name: 'n', canonical_url: 'https:///x' } },
      'entity.canonical_url',
      'uri',
    ],
    ['an underscore for a hyphen', { language: 'en_US' }, 'language', 'language'],
    ['a language with spaces', { language: 'English' }, 'language', 'language'],
    ['no topics', { topics: [] }, 'topics', 'empty'],
    ['an empty topic', { topics: ['a', ''] }, 'topics[1]', 'empty'],
    ['topics as a string', { topics: 'a' }, 'topics', 'type'],
    ['endpoints as an array', { endpoints: [] }, 'endpoints', 'type'],
    [
      'a mailto endpoint',
      { endpoints: { ...MINIMAL_MANIFEST.endpoints, about: 'mailto:a@b.c' } },
      'endpoints.about',
      'uri',
    ],
    ['a bad feed URL', { feeds: { products_jsonl: 'feed.jsonl' } }, 'feeds.products_jsonl', 'uri'],
    ['a bad verify method', { verify: { method: 'email', value: 'x' } }, 'verify.method', 'enum'],
    [
      'an empty verify value',
      { verify: { method: 'dns_txt', value: '' } },
      'verify.value',
      'empty',
    ],
    ['a verify without value', { verify: { method: 'dns_txt' } }, 'verify.value', 'missing'],
    ['a sig without jws', { sig: { alg: 'EdDSA', kid: 'k' } }, 'sig.jws', 'missing'],
    ['a sig with a non-JWS', { sig: { alg: 'EdDSA', kid: 'k', jws: 'abc' } }, 'sig.jws', 'jws'],
    ['an unknown SPDX id', { license: 'MIT-ish' }, 'license', 'license'],
    ['a relative license URL', { license: 'ftp://e.com/license' }, 'license', 'uri'],
  ])('reports %s', (_name, patch, field, code) => {
    expect(codesOf({ ...MINIMAL_MANIFEST, ...patch })).toContainEqual([field, code]);
  });

  it.each(['MIT', 'Apache-2.0 OR MIT', 'LicenseRef-Proprietary', 'https://example.com/license'])(
    'accepts the license %s',
    (license) => expect(codesOf({ ...MINIMAL_MANIFEST, license })).toEqual([]),
  );

  it('warns about SHOULDs without failing: http endpoints, other hosts, secrets, duplicate topics', () => {
    const result = validateLlmindexManifest({
      ...MINIMAL_MANIFEST,
      topics: ['a', 'a'],
      endpoints: {
        ...MINIMAL_MANIFEST.endpoints,
        products: 'http://example.com/llm/products',
        faq: 'https://cdn.example.net/faq',
        about: 'https://example.com/about?api_key=123',
      },
      sig: { alg: 'RS256', kid: 'k', jws: 'eyJhbGciOiJSUzI1NiJ9..c2ln' },
    });
    expect(result.valid).toBe(true);
    expect(result.warnings.map((w) => [w.field, w.code])).toEqual([
      ['topics[1]', 'duplicate'],
      ['endpoints.products', 'https'],
      ['endpoints.faq', 'uri'],
      ['endpoints.about', 'credentials'],
      ['sig.alg', 'enum'],
    ]);
  });

  it('checks that the JWS header agrees with sig.alg and sig.kid', () => {
    const header = Buffer.from('{"alg":"EdDSA","kid":"other"}').toString('base64url');
    expect(
      codesOf({ ...MINIMAL_MANIFEST, sig: { alg: 'EdDSA', kid: 'k', jws: `${header}..c2ln` } }),
    ).toEqual([['sig.jws', 'jws']]);
  });

  it('rejects non-objects as a whole and truncates long values in problems', () => {
    expect(codesOf(null)).toEqual([['', 'type']]);
    expect(codesOf([MINIMAL_MANIFEST])).toEqual([['', 'type']]);
    const long = validateLlmindexManifest({ ...MINIMAL_MANIFEST, language: 'x'.repeat(1000) });
    expect(String(long.problems[0]!.value)).toMatch(/… \(1000 chars\)$/);
  });

  it('does not mistake inherited members for fields', () => {
    const manifest = JSON.parse('{"__proto__": {"version": "0.1"}, "constructor": 1}');
    expect(codesOf(manifest)).toContainEqual(['version', 'missing']);
    expect(codesOf(manifest)).toContainEqual(['constructor', 'unknown_field']);
  });

  it('throws LlmindexValidationError with every problem from assertLlmindexManifest', () => {
    expect(assertLlmindexManifest(MINIMAL_MANIFEST)).toBe(MINIMAL_MANIFEST);
    try {
      assertLlmindexManifest({ ...MINIMAL_MANIFEST, language: 'en_GB', topics: [] });
      throw new Error('expected LlmindexValidationError');
    } catch (error) {
      expect(error).toBeInstanceOf(LlmindexValidationError);
      const typed = error as LlmindexValidationError;
      expect(typed.field).toBe('language');
      expect(typed.problems.map((p) => p.field)).toEqual(['language', 'topics']);
      expect(typed.toJSON()).toEqual(
        expect.objectContaining({ code: 'llmindex.invalid', problems: typed.problems }),
      );
    }
  });
});

describe('validateLlmindexManifest on hostile input (fuzz)', () => {
  const fieldValue = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.string(),
    fc.constantFrom(
      'https://example.com/x',
      'http://a',
      'https://',
      '0.1',
      '2026-02-20T00:00:00Z',
      'en',
    ),
  );
  const mutated = fc
    .record({
      key: fc.constantFrom(
        'version',
        'updated_at',
        'entity',
        'language',
        'topics',
        'endpoints',
        'feeds',
        'verify',
        'sig',
        'license',
        '__proto__',
        'constructor',
      ),
      value: fieldValue,
    })
    .map(
      ({ key, value }) => JSON.parse(JSON.stringify({ ...FULL_MANIFEST, [key]: value })) as unknown,
    );

  it('returns typed problems for any JSON, never throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.jsonValue(), mutated), (value) => {
        const result = validateLlmindexManifest(value);
        expect(result.valid).toBe(result.problems.length === 0);
        for (const problem of [...result.problems, ...result.warnings]) {
          expect(typeof problem.field).toBe('string');
          expect(typeof problem.code).toBe('string');
          expect(typeof problem.message).toBe('string');
        }
        try {
          assertLlmindexManifest(value);
        } catch (error) {
          expect(error).toBeInstanceOf(LlmindexValidationError);
        }
      }),
      propertyRuns(400),
    );
  });
});
