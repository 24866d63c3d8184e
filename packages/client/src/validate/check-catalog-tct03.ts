import type { CheckDefinition } from './check-definition';

/**
 * The checks `agent-ready validate` runs on a draft -03 site, by the names the draft's reference
 * external validator gives them (`tct-external-validator-report-v1`), so that a report reads
 * the same as the reference's. Its per-resource checks are named `<prefix> <check>`: the
 * reference writes `murl:<url> status_200` once per sampled M-URL, this catalog folds the
 * samples into one `murl status_200` with counts (the evidence names the URL). The few checks
 * the reference's external validator has no name for (document structure, the M-Sitemap Index)
 * take the Deployment Doctor's name or say they are this project's (docs/protocols.md#tct-03-validator).
 */
const rule = (section: string, source: string) => `docs/protocols.md#${section} (${source})`;

const IDENTITY = rule('tct-03-identity', 'TCT -03 identity representation');
const RESPONSES = rule('tct-03-responses', 'TCT -03 response rules');
const SITEMAP = rule('tct-03-sitemap', 'TCT -03 M-Sitemap');
const M_URL = rule('tct-03-m-url', 'TCT -03 M-URL document');

const fail = (id: string, title: string, source: string): CheckDefinition => ({
  id,
  title,
  protocol: 'tct',
  severity: 'fail',
  rule: source,
});

/** The response prefixes the identity checks run under. */
export type Tct03Prefix = 'sitemap' | 'sitemap:gzip-advertised' | 'murl' | 'murl:gzip-advertised';

/** The reference's `Test-IdentityResponse` checks, in its order. */
export const IDENTITY_CHECKS = [
  'status_200',
  'content_type_exact',
  'json_parse',
  'exact_profile',
  'etag_exact_body_hash',
  'digest_exact_body_hash',
  'content_length',
  'identity_not_content_encoded',
  'profile_link',
  'varies_accept_encoding',
  'no_transform',
] as const;

export type IdentityCheck = (typeof IDENTITY_CHECKS)[number];

function identityChecks(prefix: Tct03Prefix, noun: string): CheckDefinition[] {
  const titles: Record<IdentityCheck, [string, string]> = {
    status_200: [`${noun} answers 200`, RESPONSES],
    content_type_exact: [
      `${noun} Content-Type is exactly application/json (no charset)`,
      RESPONSES,
    ],
    json_parse: [`${noun} body is UTF-8 JSON, not content-encoded`, IDENTITY],
    exact_profile: [`${noun} profile member is the exact -03 profile URI`, IDENTITY],
    etag_exact_body_hash: [`${noun} ETag is "sha256-<hex of SHA-256 of the body>"`, IDENTITY],
    digest_exact_body_hash: [
      `${noun} Content-Digest is sha-256=:<base64 of the body's SHA-256>:`,
      IDENTITY,
    ],
    content_length: [`${noun} Content-Length is the body's length`, RESPONSES],
    identity_not_content_encoded: [`${noun} has no Content-Encoding`, RESPONSES],
    profile_link: [`${noun} links its profile URI with rel="profile"`, RESPONSES],
    varies_accept_encoding: [`${noun} Vary includes Accept-Encoding`, RESPONSES],
    no_transform: [`${noun} Cache-Control has no-transform`, RESPONSES],
  };
  return IDENTITY_CHECKS.map((check) => fail(`${prefix} ${check}`, ...titles[check]));
}

export const EXTENSION_PATHS = [
  '/llms.txt',
  '/llm-policy.json',
  '/llm-stats.json',
  '/llm-changes.json',
] as const;

export const TCT_03_CHECKS: readonly CheckDefinition[] = [
  fail('root_transport', 'Site root answers over HTTP (no transport error)', RESPONSES),
  fail('root_status_200', 'Site root answers 200 (same-origin redirects followed)', RESPONSES),
  fail(
    'root_generic_index_link',
    'Root Link rel="index" type="application/json" to the sitemap, with no profile= parameter',
    rule('tct-03-discovery', 'TCT -03 discovery'),
  ),
  ...identityChecks('sitemap', 'M-Sitemap'),
  fail(
    'sitemap profile_structure',
    'M-Sitemap bodies are canonical JSON (RFC 8785) and follow the M-Sitemap rules (Deployment Doctor)',
    SITEMAP,
  ),
  fail('sitemap_version_2', 'M-Sitemap version is 2', SITEMAP),
  fail('sitemap_unique_curls', 'Every cUrl is listed once (across shards)', SITEMAP),
  fail('sitemap_unique_murls', 'Every mUrl is listed once (across shards)', SITEMAP),
  fail('sitemap_hint_shape', 'Every etag hint is sha256-<64 lowercase hex>, unquoted', SITEMAP),
  fail(
    'sitemap_index profile_structure',
    'An M-Sitemap Index answers 200 as application/json, canonical, with its ETag = SHA-256 of its body, and follows the index rules (this project)',
    rule('tct-03-sitemap-index', 'this project, after the -03 text'),
  ),
  fail(
    'sitemap_index_hints_match',
    "Each shard's ETag is the hint its M-Sitemap Index gives (this project)",
    rule('tct-03-sitemap-index', 'this project, after the -03 text'),
  ),
  fail(
    'sitemap_if_none_match_304',
    'M-Sitemap answers 304 to If-None-Match with its ETag',
    RESPONSES,
  ),
  fail('sitemap_304_current_etag', 'M-Sitemap 304 carries its current ETag', RESPONSES),
  ...identityChecks('sitemap:gzip-advertised', 'M-Sitemap asked with Accept-Encoding: gzip'),
  fail(
    'sitemap_gzip_advertisement_same_identity_etag',
    'M-Sitemap asked with Accept-Encoding: gzip keeps the identity ETag',
    RESPONSES,
  ),
  ...identityChecks('murl', 'M-URL'),
  fail(
    'murl profile_structure',
    'M-URL body is canonical JSON (RFC 8785), follows the M-URL document rules and names its listed C-URL (Deployment Doctor)',
    M_URL,
  ),
  fail('murl canonical_link', 'M-URL links its listed C-URL with rel="canonical"', RESPONSES),
  fail(
    'murl catalog_hint_matches',
    "The sitemap's etag hint equals the M-URL's ETag without quotes",
    SITEMAP,
  ),
  fail('murl if_none_match_304', 'M-URL answers 304 to If-None-Match with its ETag', RESPONSES),
  fail('murl 304_current_etag', 'M-URL 304 carries its current ETag', RESPONSES),
  fail('murl head_200', 'M-URL answers HEAD with 200', RESPONSES),
  fail('murl head_same_etag', 'M-URL HEAD carries the GET ETag', RESPONSES),
  ...identityChecks('murl:gzip-advertised', 'M-URL asked with Accept-Encoding: gzip'),
  fail(
    'murl gzip_advertisement_same_identity_etag',
    'M-URL asked with Accept-Encoding: gzip keeps the identity ETag',
    RESPONSES,
  ),
  fail('catalog_post_405', 'M-Sitemap answers POST with 405 and Allow: GET, HEAD', RESPONSES),
  fail(
    'catalog_identity_forbidden_406',
    'M-Sitemap answers Accept-Encoding: identity;q=0 with 406',
    RESPONSES,
  ),
  ...EXTENSION_PATHS.map((path): CheckDefinition => ({
    id: `extension:${path} reachable`,
    title: `Optional extension ${path} answers 200`,
    protocol: 'tct',
    severity: 'warn',
    rule: rule('tct-03-validator', 'the reference validator, optional extensions'),
  })),
];
