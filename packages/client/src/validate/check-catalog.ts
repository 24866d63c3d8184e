/**
 * Every check `agent-ready validate` runs, with a stable id. `severity` is what a violation
 * becomes: `fail` for the protocols' contract (what agents rely on to skip, verify or
 * parse), `warn` for recommendations and for deviations that cost efficiency but not
 * correctness. A check can still report the other level for part of its rule (say, a
 * Cache-Control that keeps `no-transform` but differs from the recommended value is a warning
 * of an otherwise failing check); `rule` says where the requirement comes from.
 */
import type { TctProfileName } from '@agent-ready/core/tct';
import { TCT_03_CHECKS } from './check-catalog-tct03';
import type { CheckDefinition } from './check-definition';

export type { CheckDefinition, CheckProtocol } from './check-definition';

/**
 * Where a rule is explained for users: a section of the repository's `docs/protocols.md`, then
 * the spec section it comes from (never our internal decision log, which users cannot read).
 */
const rule = (section: string, source: string) => `docs/protocols.md#${section} (${source})`;

const HEADERS = rule('tct-headers', 'TCT -01 §6, §7');
const ETAG = rule('tct-etag', 'TCT -01 §6.2, RFC 8785');
const CONDITIONAL = rule('tct-conditional', 'RFC 9110 §13.2.2');

/** Checks run on both the sitemap (shard 1) and each sampled M-URL, with these suffixes. */
function jsonResourceChecks(prefix: 'sitemap' | 'm-url', noun: string): CheckDefinition[] {
  const id = (suffix: string) => `tct.${prefix}.${suffix}`;
  const fail = (suffix: string, title: string, source = HEADERS): CheckDefinition => ({
    id: id(suffix),
    title,
    protocol: 'tct',
    severity: 'fail',
    rule: source,
  });
  return [
    fail('content-type', `${noun} Content-Type is application/json; charset=utf-8`),
    fail('canonical-json', `${noun} body is canonical JSON (RFC 8785)`, ETAG),
    fail('etag-strong', `${noun} ETag is strong and "sha256-<64 hex>"`, ETAG),
    fail(
      'etag-body',
      prefix === 'sitemap'
        ? 'Sitemap ETag is the SHA-256 of its body'
        : 'M-URL ETag is the SHA-256 of the canonical body without `hash`',
      ETAG,
    ),
    fail('content-digest', `${noun} Content-Digest is sha-256 of the body (RFC 9530)`),
    fail('content-length', `${noun} Content-Length equals the body length (not chunked)`),
    fail('cache-control', `${noun} Cache-Control is the TCT value (no-transform at least)`),
    fail('vary', `${noun} Vary includes Accept-Encoding`),
    fail('last-modified', `${noun} Last-Modified is a valid HTTP-date`),
    fail('304', `${noun} answers 304 to If-None-Match with its ETag`, CONDITIONAL),
    fail('304-no-cache', `${noun} answers 304 even with Cache-Control: no-cache`, CONDITIONAL),
    fail('304-weak', `${noun} answers 304 to a W/ echo of its ETag`, CONDITIONAL),
    fail(
      '304-headers',
      `${noun} 304 repeats ETag, Cache-Control, Vary, Link, Last-Modified and has no body`,
      CONDITIONAL,
    ),
    fail('inm-beats-ims', `${noun}: If-None-Match wins over If-Modified-Since`, CONDITIONAL),
    fail('head', `${noun} HEAD equals GET minus the body`, CONDITIONAL),
    fail('method-not-allowed', `${noun} answers POST with 405 and Allow: GET, HEAD`, CONDITIONAL),
    fail(
      'gzip-identity',
      `${noun} asked with Accept-Encoding: gzip keeps the identity bytes and ETag`,
      rule('tct-headers', 'TCT -01 §7: no-transform; the ETag is the hash of the bytes sent'),
    ),
  ];
}

/** The tct-1 checks (draft -00/-01, DECISIONS §1). */
export const TCT_1_CHECKS: readonly CheckDefinition[] = [
  {
    id: 'tct.root.reachable',
    title: 'Site root answers 2xx (same-origin redirects followed)',
    protocol: 'tct',
    severity: 'fail',
    rule: rule('tct-discovery', 'TCT -00 §4, -01 §5'),
  },
  {
    id: 'tct.root.index-link',
    title: 'Root carries Link rel="index" type="application/json" to the sitemap',
    protocol: 'tct',
    severity: 'fail',
    rule: rule('tct-discovery', 'TCT -00 §4, -01 §5'),
  },
  {
    id: 'tct.sitemap.status',
    title: 'Every advertised sitemap shard answers 200',
    protocol: 'tct',
    severity: 'fail',
    rule: rule('tct-sitemap', 'TCT -00 §5, -01 §8'),
  },
  {
    id: 'tct.sitemap.structure',
    title: 'Sitemap is {version 1, profile tct-1, items[cUrl, mUrl, modified, contentHash = etag]}',
    protocol: 'tct',
    severity: 'fail',
    rule: rule('tct-sitemap', 'TCT -00 §5, -01 §8'),
  },
  {
    id: 'tct.sitemap.index',
    title: 'A sitemap index lists every shard once with its current hash (= the shard ETag)',
    protocol: 'tct',
    severity: 'fail',
    rule: rule('tct-sitemap', 'TCT -00 §5, -01 §8'),
  },
  {
    id: 'tct.sitemap.overview-first',
    title: 'The stable overview item (home or about) comes first',
    protocol: 'tct',
    severity: 'warn',
    rule: rule('tct-sitemap', 'TCT -00 §5, -01 §8'),
  },
  ...jsonResourceChecks('sitemap', 'Sitemap'),
  {
    id: 'tct.m-url.status',
    title: 'Every sampled listed M-URL answers 200 (only published, public documents are listed)',
    protocol: 'tct',
    severity: 'fail',
    rule: rule('tct-content-pages', 'TCT -01 §4'),
  },
  {
    id: 'tct.m-url.fields',
    title: 'M-URL body has profile tct-1, canonical_url = the listed C-URL, title, content, hash',
    protocol: 'tct',
    severity: 'fail',
    rule: rule('tct-m-url-body', 'TCT -01 §4'),
  },
  {
    id: 'tct.m-url.plain-text',
    title: 'M-URL `content` is plain text: no raw HTML tags, comments or doctype',
    protocol: 'tct',
    severity: 'fail',
    rule: rule('tct-plain-text', 'TCT -01 §4: "plain text (no raw HTML markup)"'),
  },
  {
    id: 'tct.m-url.hash-field',
    title: 'M-URL body `hash` equals the unquoted ETag',
    protocol: 'tct',
    severity: 'fail',
    rule: ETAG,
  },
  {
    id: 'tct.m-url.etag-parity',
    title: "Sitemap item's etag and contentHash equal the M-URL ETag",
    protocol: 'tct',
    severity: 'fail',
    rule: rule('tct-sitemap', 'parity is part of the contract here, not a hint as in -01 §7.3'),
  },
  ...jsonResourceChecks('m-url', 'M-URL'),
  {
    id: 'tct.m-url.canonical-link',
    title: 'M-URL carries Link rel="canonical" to its listed C-URL',
    protocol: 'tct',
    severity: 'fail',
    rule: HEADERS,
  },
  {
    id: 'tct.c-url.alternate-link',
    title: 'C-URL carries Link rel="alternate" type="application/json" to its M-URL',
    protocol: 'tct',
    severity: 'fail',
    rule: rule('tct-discovery', 'TCT -00 §4, -01 §5'),
  },
  {
    id: 'tct.c-url.alternate-tag',
    title: 'C-URL HTML has <link rel="alternate" type="application/json"> to its M-URL',
    protocol: 'tct',
    severity: 'warn',
    rule: rule('tct-discovery', 'TCT -00 §4, -01 §5'),
  },
  {
    id: 'tct.policy',
    title: 'Linked policy descriptor is a valid tct-policy-1 document',
    protocol: 'tct',
    severity: 'fail',
    rule: rule('tct-policy', 'TCT -00, informative'),
  },
];

/** Where the MCP checks are explained (docs/mcp.md), then the source of the rule. */
const mcpRule = (source: string) => `docs/mcp.md#checking-an-endpoint (${source})`;

/**
 * The MCP endpoint's checks (`check-mcp.ts`), through the official SDK's client: what an agent
 * connecting to it meets, and whether it serves the same documents as the M-URLs.
 */
const MCP_CHECKS: readonly CheckDefinition[] = [
  {
    id: 'mcp.endpoint',
    title: 'The MCP endpoint answers initialize over Streamable HTTP',
    protocol: 'mcp',
    severity: 'fail',
    rule: mcpRule('MCP 2025-11-25 transports and lifecycle'),
  },
  {
    id: 'mcp.tools',
    title:
      'tools/list has search (query: string) and fetch (id: string), as ChatGPT connectors require',
    protocol: 'mcp',
    severity: 'fail',
    rule: mcpRule('OpenAI connectors: search and fetch tools'),
  },
  {
    id: 'mcp.resources',
    title: 'resources/list answers with the documents as resources',
    protocol: 'mcp',
    severity: 'warn',
    rule: mcpRule('MCP 2025-11-25 resources'),
  },
  {
    id: 'mcp.search',
    title:
      'search answers one text item of JSON { results: [{ id, title, url }] } that finds a listed document',
    protocol: 'mcp',
    severity: 'fail',
    rule: mcpRule('OpenAI connectors: search and fetch tools'),
  },
  {
    id: 'mcp.fetch',
    title:
      'fetch of a search result answers one text item of JSON { id, title, text, url, metadata }',
    protocol: 'mcp',
    severity: 'fail',
    rule: mcpRule('OpenAI connectors: search and fetch tools'),
  },
  {
    id: 'mcp.fetch-parity',
    title:
      "The fetched document's metadata hash and etag are its M-URL's ETag, its url the canonical URL",
    protocol: 'mcp',
    severity: 'fail',
    rule: mcpRule('the same documents and hashes as the M-URLs'),
  },
  {
    id: 'mcp.discover',
    title:
      'server/discover (MCP 2026-07-28), when the server answers it, lists versions and capabilities',
    protocol: 'mcp',
    severity: 'warn',
    rule: mcpRule('MCP 2026-07-28 server/discover'),
  },
];

/** The checks of SCP, llmindex, llms.txt and MCP: the same under either TCT profile. */
export const SHARED_CHECKS: readonly CheckDefinition[] = [
  {
    id: 'scp.sitemap.structure',
    title: 'sitemap.xml SCP extension is well-formed (version, sections, collections, deltas)',
    protocol: 'scp',
    severity: 'fail',
    rule: rule('scp-sitemap', 'SCP Appendix A'),
  },
  {
    id: 'scp.sitemap.conditional',
    title: 'sitemap.xml has a validator and answers 304 (zero-fetch sync)',
    protocol: 'scp',
    severity: 'warn',
    rule: rule('scp-http', 'RFC 9110 §13; SCP "Use with HTTP"'),
  },
  {
    id: 'scp.collection.http',
    title:
      'Collections answer 200 as application/scp, gzip/zstd as negotiated and as the bytes are',
    protocol: 'scp',
    severity: 'fail',
    rule: rule('scp-http', 'SCP "Use with HTTP"'),
  },
  {
    id: 'scp.collection.checksum',
    title: 'Collection checksum verifies',
    protocol: 'scp',
    severity: 'fail',
    rule: rule('scp-checksum', 'SCP "Collection Format"'),
  },
  {
    id: 'scp.collection.limits',
    title: 'Collection stays within the limits (ratio 100:1, sizes, 100 MB page, 1000 blocks)',
    protocol: 'scp',
    severity: 'fail',
    rule: rule('scp-limits', 'SCP "Resource Exhaustion"'),
  },
  {
    id: 'scp.collection.schema',
    title: 'Collection lines follow the schema (fatal errors fail, skipped blocks/pages warn)',
    protocol: 'scp',
    severity: 'fail',
    rule: rule('scp-collections', 'SCP "Error Handling"'),
  },
  {
    id: 'scp.collection.sitemap-parity',
    title: 'Collection metadata matches its sitemap entry (section, type, since, pages, size)',
    protocol: 'scp',
    severity: 'fail',
    rule: rule('scp-sitemap', 'SCP "Discovery via Sitemap"'),
  },
  {
    id: 'scp.collection.validators',
    title:
      'Collection ETag is "sha256:<checksum>" plus .gz/.zst per coding, Last-Modified is generated, Cache-Control set',
    protocol: 'scp',
    severity: 'warn',
    rule: rule('scp-http', 'SCP "Caching Directives"'),
  },
  {
    id: 'scp.collection.304',
    title: 'Collection answers 304 to a matching If-None-Match',
    protocol: 'scp',
    severity: 'fail',
    rule: rule('scp-http', 'SCP "Conditional Requests" (MUST)'),
  },
  {
    id: 'llmindex.manifest',
    title: '/.well-known/llmindex.json is a valid v0.1 manifest',
    protocol: 'llmindex',
    severity: 'fail',
    rule: rule('llmindex-manifest', 'llmindex §3'),
  },
  {
    id: 'llmindex.http',
    title: 'Manifest served as application/json; charset=utf-8 with ETag and Last-Modified',
    protocol: 'llmindex',
    severity: 'warn',
    rule: rule('llmindex-manifest', 'llmindex §2'),
  },
  {
    id: 'llmindex.endpoints',
    title: 'Endpoint pages answer 200 as text/markdown, with and without .md',
    protocol: 'llmindex',
    severity: 'fail',
    rule: rule('llmindex-manifest', 'llmindex §4'),
  },
  {
    id: 'llmindex.feed',
    title: 'products_jsonl feed lines are valid',
    protocol: 'llmindex',
    severity: 'fail',
    rule: rule('llmindex-feed', 'llmindex §5'),
  },
  {
    id: 'llmindex.proof',
    title: '/.well-known/llmindex-proof.txt matches verify.value',
    protocol: 'llmindex',
    severity: 'fail',
    rule: rule('llmindex-signature', 'llmindex §6.2'),
  },
  {
    id: 'llmindex.signature',
    title: 'sig verifies with the JWKS at /.well-known/llmindex-keys.json',
    protocol: 'llmindex',
    severity: 'fail',
    rule: rule('llmindex-signature', 'llmindex §6.3'),
  },
  {
    id: 'llmstxt.format',
    title: '/llms.txt follows the format (H1, summary, H2 sections of link items only)',
    protocol: 'llmstxt',
    severity: 'fail',
    rule: rule('llmstxt-format', 'llmstxt.org'),
  },
  {
    id: 'llmstxt.content-type',
    title: 'llms.txt served as text/plain; charset=utf-8',
    protocol: 'llmstxt',
    severity: 'fail',
    rule: rule('llmstxt-format', 'llmstxt.org'),
  },
  {
    id: 'llmstxt.links',
    title: 'Same-origin llms.txt links answer 200',
    protocol: 'llmstxt',
    severity: 'fail',
    rule: rule('llmstxt-format', 'llmstxt.org'),
  },
  {
    id: 'llmstxt.describedby',
    title: 'Pages link rel="describedby" to an llms.txt that exists',
    protocol: 'llmstxt',
    severity: 'warn',
    rule: rule('llmstxt-links', 'llms.txt v2'),
  },
  {
    id: 'llmstxt.markdown-twin',
    title: 'Pages link rel="alternate" type="text/markdown" to a Markdown twin that answers',
    protocol: 'llmstxt',
    severity: 'warn',
    rule: rule('llmstxt-links', 'llms.txt v2'),
  },
  ...MCP_CHECKS,
];

/** Every check of a tct-1 site: `validationChecks('tct-1')`. */
export const VALIDATION_CHECKS: readonly CheckDefinition[] = [...TCT_1_CHECKS, ...SHARED_CHECKS];

/** Every check `agent-ready validate` runs on a site of the given TCT profile, in report order. */
export function validationChecks(profile: TctProfileName): readonly CheckDefinition[] {
  return profile === 'tct-03' ? [...TCT_03_CHECKS, ...SHARED_CHECKS] : VALIDATION_CHECKS;
}

const BY_ID = new Map(
  [...TCT_1_CHECKS, ...TCT_03_CHECKS, ...SHARED_CHECKS].map((check) => [check.id, check]),
);

export function checkDefinition(id: string): CheckDefinition {
  const check = BY_ID.get(id);
  if (!check) throw new Error(`unknown check id ${id}`);
  return check;
}
