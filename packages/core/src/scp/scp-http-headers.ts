import Negotiator from 'negotiator';
import { scpTimestampToHttpDate } from './scp-timestamp';
import { SCP_MEDIA_TYPE, type ScpCollectionMetadata, type ScpCollectionType } from './scp-types';

export type ScpContentEncoding = 'gzip' | 'zstd' | 'identity';

/** Spec "Caching Directives", recommended values. */
export const SCP_CACHE_CONTROL: Readonly<Record<ScpCollectionType, string>> = Object.freeze({
  snapshot: 'public, max-age=86400, stale-while-revalidate=3600',
  delta: 'public, max-age=3600, must-revalidate',
});

/**
 * Cache-Control for a collection served at a URL that keeps its name while its bytes change
 * with the site (a section's snapshot and its current delta are rewritten by every burst of
 * changes; a late commit can still change a past period's delta). The spec's recommended
 * max-age would let shared caches serve such a collection up to a day stale; the per-encoding
 * strong ETag makes every revalidation a cheap 304 instead.
 */
export const SCP_LIVE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

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
 * `Content-Type: application/scp`, `Content-Encoding` of the stored file, the file's strong
 * `ETag` (`scpEtag`: the checksum plus the coding's suffix; omitted when there is no checksum),
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
  if (metadata.checksum !== undefined) headers.ETag = scpEtag(metadata.checksum, options.encoding);
  headers['Last-Modified'] = scpTimestampToHttpDate(metadata.generated);
  headers['Cache-Control'] =
    options.cacheControl ?? SCP_CACHE_CONTROL[options.kind ?? metadata.type];
  headers.Vary = 'Accept-Encoding';
  return headers;
}

/** The file suffix each stored coding's ETag carries (DECISIONS §2). */
const ETAG_SUFFIX: Readonly<Record<ScpContentEncoding, string>> = Object.freeze({
  gzip: '.gz',
  zstd: '.zst',
  identity: '',
});

/**
 * The strong ETag of one encoded file of a collection: `"sha256:<checksum hex>.gz"`, `.zst`, or
 * no suffix for the uncompressed bytes. The checksum names the content, the suffix the bytes, so
 * an `If-Range` resume can never splice a range of one encoding onto a download of another.
 */
export function scpEtag(checksum: string, encoding: ScpContentEncoding): string {
  const hex = checksum.startsWith('sha256:') ? checksum.slice(7) : checksum;
  return `"sha256:${hex.toLowerCase()}${ETAG_SUFFIX[encoding]}"`;
}

const SCP_CODINGS: readonly ScpContentEncoding[] = ['zstd', 'gzip', 'identity'];

/**
 * Which stored coding to send (RFC 9110 §12.5.3, parsed by `negotiator`): the acceptable one with
 * the highest q-value, `zstd` before `gzip` before `identity` on ties. `zstd` counts only when
 * the request names it (a `*` does not: many clients that send it cannot decode zstd). No header
 * means any coding is acceptable: `gzip`, which every HTTP client decodes. `undefined` when
 * nothing is acceptable (`identity;q=0` with no stored coding allowed): answer 406. `available`
 * leaves out a coding that is not stored (`zstd`, where the publisher has no zstd).
 */
export function chooseScpEncoding(
  acceptEncoding: string | readonly string[] | undefined | null,
  available: readonly ScpContentEncoding[] = SCP_CODINGS,
): ScpContentEncoding | undefined {
  if (acceptEncoding === undefined || acceptEncoding === null) return 'gzip';
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (typeof header !== 'string') return 'gzip';
  // negotiator 1.x takes `preferred` (the order on q-value ties); @types/negotiator predates it.
  const negotiator = new Negotiator({ headers: { 'accept-encoding': header } }) as Negotiator & {
    encodings(available?: string[], options?: { preferred?: string[] }): string[];
  };
  const named = new Set(negotiator.encodings().map((coding) => coding.toLowerCase()));
  const offered = SCP_CODINGS.filter((coding) => available.includes(coding));
  const acceptable = negotiator
    .encodings(offered, { preferred: offered })
    .filter((coding) => coding !== 'zstd' || named.has('zstd'));
  return acceptable[0] as ScpContentEncoding | undefined;
}
