import { headerValue, type RequestHeaders } from './request-headers';

/** RFC 9110 §12.4.2 qvalue: 0 to 1 with up to three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/**
 * Whether a request's Accept-Encoding allows the identity coding (RFC 9110 §12.5.3): always,
 * unless it says `identity;q=0`, or `*;q=0` with no entry of its own for identity. No field, `gzip`
 * or `*;q=0, identity;q=1` all allow it. A member with a malformed weight (`identity;q=abc`) is
 * ignored rather than read as 0: a typo must not turn into a 406 (`negotiator`, used for SCP,
 * reads it as 0).
 */
export function acceptsIdentity(headers: RequestHeaders): boolean {
  const value = headerValue(headers, 'accept-encoding');
  if (value === undefined) return true;
  let identity: number | undefined;
  let any: number | undefined;
  for (const member of value.split(',')) {
    const [coding = '', ...params] = member.split(';').map((part) => part.trim());
    if (coding === '') continue;
    let weight = 1;
    for (const param of params) {
      const q = /^q\s*=\s*(.*)$/i.exec(param);
      if (q) weight = QVALUE.test(q[1]!) ? Number(q[1]) : NaN;
    }
    if (Number.isNaN(weight)) continue;
    const name = coding.toLowerCase();
    if (name === 'identity') identity = Math.max(identity ?? 0, weight);
    else if (name === '*') any = Math.max(any ?? 0, weight);
  }
  if (identity !== undefined) return identity > 0;
  return any === undefined || any > 0;
}
