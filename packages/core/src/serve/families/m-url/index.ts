import { mUrlValidators } from '../../../document/document-validators';
import { formatLinkHeader, type WebLink } from '../../../http/link-header';
import {
  respondWithResource,
  type HttpResponse,
  type ResponseObservation,
  type ServedResource,
} from '../../../http/served-resource';
import { estimateHtmlBytes } from '../../../metrics/build-agent-stats';
import { mUrlAlternateLink } from '../../../tct/discovery-links';
import { DEFAULT_M_URL_SCHEME } from '../../../tct/m-url-path';
import { mUrlLinks } from '../../../tct/discovery-links';
import { gateTctRequest } from '../../respond-tct';
import { profileNamed } from '../../../tct/tct-profile';
import type { StoredDocumentView } from '../../agent-content-source';
import {
  isSafeMethod,
  PASS,
  respondUnless,
  respondWith,
  type AgentOutcome,
  type AgentRequest,
} from '../../agent-outcome';
import { errorResponse } from '../../error-responses';
import { normalizeRequestPath } from '../../normalize-request-path';
import { pathCacheTag, documentCacheTag } from '../../edge/cache-tags';
import {
  type EndpointFamily,
  type FamilyContext,
  type FamilyEndpoint,
  TCT_PROFILE_CONTENT_TYPE,
} from '../endpoint-family';
import { keptUntilPurged, oneFormPolicy } from '../header-policy';

/**
 * M-URLs (TCT): a document's JSON at its page URL plus the scheme's suffix (`/a/llm.json`), with
 * its strong ETag, from its stored row.
 */
const headers = oneFormPolicy(
  // DECISIONS §1: revalidate every time (a 304 is cheap), keep serving on errors, never
  // transform (the ETag is the hash of the identity bytes).
  { cacheControl: { fromProfile: 'cacheControl' }, vary: 'Accept-Encoding' },
  { applies: 'document' },
  keptUntilPurged(
    'm-url',
    'kept until purged; tag: the document (id and locale), purged by every commit that changes it',
    ({ path, document }) => [
      document ? documentCacheTag(document.key, document.locale) : pathCacheTag(path),
    ],
  ),
);

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

export interface MUrlEndpoint extends FamilyEndpoint {
  /** Whether `path` (normalized) is an M-URL's: it ends with the scheme's suffix. */
  owns(path: string): boolean;
  /**
   * A target that is not a valid path: claimed (400, or 404 for dot segments) when it is shaped
   * like an M-URL, the app's otherwise.
   */
  answerBadTarget(request: AgentRequest, status: 400 | 404): AgentOutcome;
  /** The hot path: a fresh cached public row, answered without an await; else undefined. */
  answerCached(request: AgentRequest): HttpResponse | undefined;
}

/**
 * The site's profile gates requests (405; -03: 406 when identity is refused); the bytes are
 * framed by the profile they were rendered in (Content-Type, `rel="profile"`), which is the
 * site's once its documents are rendered for it. An unpublished row answers 404 (as if absent),
 * a deleted one 410 (its tombstone).
 */
function createMUrlEndpoint(context: FamilyContext): MUrlEndpoint {
  const { source, profile, mUrlSuffix, protectAll } = context;

  /** The served form of a published row, built once per cached row object (the hot path). */
  const resources = new WeakMap<StoredDocumentView, ServedResource>();
  function resourceOf(row: PublishedRow, path: string): ServedResource {
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
        headers: context.policyHeaders(headers, headers.forms.response, {
          path,
          profile: rendered,
          link: formatLinkHeader(mUrlLinks(row.cUrl, rendered)),
          documentUsage: row.usage,
          ...(row.key !== undefined
            ? { document: { key: row.key, locale: row.locale ?? '' } }
            : {}),
        }),
      };
      resources.set(row, resource);
    }
    return resource;
  }

  return {
    owns: (path) => path.endsWith(mUrlSuffix),
    async answer(request, { path }) {
      const refused = gateTctRequest(request, profile);
      if (refused) return respondWith(refused);
      const row = await source.findMUrl(path);
      if (!row || row.state === 'unpublished')
        return respondWith(errorResponse(request.method, 404));
      if (!isPublished(row)) return respondWith(errorResponse(request.method, 410));
      const resource = resourceOf(row, path);
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
        gateTctRequest(request, profile) ??
        respondWithResource(request, resourceOf(row, normalized.path));
      response.observe = documentObservation(row);
      return response;
    },
    robotsPaths: [{ pattern: `/*${mUrlSuffix}`, example: `/a${mUrlSuffix}` }],
    // DECISIONS §1: a document's page links its M-URL.
    async pageLinks({ mPath, row }): Promise<WebLink[]> {
      if (mPath === undefined) return [];
      return row?.state === 'published' ? [mUrlAlternateLink(row.mUrl, profile)] : [];
    },
  };
}

export const mUrlFamily: EndpointFamily<MUrlEndpoint> = {
  name: 'm-url',
  title: 'M-URL (TCT)',
  serving: 'live',
  paths: ['`/<page>/llm.json` (the page URL plus `mUrl.suffix`)'],
  contentType: TCT_PROFILE_CONTENT_TYPE,
  claims: (path, options) =>
    path.endsWith(`/${options.mUrl?.suffix ?? DEFAULT_M_URL_SCHEME.suffix}`),
  route: { by: 'suffix' },
  metricsKind: 'm-url',
  enabledBy: { always: true, option: 'mUrl' },
  robotsListing: 'when-served',
  headers,
  listing: {
    label: 'Example M-URL',
    // The first published document of the table.
    async start(site) {
      const example = await site.exampleMPath();
      return example
        ? { path: example }
        : { reason: 'no-document', note: 'No published document is served yet.' };
    },
  },
  create: createMUrlEndpoint,
};
