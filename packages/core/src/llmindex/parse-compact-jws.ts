import { isJsonObject, type JsonObject } from './collect-llmindex-problems';

const SEGMENT = /^[A-Za-z0-9_-]*$/;

export interface CompactJwsParts {
  headerSegment: string;
  /** `''` for the detached form (RFC 7515 Appendix F). */
  payloadSegment: string;
  signatureSegment: string;
  header: JsonObject;
}

/** Split an RFC 7515 compact serialization and decode its protected header; a reason if not. */
export function parseCompactJws(jws: string): CompactJwsParts | string {
  const parts = jws.split('.');
  if (parts.length !== 3) return 'a compact JWS has three dot-separated parts';
  const [headerSegment, payloadSegment, signatureSegment] = parts as [string, string, string];
  if (!parts.every((part) => SEGMENT.test(part))) return 'JWS parts are unpadded base64url';
  if (headerSegment === '' || signatureSegment === '')
    return 'the JWS header or signature is empty';
  let header: unknown;
  try {
    header = JSON.parse(Buffer.from(headerSegment, 'base64url').toString('utf8'));
  } catch {
    return 'the JWS protected header is not JSON';
  }
  if (!isJsonObject(header)) return 'the JWS protected header is not a JSON object';
  if (typeof header.alg !== 'string') return 'the JWS protected header has no "alg"';
  return { headerSegment, payloadSegment, signatureSegment, header };
}
