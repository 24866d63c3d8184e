import {
  respondWithResource,
  type HttpResponse,
  type ResponseHeaders,
} from '../../http/served-resource';
import type { StoredArtifactView } from '../agent-content-source';
import {
  isSafeMethod,
  METHOD_NOT_ALLOWED,
  respondUnless,
  PASS,
  type AgentOutcome,
  type AgentRequest,
} from '../agent-outcome';
import type { EndpointContext } from '../endpoint-context';
import { errorResponse } from '../error-responses';
import type { FamilyEndpoint, StoredArtifactFamily } from './endpoint-family';
import type { HeaderForm, HeaderPolicy } from './header-policy';

/** Artifacts above this are streamed by range from storage, never loaded whole. */
const IN_MEMORY_ARTIFACT_BYTES = 4 * 1024 * 1024;

/** How a family serves one of its stored artifacts: what it forms at serve time. */
export interface StoredArtifactServing {
  /** Every header but the validators and the body's: from the family's header policy. */
  headers: ResponseHeaders;
  /** From the family's descriptor (`StoredArtifactFamily.contentType`). */
  contentType: string;
  /** Advertise and honour byte ranges (collections). */
  ranges?: boolean;
}

/**
 * Answers a request for a stored artifact (after its family chose the representation): its
 * bytes from memory when small, read by range from storage when big, behind the app's access
 * check under `protect: 'all'`.
 */
export async function answerStoredArtifact(
  context: EndpointContext,
  request: AgentRequest,
  artifact: StoredArtifactView,
  serving: StoredArtifactServing,
): Promise<AgentOutcome> {
  if (!isSafeMethod(request.method)) return METHOD_NOT_ALLOWED();
  const { source } = context;
  const respond = async (): Promise<HttpResponse> => {
    const base = {
      etag: artifact.etag,
      lastModified: artifact.lastModified,
      contentType: serving.contentType,
      headers: serving.headers,
      contentDigest: artifact.contentDigest,
      ranges: serving.ranges === true,
      ...(artifact.contentEncoding ? { contentEncoding: artifact.contentEncoding } : {}),
    };
    if (artifact.size <= IN_MEMORY_ARTIFACT_BYTES) {
      const stored = await source.artifact(artifact.name);
      if (!stored) return errorResponse(request.method, 404);
      return respondWithResource(request, {
        ...base,
        etag: stored.meta.etag,
        lastModified: stored.meta.lastModified,
        contentDigest: stored.meta.contentDigest,
        body: stored.body,
      });
    }
    return respondWithResource(request, {
      ...base,
      body: {
        size: artifact.size,
        async *read(start, end) {
          const bytes = await source.artifactRange(artifact, start, end);
          // Replaced mid-response: end the stream short; the client sees a truncated body and
          // its next conditional request gets the new generation.
          if (bytes) yield bytes;
        },
      },
    });
  };
  return respondUnless(context.protectAll, respond);
}

/**
 * The answer of a family that serves its artifacts as they are stored (llms.txt, llmindex): its
 * own artifacts only, with its descriptor's Content-Type and its policy's headers.
 */
export function answerAsStored(
  context: EndpointContext,
  artifacts: StoredArtifactFamily,
  policy: HeaderPolicy,
  form: HeaderForm,
): FamilyEndpoint['answer'] {
  return (request, { artifact }) => {
    if (artifact?.descriptor.family !== artifacts.name) return PASS;
    return answerStoredArtifact(context, request, artifact, {
      contentType: artifacts.contentType(artifact.descriptor, context.profile),
      headers: context.policyHeaders(policy, form, { path: artifact.name }),
    });
  };
}
