import { validatorsOfBytes } from '@agent-ready/core/http';
import type { ArtifactDescriptor, ArtifactDescriptorBase } from '@agent-ready/core/serve';

// A built artifact on its way into the table: below the builders that make it (rebuild/) and
// the rows that store and serve it.

/**
 * A generated artifact ready to store: its bytes in memory or in a file. `D`: an extension's
 * descriptor (see `storedFamily`); core's families' by default.
 */
export interface ArtifactInput<D extends ArtifactDescriptorBase = ArtifactDescriptor> {
  name: string;
  /** What it is, by family (core's artifact descriptors): stored beside the bytes. */
  descriptor: D;
  contentEncoding?: string;
  /** ETag header value (quoted). */
  etag: string;
  /** RFC 9530 digest of the stored bytes. */
  contentDigest: string;
  lastModified: Date;
  body: Buffer | { file: string; size: number };
}

/** An artifact whose bytes are already in the table (by `generation`), ready to install. */
export interface InstallableArtifact extends Omit<ArtifactInput, 'body'> {
  size: number;
  generation: number;
}

/** An in-memory artifact with its strong `sha256-` ETag and digest (core's, of the bytes). */
export function textArtifact(
  fields: Omit<ArtifactInput, 'etag' | 'contentDigest' | 'body'> & { body: string | Buffer },
): ArtifactInput {
  const body = typeof fields.body === 'string' ? Buffer.from(fields.body, 'utf8') : fields.body;
  const { etag, contentDigest } = validatorsOfBytes(body);
  return { ...fields, body, etag, contentDigest };
}
