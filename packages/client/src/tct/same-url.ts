import { compareUris } from '@agent-ready/core/uri';

/** URL equivalence for retrieval (RFC 3986 §6.2.2-§6.2.3 via core's ladder); never throws. */
export function sameUrl(a: string, b: string): boolean {
  try {
    return compareUris(a, b, { forRetrieval: true }).equivalent;
  } catch {
    return false;
  }
}
