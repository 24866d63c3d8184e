import { IPV4_PATTERN } from './uri-characters';

const H16 = /^[0-9A-Fa-f]{1,4}$/;
/** IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ) — ABNF literals ignore case. */
export const IPV_FUTURE_PATTERN = /^[vV][0-9A-Fa-f]+\.[A-Za-z0-9\-._~!$&'()*+,;=:]+$/;
/** What a ZoneID = 1*( unreserved / pct-encoded ) may not hold (RFC 6874 §2). */
export const ZONE_ID_OFFENCE = /[^A-Za-z0-9\-._~%]|%(?![0-9A-Fa-f]{2})/;

function parseGroups(part: string, mayEndInIpv4: boolean): number[] | undefined {
  if (part === '') return [];
  const pieces = part.split(':');
  const groups: number[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (H16.test(piece)) {
      groups.push(parseInt(piece, 16));
    } else if (mayEndInIpv4 && i === pieces.length - 1 && IPV4_PATTERN.test(piece)) {
      const [a, b, c, d] = piece.split('.').map(Number) as [number, number, number, number];
      groups.push((a << 8) | b, (c << 8) | d);
    } else {
      return undefined;
    }
  }
  return groups;
}

/**
 * The eight 16-bit groups of an RFC 3986 §3.2.2 `IPv6address`, or `undefined` when the text is
 * not one (at most one `::`, which stands for at least one zero group; `ls32` may end in a
 * dotted IPv4 address).
 */
export function parseIpv6Address(text: string): number[] | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  if (halves.length === 1) {
    const groups = parseGroups(text, true);
    return groups?.length === 8 ? groups : undefined;
  }
  const left = parseGroups(halves[0]!, false);
  const right = parseGroups(halves[1]!, true);
  if (left === undefined || right === undefined || left.length + right.length > 7) return undefined;
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * RFC 5952 §4 canonical text: lowercase hex without leading zeros, the longest run (the first
 * of equals) of two or more zero groups as `::`, and §5 dotted notation for IPv4-mapped
 * addresses (`::ffff:0:0/96`), the one prefix RFC 5952 says to write that way.
 */
export function formatIpv6Address(groups: readonly number[]): string {
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [g6, g7] = [groups[6]!, groups[7]!];
    return `::ffff:${g6 >> 8}.${g6 & 255}.${g7 >> 8}.${g7 & 255}`;
  }
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let end = i;
    while (end < 8 && groups[end] === 0) end++;
    if (end - i > bestLength) {
      bestStart = i;
      bestLength = end - i;
    }
    i = end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}
