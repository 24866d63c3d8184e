import { buildJsonResource } from '../../../http/json-resource';
import { formatLinkHeader } from '../../../http/link-header';
import { respondWithResource, type HttpResponse } from '../../../http/served-resource';
import { DEFAULT_SITEMAP_PATH } from '../../../tct/tct-profile';
import {
  isSafeMethod,
  METHOD_NOT_ALLOWED,
  respondUnless,
  type AgentRequest,
} from '../../agent-outcome';
import { jsonProblemResponse } from '../../error-responses';
import type { EndpointFamily, FamilyContext, FamilyEndpoint } from '../endpoint-family';
import { keptUntilPurged, oneFormPolicy } from '../header-policy';
import {
  CHANGES_PATH,
  readChangeFeed,
  type ChangeFeedPage,
  type ChangeFeedSource,
} from './read-change-feed';

const headers = oneFormPolicy(
  // Changes arrive at any moment: revalidate every time (a 304 when nothing is new).
  { cacheControl: 'no-cache' },
  // It lists the site's pages, as the sitemap does.
  { applies: 'site' },
  keptUntilPurged(
    'change-feed',
    'kept until purged; every page carries the family tag, purged by every commit (no page is final: a row moves to its newest change)',
  ),
);

/**
 * `/llm-changes.json` (an agent-ready extension, docs/change-feed.md) over a source that keeps
 * a change feed (the store does): what changed after a cursor, in commit order, so an agent
 * re-syncs one edit with a few hundred bytes instead of re-reading sitemap shards. Each page
 * carries a strong ETag, so polling an unchanged feed costs a 304; a cursor it cannot follow
 * answers 400 or 410 pointing at the sitemap to start over from.
 */
function createChangeFeedEndpoint(context: FamilyContext, feed: ChangeFeedSource): FamilyEndpoint {
  const sitemapUrl = context.urlFor(DEFAULT_SITEMAP_PATH);

  function pageResponse(request: AgentRequest, page: ChangeFeedPage): HttpResponse {
    const resource = buildJsonResource(page);
    // No Last-Modified: the feed can change within one second, and a date-only validator would
    // then answer 304 to a client that has not seen the change.
    return respondWithResource(request, {
      body: resource.body,
      etag: resource.etag,
      contentType: 'application/json',
      headers: context.policyHeaders(headers, headers.forms.response, { path: CHANGES_PATH }),
    });
  }

  async function respond(request: AgentRequest): Promise<HttpResponse> {
    const read = await readChangeFeed(feed, request.target);
    if ('page' in read) return pageResponse(request, read.page);
    const { status, error, detail } = read.problem;
    return jsonProblemResponse(
      request.method,
      status,
      { error, detail, sitemap: sitemapUrl },
      { link: formatLinkHeader([{ href: sitemapUrl, rel: 'index' }]) },
    );
  }

  return {
    path: CHANGES_PATH,
    async answer(request) {
      if (!isSafeMethod(request.method)) return METHOD_NOT_ALLOWED();
      return respondUnless(context.protectAll, () => respond(request));
    },
    robotsPaths: [{ pattern: CHANGES_PATH, example: CHANGES_PATH }],
  };
}

export const changeFeedFamily: EndpointFamily = {
  name: 'change-feed',
  title: 'Change feed',
  serving: 'live',
  paths: ['`/llm-changes.json?since=<cursor>`'],
  contentType: '`application/json`',
  claims: (path) => path === CHANGES_PATH,
  route: { by: 'path' },
  // Counted with the sitemaps: it is how agents follow them.
  metricsKind: 'sitemap',
  enabledBy: { always: true },
  robotsListing: 'when-served',
  headers,
  // Where the source keeps a feed (the store does).
  create: (context) => (context.feed ? createChangeFeedEndpoint(context, context.feed) : undefined),
};
