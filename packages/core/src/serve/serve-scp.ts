import { headerValue } from '../http/request-headers';
import { respondWithResource, type HttpResponse } from '../http/served-resource';
import { chooseScpEncoding, scpEtag } from '../scp/scp-http-headers';
import type { StoredArtifactView } from './agent-content-source';
import {
  isSafeMethod,
  METHOD_NOT_ALLOWED,
  respondUnless,
  respondWith,
  type AgentOutcome,
  type AgentRequest,
} from './agent-outcome';
import type { AgentPathPattern } from './robots-txt';
import { decodedGzipBody, identityRepresentationOf } from './decoded-artifact';
import type { EndpointContext } from './endpoint-context';
import { SCP_FAMILY, type ScpDescriptor } from './artifact-descriptor';
import { errorResponse } from './error-responses';
import { answerStoredArtifact, REVALIDATE_HEADERS } from './serve-stored-artifact';

type ScpCollection = Extract<ScpDescriptor, { kind: 'collection' }>;

export interface ScpEndpoint {
  answer(request: AgentRequest, artifact: StoredArtifactView): Promise<AgentOutcome>;
  /**
   * What robots.txt's `Sitemap:` lines may name: sitemaps.org XML (the SCP sitemap.xml first, the
   * one SCP crawlers look for, then on a big site the index of its page sitemaps).
   */
  xmlSitemapUrls(): Promise<string[]>;
  readonly robotsPaths: readonly AgentPathPattern[];
}

/**
 * SCP collections (stored gzip and zstd, each with its own ETag; DECISIONS §2) and the XML
 * sitemaps that list them. `Accept-Encoding` picks the coding; a client that accepts neither
 * gets the bytes decoded from gzip while they are sent, or a 406.
 */
export function createScpEndpoint(context: EndpointContext): ScpEndpoint {
  const { source } = context;

  /** The stored coding the request accepts, the identity bytes, or nothing (406). */
  async function negotiatedVariant(
    request: AgentRequest,
    found: StoredArtifactView,
  ): Promise<StoredArtifactView | 'identity' | 'not-acceptable'> {
    const { descriptor } = found;
    const variants =
      descriptor.family === SCP_FAMILY && descriptor.kind === 'collection'
        ? descriptor.variants
        : undefined;
    if (!variants) return found;
    const coding = chooseScpEncoding(headerValue(request.headers, 'accept-encoding'));
    if (coding === 'zstd') return (await source.artifactMeta(variants.zstd)) ?? found;
    if (coding === 'gzip') return found;
    if (coding === 'identity' && identityRepresentationOf(found)) return 'identity';
    // Identity refused too, or a collection built before identity was recorded.
    return coding === undefined ? 'not-acceptable' : found;
  }

  /** The uncompressed bytes, decoded from the stored gzip while sent, with their own validators. */
  function answerIdentity(request: AgentRequest, found: StoredArtifactView): Promise<AgentOutcome> {
    const identity = identityRepresentationOf(found)!;
    const { checksum } = found.descriptor as ScpCollection;
    const respond = async (): Promise<HttpResponse> =>
      respondWithResource(request, {
        body: decodedGzipBody(source, found, identity),
        etag: scpEtag(checksum, 'identity'),
        lastModified: found.lastModified,
        contentType: found.contentType,
        headers: { ...REVALIDATE_HEADERS, ...context.usageHeader() },
        contentDigest: identity.contentDigest,
      });
    return respondUnless(context.protectAll, respond);
  }

  return {
    async answer(request, found) {
      if (!isSafeMethod(request.method)) return METHOD_NOT_ALLOWED();
      const variant = await negotiatedVariant(request, found);
      if (variant === 'not-acceptable') {
        return respondWith(
          errorResponse(request.method, 406, {
            detail: 'gzip, zstd, identity',
            headers: { vary: 'Accept-Encoding' },
          }),
        );
      }
      if (variant === 'identity') return answerIdentity(request, found);
      return answerStoredArtifact(context, request, variant, {
        headers: REVALIDATE_HEADERS,
        // Collections are big and resumable; the XML sitemaps are neither.
        ranges:
          variant.descriptor.family === SCP_FAMILY && variant.descriptor.kind === 'collection',
      });
    },
    async xmlSitemapUrls() {
      const files = (await source.listArtifacts(SCP_FAMILY)).map((a) => a.descriptor);
      const urlsOf = (kind: ScpDescriptor['kind']) =>
        files.flatMap((d) => (d.family === SCP_FAMILY && d.kind === kind ? [d.url] : []));
      return [...urlsOf('sitemap'), ...urlsOf('page-sitemap-index')];
    },
    robotsPaths: [{ pattern: '/scp/', example: '/scp/sitemap.xml' }],
  };
}
