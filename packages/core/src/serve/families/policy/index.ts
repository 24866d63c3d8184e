import { buildJsonResource } from '../../../http/json-resource';
import { formatLinkHeader } from '../../../http/link-header';
import { respondWithResource } from '../../../http/served-resource';
import { buildPolicy } from '../../../tct/build-policy';
import type { PolicyOptions } from '../../../tct/policy-options';
import { isSafeMethod, METHOD_NOT_ALLOWED, respondWith } from '../../agent-outcome';
import { CHANGES_PATH, changeFeedLink } from '../change-feed/read-change-feed';
import {
  type EndpointFamily,
  type FamilyContext,
  type FamilyEndpoint,
  TCT_PROFILE_CONTENT_TYPE,
} from '../endpoint-family';
import { keptUntilPurged, oneFormPolicy } from '../header-policy';

export const POLICY_PATH = '/llm-policy.json';

const headers = oneFormPolicy(
  { cacheControl: { fromProfile: 'cacheControl' }, vary: 'Accept-Encoding' },
  { applies: 'site' },
  keptUntilPurged(
    'policy',
    'kept until purged; purged with the site tag when the stored site settings change',
  ),
);

/**
 * The `tct-policy-1` descriptor at /llm-policy.json, built once from the site's options, served
 * with the profile's caching and a link to the change feed. Never behind the access check: it
 * is what an agent reads before anything else.
 */
function createPolicyEndpoint(context: FamilyContext, options: PolicyOptions): FamilyEndpoint {
  const document = buildPolicy(options);
  const resource = buildJsonResource(document);
  const lastModified = new Date(Date.parse(document.updated));
  const { profile } = context;
  const responseHeaders = context.policyHeaders(headers, headers.forms.response, {
    path: POLICY_PATH,
    ...(context.feed
      ? { link: formatLinkHeader([changeFeedLink(context.urlFor(CHANGES_PATH))]) }
      : {}),
  });
  return {
    path: POLICY_PATH,
    answer(request) {
      if (!isSafeMethod(request.method)) return METHOD_NOT_ALLOWED();
      return respondWith(
        respondWithResource(request, {
          body: resource.body,
          etag: resource.etag,
          lastModified,
          contentType: profile.mUrlContentType,
          headers: responseHeaders,
        }),
      );
    },
    robotsPaths: [{ pattern: POLICY_PATH, example: POLICY_PATH }],
  };
}

export const policyFamily: EndpointFamily = {
  name: 'policy',
  title: 'Policy descriptor (`tct-policy-1`)',
  serving: 'live',
  paths: ['`/llm-policy.json`'],
  contentType: TCT_PROFILE_CONTENT_TYPE,
  claims: (path) => path === POLICY_PATH,
  route: { by: 'path' },
  metricsKind: 'policy',
  enabledBy: { option: 'policy', default: 'off' },
  robotsListing: 'when-served',
  headers,
  listing: {
    label: 'Policy descriptor',
    start: async () => ({ path: POLICY_PATH }),
  },
  create: (context) =>
    context.options.policy ? createPolicyEndpoint(context, context.options.policy) : undefined,
};
