import type { ArtifactDescriptor } from '@agent-ready/core/serve';

// A built artifact on its way into the table: its own module, so installing and reading the
// rows (artifact-rows, install-artifact-rows) share it without importing each other.

/** A generated artifact ready to store: its bytes in memory or in a file. */
export interface ArtifactInput {
  name: string;
  /** What it is, by family (core's artifact descriptors): stored beside the bytes. */
  descriptor: ArtifactDescriptor;
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
