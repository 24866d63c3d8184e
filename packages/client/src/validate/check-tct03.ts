import { parseLinkHeader } from '@agent-ready/core';
import { headerLinks, mediaTypeOf } from '../discovery/find-links';
import { forEachConcurrently } from '../http/limit-concurrency';
import { EXTENSION_PATHS } from './check-catalog-tct03';
import { evidenceOf } from './check-recorder';
import {
  fetchRoot,
  readRedirectReason,
  rootReadable,
  rootSitemapLinks,
} from './detect-tct-profile';
import { fetchIdentity, sampleEvenly, type ValidationContext } from './validation-context';
import { JSON_TYPE, attempt } from './tct03-responses';
import { checkSitemaps, checkSitemapProbes } from './check-tct03-sitemaps';
import { checkMUrl } from './check-tct03-m-url';

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
