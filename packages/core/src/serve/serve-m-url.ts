import { mUrlValidators } from '../document/document-validators';
import {
  respondWithResource,
  type HttpResponse,
  type ResponseObservation,
  type ServedResource,
} from '../http/served-resource';
import { estimateHtmlBytes } from '../metrics/build-agent-stats';
import { gateTctRequest, mUrlHeaders } from '../tct/respond-tct';
import { profileNamed } from '../tct/tct-profile';
import type { StoredDocumentView } from './agent-content-source';
import {
  isSafeMethod,
  PASS,
  respondUnless,
  respondWith,
  type AgentOutcome,
  type AgentRequest,
} from './agent-outcome';
import type { EndpointContext } from './endpoint-context';
import { errorResponse } from './error-responses';
import { normalizeRequestPath } from './normalize-request-path';
import type { AgentPathPattern } from './robots-txt';

type PublishedRow = StoredDocumentView & { body: Buffer; hash: string };

function isPublished(row: StoredDocumentView): row is PublishedRow {
  return row.state === 'published' && row.body !== null && row.hash !== null;
}

/** What the metrics count a document's response as: its kind and what its HTML page costs. */
export function documentObservation(row: StoredDocumentView): ResponseObservation {
  if (row.state !== 'published' || row.body === null) return { kind: 'm-url' };
  if (typeof row.htmlBytes === 'number' && row.htmlBytes > 0)
    return { kind: 'm-url', htmlBytes: row.htmlBytes };
  return { kind: 'm-url', htmlBytes: estimateHtmlBytes(row.body.length), htmlEstimated: true };
}

export interface MUrlEndpoint {
  /** Whether `path` (normalized) is an M-URL's: it ends with the scheme's suffix. */
  owns(path: string): boolean;
  answer(request: AgentRequest, path: string): Promise<AgentOutcome>;
  /**
   * A target that is not a valid path: claimed (400, or 404 for dot segments) when it is shaped
   * like an M-URL, the app's otherwise.
   */
  answerBadTarget(request: AgentRequest, status: 400 | 404): AgentOutcome;
  /** The hot path: a fresh cached public row, answered without an await; else undefined. */
  answerCached(request: AgentRequest): HttpResponse | undefined;
  readonly robotsPaths: readonly AgentPathPattern[];
}

/**
 * M-URLs (TCT): a document's JSON with its strong ETag, from its stored row. The site's profile
 * gates requests (405; -03: 406 when identity is refused); the bytes are framed by the profile
 * they were rendered in (Content-Type, `rel="profile"`), which is the site's once its documents
 * are rendered for it.
 */
export function createMUrlEndpoint(context: EndpointContext): MUrlEndpoint {
  const { source, profile, mUrlSuffix, protectAll } = context;

  /** The served form of a published row, built once per cached row object (the hot path). */
  const resources = new WeakMap<StoredDocumentView, ServedResource>();
  function resourceOf(row: PublishedRow): ServedResource {
    let resource = resources.get(row);
    if (resource === undefined) {
      const { etag, contentDigest } = mUrlValidators(row);
      const rendered = profileNamed(row.profile, profile);
      resource = {
        body: row.body,
        contentDigest,
        etag,
        lastModified: new Date(Date.parse(row.modified)),
        contentType: rendered.mUrlContentType,
        headers: { ...mUrlHeaders(row.cUrl, rendered), ...context.usageHeader(row.usage) },
      };
      resources.set(row, resource);
    }
    return resource;
  }

  return {
    owns: (path) => path.endsWith(mUrlSuffix),
    async answer(request, path) {
      const refused = gateTctRequest(request, profile);
      if (refused) return respondWith(refused);
      const row = await source.findMUrl(path);
      if (!row || row.state === 'unpublished')
        return respondWith(errorResponse(request.method, 404));
      if (!isPublished(row)) return respondWith(errorResponse(request.method, 410));
      const resource = resourceOf(row);
      return respondUnless(row.visibility === 'protected' || protectAll, async () => ({
        ...respondWithResource(request, resource),
        observe: documentObservation(row),
      }));
    },
    answerBadTarget(request, status) {
      const rawPath = request.target.replace(/[?#].*$/s, '');
      return rawPath.endsWith(mUrlSuffix)
        ? respondWith(errorResponse(request.method, status))
        : PASS;
    },
    answerCached(request) {
      if (!source.peekMUrl || !isSafeMethod(request.method)) return undefined;
      const normalized = normalizeRequestPath(request.target);
      if (!normalized.ok || !normalized.path.endsWith(mUrlSuffix)) return undefined;
      const row = source.peekMUrl(normalized.path);
      if (!row || !isPublished(row) || row.visibility !== 'public' || protectAll) return undefined;
      const response =
        gateTctRequest(request, profile) ?? respondWithResource(request, resourceOf(row));
      response.observe = documentObservation(row);
      return response;
    },
    robotsPaths: [{ pattern: `/*${mUrlSuffix}`, example: `/a${mUrlSuffix}` }],
  };
}
