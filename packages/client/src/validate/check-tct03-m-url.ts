import {
  readTct03MUrl,
  Tct03DocumentError,
  TCT_03,
  type Tct03SitemapItem,
} from '@agent-ready/core';
import { headerLinks, selectLinks } from '../discovery/find-links';
import { sameUrl } from '../tct/same-url';
import { IDENTITY_CHECKS } from './check-catalog-tct03';
import { evidenceOf } from './check-recorder';
import { fetchIdentity, onOrigin, type ValidationContext } from './validation-context';
import {
  JSON_TYPE,
  attempt,
  identityIds,
  checkIdentityResponse,
  nonCanonical,
} from './tct03-responses';
import { checkGzipProbe } from './check-tct03-sitemaps';

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
export async function checkMUrl(
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
