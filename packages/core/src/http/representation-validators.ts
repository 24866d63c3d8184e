import { sha256 } from '../crypto';
import { strongEntityTag } from './entity-tag';

/**
 * The validators a representation is served with, formed in one place: its strong ETag, from a
 * `sha256-<hex>` hash, and its RFC 9530 `Content-Digest`. A document's are formed when it is
 * rendered and stored with it (`documentValidators`); serving reads them back.
 */
export interface RepresentationValidators {
  /** `sha256-<hex>`: the ETag's opaque part, and what sitemaps and the change feed list. */
  hash: string;
  /** The ETag header value (strong, quoted). */
  etag: string;
  /** `sha-256=:<base64>:` of the bytes sent. */
  contentDigest: string;
}

const HASH = /^sha256-([0-9a-f]{64})$/;

/** Validators of bytes tagged by their own SHA-256: one pass gives the tag and the digest. */
export function validatorsOfBytes(bytes: Uint8Array): RepresentationValidators {
  const digest = sha256(bytes);
  const hash = `sha256-${digest.toString('hex')}`;
  return {
    hash,
    etag: strongEntityTag(hash),
    contentDigest: `sha-256=:${digest.toString('base64')}:`,
  };
}

/**
 * Validators of bytes whose stored `sha256-` hash is their own SHA-256 (a Markdown twin, a
 * sitemap shard): the digest is the same SHA-256 in base64, so the bytes are not read again.
 */
export function validatorsOfHash(hash: string): RepresentationValidators {
  const match = HASH.exec(hash);
  if (!match) throw new TypeError(`not a sha256- hash: ${hash}`);
  const digest = Buffer.from(match[1]!, 'hex').toString('base64');
  return { hash, etag: strongEntityTag(hash), contentDigest: `sha-256=:${digest}:` };
}
