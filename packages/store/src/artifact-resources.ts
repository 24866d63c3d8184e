import { contentDigestOf, sha256Hex } from '@agent-ready/core';
import type { ArtifactInput } from './artifact-rows';

/** Headers every small text artifact carries: revalidate each time, compressible in transit. */
export const REVALIDATE_HEADERS = {
  'cache-control': 'public, max-age=0, must-revalidate',
  vary: 'Accept-Encoding',
};

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
    meta: { headers: REVALIDATE_HEADERS, ...fields.meta },
  };
}
