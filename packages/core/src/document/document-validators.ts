import { strongEntityTag } from '../http/entity-tag';
import { contentDigestOf } from '../http/served-resource';
import {
  validatorsOfBytes,
  validatorsOfHash,
  type RepresentationValidators,
} from '../http/representation-validators';

/**
 * A document's validators, formed here and only here: when it is rendered (the store keeps
 * them beside the bytes) and, from what was kept, when it is served. So the M-URL's ETag and
 * Content-Digest, and the Markdown twin's, are the same strings at build time and at serve
 * time, and a request never hashes a stored body again.
 */

/** What is stored with a rendered document. */
export interface StoredDocumentValidators {
  /** The M-URL's `sha256-` hash (TCT: over the body without `hash`, DECISIONS §1). */
  hash: string;
  /** `Content-Digest` of the M-URL's bytes. */
  contentDigest: string;
  /** The Markdown twin's `sha256-` hash: the SHA-256 of its bytes as stored. */
  markdownHash: string;
}

/**
 * The validators of a document just rendered: its M-URL's, as `buildMUrlRepresentation` made
 * them (the TCT hash, the digest of the bytes), and its twin's.
 */
export function documentValidators(rendered: {
  mUrl: { hash: string; contentDigest: string };
  markdown: string;
}): StoredDocumentValidators {
  return {
    hash: rendered.mUrl.hash,
    contentDigest: rendered.mUrl.contentDigest,
    markdownHash: validatorsOfBytes(Buffer.from(rendered.markdown, 'utf8')).hash,
  };
}

/**
 * The M-URL's served validators from its stored row. A row stored before content digests were
 * kept has none: it is computed from the body (once per cached row, by the caller).
 */
export function mUrlValidators(row: {
  hash: string;
  contentDigest?: string | null;
  body: Buffer;
}): RepresentationValidators {
  return {
    hash: row.hash,
    etag: strongEntityTag(row.hash),
    contentDigest: row.contentDigest ?? contentDigestOf(row.body),
  };
}

/**
 * The twin's served validators: its stored ones when it is sent as stored; the sent bytes' own
 * when they differ from it (the llms.txt directive leads them: it varies with the site).
 */
export function markdownTwinValidators(
  markdownHash: string,
  sent: Buffer,
  asStored: boolean,
): RepresentationValidators {
  return asStored ? validatorsOfHash(markdownHash) : validatorsOfBytes(sent);
}
