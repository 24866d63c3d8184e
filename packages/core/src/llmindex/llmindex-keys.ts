import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { isJsonObject, member } from './collect-llmindex-problems';
import { LlmindexKeyError } from './llmindex-errors';

const RULE = 'docs/protocols.md#llmindex-signature (EdDSA / Ed25519, RFC 8037; JWKS RFC 7517 §5)';

/** A public Ed25519 signing key as published in `/.well-known/llmindex-keys.json`. */
export interface LlmindexPublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid: string;
  use: 'sig';
  alg: 'EdDSA';
}

/** The private half: the public members plus `d`. Keep it secret. */
export interface LlmindexPrivateJwk extends LlmindexPublicJwk {
  d: string;
}

export interface LlmindexJwks {
  keys: LlmindexPublicJwk[];
}

export interface LlmindexKeyPair {
  kid: string;
  privateJwk: LlmindexPrivateJwk;
  publicJwk: LlmindexPublicJwk;
}

const BASE64URL_32_BYTES = /^[A-Za-z0-9_-]{43}$/;

function fail(message: string, field: string, value?: unknown): never {
  throw new LlmindexKeyError('llmindex.key', message, { field, value, rule: RULE });
}

/**
 * A new Ed25519 key pair as JWKs with `kid`, `use: "sig"` and `alg: "EdDSA"`. The default
 * `kid` is the key's RFC 7638 thumbprint, so it is unique without coordination.
 */
export async function generateLlmindexKeyPair(
  options: { kid?: string } = {},
): Promise<LlmindexKeyPair> {
  if (options.kid !== undefined && (typeof options.kid !== 'string' || options.kid.trim() === '')) {
    fail('kid must be non-empty text', 'kid', options.kid);
  }
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const jwk = await exportJWK(privateKey);
  const x = jwk.x!;
  const kid = options.kid ?? (await calculateJwkThumbprint({ kty: 'OKP', crv: 'Ed25519', x }));
  const publicJwk: LlmindexPublicJwk = {
    kty: 'OKP',
    crv: 'Ed25519',
    x,
    kid,
    use: 'sig',
    alg: 'EdDSA',
  };
  return { kid, publicJwk, privateJwk: { ...publicJwk, d: jwk.d! } };
}

/** The public Ed25519 members of a JWK-shaped value, checked; `kid` as found (maybe absent). */
function publicMembers(
  jwk: unknown,
  field: string,
): Omit<LlmindexPublicJwk, 'kid'> & { kid?: unknown } {
  if (!isJsonObject(jwk)) fail('a JWK is a JSON object', field);
  if (member(jwk, 'kty') !== 'OKP' || member(jwk, 'crv') !== 'Ed25519') {
    fail('only Ed25519 keys (kty "OKP", crv "Ed25519") sign llmindex manifests', field);
  }
  const x = member(jwk, 'x');
  if (typeof x !== 'string' || !BASE64URL_32_BYTES.test(x))
    fail('"x" must be a 32-byte base64url value', `${field}.x`);
  const alg = member(jwk, 'alg');
  if (alg !== undefined && alg !== 'EdDSA') fail('"alg" must be "EdDSA"', `${field}.alg`, alg);
  const use = member(jwk, 'use');
  if (use !== undefined && use !== 'sig') fail('"use" must be "sig"', `${field}.use`, use);
  return { kty: 'OKP', crv: 'Ed25519', x, kid: member(jwk, 'kid'), use: 'sig', alg: 'EdDSA' };
}

/**
 * The public Ed25519 key inside any JWK-shaped value, as a fresh object holding only public
 * members (so a private `d`, or anything else, can never leak into a JWKS). `kid` may be
 * supplied when the JWK has none.
 */
export function toLlmindexPublicJwk(jwk: unknown, kid?: string, field = 'jwk'): LlmindexPublicJwk {
  const key = publicMembers(jwk, field);
  const keyId = kid ?? key.kid;
  if (typeof keyId !== 'string' || keyId.trim() === '')
    fail('the key needs a "kid"', `${field}.kid`, keyId);
  return { ...key, kid: keyId };
}

/** The private Ed25519 JWK to sign with; throws `LlmindexKeyError` if it is not one. */
export function toLlmindexPrivateJwk(jwk: unknown, kid?: string): LlmindexPrivateJwk {
  const publicJwk = toLlmindexPublicJwk(jwk, kid, 'key');
  const d = member(jwk as Record<string, unknown>, 'd');
  if (typeof d !== 'string' || !BASE64URL_32_BYTES.test(d))
    fail('a private key needs a 32-byte "d"', 'key.d');
  return { ...publicJwk, d };
}

/**
 * The JWKS document for `/.well-known/llmindex-keys.json`: public members only (private or
 * unknown members are dropped), every key with a distinct `kid`.
 */
export function buildLlmindexJwks(keys: readonly unknown[]): LlmindexJwks {
  if (!Array.isArray(keys)) fail('keys must be an array', 'keys');
  const publicKeys = keys.map((key, index) =>
    toLlmindexPublicJwk(key, undefined, `keys[${index}]`),
  );
  const kids = new Set<string>();
  publicKeys.forEach((key, index) => {
    if (kids.has(key.kid))
      fail(`two keys share the kid "${key.kid}"`, `keys[${index}].kid`, key.kid);
    kids.add(key.kid);
  });
  return { keys: publicKeys };
}

/** A verification key; `kid` is `undefined` for a bare JWK that names none. */
export type LlmindexVerificationKey = Omit<LlmindexPublicJwk, 'kid'> & { kid: string | undefined };

/**
 * Read keys fetched or loaded from elsewhere: a JWKS (`{ keys: [...] }`), one JWK, or an
 * array of JWKs. Keys that are not Ed25519 signing keys are skipped (a JWKS may hold others);
 * throws `LlmindexKeyError` when nothing usable remains.
 */
export function parseLlmindexJwks(value: unknown): LlmindexVerificationKey[] {
  const list: unknown[] = Array.isArray(value)
    ? value
    : isJsonObject(value) && Array.isArray(member(value, 'keys'))
      ? (value.keys as unknown[])
      : [value];
  const keys = list.flatMap((key, index): LlmindexVerificationKey[] => {
    try {
      const { kid, ...rest } = publicMembers(key, `keys[${index}]`);
      return [{ ...rest, kid: typeof kid === 'string' && kid !== '' ? kid : undefined }];
    } catch (error) {
      if (error instanceof LlmindexKeyError) return [];
      throw error;
    }
  });
  if (keys.length === 0) fail('no Ed25519 signing key found', 'keys');
  return keys;
}

/** jose's JWK type, for callers who hold keys in that form. */
export type { JWK };
