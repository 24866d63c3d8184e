import type { HttpExchange } from '../http/http-client';
import { canonicalizeJson, normalizeUri, sha256 } from '@agent-ready/core';
import { HttpBudgetError, HttpTransportError } from '../errors/client-errors';
import { headerLinks, selectLinks } from '../discovery/find-links';
import { IDENTITY_CHECKS, type Tct03Prefix } from './check-catalog-tct03';
import { evidenceOf } from './check-recorder';
import { type ValidationContext } from './validation-context';

export const JSON_TYPE = 'application/json';

/** URLs compared as RFC 3986 normal forms (the text itself when it has none). */
export function urlKey(url: string): string {
  try {
    return normalizeUri(url);
  } catch {
    return url;
  }
}

/**
 * Runs one request for `ids`: a spent budget makes them not tested, a transport failure (timeout,
 * refused connection, body over the cap) fails `failId` and leaves the others not tested.
 */
export async function attempt(
  ctx: ValidationContext,
  ids: readonly string[],
  failId: string,
  request: { method: string; url: string },
  run: () => Promise<HttpExchange>,
): Promise<HttpExchange | undefined> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HttpBudgetError) {
      ctx.rec.budgetSpent ??= error.message;
      ctx.rec.notTested(ids, `not tested: ${error.message}`);
      return undefined;
    }
    if (!(error instanceof HttpTransportError)) throw error;
    ctx.rec.violation(failId, { request, detail: error.message });
    ctx.rec.notTested(
      ids.filter((id) => id !== failId),
      `no response: ${error.message}`,
    );
    return undefined;
  }
}

export const identityIds = (prefix: Tct03Prefix) =>
  IDENTITY_CHECKS.map((check) => `${prefix} ${check}`);

/** What the identity checks learned of a response. */
export interface IdentityReading {
  /** The parsed body, when it is UTF-8 JSON sent as identity. */
  json?: unknown;
  /** The ETag header as sent ('' when absent). */
  etag: string;
}

export function hasToken(value: string | undefined, token: string): boolean {
  return (value ?? '').split(',').some((part) => part.trim().toLowerCase() === token);
}

/**
 * The reference's `Test-IdentityResponse`: status, exact Content-Type, identity JSON, the exact
 * profile, ETag and Content-Digest equal to what the bytes hash to, Content-Length, no
 * Content-Encoding, the profile link, Vary and no-transform. A response other than 200 fails
 * `status_200` and leaves the rest not tested.
 */
export function checkIdentityResponse(
  ctx: ValidationContext,
  prefix: Tct03Prefix,
  res: HttpExchange,
  profile: string,
): IdentityReading {
  const { rec } = ctx;
  const id = (check: string) => `${prefix} ${check}`;
  const h = res.headers;
  const etag = h.etag ?? '';
  if (res.status !== 200) {
    rec.violation(id('status_200'), evidenceOf(res, `status=${res.status}`));
    rec.notTested(
      identityIds(prefix).filter((check) => check !== id('status_200')),
      `the response was ${res.status}`,
    );
    return { etag };
  }
  rec.pass(id('status_200'), evidenceOf(res, 'status=200'));
  const check = (name: string, ok: boolean, detail: string) =>
    ok
      ? rec.pass(id(name), evidenceOf(res, detail))
      : rec.violation(id(name), evidenceOf(res, detail));

  check(
    'content_type_exact',
    h['content-type'] === JSON_TYPE,
    `Content-Type: ${String(h['content-type'])}`,
  );
  const coding = (h['content-encoding'] ?? '').trim().toLowerCase();
  let json: unknown;
  let parseError = '';
  if (coding !== '')
    parseError =
      coding === 'gzip' ? 'unexpected_content_coding:gzip' : 'unsupported_content_coding';
  else {
    try {
      json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(res.body));
    } catch {
      parseError = 'invalid_utf8_or_json';
    }
  }
  check('json_parse', parseError === '', parseError || 'UTF-8 JSON');
  const declared = (json as { profile?: unknown } | undefined)?.profile;
  check(
    'exact_profile',
    declared === profile,
    json === undefined ? parseError : `profile=${JSON.stringify(declared ?? null)}`,
  );
  const digest = sha256(res.body);
  const expectedEtag = `"sha256-${digest.toString('hex')}"`;
  check('etag_exact_body_hash', etag === expectedEtag, `actual=${etag} expected=${expectedEtag}`);
  const expectedDigest = `sha-256=:${digest.toString('base64')}:`;
  check(
    'digest_exact_body_hash',
    h['content-digest'] === expectedDigest,
    `actual=${String(h['content-digest'])} expected=${expectedDigest}`,
  );
  check(
    'content_length',
    h['content-length'] === String(res.wireBodyBytes),
    `actual=${String(h['content-length'])} expected=${res.wireBodyBytes}`,
  );
  check(
    'identity_not_content_encoded',
    coding === '',
    coding === '' ? 'identity' : `Content-Encoding: ${coding}`,
  );
  check(
    'profile_link',
    selectLinks(headerLinks(res), 'profile').some((link) => link.href === profile),
    `Link: ${String(h.link)}`,
  );
  check('varies_accept_encoding', hasToken(h.vary, 'accept-encoding'), `Vary: ${String(h.vary)}`);
  check(
    'no_transform',
    hasToken(h['cache-control'], 'no-transform'),
    `Cache-Control: ${String(h['cache-control'])}`,
  );
  return { ...(json !== undefined ? { json } : {}), etag };
}

/** Where the body's canonical form first differs from it, or undefined when it is canonical. */
export function nonCanonical(res: HttpExchange, value: unknown): string | undefined {
  let canonical: Buffer;
  try {
    canonical = Buffer.from(canonicalizeJson(value), 'utf8');
  } catch (error) {
    return (error as Error).message;
  }
  return canonical.equals(res.body) ? undefined : 'the body is not its RFC 8785 (JCS) form';
}
