import { contentDigestOf, sha256Hex } from '@agent-ready/core';
import type { ArtifactInput } from './artifact-rows';

/** An in-memory artifact with its strong `sha256-` ETag and digest computed from the bytes. */
export function textArtifact(
  fields: Omit<ArtifactInput, 'etag' | 'contentDigest' | 'body'> & { body: string | Buffer },
): ArtifactInput {
  const body = typeof fields.body === 'string' ? Buffer.from(fields.body, 'utf8') : fields.body;
  return {
    ...fields,
    body,
    etag: `"sha256-${sha256Hex(body)}"`,
    contentDigest: contentDigestOf(body),
  };
}
