import {
  isSafeMethod,
  METHOD_NOT_ALLOWED,
  respondUnless,
  type AgentOutcome,
  type AgentRequest,
} from './agent-outcome';
import { serveChangeFeed, type ChangeFeedSource } from './change-feed';
import type { EndpointContext } from './endpoint-context';

export interface ChangeFeedEndpoint {
  answer(request: AgentRequest): Promise<AgentOutcome>;
}

/** `/llm-changes.json` over a source that keeps a change feed (see change-feed). */
export function createChangeFeedEndpoint(
  context: EndpointContext,
  feed: ChangeFeedSource,
): ChangeFeedEndpoint {
  const sitemapUrl = context.urlFor('/llm-sitemap.json');
  return {
    async answer(request) {
      if (!isSafeMethod(request.method)) return METHOD_NOT_ALLOWED();
      return respondUnless(context.protectAll, () =>
        serveChangeFeed(feed, request, { sitemapUrl }),
      );
    },
  };
}
