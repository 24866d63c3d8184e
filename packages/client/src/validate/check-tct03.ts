import {
  canonicalizeJson,
  checkTct03Sitemap,
  normalizeUri,
  parseLinkHeader,
  checkTct03SitemapIndex,
  parseTct03Json,
  readTct03MUrl,
  sha256,
  Tct03DocumentError,
  TCT_03,
  TCT_03_LIMITS,
  TCT_HINT,
  type Tct03SitemapItem,
} from '@agent-ready/core';
import { HttpBudgetError, HttpTransportError } from '../client-errors';
import { headerLinks, mediaTypeOf, selectLinks } from '../discovery/find-links';
import type { HttpExchange } from '../http/http-client';
import { forEachConcurrently } from '../http/limit-concurrency';
import { sameUrl } from '../tct/same-url';
import { IDENTITY_CHECKS, EXTENSION_PATHS, type Tct03Prefix } from './check-catalog-tct03';
import { evidenceOf } from './check-recorder';
import {
  fetchRoot,
  fetchSitemapDocument,
  readRedirectReason,
  rootReadable,
  rootSitemapLinks,
} from './detect-tct-profile';
import {
  fetchIdentity,
  onOrigin,
  sampleEvenly,
  type ValidationContext,
} from './validation-context';

const JSON_TYPE = 'application/json';

/** URLs compared as RFC 3986 normal forms (the text itself when it has none). */
function urlKey(url: string): string {
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
async function attempt(
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

const identityIds = (prefix: Tct03Prefix) => IDENTITY_CHECKS.map((check) => `${prefix} ${check}`);

/** What the identity checks learned of a response. */
interface IdentityReading {
  /** The parsed body, when it is UTF-8 JSON sent as identity. */
  json?: unknown;
  /** The ETag header as sent ('' when absent). */
  etag: string;
}

function hasToken(value: string | undefined, token: string): boolean {
  return (value ?? '').split(',').some((part) => part.trim().toLowerCase() === token);
}

/**
 * The reference's `Test-IdentityResponse`: status, exact Content-Type, identity JSON, the exact
 * profile, ETag and Content-Digest equal to what the bytes hash to, Content-Length, no
 * Content-Encoding, the profile link, Vary and no-transform. A response other than 200 fails
 * `status_200` and leaves the rest not tested.
 */
function checkIdentityResponse(
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
function nonCanonical(res: HttpExchange, value: unknown): string | undefined {
  let canonical: Buffer;
  try {
    canonical = Buffer.from(canonicalizeJson(value), 'utf8');
  } catch (error) {
    return (error as Error).message;
  }
  return canonical.equals(res.body) ? undefined : 'the body is not its RFC 8785 (JCS) form';
}

/** GET / : root_transport, root_status_200, root_generic_index_link; the sitemap URLs it links. */
async function checkRoot(ctx: ValidationContext): Promise<string[]> {
  const { rec } = ctx;
  const url = `${ctx.origin}/`;
  const ids = ['root_transport', 'root_status_200', 'root_generic_index_link'];
  const root = await attempt(ctx, ids, 'root_transport', { method: 'GET', url }, () =>
    fetchRoot(ctx),
  );
  if (!root) return [];
  rec.pass('root_transport', evidenceOf(root, `answered ${root.status}`));
  const readRedirect = root.status >= 300 && rootReadable(ctx, root);
  if (root.status !== 200 && !readRedirect) {
    const why = root.blockedRedirect
      ? `redirects to another origin (${root.blockedRedirect}); not followed`
      : `status=${root.status}`;
    rec.violation('root_status_200', evidenceOf(root, why));
    rec.notTested('root_generic_index_link', 'the root gave no 200 response');
    return [];
  }
  if (readRedirect) rec.notTested('root_status_200', readRedirectReason(root));
  else {
    rec.pass('root_status_200', evidenceOf(root, 'status=200'));
    ctx.pages.push(root);
  }
  ctx.links.push(...headerLinks(root));
  const index = parseLinkHeader(root.headers.link ?? '').filter(
    (link) => link.rels.includes('index') && mediaTypeOf(link.params.type) === JSON_TYPE,
  );
  // -03 took the `profile="tct-1"` parameter off the root's link: an agent reads the profile
  // from the document.
  const withProfile = index.filter((link) => 'profile' in link.params);
  if (index.length === 0)
    rec.violation(
      'root_generic_index_link',
      evidenceOf(
        root,
        `no Link rel="index" type="application/json" (Link: ${JSON.stringify(root.headers.link ?? null)})`,
      ),
    );
  else if (withProfile.length > 0)
    rec.violation(
      'root_generic_index_link',
      evidenceOf(root, `the index link carries profile=: ${root.headers.link}`),
    );
  else
    rec.pass(
      'root_generic_index_link',
      evidenceOf(root, index.map((l) => `<${l.href}>`).join(', ')),
    );
  return rootSitemapLinks(root);
}

/** What the sitemap documents gave the later checks. */
interface SitemapFindings {
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
async function checkSitemaps(
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
async function checkSitemapProbes(
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
async function checkGzipProbe(
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

const M_URL_IDS = [
  ...identityIds('murl'),
  'murl profile_structure',
  'murl canonical_link',
  'murl catalog_hint_matches',
  'murl if_none_match_304',
  'murl 304_current_etag',
  'murl head_200',
  'murl head_same_etag',
];
const M_URL_GZIP_IDS = [
  ...identityIds('murl:gzip-advertised'),
  'murl gzip_advertisement_same_identity_etag',
];

/** One sampled M-URL: identity checks, its document, links, hint, 304 and HEAD (and gzip for the first). */
async function checkMUrl(
  ctx: ValidationContext,
  item: Tct03SitemapItem,
  probeGzip: boolean,
): Promise<void> {
  const { rec } = ctx;
  const ids = probeGzip ? [...M_URL_IDS, ...M_URL_GZIP_IDS] : M_URL_IDS;
  if (!onOrigin(ctx, item.mUrl)) {
    rec.notTested(ids, `M-URLs on another origin are not fetched (${item.mUrl})`);
    return;
  }
  const url = item.mUrl;
  const res = await attempt(ctx, ids, 'murl status_200', { method: 'GET', url }, () =>
    fetchIdentity(ctx, url, { accept: JSON_TYPE }),
  );
  if (!res) return;
  const reading = checkIdentityResponse(ctx, 'murl', res, TCT_03.id);
  if (res.status !== 200) {
    rec.notTested(ids.slice(IDENTITY_CHECKS.length), `the M-URL answered ${res.status}`);
    return;
  }
  // The document: the -03 M-URL rules, JCS bytes, and the C-URL it was listed for.
  const problems: string[] = [];
  try {
    const doc = readTct03MUrl(res.body);
    const jcs = nonCanonical(res, doc);
    if (jcs) problems.push(jcs);
    if (!sameUrl(doc.canonical_url, item.cUrl))
      problems.push(`canonical_url ${doc.canonical_url} is not the listed C-URL ${item.cUrl}`);
  } catch (error) {
    if (!(error instanceof Tct03DocumentError)) throw error;
    problems.push(error.message);
  }
  if (problems.length > 0)
    rec.violation('murl profile_structure', evidenceOf(res, problems.join('; ')));
  else rec.pass('murl profile_structure', evidenceOf(res, 'a valid -03 M-URL document, canonical'));

  const canonical = selectLinks(headerLinks(res), 'canonical');
  if (canonical.some((link) => sameUrl(link.href, item.cUrl)))
    rec.pass('murl canonical_link', evidenceOf(res, `Link <${item.cUrl}> rel="canonical"`));
  else
    rec.violation(
      'murl canonical_link',
      evidenceOf(res, `Link: ${String(res.headers.link)}; listed C-URL ${item.cUrl}`),
    );

  if (item.etag === undefined)
    rec.notTested('murl catalog_hint_matches', 'the sitemap gives no etag hint');
  else if (reading.etag === `"${item.etag}"`)
    rec.pass(
      'murl catalog_hint_matches',
      evidenceOf(res, `header=${reading.etag} hint=${item.etag}`),
    );
  else
    rec.violation(
      'murl catalog_hint_matches',
      evidenceOf(res, `header=${reading.etag} hint=${item.etag}`),
    );

  if (reading.etag === '')
    rec.notTested(['murl if_none_match_304', 'murl 304_current_etag'], 'identity ETag unavailable');
  else {
    const ids304 = ['murl if_none_match_304', 'murl 304_current_etag'];
    const conditional = await attempt(ctx, ids304, ids304[0]!, { method: 'GET', url }, () =>
      fetchIdentity(ctx, url, { accept: JSON_TYPE, 'if-none-match': reading.etag }),
    );
    if (conditional) {
      if (conditional.status === 304) rec.pass(ids304[0]!, evidenceOf(conditional, 'status=304'));
      else rec.violation(ids304[0]!, evidenceOf(conditional, `status=${conditional.status}`));
      if (conditional.headers.etag === reading.etag)
        rec.pass(ids304[1]!, evidenceOf(conditional, `ETag: ${reading.etag}`));
      else
        rec.violation(
          ids304[1]!,
          evidenceOf(
            conditional,
            `ETag ${String(conditional.headers.etag)}, current ${reading.etag}`,
          ),
        );
    }
  }

  const headIds = ['murl head_200', 'murl head_same_etag'];
  const head = await attempt(ctx, headIds, headIds[0]!, { method: 'HEAD', url }, () =>
    ctx.client.request(url, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } }),
  );
  if (head) {
    if (head.status === 200 && head.body.length === 0)
      rec.pass(headIds[0]!, evidenceOf(head, 'status=200, no body'));
    else
      rec.violation(
        headIds[0]!,
        evidenceOf(head, `status=${head.status}, ${head.body.length}-byte body`),
      );
    if (head.headers.etag === reading.etag)
      rec.pass(headIds[1]!, evidenceOf(head, `ETag: ${reading.etag}`));
    else
      rec.violation(
        headIds[1]!,
        evidenceOf(head, `ETag ${String(head.headers.etag)}, GET ${reading.etag}`),
      );
  }

  if (probeGzip)
    await checkGzipProbe(
      ctx,
      'murl:gzip-advertised',
      'murl gzip_advertisement_same_identity_etag',
      url,
      reading.etag,
      TCT_03.id,
    );
}

/** POST and a GET refusing identity, on the M-Sitemap: 405 and 406. */
async function checkCatalogGates(ctx: ValidationContext, url: string): Promise<void> {
  const { rec } = ctx;
  const post = await attempt(
    ctx,
    ['catalog_post_405'],
    'catalog_post_405',
    { method: 'POST', url },
    () =>
      ctx.client.request(url, { method: 'POST', body: '', followRedirects: false, retry: false }),
  );
  if (post) {
    const allow = (post.headers.allow ?? '').split(',').map((m) => m.trim().toUpperCase());
    const detail = `status=${post.status} Allow: ${String(post.headers.allow)}`;
    if (post.status === 405 && allow.includes('GET') && allow.includes('HEAD'))
      rec.pass('catalog_post_405', evidenceOf(post, detail));
    else rec.violation('catalog_post_405', evidenceOf(post, detail));
  }
  const refused = await attempt(
    ctx,
    ['catalog_identity_forbidden_406'],
    'catalog_identity_forbidden_406',
    { method: 'GET', url },
    () =>
      ctx.client.request(url, {
        headers: { accept: JSON_TYPE, 'accept-encoding': 'identity;q=0' },
      }),
  );
  if (refused) {
    if (refused.status === 406)
      rec.pass('catalog_identity_forbidden_406', evidenceOf(refused, 'status=406'));
    else
      rec.violation(
        'catalog_identity_forbidden_406',
        evidenceOf(refused, `status=${refused.status}`),
      );
  }
}

/** The reference's optional extensions: reachable (200) or a warning. */
async function checkExtensions(ctx: ValidationContext): Promise<void> {
  for (const path of EXTENSION_PATHS) {
    const id = `extension:${path} reachable`;
    const url = `${ctx.origin}${path}`;
    const res = await attempt(ctx, [id], id, { method: 'GET', url }, () => fetchIdentity(ctx, url));
    if (!res) continue;
    if (res.status === 200) ctx.rec.pass(id, evidenceOf(res, 'status=200'));
    else ctx.rec.violation(id, evidenceOf(res, `status=${res.status}`));
  }
}

/**
 * Every TCT check of a draft -03 site, by the reference external validator's names: the root,
 * the M-Sitemap (and its index, shards), the sampled M-URLs, the 405/406 gates on the catalog
 * and the optional extensions.
 */
export async function checkTct03(ctx: ValidationContext): Promise<void> {
  const { rec } = ctx;
  const urls = await checkRoot(ctx);
  const { first, items } =
    urls.length > 0 ? await checkSitemaps(ctx, urls) : { first: undefined, items: [] };
  if (!first) {
    const reason =
      urls.length === 0 ? 'no sitemap was discovered from the root' : 'no M-Sitemap answered';
    for (const prefix of ['sitemap', 'murl', 'catalog_']) rec.notTestedPrefix(prefix, reason);
  } else {
    await checkSitemapProbes(ctx, first);
    const sample = sampleEvenly(items, ctx.sample);
    if (sample.length === 0)
      rec.notTestedPrefix('murl', 'the M-Sitemap lists no document to check');
    await forEachConcurrently(sample, ctx.concurrency, (item) =>
      checkMUrl(ctx, item, item === sample[0]),
    );
    await checkCatalogGates(ctx, first.url);
  }
  await checkExtensions(ctx);
}
