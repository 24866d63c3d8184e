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
import { decodedGzipBody } from './decoded-artifact';
import type { EndpointContext } from './endpoint-context';
import {
  artifactContentType,
  SCP_FAMILY,
  type IdentityRepresentation,
  type ScpDescriptor,
} from './artifact-descriptor';
import { errorResponse } from './error-responses';
import { answerStoredArtifact, REVALIDATE_HEADERS } from './serve-stored-artifact';

const GZIP_ONLY = ['gzip', 'identity'] as const;

type Negotiated =
  | { send: StoredArtifactView }
  | { decode: IdentityRepresentation; checksum: string }
  | 'not-acceptable';

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

  /**
   * What to send for a collection: the stored coding the request accepts, the gzip bytes decoded
   * (identity), or nothing (406). Other SCP files are stored once and sent as they are.
   */
  async function negotiate(request: AgentRequest, found: StoredArtifactView): Promise<Negotiated> {
    const { descriptor } = found;
    const collection =
      descriptor.family === SCP_FAMILY && descriptor.kind === 'collection' ? descriptor : undefined;
    if (!collection) return { send: found };
    // Stored without zstd where the publisher had none (gzip only): never offered then.
    const coding = chooseScpEncoding(
      headerValue(request.headers, 'accept-encoding'),
      collection.variants ? undefined : GZIP_ONLY,
    );
    if (coding === 'zstd' && collection.variants)
      return { send: (await source.artifactMeta(collection.variants.zstd)) ?? found };
    if (coding === 'gzip') return { send: found };
    if (coding === 'identity' && found.contentEncoding === 'gzip' && collection.identity)
      return { decode: collection.identity, checksum: collection.checksum };
    // Identity refused too (406), or a collection built before identity was recorded (gzip).
    return coding === undefined ? 'not-acceptable' : { send: found };
  }

  /** The uncompressed bytes, decoded from the stored gzip while sent, with their own validators. */
  function answerIdentity(
    request: AgentRequest,
    found: StoredArtifactView,
    { decode, checksum }: { decode: IdentityRepresentation; checksum: string },
  ): Promise<AgentOutcome> {
    const respond = async (): Promise<HttpResponse> =>
      respondWithResource(request, {
        body: decodedGzipBody(source, found, decode),
        etag: scpEtag(checksum, 'identity'),
        lastModified: found.lastModified,
        contentType: artifactContentType(found.descriptor),
        headers: { ...REVALIDATE_HEADERS, ...context.usageHeader() },
        contentDigest: decode.contentDigest,
      });
    return respondUnless(context.protectAll, respond);
  }

  return {
    async answer(request, found) {
      if (!isSafeMethod(request.method)) return METHOD_NOT_ALLOWED();
      const negotiated = await negotiate(request, found);
      if (negotiated === 'not-acceptable') {
        return respondWith(
          errorResponse(request.method, 406, {
            detail: 'gzip, zstd, identity',
            headers: { vary: 'Accept-Encoding' },
          }),
        );
      }
      if ('decode' in negotiated) return answerIdentity(request, found, negotiated);
      const { send } = negotiated;
      return answerStoredArtifact(context, request, send, {
        headers: REVALIDATE_HEADERS,
        // Collections are big and resumable; the XML sitemaps are neither.
        ranges: send.descriptor.family === SCP_FAMILY && send.descriptor.kind === 'collection',
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
