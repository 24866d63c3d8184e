import { canonicalizeJson, parseEntityTag, sha256Hex, type JsonValue } from '@agent-ready/core';

/**
 * The hash an M-URL body must carry (DECISIONS §1, -01 §6.2): `sha256-` + SHA-256 of the JCS
 * of the body without its `hash` member. `undefined` when the value has no canonical form.
 */
export function mUrlHashOf(body: Record<string, unknown>): string | undefined {
  const { hash: _hash, ...withoutHash } = body;
  try {
    return `sha256-${sha256Hex(canonicalizeJson(withoutHash as JsonValue))}`;
  } catch {
    return undefined;
  }
}

export interface MUrlVerification {
  /** The parsed body when it is a JSON object. */
  body?: Record<string, unknown>;
  /** The hash recomputed from the body. */
  hash?: string;
  /** Each way the representation is not self-consistent; empty when it verifies. */
  problems: string[];
}

/**
 * Checks an M-URL response the way a careful agent does before trusting it: the body is a JSON
 * object, its recomputed hash equals its `hash` member and the (unquoted) ETag.
 */
export function verifyMUrlRepresentation(
  bytes: Buffer,
  etagHeader: string | undefined,
): MUrlVerification {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    return { problems: [`the body is not JSON: ${(error as Error).message}`] };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { problems: ['the body is not a JSON object'] };
  const body = value as Record<string, unknown>;
  const hash = mUrlHashOf(body);
  const problems: string[] = [];
  if (hash === undefined) problems.push('the body has no canonical JSON form');
  else if (body.hash !== hash)
    problems.push(`the body's hash ${String(body.hash)} is not its recomputed hash ${hash}`);
  const etag = etagHeader === undefined ? undefined : parseEntityTag(etagHeader);
  if (etag === undefined) problems.push(`no valid ETag (${String(etagHeader)})`);
  else if (hash !== undefined && etag.opaque !== hash)
    problems.push(`the ETag ${etagHeader} is not the recomputed hash ${hash}`);
  return { body, ...(hash === undefined ? {} : { hash }), problems };
}
