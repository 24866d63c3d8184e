import {
  canonicalizeJson,
  parseEntityTag,
  parseHttpDate,
  sha256Base64,
  TCT_1,
} from '@agent-ready/core';
import { charsetOf, mediaTypeOf } from '../discovery/find-links';
import type { HttpExchange } from '../http/http-client';
import { TCT_HASH } from '../tct/read-tct-sitemap';
import { evidenceOf } from './check-recorder';
import { describeBytes, fetchIdentity, type ValidationContext } from './validation-context';

/** A JSON resource of the TCT contract (the sitemap, an M-URL) already fetched with 200. */
export interface JsonResourceTarget {
  prefix: 'sitemap' | 'm-url';
  /** The identity GET. */
  get: HttpExchange;
  /** The parsed body, when it parsed. */
  parsed: unknown;
  /** The `sha256-<hex>` the ETag must carry, computed from the body; undefined if it cannot be. */
  expectedHash: string | undefined;
  /** What the hash is computed over, for the evidence. */
  hashBasis: string;
}

/** Header fields HEAD and 304 must repeat (DECISIONS §1). */
const VALIDATOR_FIELDS = ['etag', 'cache-control', 'vary', 'link', 'last-modified'] as const;
const HEAD_FIELDS = [
  ...VALIDATOR_FIELDS,
  'content-type',
  'content-length',
  'content-digest',
] as const;
const STALE_TAG = '"agent-ready-validator-stale"';
const FUTURE_DATE = 'Fri, 01 Jan 2100 00:00:00 GMT';
const EPOCH_DATE = 'Thu, 01 Jan 1970 00:00:00 GMT';

function firstDifference(a: Buffer, b: Buffer): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return n;
}

function differingFields(
  a: Record<string, string>,
  b: Record<string, string>,
  fields: readonly string[],
): string[] {
  return fields
    .filter((name) => a[name] !== b[name])
    .map(
      (name) =>
        `${name}: ${JSON.stringify(b[name] ?? null)} (GET: ${JSON.stringify(a[name] ?? null)})`,
    );
}

/** The sha-256 member of an RFC 9530 Content-Digest dictionary. */
function sha256Member(value: string | undefined): string | undefined {
  return /(?:^|,)\s*sha-256\s*=\s*:([A-Za-z0-9+/=]*):/i.exec(value ?? '')?.[1];
}

/** Header checks of the 200 (no further requests). */
function checkHeaders(ctx: ValidationContext, target: JsonResourceTarget): void {
  const { rec } = ctx;
  const { get, prefix } = target;
  const id = (suffix: string) => `tct.${prefix}.${suffix}`;
  const h = get.headers;

  const type = h['content-type'];
  if (mediaTypeOf(type) !== 'application/json')
    rec.violation(id('content-type'), evidenceOf(get, `Content-Type is ${String(type)}`));
  else if (charsetOf(type) !== 'utf-8')
    rec.warn(id('content-type'), evidenceOf(get, `Content-Type ${type} names no charset=utf-8`));
  else rec.pass(id('content-type'), evidenceOf(get, `Content-Type: ${type}`));

  if (target.parsed !== undefined) {
    let canonical: Buffer | undefined;
    try {
      canonical = Buffer.from(canonicalizeJson(target.parsed), 'utf8');
    } catch (error) {
      rec.violation(id('canonical-json'), evidenceOf(get, (error as Error).message));
    }
    if (canonical?.equals(get.body)) rec.pass(id('canonical-json'), evidenceOf(get, 'bytes = JCS'));
    else if (canonical) {
      const at = firstDifference(canonical, get.body);
      rec.violation(
        id('canonical-json'),
        evidenceOf(
          get,
          `body differs from its RFC 8785 form at byte ${at}: got ${describeBytes(get.body, at)}, ` +
            `canonical ${describeBytes(canonical, at)}`,
        ),
      );
    }
  } else rec.violation(id('canonical-json'), evidenceOf(get, 'the body is not JSON'));

  const etag = h.etag === undefined ? undefined : parseEntityTag(h.etag);
  if (etag === undefined) {
    rec.violation(id('etag-strong'), evidenceOf(get, `ETag is ${JSON.stringify(h.etag ?? null)}`));
    rec.violation(id('etag-body'), evidenceOf(get, 'no parseable ETag'));
  } else {
    if (etag.weak) rec.violation(id('etag-strong'), evidenceOf(get, `ETag ${h.etag} is weak`));
    else if (!TCT_HASH.test(etag.opaque))
      rec.violation(id('etag-strong'), evidenceOf(get, `ETag ${h.etag} is not "sha256-<64 hex>"`));
    else rec.pass(id('etag-strong'), evidenceOf(get, `ETag: ${h.etag}`));
    if (target.expectedHash === undefined)
      rec.violation(id('etag-body'), evidenceOf(get, `cannot hash ${target.hashBasis}`));
    else if (etag.opaque !== target.expectedHash)
      rec.violation(
        id('etag-body'),
        evidenceOf(get, `ETag ${h.etag}; SHA-256 of ${target.hashBasis} is ${target.expectedHash}`),
      );
    else rec.pass(id('etag-body'), evidenceOf(get, `ETag = sha256 of ${target.hashBasis}`));
  }

  const digest = sha256Base64(get.body);
  const claimed = sha256Member(h['content-digest']);
  if (claimed === digest) rec.pass(id('content-digest'), evidenceOf(get, `sha-256=:${digest}:`));
  else
    rec.violation(
      id('content-digest'),
      evidenceOf(
        get,
        `Content-Digest ${JSON.stringify(h['content-digest'] ?? null)}; body sha-256=:${digest}:`,
      ),
    );

  const chunked = /\bchunked\b/i.test(h['transfer-encoding'] ?? '');
  if (h['content-length'] === String(get.wireBodyBytes) && !chunked)
    rec.pass(id('content-length'), evidenceOf(get, `Content-Length: ${h['content-length']}`));
  else
    rec.violation(
      id('content-length'),
      evidenceOf(
        get,
        `Content-Length ${JSON.stringify(h['content-length'] ?? null)}` +
          `${chunked ? ', Transfer-Encoding: chunked' : ''}; body is ${get.wireBodyBytes} bytes`,
      ),
    );

  const cacheControl = h['cache-control'];
  if (cacheControl === TCT_1.cacheControl)
    rec.pass(id('cache-control'), evidenceOf(get, `Cache-Control: ${cacheControl}`));
  else if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(cacheControl ?? ''))
    rec.warn(
      id('cache-control'),
      evidenceOf(get, `Cache-Control ${cacheControl} differs from "${TCT_1.cacheControl}"`),
    );
  else
    rec.violation(
      id('cache-control'),
      evidenceOf(
        get,
        `Cache-Control ${JSON.stringify(cacheControl ?? null)} lacks no-transform ` +
          '(intermediaries may re-encode the body and break the ETag)',
      ),
    );

  const vary = (h.vary ?? '').split(',').map((v) => v.trim().toLowerCase());
  if (vary.includes('accept-encoding') || vary.includes('*'))
    rec.pass(id('vary'), evidenceOf(get, `Vary: ${h.vary}`));
  else rec.violation(id('vary'), evidenceOf(get, `Vary is ${JSON.stringify(h.vary ?? null)}`));

  if (parseHttpDate(h['last-modified']) !== undefined)
    rec.pass(id('last-modified'), evidenceOf(get, `Last-Modified: ${h['last-modified']}`));
  else
    rec.violation(
      id('last-modified'),
      evidenceOf(get, `Last-Modified is ${JSON.stringify(h['last-modified'] ?? null)}`),
    );
}

/**
 * Every check of DECISIONS §1 that a JSON resource shares with the others: headers of the 200,
 * then the conditional matrix, HEAD, POST and the gzip probe, one request each.
 */
export async function checkJsonResource(
  ctx: ValidationContext,
  target: JsonResourceTarget,
): Promise<void> {
  const { rec } = ctx;
  const { get, prefix } = target;
  const url = get.url;
  const id = (suffix: string) => `tct.${prefix}.${suffix}`;
  checkHeaders(ctx, target);
  const etag = get.headers.etag;
  const conditional = [id('304'), id('304-no-cache'), id('304-weak'), id('304-headers')];
  if (etag === undefined) {
    for (const check of [...conditional, id('inm-beats-ims')])
      rec.violation(check, evidenceOf(get, 'no ETag to make a conditional request with'));
  } else {
    const expect304 = async (
      check: string,
      headers: Record<string, string>,
      onMatch?: (res: HttpExchange) => void,
    ) =>
      rec.probe(check, { method: 'GET', url }, async () => {
        const res = await fetchIdentity(ctx, url, headers);
        if (res.status !== 304) {
          rec.violation(check, evidenceOf(res, `expected 304, got ${res.status}`));
          return;
        }
        rec.pass(check, evidenceOf(res, `304 Not Modified`));
        onMatch?.(res);
      });
    await expect304(id('304'), { 'if-none-match': etag }, (res) => {
      const differs = differingFields(get.headers, res.headers, VALIDATOR_FIELDS);
      if (differs.length > 0 || res.body.length > 0) {
        rec.violation(
          id('304-headers'),
          evidenceOf(
            res,
            [...differs, ...(res.body.length > 0 ? [`a ${res.body.length}-byte body`] : [])].join(
              '; ',
            ),
          ),
        );
      } else if (res.headers['content-type'] || res.headers['content-digest']) {
        rec.warn(id('304-headers'), evidenceOf(res, 'the 304 carries body headers'));
      } else rec.pass(id('304-headers'), evidenceOf(res, 'validators repeated, no body'));
    });
    if (!rec.has(id('304-headers')))
      rec.notTested(id('304-headers'), 'no 304 to inspect (see the 304 check)');
    await expect304(id('304-no-cache'), {
      'if-none-match': etag,
      'cache-control': 'no-cache',
      pragma: 'no-cache',
    });
    const parsed = parseEntityTag(etag);
    await expect304(id('304-weak'), {
      'if-none-match': parsed ? `W/"${parsed.opaque}"` : `W/${etag}`,
    });
    await rec.probe(id('inm-beats-ims'), { method: 'GET', url }, async () => {
      const stale = await fetchIdentity(ctx, url, {
        'if-none-match': STALE_TAG,
        'if-modified-since': FUTURE_DATE,
      });
      if (stale.status !== 200) {
        rec.violation(
          id('inm-beats-ims'),
          evidenceOf(
            stale,
            `a non-matching If-None-Match with a future If-Modified-Since gave ${stale.status}, expected 200`,
          ),
        );
        return;
      }
      const fresh = await fetchIdentity(ctx, url, {
        'if-none-match': etag,
        'if-modified-since': EPOCH_DATE,
      });
      if (fresh.status !== 304) {
        rec.violation(
          id('inm-beats-ims'),
          evidenceOf(
            fresh,
            `a matching If-None-Match with an old If-Modified-Since gave ${fresh.status}, expected 304`,
          ),
        );
        return;
      }
      rec.pass(id('inm-beats-ims'), evidenceOf(fresh, 'If-Modified-Since ignored both ways'));
    });
  }

  await rec.probe(id('head'), { method: 'HEAD', url }, async () => {
    const head = await ctx.client.request(url, {
      method: 'HEAD',
      headers: { 'accept-encoding': 'identity' },
    });
    const differs = differingFields(get.headers, head.headers, HEAD_FIELDS);
    if (head.status !== 200 || differs.length > 0 || head.body.length > 0) {
      const problems = [
        ...(head.status !== 200 ? [`status ${head.status}`] : []),
        ...differs,
        ...(head.body.length > 0 ? [`a ${head.body.length}-byte body`] : []),
      ];
      rec.violation(id('head'), evidenceOf(head, problems.join('; ')));
    } else rec.pass(id('head'), evidenceOf(head, 'same status and headers, no body'));
  });

  await rec.probe(id('method-not-allowed'), { method: 'POST', url }, async () => {
    const post = await ctx.client.request(url, {
      method: 'POST',
      body: '',
      followRedirects: false,
      retry: false,
    });
    const allow = (post.headers.allow ?? '').split(',').map((m) => m.trim().toUpperCase());
    if (post.status === 405 && allow.includes('GET') && allow.includes('HEAD'))
      rec.pass(id('method-not-allowed'), evidenceOf(post, `405, Allow: ${post.headers.allow}`));
    else
      rec.violation(
        id('method-not-allowed'),
        evidenceOf(
          post,
          `POST gave ${post.status}, Allow ${JSON.stringify(post.headers.allow ?? null)}`,
        ),
      );
  });

  await rec.probe(id('gzip-identity'), { method: 'GET', url }, async () => {
    const gzip = await ctx.client.request(url, {
      headers: { 'accept-encoding': 'gzip' },
      decode: true,
    });
    const problems: string[] = [];
    if (gzip.status !== 200) problems.push(`status ${gzip.status}`);
    if (gzip.decoded) problems.push(`sent with Content-Encoding: ${gzip.decoded}`);
    if (gzip.headers.etag !== get.headers.etag)
      problems.push(`ETag ${String(gzip.headers.etag)} (identity: ${String(get.headers.etag)})`);
    if (!gzip.body.equals(get.body))
      problems.push('the (decoded) bytes differ from the identity body');
    if (problems.length > 0)
      rec.violation(id('gzip-identity'), evidenceOf(gzip, problems.join('; ')));
    else rec.pass(id('gzip-identity'), evidenceOf(gzip, 'identity bytes and ETag'));
  });
}
