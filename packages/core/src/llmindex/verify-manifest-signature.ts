import { compactVerify, importJWK } from 'jose';
import { AgentReadyError } from '../errors';
import { isJsonObject, member } from './collect-llmindex-problems';
import { parseLlmindexJwks, type LlmindexVerificationKey } from './llmindex-keys';
import { llmindexSigningPayload } from './llmindex-signing-payload';
import { parseCompactJws } from './parse-compact-jws';

export type LlmindexSignatureFailure =
  | 'not_object'
  | 'no_signature'
  | 'malformed_sig'
  | 'unsupported_alg'
  | 'malformed_jws'
  | 'kid_mismatch'
  | 'no_keys'
  | 'unknown_kid'
  | 'legacy_digest_form'
  | 'not_canonicalizable'
  | 'payload_mismatch'
  | 'bad_signature';

export type LlmindexSignatureCheck =
  | { valid: true; kid: string; form: 'attached' | 'detached' }
  | {
      valid: false;
      code: LlmindexSignatureFailure;
      message: string;
      kid?: string;
      form?: 'attached' | 'detached';
    };

function failure(
  code: LlmindexSignatureFailure,
  message: string,
  extra: { kid?: string; form?: 'attached' | 'detached' } = {},
): LlmindexSignatureCheck {
  return { valid: false, code, message, ...extra };
}

/**
 * The openllmindex CLI's form (notes §2.5): header `{"alg":"EdDSA"}` without `kid`, payload a
 * base64url SHA-256 digest (32 bytes), signature over the raw canonical bytes rather than the
 * JWS signing input. No standard JOSE library can verify it.
 */
function isLegacyDigestForm(header: Record<string, unknown>, payloadSegment: string): boolean {
  return header.kid === undefined && /^[A-Za-z0-9_-]{43}$/.test(payloadSegment);
}

function candidateKeys(keys: LlmindexVerificationKey[], kid: string): LlmindexVerificationKey[] {
  const matching = keys.filter((key) => key.kid === kid);
  if (matching.length > 0) return matching;
  // A single bare key that names no kid was chosen by the caller for this manifest.
  return keys.length === 1 && keys[0]!.kid === undefined ? keys : [];
}

/**
 * Verify a manifest's `sig` (DECISIONS §3) against keys: a JWKS document, one JWK or an array
 * (typically `/.well-known/llmindex-keys.json`). The key is chosen by `sig.kid`; the JWS may be
 * attached (its payload must be exactly the JCS of the manifest without `sig`) or detached
 * (`header..signature`, payload re-derived from the manifest). The openllmindex digest form is
 * recognised and reported as unsupported. Never throws: the result says what failed.
 */
export async function verifyLlmindexManifestSignature(
  manifest: unknown,
  keys: unknown,
): Promise<LlmindexSignatureCheck> {
  if (!isJsonObject(manifest)) return failure('not_object', 'the manifest is not a JSON object');
  const sig = member(manifest, 'sig');
  if (sig === undefined) return failure('no_signature', 'the manifest has no sig');
  if (!isJsonObject(sig)) return failure('malformed_sig', 'sig is not an object');
  const [alg, kid, jws] = ['alg', 'kid', 'jws'].map((key) => member(sig, key));
  if (typeof alg !== 'string' || typeof kid !== 'string' || typeof jws !== 'string' || kid === '') {
    return failure('malformed_sig', 'sig needs alg, kid and jws strings');
  }
  if (alg !== 'EdDSA') return failure('unsupported_alg', `sig.alg "${alg}" is not EdDSA`, { kid });
  const parts = parseCompactJws(jws);
  if (typeof parts === 'string') return failure('malformed_jws', parts, { kid });
  const form = parts.payloadSegment === '' ? 'detached' : 'attached';
  if (parts.header.alg !== 'EdDSA') {
    return failure('unsupported_alg', `the JWS header's alg is not EdDSA`, { kid, form });
  }
  if (isLegacyDigestForm(parts.header, parts.payloadSegment)) {
    return failure(
      'legacy_digest_form',
      'this is the openllmindex CLI signature form (payload = SHA-256 digest, signature over the raw ' +
        'canonical JSON, not over the JWS signing input); it is not a standard JWS and is not ' +
        'supported (docs/protocols.md#llmindex-signature): re-sign the manifest with a standard EdDSA JWS',
      { kid, form },
    );
  }
  if (parts.header.kid !== undefined && parts.header.kid !== kid) {
    return failure(
      'kid_mismatch',
      `the JWS header names kid "${String(parts.header.kid)}", sig.kid "${kid}"`,
      {
        kid,
        form,
      },
    );
  }

  let payload: string;
  try {
    payload = llmindexSigningPayload(manifest);
  } catch (error) {
    if (!(error instanceof AgentReadyError)) throw error;
    return failure('not_canonicalizable', `the manifest has no canonical form: ${error.message}`, {
      kid,
      form,
    });
  }
  const payloadSegment = Buffer.from(payload, 'utf8').toString('base64url');
  if (form === 'attached' && parts.payloadSegment !== payloadSegment) {
    return failure(
      'payload_mismatch',
      'the signed payload is not this manifest (it changed after signing)',
      {
        kid,
        form,
      },
    );
  }

  let available: LlmindexVerificationKey[];
  try {
    available = parseLlmindexJwks(keys);
  } catch (error) {
    if (!(error instanceof AgentReadyError)) throw error;
    return failure('no_keys', error.message, { kid, form });
  }
  const candidates = candidateKeys(available, kid);
  if (candidates.length === 0)
    return failure('unknown_kid', `no published key has kid "${kid}"`, { kid, form });

  const compact = `${parts.headerSegment}.${payloadSegment}.${parts.signatureSegment}`;
  for (const candidate of candidates) {
    try {
      const key = await importJWK({ kty: 'OKP', crv: 'Ed25519', x: candidate.x }, 'EdDSA');
      await compactVerify(compact, key, { algorithms: ['EdDSA'] });
      return { valid: true, kid, form };
    } catch {
      // jose reports a bad signature, a bad key or an unsupported header (crit, b64) by
      // throwing; any of these means this key does not verify the manifest.
    }
  }
  return failure('bad_signature', 'the signature does not verify with the published key', {
    kid,
    form,
  });
}
