import { canonicalJsonBytes } from '../json';
import { validatorsOfBytes } from './representation-validators';

/** A JSON document ready to serve: canonical bytes and the strong validator derived from them. */
export interface JsonResource {
  body: Buffer;
  /** `sha256-<hex>` of `body`. */
  hash: string;
  /** The ETag header value: the quoted hash. */
  etag: string;
}

/** Canonical (RFC 8785) bytes of `value` and their SHA-256 entity-tag. */
export function buildJsonResource(value: unknown): JsonResource {
  const body = canonicalJsonBytes(value);
  const { hash, etag } = validatorsOfBytes(body);
  return { body, hash, etag };
}
