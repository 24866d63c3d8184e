interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** Parses an Accept field value (RFC 9110 §12.5.1); malformed members are dropped. */
export function parseAccept(value: string | undefined): MediaRange[] {
  if (value === undefined) return [];
  const ranges: MediaRange[] = [];
  for (const member of value.split(',')) {
    const [range, ...params] = member.split(';').map((part) => part.trim());
    const [type, subtype, extra] = (range ?? '').toLowerCase().split('/');
    if (!type || !subtype || extra !== undefined || !TOKEN.test(type) || !TOKEN.test(subtype))
      continue;
    if (type === '*' && subtype !== '*') continue;
    let q = 1;
    let valid = true;
    for (const param of params) {
      const [name, raw] = param.split('=').map((part) => part.trim());
      if (name?.toLowerCase() === 'q') {
        if (raw === undefined || !QVALUE.test(raw)) valid = false;
        else q = Number(raw);
      }
    }
    if (valid) ranges.push({ type, subtype, q });
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
 */
export function prefersMarkdown(accept: string | undefined): boolean {
  const ranges = parseAccept(accept);
  if (ranges.length === 0) return false;
  return acceptQuality(ranges, 'text/markdown') > acceptQuality(ranges, 'text/html');
}
