import { parse as parseMediaType, type ContentType } from 'content-type';

/** One member of an Accept field: a media range and its q-value. */
export interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** RFC 9110 §12.4.2: 0 to 1, at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** A parsed member as a media range, or undefined when it is not one (it is then ignored). */
function toMediaRange(member: ContentType): MediaRange | undefined {
  const [type, subtype, extra] = member.type.split('/');
  if (!type || !subtype || extra !== undefined || !TOKEN.test(type) || !TOKEN.test(subtype))
    return undefined;
  if (type === '*' && subtype !== '*') return undefined;
  const q = member.parameters.q;
  if (q !== undefined && !QVALUE.test(q)) return undefined;
  return { type, subtype, q: q === undefined ? 1 : Number(q) };
}

/**
 * Parses an Accept field value (RFC 9110 §12.5.1); members that are not media ranges, or whose
 * q-value is malformed, are dropped. Members are split by `content-type`, the parser
 * `negotiator` itself uses for Accept: it knows quoted strings (`;a="x,y"`), lowercases types
 * and parameter names, and never throws. Parameters other than q are ignored: a site has one
 * Markdown and one HTML representation of a page, so `charset` or `variant` narrow nothing.
 */
export function parseAccept(value: string | undefined): MediaRange[] {
  if (typeof value !== 'string') return [];
  const ranges: MediaRange[] = [];
  // Each parse stops at the comma that ends its member (or at the end); `index` always advances.
  for (let index = 0; index < value.length;) {
    const member = parseMediaType(value, { comma: true, start: index });
    const range = toMediaRange(member);
    if (range) ranges.push(range);
    index = member.index + 1;
  }
  return ranges;
}

/** The q-value the most specific matching range gives a media type (0 when none matches). */
export function acceptQuality(ranges: readonly MediaRange[], mediaType: string): number {
  const [type, subtype] = mediaType.toLowerCase().split('/');
  let best: { specificity: number; q: number } | undefined;
  for (const range of ranges) {
    const specificity =
      range.type === type && range.subtype === subtype
        ? 2
        : range.type === type && range.subtype === '*'
          ? 1
          : range.type === '*'
            ? 0
            : -1;
    if (specificity < 0) continue;
    if (!best || specificity > best.specificity) best = { specificity, q: range.q };
  }
  return best?.q ?? 0;
}

/**
 * Whether a request for a page should get its Markdown twin: only when `Accept` ranks
 * `text/markdown` strictly above `text/html` by q-value (RFC 9110 §12.5.1). A tie, `*\/*`, a
 * missing or malformed header all mean HTML, the default.
 *
 * Not `negotiator`'s `mediaTypes()`: it breaks q-value ties by specificity and then by order in
 * the header, so `text/markdown, *\/*` or `text/markdown, text/html` would get Markdown, and it
 * does not expose q-values, so its answer cannot be corrected afterwards.
 */
export function prefersMarkdown(accept: string | undefined): boolean {
  const ranges = parseAccept(accept);
  if (ranges.length === 0) return false;
  return acceptQuality(ranges, 'text/markdown') > acceptQuality(ranges, 'text/html');
}
