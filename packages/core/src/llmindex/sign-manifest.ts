import { createPublicKey, KeyObject } from 'node:crypto';
import { CompactSign, importJWK } from 'jose';
import { AgentReadyError } from '../errors';
import { LlmindexKeyError, LlmindexSignatureError } from './llmindex-errors';
import { toLlmindexPrivateJwk } from './llmindex-keys';
import type { LlmindexManifest } from './llmindex-types';
import { llmindexSigningPayload } from './llmindex-signing-payload';
import { assertLlmindexManifest } from './validate-manifest';

export interface LlmindexSignOptions {
  /** Overrides the key's own `kid`. */
  kid?: string;
  /** Write the detached form `header..signature` (RFC 7515 Appendix F); default attached. */
  detached?: boolean;
}

/**
 * Sign a manifest (DECISIONS §3): a standard RFC 7515 compact JWS, EdDSA with Ed25519
 * (RFC 8037), protected header `{"alg":"EdDSA","kid":…}`, payload = JCS of the manifest
 * without its top-level `sig`. Returns a copy with `sig: {alg, kid, jws}` as its last member
 * (any old `sig` replaced). The manifest must pass strict v0.1 validation
 * (`LlmindexValidationError` otherwise); a key that is not a private Ed25519 JWK throws
 * `LlmindexKeyError`.
 */
export async function signLlmindexManifest(
  manifest: LlmindexManifest | Record<string, unknown>,
  privateJwk: unknown,
  options: LlmindexSignOptions = {},
): Promise<LlmindexManifest> {
  const unsigned = Object.fromEntries(Object.entries(manifest).filter(([key]) => key !== 'sig'));
  assertLlmindexManifest(unsigned);
  const jwk = toLlmindexPrivateJwk(privateJwk, options.kid);
  const payload = llmindexSigningPayload(unsigned);
  let jws: string;
  try {
    const key = await importJWK(jwk, 'EdDSA');
    // A JWK whose x does not belong to its d would sign fine and never verify: refuse it.
    if (key instanceof KeyObject && createPublicKey(key).export({ format: 'jwk' }).x !== jwk.x) {
      throw new LlmindexKeyError(
        'llmindex.key',
        'the key\'s "x" is not the public half of its "d"',
        {
          field: 'key.x',
        },
      );
    }
    jws = await new CompactSign(new TextEncoder().encode(payload))
      .setProtectedHeader({ alg: 'EdDSA', kid: jwk.kid })
      .sign(key);
  } catch (cause) {
    if (cause instanceof AgentReadyError) throw cause;
    throw new LlmindexSignatureError('llmindex.sign_failed', `signing failed: ${String(cause)}`, {
      field: 'key',
      cause,
    });
  }
  if (options.detached) {
    const [header, , signature] = jws.split('.');
    jws = `${header}..${signature}`;
  }
  return { ...(unsigned as unknown as LlmindexManifest), sig: { alg: 'EdDSA', kid: jwk.kid, jws } };
}
