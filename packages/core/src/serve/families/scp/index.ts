import { headerValue } from '../../../http/request-headers';
import { respondWithResource, type HttpResponse } from '../../../http/served-resource';
import { chooseScpEncoding, scpEtag } from '../../../scp/scp-encoding';
import type { StoredArtifactView } from '../../agent-content-source';
import {
  isSafeMethod,
  METHOD_NOT_ALLOWED,
  PASS,
  respondUnless,
  respondWith,
  type AgentOutcome,
  type AgentRequest,
} from '../../agent-outcome';
import { errorResponse } from '../../error-responses';
import { answerStoredArtifact } from '../answer-stored-artifact';
import { pathCacheTag } from '../../edge/cache-tags';
import type { EndpointFamily, FamilyContext, FamilyEndpoint } from '../endpoint-family';
import { keptUntilPurged, oneFormPolicy, REVALIDATE } from '../header-policy';
import { decodedGzipBody } from './decoded-gzip-body';
import {
  SCP_FAMILY,
  scpArtifacts,
  type IdentityRepresentation,
  type ScpDescriptor,
} from './scp-descriptor';

const headers = oneFormPolicy(
  // Not the spec's recommended max-age (a day for snapshots, an hour for deltas): a section's
  // snapshot and newest delta part keep their URL while their bytes change, and a strong ETag
  // per coding makes every revalidation a 304 (docs/scp.md). The coding is negotiated (gzip,
  // zstd, or identity decoded from gzip).
  { cacheControl: REVALIDATE, vary: 'Accept-Encoding' },
  { applies: 'site' },
  keptUntilPurged(
    'scp',
    'kept until purged; tags: the collection or part (each coding its own artifact), rebuilt ones purged at install',
    ({ path }) => [pathCacheTag(path)],
  ),
);

/** Where collections are served unless `scp.basePath` says otherwise. */
export const DEFAULT_SCP_BASE_PATH = '/scp';

/** A stored artifact of this family. */
type ScpArtifact = StoredArtifactView & { descriptor: ScpDescriptor };

function isScpArtifact(artifact: StoredArtifactView | undefined): artifact is ScpArtifact {
  return artifact?.descriptor.family === SCP_FAMILY;
}

const GZIP_ONLY = ['gzip', 'identity'] as const;

type Negotiated =
  { send: ScpArtifact } | { decode: IdentityRepresentation; checksum: string } | 'not-acceptable';

/**
 * SCP collections (stored gzip and zstd, each with its own ETag; DECISIONS §2) and the XML
 * sitemaps that list them. `Accept-Encoding` picks the coding; a client that accepts neither
 * gets the bytes decoded from gzip while they are sent, or a 406.
 */
function createScpEndpoint(context: FamilyContext): FamilyEndpoint {
  const { source } = context;

  /**
   * What to send for a collection: the stored coding the request accepts, the gzip bytes decoded
   * (identity), or nothing (406). Other SCP files are stored once and sent as they are.
   */
  async function negotiate(request: AgentRequest, found: ScpArtifact): Promise<Negotiated> {
    const { descriptor } = found;
    const collection = descriptor.kind === 'collection' ? descriptor : undefined;
    if (!collection) return { send: found };
    // Stored without zstd where the publisher had none (gzip only): never offered then.
    const coding = chooseScpEncoding(
      headerValue(request.headers, 'accept-encoding'),
      collection.variants ? undefined : GZIP_ONLY,
    );
    if (coding === 'zstd' && collection.variants) {
      const zstd = await source.artifactMeta(collection.variants.zstd);
      return { send: isScpArtifact(zstd) ? zstd : found };
    }
    if (coding === 'gzip') return { send: found };
    if (coding === 'identity' && found.contentEncoding === 'gzip' && collection.identity)
      return { decode: collection.identity, checksum: collection.checksum };
    // Identity refused too (406), or a collection built before identity was recorded (gzip).
    return coding === undefined ? 'not-acceptable' : { send: found };
  }

  /** The uncompressed bytes, decoded from the stored gzip while sent, with their own validators. */
  function answerIdentity(
    request: AgentRequest,
    found: ScpArtifact,
    { decode, checksum }: { decode: IdentityRepresentation; checksum: string },
  ): Promise<AgentOutcome> {
    const respond = async (): Promise<HttpResponse> =>
      respondWithResource(request, {
        body: decodedGzipBody(source, found, decode),
        etag: scpEtag(checksum, 'identity'),
        lastModified: found.lastModified,
        contentType: scpArtifacts.contentType(found.descriptor, context.profile),
        headers: context.policyHeaders(headers, headers.forms.response, { path: found.name }),
        contentDigest: decode.contentDigest,
      });
    return respondUnless(context.protectAll, respond);
  }

  return {
    async answer(request, { artifact: found }) {
      if (!isScpArtifact(found)) return PASS;
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
        contentType: scpArtifacts.contentType(send.descriptor, context.profile),
        headers: context.policyHeaders(headers, headers.forms.response, { path: send.name }),
        // Collections are big and resumable; the XML sitemaps are neither.
        ranges: send.descriptor.kind === 'collection',
      });
    },
    /**
     * What robots.txt's `Sitemap:` lines may name: sitemaps.org XML (the SCP sitemap.xml first,
     * the one SCP crawlers look for, then on a big site the index of its page sitemaps).
     */
    async xmlSitemapUrls() {
      const files = (await source.listArtifacts(SCP_FAMILY)).map((a) => a.descriptor);
      const urlsOf = (kind: ScpDescriptor['kind']) =>
        files.flatMap((d) => (d.family === SCP_FAMILY && d.kind === kind ? [d.url] : []));
      return [...urlsOf('sitemap'), ...urlsOf('page-sitemap-index')];
    },
    robotsPaths: [{ pattern: '/scp/', example: '/scp/sitemap.xml' }],
  };
}

export const scpFamily: EndpointFamily = {
  name: 'scp',
  title: 'SCP collections and their sitemaps',
  serving: 'stored',
  paths: [
    '`/scp/sitemap.xml`',
    '`/scp/<section>-snapshot.scp`, `…-delta-<period>.scp` (`.gz`, `.zst`)',
    '`/scp/sitemap-pages-<n>.xml`',
  ],
  contentType: '`application/scp` (collections), `application/xml; charset=utf-8` (sitemaps)',
  claims(path, options) {
    if (options.scp === false) return false;
    const base = (options.scp?.basePath ?? DEFAULT_SCP_BASE_PATH).replace(/\/$/, '');
    return path === base || path.startsWith(`${base}/`);
  },
  route: { by: 'artifact' },
  metricsKind: 'scp',
  enabledBy: { option: 'scp', default: 'on' },
  robotsListing: 'when-built',
  headers,
  artifacts: scpArtifacts,
  listing: {
    label: 'SCP sitemap',
    async start(site) {
      const scp = site.options.scp;
      const base = (scp ? scp.basePath : undefined) ?? DEFAULT_SCP_BASE_PATH;
      return { path: `${base.replace(/\/$/, '')}/sitemap.xml` };
    },
  },
  create: createScpEndpoint,
};
