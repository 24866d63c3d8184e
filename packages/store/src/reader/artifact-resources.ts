import { validatorsOfBytes } from '@agent-ready/core/http';
import type { ArtifactInput } from '../rebuild/artifact-rows';

/** An in-memory artifact with its strong `sha256-` ETag and digest (core's, of the bytes). */
export function textArtifact(
  fields: Omit<ArtifactInput, 'etag' | 'contentDigest' | 'body'> & { body: string | Buffer },
): ArtifactInput {
  const body = typeof fields.body === 'string' ? Buffer.from(fields.body, 'utf8') : fields.body;
  const { etag, contentDigest } = validatorsOfBytes(body);
  return { ...fields, body, etag, contentDigest };
}
