/**
 * Entity-tags (RFC 9110 §8.8.3): `"opaque"` or `W/"opaque"`, where the opaque part is any of
 * %x21 / %x23-7E / obs-text. Lists in If-Match / If-None-Match are comma-separated; members that
 * do not parse are ignored (they can never match), never an error.
 */
export interface EntityTag {
  weak: boolean;
  /** The opaque value without quotes. */
  opaque: string;
}

const ETAG_LIST_MEMBER = /\s*(W\/)?"([\x21\x23-\x7E\x80-\xFF]*)"\s*(?:,|$)|\s*[^,]*(?:,|$)/gy;

export function parseEntityTag(value: string): EntityTag | undefined {
  const match = /^\s*(W\/)?"([\x21\x23-\x7E\x80-\xFF]*)"\s*$/.exec(value);
  return match ? { weak: match[1] !== undefined, opaque: match[2]! } : undefined;
}

export type EntityTagList = '*' | EntityTag[];

/** Parses an If-Match / If-None-Match field value (possibly repeated, joined by commas). */
export function parseEntityTagList(value: string): EntityTagList {
  if (value.trim() === '*') return '*';
  const tags: EntityTag[] = [];
  ETAG_LIST_MEMBER.lastIndex = 0;
  while (ETAG_LIST_MEMBER.lastIndex < value.length) {
    const start = ETAG_LIST_MEMBER.lastIndex;
    const match = ETAG_LIST_MEMBER.exec(value);
    if (!match || ETAG_LIST_MEMBER.lastIndex === start) break;
    if (match[2] !== undefined) tags.push({ weak: match[1] !== undefined, opaque: match[2] });
  }
  return tags;
}

export function formatEntityTag(tag: EntityTag): string {
  return `${tag.weak ? 'W/' : ''}"${tag.opaque}"`;
}

/**
 * The ETag header value of a strong validator: `opaque` quoted. Every ETag agent-ready sends is
 * formed here (a `sha256-` hash, an SCP checksum with its coding's suffix).
 */
export function strongEntityTag(opaque: string): string {
  return formatEntityTag({ weak: false, opaque });
}

/** Strong comparison: both strong and identical (RFC 9110 §8.8.3.2). */
export function strongMatch(a: EntityTag, b: EntityTag): boolean {
  return !a.weak && !b.weak && a.opaque === b.opaque;
}

/** Weak comparison: identical opaque values, weakness ignored. */
export function weakMatch(a: EntityTag, b: EntityTag): boolean {
  return a.opaque === b.opaque;
}
