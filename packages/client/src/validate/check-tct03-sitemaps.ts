import type { HttpExchange } from '../http/http-client';
import {
  checkTct03Sitemap,
  checkTct03SitemapIndex,
  parseTct03Json,
  sha256,
  Tct03DocumentError,
  TCT_03,
  TCT_03_LIMITS,
  TCT_HINT,
  type Tct03SitemapItem,
} from '@agent-ready/core';
import { IDENTITY_CHECKS } from './check-catalog-tct03';
import { evidenceOf } from './check-recorder';
import { fetchSitemapDocument } from './detect-tct-profile';
import { fetchIdentity, onOrigin, type ValidationContext } from './validation-context';
import {
  JSON_TYPE,
  urlKey,
  attempt,
  identityIds,
  checkIdentityResponse,
  nonCanonical,
} from './tct03-responses';

export interface SitemapFindings {
  /** The first M-Sitemap read: the conditional, gzip, POST and 406 probes go to it. */
  first?: { url: string; etag: string };
  items: Tct03SitemapItem[];
}

const SITEMAP_IDS = [
  ...identityIds('sitemap'),
  'sitemap profile_structure',
  'sitemap_version_2',
  'sitemap_unique_curls',
  'sitemap_unique_murls',
  'sitemap_hint_shape',
];

/**
 * The M-Sitemap documents the root links, and the shards an M-Sitemap Index lists: every shard
 * gets the identity checks and the M-Sitemap rules; uniqueness is over all shards together.
 */
export async function checkSitemaps(
  ctx: ValidationContext,
  urls: readonly string[],
): Promise<SitemapFindings> {
  const { rec } = ctx;
  const findings: SitemapFindings = { items: [] };
  const pending = [...urls];
  const seen = new Set<string>();
  /** Hints an index gave, by shard URL, and the ETags of shards already read. */
  const hints = new Map<string, string>();
  const shardEtags = new Map<string, HttpExchange>();
  const compareHint = (shard: HttpExchange, hint: string) => {
    if (shard.headers.etag === `"${hint}"`)
      rec.pass(
        'sitemap_index_hints_match',
        evidenceOf(shard, `ETag ${shard.headers.etag} = the index hint`),
      );
    else
      rec.violation(
        'sitemap_index_hints_match',
        evidenceOf(shard, `ETag ${String(shard.headers.etag)}, the index hints ${hint}`),
      );
  };
  const cUrls = new Map<string, number>();
  const mUrls = new Map<string, number>();
  let indexSeen = false;
  while (pending.length > 0) {
    const url = pending.shift()!;
    if (seen.has(urlKey(url))) continue;
    seen.add(urlKey(url));
    if (!onOrigin(ctx, url)) {
      rec.violation('sitemap status_200', {
        request: { method: 'GET', url },
        detail: `the sitemap is on another origin than ${ctx.origin}; not fetched`,
      });
      continue;
    }
    const res = await attempt(ctx, SITEMAP_IDS, 'sitemap status_200', { method: 'GET', url }, () =>
      fetchSitemapDocument(ctx, url),
    );
    if (!res) continue;
    let value: unknown;
    try {
      value = JSON.parse(res.body.toString('utf8'));
    } catch {
      value = undefined;
    }
    if ((value as { profile?: unknown } | undefined)?.profile === TCT_03.sitemapIndexProfile) {
      indexSeen = true;
      checkIndex(ctx, res, value);
      for (const entry of checkTct03SitemapIndex(value).entries) {
        if (entry.etag !== undefined) {
          hints.set(urlKey(entry.url), entry.etag);
          const earlier = shardEtags.get(urlKey(entry.url));
          if (earlier) compareHint(earlier, entry.etag);
        }
        pending.push(entry.url);
      }
      continue;
    }
    const reading = checkIdentityResponse(ctx, 'sitemap', res, TCT_03.sitemapProfile);
    shardEtags.set(urlKey(url), res);
    const hint = hints.get(urlKey(url));
    if (hint !== undefined) compareHint(res, hint);
    if (res.status === 200) findings.first ??= { url: res.url, etag: reading.etag };
    if (reading.json === undefined) {
      rec.notTested(SITEMAP_IDS.slice(IDENTITY_CHECKS.length), 'the M-Sitemap body is not JSON');
      continue;
    }
    checkSitemapDocument(ctx, res, reading.json, findings, cUrls, mUrls);
  }
  const duplicates = (counts: Map<string, number>) =>
    [...counts].filter(([, n]) => n > 1).map(([url]) => url);
  if (seen.size > 0 && findings.first) {
    for (const [id, counts] of [
      ['sitemap_unique_curls', cUrls],
      ['sitemap_unique_murls', mUrls],
    ] as const) {
      const repeated = duplicates(counts);
      const detail = `duplicates=${repeated.length}${repeated.length ? ` (${repeated.slice(0, 3).join(', ')})` : ''}`;
      if (repeated.length > 0)
        rec.violation(id, { request: { method: 'GET', url: findings.first.url }, detail });
      else rec.pass(id, { request: { method: 'GET', url: findings.first.url }, detail });
    }
  }
  if (!indexSeen) {
    const reason = 'the root links no M-Sitemap Index (one shard)';
    rec.notTested(['sitemap_index profile_structure', 'sitemap_index_hints_match'], reason);
  }
  return findings;
}

/** One M-Sitemap's version, hints and structure; its items are counted for uniqueness. */
function checkSitemapDocument(
  ctx: ValidationContext,
  res: HttpExchange,
  value: unknown,
  findings: SitemapFindings,
  cUrls: Map<string, number>,
  mUrls: Map<string, number>,
): void {
  const { rec } = ctx;
  const doc = value as { version?: unknown; items?: unknown };
  if (doc.version === 2) rec.pass('sitemap_version_2', evidenceOf(res, 'version=2'));
  else
    rec.violation(
      'sitemap_version_2',
      evidenceOf(res, `version=${JSON.stringify(doc.version ?? null)}`),
    );
  const items = Array.isArray(doc.items) ? doc.items : [];
  let badHints = 0;
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    const { cUrl, mUrl, etag } = item as Record<string, unknown>;
    if (typeof cUrl === 'string') cUrls.set(urlKey(cUrl), (cUrls.get(urlKey(cUrl)) ?? 0) + 1);
    if (typeof mUrl === 'string') mUrls.set(urlKey(mUrl), (mUrls.get(urlKey(mUrl)) ?? 0) + 1);
    if (etag !== undefined && (typeof etag !== 'string' || !TCT_HINT.test(etag))) badHints++;
  }
  if (badHints > 0) rec.violation('sitemap_hint_shape', evidenceOf(res, `invalid=${badHints}`));
  else rec.pass('sitemap_hint_shape', evidenceOf(res, `${items.length} items, hints well-formed`));
  const reading = checkTct03Sitemap(value);
  const problems = reading.problems.map((p) => p.message);
  const jcs = nonCanonical(res, value);
  if (jcs) problems.unshift(jcs);
  if (problems.length > 0)
    rec.violation('sitemap profile_structure', evidenceOf(res, problems.slice(0, 5).join('; ')));
  else
    rec.pass(
      'sitemap profile_structure',
      evidenceOf(res, `${reading.entries.length} items, canonical`),
    );
  const listed = new Set(findings.items.map((i) => urlKey(i.mUrl)));
  for (const entry of reading.entries)
    if (!listed.has(urlKey(entry.mUrl))) findings.items.push(entry);
}

/** An M-Sitemap Index: 200, exact Content-Type, identity, the index rules, JCS, its ETag. */
function checkIndex(ctx: ValidationContext, res: HttpExchange, value: unknown): void {
  const problems: string[] = [];
  if (res.status !== 200) problems.push(`status=${res.status}`);
  if (res.headers['content-type'] !== JSON_TYPE)
    problems.push(`Content-Type: ${String(res.headers['content-type'])}`);
  if (res.headers['content-encoding'])
    problems.push(`Content-Encoding: ${res.headers['content-encoding']}`);
  try {
    parseTct03Json(res.body, TCT_03_LIMITS.maxSitemapBytes!);
    problems.push(...checkTct03SitemapIndex(value).problems.map((p) => p.message));
    const jcs = nonCanonical(res, value);
    if (jcs) problems.push(jcs);
  } catch (error) {
    if (!(error instanceof Tct03DocumentError)) throw error;
    problems.push(error.message);
  }
  const etag = `"sha256-${sha256(res.body).toString('hex')}"`;
  if (res.headers.etag !== etag)
    problems.push(`ETag ${String(res.headers.etag)}, the body hashes to ${etag}`);
  if (problems.length > 0)
    ctx.rec.violation(
      'sitemap_index profile_structure',
      evidenceOf(res, problems.slice(0, 5).join('; ')),
    );
  else ctx.rec.pass('sitemap_index profile_structure', evidenceOf(res, 'a valid M-Sitemap Index'));
}

/** The first M-Sitemap's conditional request and the gzip probe. */
export async function checkSitemapProbes(
  ctx: ValidationContext,
  first: { url: string; etag: string },
): Promise<void> {
  const { rec } = ctx;
  const { url, etag } = first;
  const conditional = ['sitemap_if_none_match_304', 'sitemap_304_current_etag'];
  if (etag === '') rec.notTested(conditional, 'identity ETag unavailable');
  else {
    const res = await attempt(
      ctx,
      conditional,
      'sitemap_if_none_match_304',
      { method: 'GET', url },
      () => fetchIdentity(ctx, url, { 'if-none-match': etag }),
    );
    if (res) {
      if (res.status === 304) rec.pass(conditional[0]!, evidenceOf(res, 'status=304'));
      else rec.violation(conditional[0]!, evidenceOf(res, `status=${res.status}`));
      if (res.headers.etag === etag) rec.pass(conditional[1]!, evidenceOf(res, `ETag: ${etag}`));
      else
        rec.violation(
          conditional[1]!,
          evidenceOf(res, `ETag ${String(res.headers.etag)}, current ${etag}`),
        );
    }
  }
  await checkGzipProbe(
    ctx,
    'sitemap:gzip-advertised',
    'sitemap_gzip_advertisement_same_identity_etag',
    url,
    etag,
    TCT_03.sitemapProfile,
  );
}

/**
 * `Accept-Encoding: gzip` (and `Cache-Control: no-cache`, past caches): the identity checks
 * again, on the raw bytes, and the same ETag as the identity answer.
 */
export async function checkGzipProbe(
  ctx: ValidationContext,
  prefix: 'sitemap:gzip-advertised' | 'murl:gzip-advertised',
  sameEtagId: string,
  url: string,
  identityEtag: string,
  profile: string,
): Promise<void> {
  const ids = [...identityIds(prefix), sameEtagId];
  const res = await attempt(ctx, ids, `${prefix} status_200`, { method: 'GET', url }, () =>
    ctx.client.request(url, {
      headers: { accept: JSON_TYPE, 'accept-encoding': 'gzip', 'cache-control': 'no-cache' },
    }),
  );
  if (!res) return;
  const reading = checkIdentityResponse(ctx, prefix, res, profile);
  const detail = `gzip=${reading.etag} identity=${identityEtag}`;
  if (reading.etag !== '' && reading.etag === identityEtag)
    ctx.rec.pass(sameEtagId, evidenceOf(res, detail));
  else ctx.rec.violation(sameEtagId, evidenceOf(res, detail));
}
