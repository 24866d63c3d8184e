import { sha256Hex } from '@agent-ready/core/crypto';
import { findHtmlMarkup, validatePolicy } from '@agent-ready/core/tct';
import { sameUrl } from '../tct/same-url';
import {
  headerLinks,
  htmlLinks,
  mediaTypeOf,
  selectLinks,
  type DiscoveredLink,
} from '../discovery/find-links';
import type { HttpExchange } from '../http/http-client';
import { forEachConcurrently } from '../http/limit-concurrency';
import { readTctSitemap, readTctSitemapIndex, type TctSitemapItem } from '../tct/read-tct-sitemap';
import { mUrlHashOf } from '../tct/verify-m-url';
import { checkJsonResource } from './check-json-resource';
import { evidenceOf } from './check-recorder';
import {
  fetchRoot,
  fetchSitemapDocument,
  HTML_ACCEPT,
  readRedirectReason,
  rootReadable,
} from './detect-tct-profile';
import {
  fetchIdentity,
  onOrigin,
  sampleEvenly,
  type ValidationContext,
} from './validation-context';

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * GET / as an agent would, same-origin redirects followed; the sitemap shards it links with
 * rel="index" type="application/json" (the Link field; an HTML <link> is used to go on but
 * does not satisfy the check).
 */
export async function checkRoot(ctx: ValidationContext): Promise<string[]> {
  const { rec } = ctx;
  const url = `${ctx.origin}/`;
  let root: HttpExchange | undefined;
  await rec.probe(
    ['tct.root.reachable', 'tct.root.index-link'],
    { method: 'GET', url },
    async () => {
      root = await fetchRoot(ctx);
    },
  );
  if (!root) return [];
  if (!rootReadable(ctx, root)) {
    const why = root.blockedRedirect
      ? `redirects to another origin (${root.blockedRedirect}); not followed`
      : `answered ${root.status}`;
    rec.violation('tct.root.reachable', evidenceOf(root, why));
    rec.notTested('tct.root.index-link', 'the root gave no 2xx response');
    return [];
  }
  if (root.status >= 300) rec.notTested('tct.root.reachable', readRedirectReason(root));
  else {
    rec.pass(
      'tct.root.reachable',
      evidenceOf(
        root,
        `${root.status}${root.redirects.length ? ` after ${root.redirects.length} redirect(s)` : ''}`,
      ),
    );
    ctx.pages.push(root);
  }
  const header = headerLinks(root);
  const html = htmlLinks(root);
  ctx.links.push(...header, ...html);
  const fromHeader = selectLinks(header, 'index', 'application/json');
  if (fromHeader.length > 0) {
    rec.pass(
      'tct.root.index-link',
      evidenceOf(root, fromHeader.map((l) => `<${l.href}>`).join(', ')),
    );
    return fromHeader.map((l) => l.href);
  }
  const fromHtml = selectLinks(html, 'index', 'application/json');
  rec.violation(
    'tct.root.index-link',
    evidenceOf(
      root,
      fromHtml.length > 0
        ? `only an HTML <link rel="index"> (${fromHtml[0]!.href}); the Link header field is required`
        : `no Link rel="index" type="application/json" (Link: ${JSON.stringify(root.headers.link ?? null)})`,
    ),
  );
  return fromHtml.map((l) => l.href);
}

function checkStructure(
  ctx: ValidationContext,
  shard: HttpExchange,
): { items: TctSitemapItem[]; parsed: unknown } {
  const reading = readTctSitemap(shard.body);
  if (reading.problems.length > 0)
    ctx.rec.violation(
      'tct.sitemap.structure',
      evidenceOf(shard, reading.problems.slice(0, 5).join('; ')),
    );
  else ctx.rec.pass('tct.sitemap.structure', evidenceOf(shard, `${reading.items.length} items`));
  return { items: reading.items, parsed: parseJson(shard.body) };
}

function isOverview(ctx: ValidationContext, cUrl: string): boolean {
  try {
    const url = new URL(cUrl);
    return url.origin === ctx.origin && (url.pathname === '/' || /about/i.test(url.pathname));
  } catch {
    return false;
  }
}

/** Every shard: status and structure; shard 1 also the full JSON-resource matrix. */
export async function checkSitemaps(
  ctx: ValidationContext,
  shardUrls: readonly string[],
): Promise<{ items: TctSitemapItem[]; policyUrl?: string }> {
  const { rec } = ctx;
  const sitemapIds = ['tct.sitemap.status', 'tct.sitemap.structure', 'tct.sitemap.overview-first'];
  if (shardUrls.length === 0) {
    rec.notTestedPrefix('tct.sitemap.', 'no sitemap was discovered from the root');
    rec.notTestedPrefix('tct.m-url.', 'no sitemap was discovered from the root');
    rec.notTestedPrefix('tct.c-url.', 'no sitemap was discovered from the root');
    return { items: [] };
  }
  const items: TctSitemapItem[] = [];
  let policyUrl: string | undefined;
  const pending = [...shardUrls];
  const seen = new Set<string>();
  /** Shard hashes the index lists, by URL: each must be the shard's ETag. */
  const indexed = new Map<string, string>();
  const fetched = new Map<string, HttpExchange>();
  const compareWithIndex = (shard: HttpExchange, listedHash: string) => {
    const etag = shard.headers.etag;
    if (etag === `"${listedHash}"`)
      rec.pass('tct.sitemap.index', evidenceOf(shard, `ETag ${etag} as the index lists it`));
    else
      rec.violation(
        'tct.sitemap.index',
        evidenceOf(shard, `ETag ${String(etag)}, but the index lists ${listedHash}`),
      );
  };
  let first = true;
  while (pending.length > 0) {
    const url = pending.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    if (!onOrigin(ctx, url)) {
      rec.violation('tct.sitemap.status', {
        request: { method: 'GET', url },
        detail: `the sitemap is on another origin than ${ctx.origin}; not fetched`,
      });
      continue;
    }
    let shard: HttpExchange | undefined;
    await rec.probe(sitemapIds, { method: 'GET', url }, async () => {
      shard = await fetchSitemapDocument(ctx, url);
    });
    if (!shard) continue;
    if (shard.status !== 200) {
      rec.violation('tct.sitemap.status', evidenceOf(shard, `answered ${shard.status}`));
      continue;
    }
    rec.pass('tct.sitemap.status', evidenceOf(shard, '200'));
    const index = readTctSitemapIndex(shard.body);
    if (index) {
      if (index.problems.length > 0)
        rec.violation(
          'tct.sitemap.index',
          evidenceOf(shard, index.problems.slice(0, 5).join('; ')),
        );
      else rec.pass('tct.sitemap.index', evidenceOf(shard, `${index.shards.length} shards`));
      for (const entry of index.shards) {
        indexed.set(entry.url, entry.etag);
        // A shard read before the index (the first one, which the root links) is compared now.
        const earlier = fetched.get(entry.url);
        if (earlier) compareWithIndex(earlier, entry.etag);
        pending.push(entry.url);
      }
      continue;
    }
    fetched.set(url, shard);
    const listedHash = indexed.get(url);
    if (listedHash !== undefined) compareWithIndex(shard, listedHash);
    const { items: shardItems, parsed } = checkStructure(ctx, shard);
    items.push(...shardItems);
    if (first) {
      first = false;
      const leading = shardItems[0];
      if (leading === undefined)
        rec.notTested('tct.sitemap.overview-first', 'the sitemap lists nothing');
      else if (isOverview(ctx, leading.cUrl))
        rec.pass('tct.sitemap.overview-first', evidenceOf(shard, `first: ${leading.cUrl}`));
      else
        rec.violation(
          'tct.sitemap.overview-first',
          evidenceOf(shard, `first item is ${leading.cUrl}, not the home or about page`),
        );
      const links = headerLinks(shard);
      ctx.links.push(...links);
      policyUrl = selectLinks(links, 'describedby', 'application/json')[0]?.href;
      await checkJsonResource(ctx, {
        prefix: 'sitemap',
        get: shard,
        parsed,
        expectedHash: `sha256-${sha256Hex(shard.body)}`,
        hashBasis: 'the body',
      });
    }
  }
  if (indexed.size === 0)
    rec.notTested('tct.sitemap.index', 'no sitemap index: the root links one shard');
  return { items, ...(policyUrl ? { policyUrl } : {}) };
}

const M_URL_FIELDS: Record<string, 'string' | 'date' | 'object'> = {
  profile: 'string',
  canonical_url: 'string',
  title: 'string',
  content: 'string',
  hash: 'string',
  language: 'string',
  published: 'date',
  modified: 'date',
  description: 'string',
  author: 'string',
  structured_data: 'object',
};

function fieldProblems(
  body: Record<string, unknown>,
  item: TctSitemapItem,
): {
  errors: string[];
  unknown: string[];
} {
  const errors: string[] = [];
  if (body.profile !== 'tct-1')
    errors.push(`profile is ${JSON.stringify(body.profile)}, expected "tct-1"`);
  for (const key of ['canonical_url', 'title', 'content', 'hash'])
    if (typeof body[key] !== 'string') errors.push(`${key} is missing or not a string`);
  if (typeof body.title === 'string' && body.title.trim() === '') errors.push('title is empty');
  if (typeof body.canonical_url === 'string' && !sameUrl(body.canonical_url, item.cUrl))
    errors.push(`canonical_url ${body.canonical_url} is not the listed C-URL ${item.cUrl}`);
  for (const [key, kind] of Object.entries(M_URL_FIELDS)) {
    const value = body[key];
    if (value === undefined) continue;
    if (kind === 'date' && (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value)))
      errors.push(`${key} is not an RFC 3339 date-time`);
    if (kind === 'object' && (typeof value !== 'object' || value === null || Array.isArray(value)))
      errors.push(`${key} is not a JSON object`);
    if (kind === 'string' && typeof value !== 'string') errors.push(`${key} is not a string`);
  }
  const unknown = Object.keys(body).filter((key) => !(key in M_URL_FIELDS));
  return { errors, unknown };
}

/** The C-URL's HTML: Link rel="alternate" type="application/json" back to the M-URL. */
async function checkCUrl(ctx: ValidationContext, item: TctSitemapItem): Promise<void> {
  const { rec } = ctx;
  const ids = ['tct.c-url.alternate-link', 'tct.c-url.alternate-tag'];
  if (!onOrigin(ctx, item.cUrl)) {
    rec.notTested(ids, 'C-URLs on another origin are not fetched');
    return;
  }
  if (ctx.pagesElsewhere) {
    rec.notTested(ids, ctx.pagesElsewhere);
    return;
  }
  await rec.probe(ids, { method: 'GET', url: item.cUrl }, async () => {
    const page = await fetchIdentity(ctx, item.cUrl, { accept: HTML_ACCEPT });
    if (page.status < 200 || page.status > 299) {
      rec.violation(
        'tct.c-url.alternate-link',
        evidenceOf(page, `the C-URL answered ${page.status}`),
      );
      return;
    }
    ctx.pages.push(page);
    const header = headerLinks(page);
    const html = htmlLinks(page);
    ctx.links.push(...header, ...html);
    const matches = (links: DiscoveredLink[]) =>
      selectLinks(links, 'alternate', 'application/json').some((l) => sameUrl(l.href, item.mUrl));
    if (matches(header))
      rec.pass('tct.c-url.alternate-link', evidenceOf(page, `Link <${item.mUrl}> rel="alternate"`));
    else
      rec.violation(
        'tct.c-url.alternate-link',
        evidenceOf(
          page,
          `no Link rel="alternate" type="application/json" to ${item.mUrl} (Link: ${JSON.stringify(page.headers.link ?? null)})`,
        ),
      );
    if (mediaTypeOf(page.headers['content-type']) !== 'text/html')
      rec.notTested('tct.c-url.alternate-tag', 'the C-URL is not HTML');
    else if (matches(html))
      rec.pass('tct.c-url.alternate-tag', evidenceOf(page, '<link rel="alternate"> in <head>'));
    else
      rec.violation(
        'tct.c-url.alternate-tag',
        evidenceOf(
          page,
          `no <link rel="alternate" type="application/json" href="${item.mUrl}"> in <head>`,
        ),
      );
  });
}

/** One listed document in depth: M-URL body, validators, parity, links, conditionals. */
async function checkMUrl(ctx: ValidationContext, item: TctSitemapItem): Promise<void> {
  const { rec } = ctx;
  if (!onOrigin(ctx, item.mUrl)) {
    rec.notTested('tct.m-url.status', `M-URLs on another origin are not fetched (${item.mUrl})`);
    return;
  }
  let get: HttpExchange | undefined;
  await rec.probe('tct.m-url.status', { method: 'GET', url: item.mUrl }, async () => {
    get = await fetchIdentity(ctx, item.mUrl, { accept: 'application/json' });
  });
  if (!get) return;
  if (get.status !== 200) {
    const why = get.blockedRedirect
      ? `redirects to another origin (${get.blockedRedirect})`
      : `answered ${get.status}`;
    rec.violation(
      'tct.m-url.status',
      evidenceOf(
        get,
        `listed in the sitemap but ${why}: only published, public documents may be listed`,
      ),
    );
    return;
  }
  rec.pass('tct.m-url.status', evidenceOf(get, '200'));
  const parsed = parseJson(get.body);
  const body =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  const opaque = get.headers.etag?.replace(/^W\//, '').replace(/^"|"$/g, '');
  if (!body) {
    rec.violation('tct.m-url.fields', evidenceOf(get, 'the body is not a JSON object'));
    rec.notTested('tct.m-url.plain-text', 'the body is not a JSON object');
  } else {
    const { errors, unknown } = fieldProblems(body, item);
    if (errors.length > 0) rec.violation('tct.m-url.fields', evidenceOf(get, errors.join('; ')));
    else if (unknown.length > 0)
      rec.warn('tct.m-url.fields', evidenceOf(get, `members outside tct-1: ${unknown.join(', ')}`));
    else rec.pass('tct.m-url.fields', evidenceOf(get, 'profile tct-1 with every required member'));
    if (typeof body.content !== 'string')
      rec.notTested('tct.m-url.plain-text', 'the body has no content string');
    else {
      const markup = findHtmlMarkup(body.content);
      if (markup)
        rec.violation('tct.m-url.plain-text', evidenceOf(get, `content holds HTML: ${markup}`));
      else rec.pass('tct.m-url.plain-text', evidenceOf(get, 'no HTML markup in content'));
    }
    if (body.hash === opaque && opaque !== undefined)
      rec.pass('tct.m-url.hash-field', evidenceOf(get, `hash = ${opaque}`));
    else
      rec.violation(
        'tct.m-url.hash-field',
        evidenceOf(
          get,
          `hash ${JSON.stringify(body.hash ?? null)}, ETag ${String(get.headers.etag)}`,
        ),
      );
  }
  if (item.etag === opaque && item.contentHash === opaque)
    rec.pass('tct.m-url.etag-parity', evidenceOf(get, `sitemap etag = contentHash = ${opaque}`));
  else
    rec.violation(
      'tct.m-url.etag-parity',
      evidenceOf(
        get,
        `sitemap lists etag ${item.etag} and contentHash ${item.contentHash} for ${item.mUrl}; its ETag is ${String(get.headers.etag)}`,
      ),
    );
  const canonical = selectLinks(headerLinks(get), 'canonical');
  if (canonical.some((l) => sameUrl(l.href, item.cUrl)))
    rec.pass('tct.m-url.canonical-link', evidenceOf(get, `Link <${item.cUrl}> rel="canonical"`));
  else
    rec.violation(
      'tct.m-url.canonical-link',
      evidenceOf(
        get,
        canonical.length > 0
          ? `rel="canonical" points to ${canonical.map((l) => l.href).join(', ')}, not ${item.cUrl}`
          : `no Link rel="canonical" (Link: ${JSON.stringify(get.headers.link ?? null)})`,
      ),
    );
  await checkJsonResource(ctx, {
    prefix: 'm-url',
    get,
    parsed,
    expectedHash: body ? mUrlHashOf(body) : undefined,
    hashBasis: 'the canonical body without hash',
  });
  await checkCUrl(ctx, item);
}

/** The sampled documents (all with `--all`), one after the other within the concurrency. */
export async function checkMUrls(
  ctx: ValidationContext,
  items: readonly TctSitemapItem[],
): Promise<void> {
  const sample = sampleEvenly(items, ctx.sample);
  if (sample.length === 0) {
    for (const prefix of ['tct.m-url.', 'tct.c-url.'])
      ctx.rec.notTestedPrefix(prefix, 'the sitemap lists no document to check');
    return;
  }
  // Each document's probes run in order (conditional requests depend on the first GET);
  // documents run side by side, the client's limiter bounding the requests in flight.
  await forEachConcurrently(sample, ctx.concurrency, (item) => checkMUrl(ctx, item));
}

/** The tct-policy-1 descriptor the sitemap links with rel="describedby". */
export async function checkPolicy(
  ctx: ValidationContext,
  policyUrl: string | undefined,
): Promise<void> {
  const { rec } = ctx;
  if (policyUrl === undefined) {
    rec.notTested('tct.policy', 'the sitemap links no policy descriptor (rel="describedby")');
    return;
  }
  if (!onOrigin(ctx, policyUrl)) {
    rec.notTested('tct.policy', `the policy is on another origin (${policyUrl})`);
    return;
  }
  await rec.probe('tct.policy', { method: 'GET', url: policyUrl }, async () => {
    const res = await fetchIdentity(ctx, policyUrl, { accept: 'application/json' });
    if (res.status !== 200) {
      rec.violation('tct.policy', evidenceOf(res, `the linked policy answered ${res.status}`));
      return;
    }
    const problems = validatePolicy(parseJson(res.body));
    if (problems.length > 0)
      rec.violation(
        'tct.policy',
        evidenceOf(res, problems.map((p) => `${p.field || '(document)'}: ${p.message}`).join('; ')),
      );
    else rec.pass('tct.policy', evidenceOf(res, 'valid tct-policy-1'));
  });
}
