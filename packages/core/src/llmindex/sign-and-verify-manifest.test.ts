import { createPrivateKey, sign as edSign } from 'node:crypto';
import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { sha256 } from '../crypto';
import { LlmindexKeyError, LlmindexValidationError } from './llmindex-errors';
import { buildLlmindexJwks, generateLlmindexKeyPair, type LlmindexKeyPair } from './llmindex-keys';
import { llmindexSigningPayload } from './llmindex-signing-payload';
import {
  FULL_MANIFEST,
  MINIMAL_CANONICAL,
  MINIMAL_MANIFEST,
} from '../../test/support/llmindex-manifests';
import { signLlmindexManifest } from './sign-manifest';
import { verifyLlmindexManifestSignature } from './verify-manifest-signature';

let pair: LlmindexKeyPair;
let other: LlmindexKeyPair;
beforeAll(async () => {
  pair = await generateLlmindexKeyPair({ kid: 'shop-2026' });
  other = await generateLlmindexKeyPair({ kid: 'other' });
});

function decodeSegment(segment: string): string {
  return Buffer.from(segment, 'base64url').toString('utf8');
}

describe('llmindexSigningPayload', () => {
  it('is the JCS form without the top-level sig; it matches the notes’ test vector', () => {
    expect(llmindexSigningPayload(MINIMAL_MANIFEST)).toBe(MINIMAL_CANONICAL);
    expect(
      llmindexSigningPayload({ ...MINIMAL_MANIFEST, sig: { alg: 'x', kid: 'y', jws: 'z' } }),
    ).toBe(MINIMAL_CANONICAL);
    expect(sha256(MINIMAL_CANONICAL).toString('hex')).toBe(
      '15205d4bb3897bd51863c3b3770eb395224c8dfa6083bba6f60b9ffcb427f816',
    );
    expect(llmindexSigningPayload(FULL_MANIFEST)).toContain('"name":"Café Ünïcode ☕"');
  });
});

describe('signLlmindexManifest', () => {
  it('writes a standard compact JWS: EdDSA header with kid, payload = JCS of the manifest', async () => {
    const signed = await signLlmindexManifest(FULL_MANIFEST, pair.privateJwk);
    expect(Object.keys(signed).at(-1)).toBe('sig');
    expect(signed.sig).toEqual({ alg: 'EdDSA', kid: 'shop-2026', jws: expect.any(String) });
    const [header, payload, signature] = signed.sig!.jws.split('.');
    expect(JSON.parse(decodeSegment(header!))).toEqual({ alg: 'EdDSA', kid: 'shop-2026' });
    expect(decodeSegment(payload!)).toBe(llmindexSigningPayload(FULL_MANIFEST));
    expect(Buffer.from(signature!, 'base64url')).toHaveLength(64);
  });

  it('writes the detached form on request and replaces an old sig', async () => {
    const signed = await signLlmindexManifest(
      { ...MINIMAL_MANIFEST, sig: { alg: 'EdDSA', kid: 'old', jws: 'a..b' } },
      pair.privateJwk,
      { detached: true, kid: 'renamed' },
    );
    expect(signed.sig!.kid).toBe('renamed');
    expect(signed.sig!.jws).toMatch(/^[\w-]+\.\.[\w-]+$/);
  });

  it('refuses an invalid manifest, a public key, and a key whose x is not its own', async () => {
    await expect(
      signLlmindexManifest({ ...MINIMAL_MANIFEST, topics: [] }, pair.privateJwk),
    ).rejects.toBeInstanceOf(LlmindexValidationError);
    await expect(signLlmindexManifest(MINIMAL_MANIFEST, pair.publicJwk)).rejects.toBeInstanceOf(
      LlmindexKeyError,
    );
    await expect(
      signLlmindexManifest(MINIMAL_MANIFEST, { ...pair.privateJwk, x: other.publicJwk.x }),
    ).rejects.toBeInstanceOf(LlmindexKeyError);
  });
});

describe('verifyLlmindexManifestSignature', () => {
  it('verifies attached and detached signatures against a JWKS, choosing the key by kid', async () => {
    const jwks = buildLlmindexJwks([other.publicJwk, pair.publicJwk]);
    const attached = await signLlmindexManifest(FULL_MANIFEST, pair.privateJwk);
    const detached = await signLlmindexManifest(FULL_MANIFEST, pair.privateJwk, { detached: true });
    expect(await verifyLlmindexManifestSignature(attached, jwks)).toEqual({
      valid: true,
      kid: 'shop-2026',
      form: 'attached',
    });
    expect(await verifyLlmindexManifestSignature(detached, jwks)).toEqual({
      valid: true,
      kid: 'shop-2026',
      form: 'detached',
    });
    // Member order does not matter: the payload is canonical.
    const reordered = JSON.parse(
      JSON.stringify({
        sig: attached.sig,
        ...FULL_MANIFEST,
        entity: {
          canonical_url: FULL_MANIFEST.entity.canonical_url,
          name: FULL_MANIFEST.entity.name,
        },
      }),
    );
    expect((await verifyLlmindexManifestSignature(reordered, jwks)).valid).toBe(true);
  });

  it('rejects a manifest changed after signing, in both forms', async () => {
    const jwks = buildLlmindexJwks([pair.publicJwk]);
    for (const detached of [false, true]) {
      const signed = await signLlmindexManifest(FULL_MANIFEST, pair.privateJwk, { detached });
      const changed = { ...signed, topics: ['tampered'] };
      expect(await verifyLlmindexManifestSignature(changed, jwks)).toEqual(
        expect.objectContaining({
          valid: false,
          code: detached ? 'bad_signature' : 'payload_mismatch',
        }),
      );
    }
  });

  it('rejects an attached payload that is not the manifest even when its signature is good', async () => {
    const signedOther = await signLlmindexManifest(
      { ...FULL_MANIFEST, topics: ['other'] },
      pair.privateJwk,
    );
    const result = await verifyLlmindexManifestSignature(
      { ...FULL_MANIFEST, sig: signedOther.sig },
      [pair.publicJwk],
    );
    expect(result).toEqual(expect.objectContaining({ valid: false, code: 'payload_mismatch' }));
  });

  it.each([
    ['no signature', () => MINIMAL_MANIFEST, 'no_signature'],
    ['a non-object', () => 'x', 'not_object'],
    [
      'a sig without jws',
      () => ({ ...MINIMAL_MANIFEST, sig: { alg: 'EdDSA', kid: 'k' } }),
      'malformed_sig',
    ],
    [
      'another algorithm',
      () => ({ ...MINIMAL_MANIFEST, sig: { alg: 'RS256', kid: 'k', jws: 'a.b.c' } }),
      'unsupported_alg',
    ],
    [
      'a non-JWS',
      () => ({ ...MINIMAL_MANIFEST, sig: { alg: 'EdDSA', kid: 'k', jws: 'abc' } }),
      'malformed_jws',
    ],
  ])('reports %s', async (_name, manifest, code) => {
    expect(await verifyLlmindexManifestSignature(manifest(), [pair.publicJwk])).toEqual(
      expect.objectContaining({ valid: false, code }),
    );
  });

  it('reports an unknown kid, the wrong key, a header kid mismatch and unusable keys', async () => {
    const signed = await signLlmindexManifest(MINIMAL_MANIFEST, pair.privateJwk);
    expect(
      await verifyLlmindexManifestSignature(signed, buildLlmindexJwks([other.publicJwk])),
    ).toEqual(expect.objectContaining({ code: 'unknown_kid' }));
    expect(
      await verifyLlmindexManifestSignature(signed, [{ ...other.publicJwk, kid: 'shop-2026' }]),
    ).toEqual(expect.objectContaining({ code: 'bad_signature' }));
    expect(
      await verifyLlmindexManifestSignature({ ...signed, sig: { ...signed.sig!, kid: 'other' } }, [
        other.publicJwk,
      ]),
    ).toEqual(expect.objectContaining({ code: 'kid_mismatch' }));
    expect(await verifyLlmindexManifestSignature(signed, { keys: 'none' })).toEqual(
      expect.objectContaining({ code: 'no_keys' }),
    );
  });

  it('accepts a single bare key without kid as the caller’s choice', async () => {
    const signed = await signLlmindexManifest(MINIMAL_MANIFEST, pair.privateJwk);
    const { kid: _kid, ...bare } = pair.publicJwk;
    expect((await verifyLlmindexManifestSignature(signed, bare)).valid).toBe(true);
  });

  it('recognises the openllmindex digest form and says why it is unsupported', async () => {
    // Built the way notes §2.5 describes the openllmindex CLI: header without kid, payload the
    // SHA-256 digest of the canonical bytes, Ed25519 signature over the raw canonical bytes.
    const canonical = Buffer.from(MINIMAL_CANONICAL);
    const key = createPrivateKey({ key: { ...pair.privateJwk }, format: 'jwk' });
    const jws = [
      'eyJhbGciOiJFZERTQSJ9',
      sha256(canonical).toString('base64url'),
      edSign(null, canonical, key).toString('base64url'),
    ].join('.');
    expect(jws.split('.')[1]).toBe('FSBdS7OJe9UYY8Ozdw6zlSJMjfpgg7um9guf_LQn-BY');
    const result = await verifyLlmindexManifestSignature(
      { ...MINIMAL_MANIFEST, sig: { alg: 'EdDSA', kid: 'local', jws } },
      [pair.publicJwk],
    );
    expect(result).toEqual(
      expect.objectContaining({
        valid: false,
        code: 'legacy_digest_form',
        message: expect.stringMatching(/openllmindex/),
      }),
    );
  });

  it('never throws on hostile manifests and keys (fuzz)', async () => {
    const signed = await signLlmindexManifest(MINIMAL_MANIFEST, pair.privateJwk);
    const sigArb = fc.oneof(
      fc.jsonValue(),
      fc.record({
        alg: fc.constantFrom('EdDSA', 'none'),
        kid: fc.string(),
        jws: fc.oneof(fc.string(), fc.constant(signed.sig!.jws)),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        sigArb,
        fc.oneof(fc.jsonValue(), fc.constant([pair.publicJwk])),
        async (sig, keys) => {
          const result = await verifyLlmindexManifestSignature({ ...MINIMAL_MANIFEST, sig }, keys);
          expect(typeof result.valid).toBe('boolean');
        },
      ),
      propertyRuns(200, { costly: true }),
    );
  });
});
