import { buildJsonResource } from '../http/json-resource';
import { formatLinkHeader } from '../http/link-header';
import { respondWithResource } from '../http/served-resource';
import { buildPolicy } from '../tct/build-policy';
import type { PolicyOptions } from '../tct/policy-options';
import {
  isSafeMethod,
  METHOD_NOT_ALLOWED,
  respondWith,
  type AgentOutcome,
  type AgentRequest,
} from './agent-outcome';
import { CHANGES_PATH, changeFeedLink } from './change-feed';
import type { EndpointContext } from './endpoint-context';

export const POLICY_PATH = '/llm-policy.json';

export interface PolicyEndpoint {
  answer(request: AgentRequest): AgentOutcome;
}

/**
 * The `tct-policy-1` descriptor at /llm-policy.json, built once from the site's options, served
 * with the profile's caching and a link to the change feed. Never behind the access check: it
 * is what an agent reads before anything else.
 */
export function createPolicyEndpoint(
  context: EndpointContext,
  options: PolicyOptions,
): PolicyEndpoint {
  const document = buildPolicy(options);
  const resource = buildJsonResource(document);
  const lastModified = new Date(Date.parse(document.updated));
  const { profile } = context;
  const headers = {
    'cache-control': profile.cacheControl,
    vary: 'Accept-Encoding',
    ...(context.feed
      ? { link: formatLinkHeader([changeFeedLink(context.urlFor(CHANGES_PATH))]) }
      : {}),
    ...context.usageHeader(),
  };
  return {
    answer(request) {
      if (!isSafeMethod(request.method)) return METHOD_NOT_ALLOWED();
      return respondWith(
        respondWithResource(request, {
          body: resource.body,
          etag: resource.etag,
          lastModified,
          contentType: profile.mUrlContentType,
          headers,
        }),
      );
    },
  };
}
