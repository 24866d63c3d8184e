import { gzipSync } from 'node:zlib';
import type { AgentDocument } from '../../src/document/agent-document';
import type { HttpResponse } from '../../src/http/served-resource';
import type { RequestHeaders } from '../../src/http/request-headers';
import { scpEtag } from '../../src/scp/scp-encoding';
import { sha256Hex } from '../../src/crypto';
import { contentDigestOf } from '../../src/http/served-resource';
import { tctProfile, type TctProfileName } from '../../src/tct/tct-profile';
import type { AgentOutcome } from '../../src/serve/agent-outcome';
import { createAgentEndpoints, type AgentEndpoints } from '../../src/serve/create-agent-endpoints';
import type { AgentEndpointsOptions } from '../../src/serve/endpoint-context';
import { InMemoryContentSource, withoutChangeFeed } from './in-memory-content-source';
import {
  LLMINDEX_FAMILY,
  LLMS_TXT_FAMILY,
  SCP_FAMILY,
  SITEMAP_FAMILY,
} from '../../src/serve/artifact-descriptor';

/** Test fixtures for the endpoints: a site over an in-memory source, and requests to it. */

export const ORIGIN = 'https://example.com';

export function article(slug: string, extra: Partial<AgentDocument> = {}): AgentDocument {
  return {
    id: slug,
    url: `/blog/${slug}/`,
    title: `About ${slug}`,
    body: { format: 'markdown', value: `The text of ${slug}.` },
    section: 'blog',
    ...extra,
  };
}

export interface TestSite {
  source: InMemoryContentSource;
  endpoints: AgentEndpoints;
  /** The outcome of a request, as an adapter gets it. */
  outcome(method: string, target: string, headers?: RequestHeaders): Promise<AgentOutcome>;
  /** The response to a request, after the app's access check let it through. */
  send(method: string, target: string, headers?: RequestHeaders): Promise<HttpResponse>;
  get(target: string, headers?: RequestHeaders): Promise<HttpResponse>;
}

/** A site over an in-memory source; `changeFeed: false` for a source that keeps no feed. */
export function testSite(
  options: Partial<AgentEndpointsOptions> = {},
  { changeFeed = true }: { changeFeed?: boolean } = {},
): TestSite {
  const source = new InMemoryContentSource({
    origin: ORIGIN,
    ...(options.mUrl ? { mUrl: options.mUrl } : {}),
    ...(options.profile ? { profile: options.profile } : {}),
  });
  const endpoints = createAgentEndpoints(changeFeed ? source : withoutChangeFeed(source), {
    origin: ORIGIN,
    ...options,
  });
  const outcome = (method: string, target: string, headers: RequestHeaders = {}) =>
    endpoints.handle({ method, target, headers });
  const send = async (method: string, target: string, headers: RequestHeaders = {}) => {
    const decided = await outcome(method, target, headers);
    if (decided.kind === 'pass') throw new Error(`${method} ${target} passed to the app`);
    return decided.kind === 'respond' ? decided.response : decided.respond();
  };
  return {
    source,
    endpoints,
    outcome,
    send,
    get: (target, headers) => send('GET', target, headers),
  };
}

/** The bytes a response sends, read from its stream when it has one. */
export async function bodyOf(response: HttpResponse): Promise<Buffer> {
  if (response.body) return response.body;
  if (!response.stream) return Buffer.alloc(0);
  const pieces: Buffer[] = [];
  for await (const piece of response.stream()) pieces.push(piece);
  return Buffer.concat(pieces);
}

export const SCP_LINES =
  '{"collection":{"id":"blog-snapshot","section":"blog","type":"snapshot","generated":"2026-01-02T03:04:05Z","checksum":"sha256:00"}}\n{"url":"https://example.com/blog/a/","title":"A"}\n';

/**
 * An SCP collection as the store keeps it: the gzip bytes under its path (with what identity
 * clients get decoded, unless `identity: false`), the zstd bytes under a name of their own
 * (unless `zstd: false`: a publisher without zstd stores gzip only).
 */
export function putScpCollection(
  source: InMemoryContentSource,
  path: string,
  lines = Buffer.from(SCP_LINES, 'utf8'),
  options: { identity?: boolean; zstd?: boolean } = {},
): { gzip: Buffer; zstd: Buffer; checksum: string } {
  const checksum = `sha256:${sha256Hex(lines)}`;
  const gzip = gzipSync(lines);
  // Serving never decodes zstd: any bytes stand for them here.
  const zstd = Buffer.concat([Buffer.from([0x28, 0xb5, 0x2f, 0xfd]), lines]);
  const collection = {
    family: SCP_FAMILY,
    kind: 'collection',
    url: `${ORIGIN}${path}`,
    checksum,
    pages: 1,
  } as const;
  source.putArtifact({
    name: path,
    contentEncoding: 'gzip',
    body: gzip,
    etag: scpEtag(checksum, 'gzip'),
    descriptor: {
      ...collection,
      ...(options.zstd === false ? {} : { variants: { zstd: `${path}?encoding=zstd` } }),
      ...(options.identity === false
        ? {}
        : { identity: { size: lines.length, contentDigest: contentDigestOf(lines) } }),
    },
  });
  if (options.zstd === false) return { gzip, zstd, checksum };
  source.putArtifact({
    name: `${path}?encoding=zstd`,
    contentEncoding: 'zstd',
    body: zstd,
    etag: scpEtag(checksum, 'zstd'),
    descriptor: { ...collection, variantOf: path },
  });
  return { gzip, zstd, checksum };
}

/** The SCP sitemap.xml and the index of the page sitemaps, as robots.txt names them. */
export function putScpSitemaps(source: InMemoryContentSource): void {
  source.putArtifact({
    name: '/scp/sitemap.xml',
    body: '<?xml version="1.0"?><urlset/>\n',
    descriptor: { family: SCP_FAMILY, kind: 'sitemap', url: `${ORIGIN}/scp/sitemap.xml` },
  });
  source.putArtifact({
    name: '/scp/sitemap-pages.xml',
    body: '<?xml version="1.0"?><sitemapindex/>\n',
    descriptor: {
      family: SCP_FAMILY,
      kind: 'page-sitemap-index',
      url: `${ORIGIN}/scp/sitemap-pages.xml`,
    },
  });
}

/** An llms.txt as the store keeps it: the default one, or a locale's, a section, llms-full.txt. */
export function putLlmsTxt(
  source: InMemoryContentSource,
  name = '/llms.txt',
  options: { locale?: string; kind?: 'listing' | 'section' | 'full'; text?: string } = {},
): void {
  source.putArtifact({
    name,
    body: options.text ?? '# Example\n\n> A site.\n',
    descriptor: {
      family: LLMS_TXT_FAMILY,
      kind: options.kind ?? 'listing',
      url: `${ORIGIN}${name}`,
      locale: options.locale ?? null,
    },
  });
}

/** A JSON sitemap document as the store composes it (in `profile`, when given: the writer's). */
export function putJsonSitemap(
  source: InMemoryContentSource,
  name = '/llm-sitemap.json',
  options: { policyUrl?: string; profile?: TctProfileName } = {},
): void {
  const common = {
    family: SITEMAP_FAMILY,
    url: `${ORIGIN}${name}`,
    ...(options.policyUrl ? { policyUrl: options.policyUrl } : {}),
    ...(options.profile ? { profile: options.profile } : {}),
  } as const;
  const profile = tctProfile(options.profile ?? 'tct-1');
  source.putArtifact({
    name,
    body: name.endsWith('-index.json')
      ? JSON.stringify({
          profile: profile.sitemapIndexProfile,
          sitemaps: [],
          version: profile.sitemapIndexVersion,
        })
      : JSON.stringify({
          items: [],
          profile: profile.sitemapProfile,
          version: profile.sitemapVersion,
        }),
    descriptor: name.endsWith('-index.json')
      ? { ...common, kind: 'index' }
      : { ...common, kind: 'shard', shard: 1, items: 0 },
  });
}

export function putLlmindexPage(source: InMemoryContentSource, name = '/llm/about'): void {
  source.putArtifact({
    name,
    body: '# About\n',
    descriptor: { family: LLMINDEX_FAMILY, kind: 'page' },
  });
}
