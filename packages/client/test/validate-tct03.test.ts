import { TCT_03_CHECKS } from '../src/validate/check-catalog-tct03';
import { validateSite, type ValidationReport } from '../src';
import { serveTct03Site, type Tct03Break, type Tct03SiteOptions } from './support/serve-tct03-site';

const TCT_IDS = new Set(TCT_03_CHECKS.map((check) => check.id));

async function validate(
  options: Tct03SiteOptions = {},
  profile?: 'tct-1' | 'tct-03',
): Promise<ValidationReport> {
  const site = await serveTct03Site(options);
  try {
    return await validateSite(site.origin, { all: true, ...(profile ? { profile } : {}) });
  } finally {
    await site.close();
  }
}

/** The -03 checks that did not pass, with their status. */
function notPassing(report: ValidationReport): string[] {
  return report.checks
    .filter((c) => TCT_IDS.has(c.id) && c.status !== 'pass')
    .map((c) => `${c.id}: ${c.status}`);
}

describe('agent-ready validate, draft -03, against a -03 site on a real socket', () => {
  it('detects -03 from the sitemap and passes every check the reference names', async () => {
    const report = await validate();
    expect(report.tctProfile).toBe('tct-03');
    expect(report.tctProfileSource).toBe('detected');
    expect(notPassing(report)).toEqual([
      'sitemap_index profile_structure: not-tested',
      'sitemap_index_hints_match: not-tested',
    ]);
    // Every -03 check is in the report, tct-1's are not.
    expect(report.checks.filter((c) => TCT_IDS.has(c.id))).toHaveLength(TCT_03_CHECKS.length);
    expect(report.checks.some((c) => c.id.startsWith('tct.'))).toBe(false);
    const byId = new Map(report.checks.map((c) => [c.id, c]));
    expect(byId.get('murl status_200')?.counts.pass).toBe(5);
    expect(byId.get('murl:gzip-advertised status_200')?.counts.pass).toBe(1);
  });

  it('follows an M-Sitemap Index to every shard, each hint the shard ETag', async () => {
    const report = await validate({ maxItemsPerShard: 2 });
    expect(notPassing(report)).toEqual([]);
    const byId = new Map(report.checks.map((c) => [c.id, c]));
    expect(byId.get('sitemap status_200')?.counts.pass).toBe(3);
    expect(byId.get('sitemap_index_hints_match')?.counts.pass).toBe(3);
    expect(byId.get('murl status_200')?.counts.pass).toBe(5);
  });

  it('reports the catalog hint as not tested where the M-Sitemap gives none', async () => {
    const report = await validate({ withoutHints: true });
    expect(notPassing(report)).toEqual([
      'sitemap_index profile_structure: not-tested',
      'sitemap_index_hints_match: not-tested',
      'murl catalog_hint_matches: not-tested',
    ]);
  });

  it('runs the tct-1 checks when asked to, and they fail on a -03 site', async () => {
    const report = await validate({}, 'tct-1');
    expect(report.tctProfile).toBe('tct-1');
    expect(report.tctProfileSource).toBe('option');
    const failed = report.checks.filter((c) => c.status === 'fail').map((c) => c.id);
    // tct-1 readers find no item they accept in an M-Sitemap: no M-URL is reached.
    expect(failed).toContain('tct.sitemap.structure');
    expect(report.checks.find((c) => c.id === 'tct.m-url.status')?.status).toBe('not-tested');
  });

  /** The -03 checks that failed or warned. */
  function failing(report: ValidationReport): string[] {
    return report.checks
      .filter((c) => TCT_IDS.has(c.id) && (c.status === 'fail' || c.status === 'warn'))
      .map((c) => `${c.id}: ${c.status}`);
  }

  it.each<[Tct03Break, string[]]>([
    ['root-500', ['root_status_200: fail']],
    ['sitemap-404', ['sitemap status_200: fail']],
    [
      'sitemap-not-json',
      [
        'sitemap json_parse: fail',
        'sitemap exact_profile: fail',
        'sitemap:gzip-advertised json_parse: fail',
        'sitemap:gzip-advertised exact_profile: fail',
      ],
    ],
    [
      'sitemap-cdn-weakens-gzip',
      [
        'sitemap:gzip-advertised json_parse: fail',
        'sitemap:gzip-advertised exact_profile: fail',
        'sitemap:gzip-advertised etag_exact_body_hash: fail',
        'sitemap:gzip-advertised digest_exact_body_hash: fail',
        'sitemap:gzip-advertised identity_not_content_encoded: fail',
        'sitemap:gzip-advertised no_transform: fail',
        'sitemap_gzip_advertisement_same_identity_etag: fail',
      ],
    ],
    ['m-url-404', ['murl status_200: fail']],
    [
      'm-url-tct-1-headers',
      [
        'murl content_type_exact: fail',
        'murl profile_link: fail',
        'murl:gzip-advertised content_type_exact: fail',
        'murl:gzip-advertised profile_link: fail',
      ],
    ],
    ['m-url-304-other-etag', ['murl 304_current_etag: fail']],
    ['root-no-index-link', ['root_generic_index_link: fail']],
    ['root-index-link-with-profile', ['root_generic_index_link: fail']],
    [
      'sitemap-content-type-charset',
      ['sitemap content_type_exact: fail', 'sitemap:gzip-advertised content_type_exact: fail'],
    ],
    [
      'sitemap-etag-not-body-hash',
      ['sitemap etag_exact_body_hash: fail', 'sitemap:gzip-advertised etag_exact_body_hash: fail'],
    ],
    [
      'sitemap-digest-wrong',
      [
        'sitemap digest_exact_body_hash: fail',
        'sitemap:gzip-advertised digest_exact_body_hash: fail',
      ],
    ],
    [
      'sitemap-chunked',
      ['sitemap content_length: fail', 'sitemap:gzip-advertised content_length: fail'],
    ],
    [
      'sitemap-no-profile-link',
      ['sitemap profile_link: fail', 'sitemap:gzip-advertised profile_link: fail'],
    ],
    [
      'sitemap-no-vary',
      [
        'sitemap varies_accept_encoding: fail',
        'sitemap:gzip-advertised varies_accept_encoding: fail',
      ],
    ],
    [
      'sitemap-no-transform-missing',
      ['sitemap no_transform: fail', 'sitemap:gzip-advertised no_transform: fail'],
    ],
    ['sitemap-version-1', ['sitemap profile_structure: fail', 'sitemap_version_2: fail']],
    [
      'sitemap-legacy-profile',
      [
        'sitemap exact_profile: fail',
        'sitemap profile_structure: fail',
        'sitemap:gzip-advertised exact_profile: fail',
      ],
    ],
    ['sitemap-duplicate-c-url', ['sitemap profile_structure: fail', 'sitemap_unique_curls: fail']],
    ['sitemap-duplicate-m-url', ['sitemap profile_structure: fail', 'sitemap_unique_murls: fail']],
    ['sitemap-quoted-hint', ['sitemap profile_structure: fail', 'sitemap_hint_shape: fail']],
    ['sitemap-not-canonical', ['sitemap profile_structure: fail']],
    // A 200 still carries the current ETag: only the 304 check fails, as in the reference.
    ['sitemap-ignores-if-none-match', ['sitemap_if_none_match_304: fail']],
    ['sitemap-304-other-etag', ['sitemap_304_current_etag: fail']],
    [
      'sitemap-gzip-when-advertised',
      [
        'sitemap:gzip-advertised json_parse: fail',
        'sitemap:gzip-advertised exact_profile: fail',
        'sitemap:gzip-advertised etag_exact_body_hash: fail',
        'sitemap:gzip-advertised digest_exact_body_hash: fail',
        'sitemap:gzip-advertised identity_not_content_encoded: fail',
      ],
    ],
    ['sitemap-post-200', ['catalog_post_405: fail']],
    ['sitemap-no-406', ['catalog_identity_forbidden_406: fail']],
    [
      'm-url-legacy-profile',
      [
        'murl exact_profile: fail',
        'murl profile_structure: fail',
        'murl:gzip-advertised exact_profile: fail',
      ],
    ],
    ['m-url-stale-hint', ['murl catalog_hint_matches: fail']],
    ['m-url-no-canonical-link', ['murl canonical_link: fail']],
    ['m-url-ignores-if-none-match', ['murl if_none_match_304: fail']],
    ['m-url-head-other-etag', ['murl head_same_etag: fail']],
    ['m-url-head-404', ['murl head_200: fail', 'murl head_same_etag: fail']],
    [
      'm-url-cdn-weakens-gzip',
      [
        'murl:gzip-advertised json_parse: fail',
        'murl:gzip-advertised exact_profile: fail',
        'murl:gzip-advertised etag_exact_body_hash: fail',
        'murl:gzip-advertised digest_exact_body_hash: fail',
        'murl:gzip-advertised identity_not_content_encoded: fail',
        'murl:gzip-advertised no_transform: fail',
        'murl gzip_advertisement_same_identity_etag: fail',
      ],
    ],
    ['m-url-not-canonical', ['murl profile_structure: fail']],
    [
      'no-extensions',
      [
        'extension:/llms.txt reachable: warn',
        'extension:/llm-policy.json reachable: warn',
        'extension:/llm-stats.json reachable: warn',
        'extension:/llm-changes.json reachable: warn',
      ],
    ],
  ])('%s: fails exactly what it breaks', async (brk, expected) => {
    const report = await validate({ break: brk }, 'tct-03');
    expect(failing(report)).toEqual(expected);
  });

  it('fails an M-Sitemap Index that is not canonical JSON', async () => {
    const report = await validate({ maxItemsPerShard: 2, break: 'index-not-canonical' });
    expect(failing(report)).toEqual(['sitemap_index profile_structure: fail']);
  });

  it('fails root_transport where nothing answers; the sitemap checks are not tested', async () => {
    const site = await serveTct03Site();
    await site.close();
    const report = await validateSite(site.origin, { profile: 'tct-03', timeoutMs: 5_000 });
    expect(failing(report)).toEqual([
      'root_transport: fail',
      ...['/llms.txt', '/llm-policy.json', '/llm-stats.json', '/llm-changes.json'].map(
        (path) => `extension:${path} reachable: warn`,
      ),
    ]);
    for (const id of [
      'root_status_200',
      'sitemap status_200',
      'murl status_200',
      'catalog_post_405',
    ])
      expect(report.checks.find((c) => c.id === id)?.status).toBe('not-tested');
  });

  it('fails the index hint of a shard whose ETag the M-Sitemap Index does not give', async () => {
    const report = await validate({ maxItemsPerShard: 2, break: 'index-stale-hint' });
    expect(failing(report)).toEqual(['sitemap_index_hints_match: fail']);
  });
});
