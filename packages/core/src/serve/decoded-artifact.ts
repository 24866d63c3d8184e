import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { StoredBody } from '../http/served-resource';
import type { AgentContentSource, StoredArtifactView } from './agent-content-source';

/** Bytes of the stored file read per database round trip while decoding. */
const READ_PIECE_BYTES = 1 << 20;

/** What a builder records about the uncompressed bytes of a gzip artifact (`meta.identity`). */
export interface IdentityRepresentation {
  size: number;
  /** RFC 9530 digest of the uncompressed bytes. */
  contentDigest: string;
}

export function identityRepresentationOf(
  artifact: StoredArtifactView,
): IdentityRepresentation | undefined {
  const identity = artifact.meta.identity as Partial<IdentityRepresentation> | undefined;
  if (artifact.contentEncoding !== 'gzip' || !identity) return undefined;
  if (typeof identity.size !== 'number' || typeof identity.contentDigest !== 'string')
    return undefined;
  return { size: identity.size, contentDigest: identity.contentDigest };
}

/**
 * The uncompressed bytes of a stored gzip artifact, decoded while they are sent, for clients that
 * accept no content coding (RFC 9110 §12.5.3). Whole bodies only: a byte range of the decoded
 * stream would cost a decode from the start, so these responses do not offer ranges.
 */
export function decodedGzipBody(
  source: Pick<AgentContentSource, 'artifactRange'>,
  artifact: StoredArtifactView,
  identity: IdentityRepresentation,
): StoredBody {
  async function* compressed(): AsyncGenerator<Buffer> {
    for (let start = 0; start < artifact.size; start += READ_PIECE_BYTES) {
      const end = Math.min(artifact.size, start + READ_PIECE_BYTES) - 1;
      const piece = await source.artifactRange(artifact, start, end);
      // Replaced mid-response: end short, as for stored bodies.
      if (!piece) return;
      yield piece;
    }
  }
  return {
    size: identity.size,
    async *read() {
      for await (const piece of Readable.from(compressed()).pipe(createGunzip()))
        yield piece as Buffer;
    },
  };
}
