import { validatorsOfBytes } from '../http/representation-validators';
import { canonicalJsonBytes } from '../json';

/**
 * What identifies one served JSON representation under TCT draft -03 §"Identity
 * Representation": its exact bytes and the validators computed over all of them, nothing
 * excluded (unlike tct-1, whose M-URL hash leaves out its own `hash` member).
 */
export interface TctIdentity {
  /** The exact bytes served. */
  body: Buffer;
  /** `sha256-<hex>`: the catalog (sitemap) hint, the ETag without quotes. */
  hash: string;
  /** `"sha256-<hex of sha256(body)>"`: strong. */
  etag: string;
  /** RFC 9530 `sha-256=:<base64>:` of the same bytes. */
  contentDigest: string;
}

/** The identity validators of bytes already serialized (a stored body). */
export function tctIdentityOf(body: Buffer): TctIdentity {
  return { body, ...validatorsOfBytes(body) };
}

/** JCS (RFC 8785) bytes of `value` and their identity validators. */
export function buildTctIdentity(value: unknown): TctIdentity {
  return tctIdentityOf(canonicalJsonBytes(value));
}

/** The catalog hint of an ETag header value: the opaque part of a strong `"sha256-…"` tag. */
export function catalogHintOf(etag: string): string | undefined {
  const match = /^"(sha256-[0-9a-f]{64})"$/.exec(etag);
  return match?.[1];
}
