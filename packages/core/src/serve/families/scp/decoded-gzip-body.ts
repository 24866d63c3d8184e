import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { StoredBody } from '../../../http/served-resource';
import type { AgentContentSource, StoredArtifactView } from '../../agent-content-source';
import type { IdentityRepresentation } from './scp-descriptor';

/** Bytes of the stored file read per database round trip while decoding. */
const READ_PIECE_BYTES = 1 << 20;

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
