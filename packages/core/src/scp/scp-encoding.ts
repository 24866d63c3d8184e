import Negotiator from 'negotiator';
import { strongEntityTag } from '../http/entity-tag';

/**
 * The codings a collection is served in (DECISIONS §2): stored gzip and zstd, each with its own
 * ETag, and the uncompressed bytes decoded from gzip for a client that accepts neither. How
 * collections are cached is the SCP family's header policy (serve/families/scp).
 */
export type ScpContentEncoding = 'gzip' | 'zstd' | 'identity';

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
  return strongEntityTag(`sha256:${hex.toLowerCase()}${ETAG_SUFFIX[encoding]}`);
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
