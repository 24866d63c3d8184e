import {
  canonicalizeJson,
  parseEntityTag,
  readTct03MUrl,
  sha256Hex,
  Tct03DocumentError,
  TCT_03,
  TCT_1,
  type JsonValue,
  type TctProfile,
} from '@agent-ready/core';

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
  /** The profile the body was verified under (its `profile` member's). */
  profile?: TctProfile;
  /** Each way the representation is not self-consistent; empty when it verifies. */
  problems: string[];
}

/**
 * A -03 M-URL: the document rules (`readTct03MUrl`), and the ETag is the SHA-256 of the exact
 * bytes (there is no `hash` member to compare).
 */
function verifyTct03(
  bytes: Buffer,
  body: Record<string, unknown>,
  etag: ReturnType<typeof parseEntityTag>,
  etagHeader: string | undefined,
): MUrlVerification {
  const hash = `sha256-${sha256Hex(bytes)}`;
  const problems: string[] = [];
  try {
    readTct03MUrl(bytes);
  } catch (error) {
    if (!(error instanceof Tct03DocumentError)) throw error;
    problems.push(`not a -03 M-URL: ${error.message}`);
  }
  if (etag === undefined) problems.push(`no valid ETag (${String(etagHeader)})`);
  else if (etag.weak || etag.opaque !== hash)
    problems.push(`the ETag ${etagHeader} is not the SHA-256 of the body, "${hash}"`);
  return { body, hash, profile: TCT_03, problems };
}

/**
 * Checks an M-URL response the way a careful agent does before trusting it, under the profile
 * its body declares: tct-1, the body is a JSON object whose recomputed hash equals its `hash`
 * member and the (unquoted) ETag; -03, a valid -03 document whose ETag is the SHA-256 of its
 * bytes. With `expected` (the sitemap's profile), a body in the other profile is a problem too.
 */
export function verifyMUrlRepresentation(
  bytes: Buffer,
  etagHeader: string | undefined,
  expected?: TctProfile,
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
  const declared = body.profile === TCT_03.id ? TCT_03 : TCT_1;
  const etag = etagHeader === undefined ? undefined : parseEntityTag(etagHeader);
  const verification =
    declared === TCT_03
      ? verifyTct03(bytes, body, etag, etagHeader)
      : verifyTct1(body, etag, etagHeader);
  if (expected !== undefined && expected !== declared)
    verification.problems.unshift(
      `profile ${JSON.stringify(body.profile)}; the sitemap lists it as ${expected.name}`,
    );
  return verification;
}

function verifyTct1(
  body: Record<string, unknown>,
  etag: ReturnType<typeof parseEntityTag>,
  etagHeader: string | undefined,
): MUrlVerification {
  const hash = mUrlHashOf(body);
  const problems: string[] = [];
  if (hash === undefined) problems.push('the body has no canonical JSON form');
  else if (body.hash !== hash)
    problems.push(`the body's hash ${String(body.hash)} is not its recomputed hash ${hash}`);
  if (etag === undefined) problems.push(`no valid ETag (${String(etagHeader)})`);
  else if (hash !== undefined && etag.opaque !== hash)
    problems.push(`the ETag ${etagHeader} is not the recomputed hash ${hash}`);
  return { body, ...(hash === undefined ? {} : { hash }), profile: TCT_1, problems };
}
