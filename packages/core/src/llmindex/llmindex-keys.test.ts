import { calculateJwkThumbprint } from 'jose';
import { LlmindexKeyError } from './llmindex-errors';
import {
  buildLlmindexJwks,
  generateLlmindexKeyPair,
  parseLlmindexJwks,
  toLlmindexPublicJwk,
} from './llmindex-keys';

describe('llmindex keys', () => {
  it('generates an Ed25519 pair whose default kid is the RFC 7638 thumbprint', async () => {
    const pair = await generateLlmindexKeyPair();
    expect(pair.publicJwk).toEqual({
      kty: 'OKP',
      crv: 'Ed25519',
      x: expect.any(String),
      kid: pair.kid,
      use: 'sig',
      alg: 'EdDSA',
    });
    expect(pair.privateJwk).toEqual({
      ...pair.publicJwk,
      d: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(pair.kid).toBe(
      await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x: pair.publicJwk.x }),
    );
    expect((await generateLlmindexKeyPair({ kid: 'shop-2026' })).kid).toBe('shop-2026');
  });

  it('never lets a private member into the JWKS', async () => {
    const a = await generateLlmindexKeyPair({ kid: 'a' });
    const b = await generateLlmindexKeyPair({ kid: 'b' });
    const jwks = buildLlmindexJwks([
      a.privateJwk,
      { ...b.privateJwk, p: 'x', q: 'y', k: 'z', extra: 1 },
    ]);
    expect(jwks).toEqual({ keys: [a.publicJwk, b.publicJwk] });
    expect(JSON.stringify(jwks)).not.toMatch(/"d"|"p"|"q"|"k"|extra/);
  });

  it.each([
    ['an RSA key', [{ kty: 'RSA', n: 'x', e: 'AQAB', kid: 'r' }]],
    ['a key without kid', [{ kty: 'OKP', crv: 'Ed25519', x: 'A'.repeat(43) }]],
    ['a short x', [{ kty: 'OKP', crv: 'Ed25519', x: 'AAAA', kid: 'k' }]],
    ['a wrong alg', [{ kty: 'OKP', crv: 'Ed25519', x: 'A'.repeat(43), kid: 'k', alg: 'ES256' }]],
    [
      'duplicate kids',
      [
        { kty: 'OKP', crv: 'Ed25519', x: 'A'.repeat(43), kid: 'k' },
        { kty: 'OKP', crv: 'Ed25519', x: 'B'.repeat(43), kid: 'k' },
      ],
    ],
  ])('refuses %s in a JWKS', (_name, keys) => {
    expect(() => buildLlmindexJwks(keys)).toThrow(LlmindexKeyError);
  });

  it('reads a JWKS, a bare JWK or an array, skipping keys of other types', () => {
    const ed = { kty: 'OKP', crv: 'Ed25519', x: 'A'.repeat(43), kid: 'k' };
    const rsa = { kty: 'RSA', n: 'x', e: 'AQAB', kid: 'r' };
    expect(parseLlmindexJwks({ keys: [rsa, ed] })).toEqual([toLlmindexPublicJwk(ed)]);
    expect(parseLlmindexJwks({ kty: 'OKP', crv: 'Ed25519', x: 'A'.repeat(43) })).toEqual([
      { kty: 'OKP', crv: 'Ed25519', x: 'A'.repeat(43), kid: undefined, use: 'sig', alg: 'EdDSA' },
    ]);
    expect(() => parseLlmindexJwks({ keys: [rsa] })).toThrow(LlmindexKeyError);
    expect(() => parseLlmindexJwks('nonsense')).toThrow(LlmindexKeyError);
  });
});
