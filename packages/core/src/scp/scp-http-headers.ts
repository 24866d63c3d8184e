import { scpTimestampToHttpDate } from './scp-timestamp';
import { SCP_MEDIA_TYPE, type ScpCollectionMetadata, type ScpCollectionType } from './scp-types';

export type ScpContentEncoding = 'gzip' | 'zstd' | 'identity';

/** Spec "Caching Directives", recommended values. */
export const SCP_CACHE_CONTROL: Readonly<Record<ScpCollectionType, string>> = Object.freeze({
  snapshot: 'public, max-age=86400, stale-while-revalidate=3600',
  delta: 'public, max-age=3600, must-revalidate',
});

export interface ScpCollectionHeaderOptions {
  /** The stored file's compression; `identity` for a plain `.scp`. */
  encoding: ScpContentEncoding;
  /** Default: the metadata's `type`. */
  kind?: ScpCollectionType;
  /** Overrides the spec's recommended Cache-Control. */
  cacheControl?: string;
}

/**
 * Response headers for serving a collection file (spec "Use with HTTP", DECISIONS §2):
 * `Content-Type: application/scp`, `Content-Encoding` of the stored file, `ETag:
 * "sha256:<hex>"` from the checksum (strong; omitted when the collection has none),
 * `Last-Modified` = `generated` as an HTTP-date, the spec's Cache-Control for snapshots or
 * deltas, and `Vary: Accept-Encoding` because the encoding is negotiated
 * (`chooseScpEncoding`). Content-Length, ranges and conditionals are the server's part.
 */
export function scpCollectionHeaders(
  metadata: ScpCollectionMetadata,
  options: ScpCollectionHeaderOptions,
): Record<string, string> {
  const headers: Record<string, string> = { 'Content-Type': SCP_MEDIA_TYPE };
  if (options.encoding !== 'identity') headers['Content-Encoding'] = options.encoding;
  if (metadata.checksum !== undefined)
    headers.ETag = `"sha256:${metadata.checksum.slice(7).toLowerCase()}"`;
  headers['Last-Modified'] = scpTimestampToHttpDate(metadata.generated);
  headers['Cache-Control'] =
    options.cacheControl ?? SCP_CACHE_CONTROL[options.kind ?? metadata.type];
  headers.Vary = 'Accept-Encoding';
  return headers;
}

const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * Which stored variant to send: `zstd` only when the request's Accept-Encoding names zstd with
 * a q-value above 0 (a `*` does not count: many clients that send it cannot decode zstd),
 * otherwise `gzip` (every HTTP client decodes it). Never throws; malformed members are ignored.
 */
export function chooseScpEncoding(
  acceptEncoding: string | readonly string[] | undefined | null,
): 'gzip' | 'zstd' {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  if (typeof header !== 'string') return 'gzip';
  for (const member of header.split(',')) {
    const [coding, ...params] = member.split(';').map((part) => part.trim());
    if (coding?.toLowerCase() !== 'zstd') continue;
    let q = 1;
    let valid = true;
    for (const param of params) {
      const [name, value] = param.split('=').map((part) => part.trim());
      if (name?.toLowerCase() !== 'q') continue;
      if (value === undefined || !QVALUE.test(value)) valid = false;
      else q = Number(value);
    }
    if (valid && q > 0) return 'zstd';
  }
  return 'gzip';
}
