import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { FULL_MANIFEST, MINIMAL_MANIFEST } from '../../test/support/llmindex-manifests';
import { readLlmindexManifest, readLlmindexResponse } from './read-manifest';

describe('readLlmindexManifest (§9 consumer side)', () => {
  it('reads a valid manifest without warnings', () => {
    const result = readLlmindexManifest(JSON.stringify(FULL_MANIFEST));
    expect(result).toEqual({
      supported: true,
      warnings: [],
      manifest: {
        version: '0.1',
        updated_at: FULL_MANIFEST.updated_at,
        language: 'zh-CN',
        license: 'CC-BY-4.0',
        verify: FULL_MANIFEST.verify,
        entity: FULL_MANIFEST.entity,
        topics: FULL_MANIFEST.topics,
        endpoints: FULL_MANIFEST.endpoints,
        feeds: FULL_MANIFEST.feeds,
        extensions: {},
      },
    });
  });

  it('treats a body that is not JSON, or not an object, as unsupported with a warning', () => {
    expect(readLlmindexManifest('<html>404</html>')).toEqual({
      supported: false,
      reason: 'not_json',
      warnings: [expect.objectContaining({ code: 'json' })],
    });
    expect(readLlmindexManifest('[1,2]')).toEqual(
      expect.objectContaining({ supported: false, reason: 'not_object' }),
    );
  });

  it('reads an unknown version best-effort: warnings for its fields, extensions kept', () => {
    const result = readLlmindexManifest({
      ...MINIMAL_MANIFEST,
      version: '0.2',
      languages: ['en', 'de'],
      access_control: { allow: ['*'] },
    });
    if (!result.supported) throw new Error('expected a supported manifest');
    expect(result.manifest.version).toBe('0.2');
    expect(result.manifest.endpoints).toEqual(MINIMAL_MANIFEST.endpoints);
    expect(result.manifest.extensions).toEqual({
      languages: ['en', 'de'],
      access_control: { allow: ['*'] },
    });
    expect(result.warnings.map((w) => [w.field, w.code])).toEqual([
      ['version', 'version'],
      ['languages', 'unknown_field'],
      ['access_control', 'unknown_field'],
    ]);
    expect(result.warnings[0]!.message).toMatch(/best-effort/);
  });

  it('leaves unusable fields out, like an unavailable endpoint, and keeps the rest', () => {
    const result = readLlmindexManifest({
      version: '0.1',
      entity: { name: 'Shop', canonical_url: 'http://shop.example' },
      topics: ['a', 3, ''],
      endpoints: { products: 'https://shop.example/p', faq: '/faq', about: 42 },
      feeds: 'https://shop.example/feed',
      verify: { method: 'carrier-pigeon', value: 'x' },
      sig: { alg: 'EdDSA', kid: 'k' },
    });
    if (!result.supported) throw new Error('expected a supported manifest');
    expect(result.manifest).toEqual({
      version: '0.1',
      entity: { name: 'Shop', canonical_url: 'http://shop.example' },
      topics: ['a'],
      endpoints: { products: 'https://shop.example/p' },
      feeds: {},
      extensions: {},
    });
    expect(result.warnings.length).toBeGreaterThan(5);
  });

  it('never throws, whatever the body (fuzz)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((v) => JSON.stringify({ ...FULL_MANIFEST, x: v })),
        ),
        (body) => {
          const result = readLlmindexManifest(body);
          expect(typeof result.supported).toBe('boolean');
        },
      ),
      propertyRuns(300),
    );
  });
});

describe('readLlmindexResponse', () => {
  it('maps 404 to "not supported" and other errors to unsupported with a warning', () => {
    expect(readLlmindexResponse({ status: 404, body: '' })).toEqual({
      supported: false,
      reason: 'not_found',
      warnings: [],
    });
    expect(readLlmindexResponse({ status: 503, body: '' })).toEqual(
      expect.objectContaining({ supported: false, reason: 'http_error' }),
    );
  });

  it('warns about a non-JSON content type but still reads the body', () => {
    const result = readLlmindexResponse({
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: JSON.stringify(MINIMAL_MANIFEST),
    });
    expect(result.supported).toBe(true);
    expect(result.warnings).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/text\/plain/) }),
    ]);
    expect(
      readLlmindexResponse({
        status: 200,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify(MINIMAL_MANIFEST),
      }).warnings,
    ).toEqual([]);
  });
});
