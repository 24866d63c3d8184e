import type { ServerResponse } from 'node:http';
import type { HttpResponse, ResponseHeaders } from '@agent-ready/core/http';
import { writeBufferedNodeResponse } from '@agent-ready/core/node-http';
import type { AgentRequest } from '@agent-ready/core/serve';
import type { AgentSite } from './open-agent-site';

// The node:http fast path of `answerAheadOfFramework`, which both adapters run ahead of their
// framework (Express's `agent.handler(app)`, the Strapi plugin's listener ahead of Koa), and of
// Express's middleware. It lives in the store, beside
// openAgentSite, because it is a step of the site both adapters share: it needs the site's
// `handleCached`, which core (below the store) cannot name, and both adapters already depend on
// the store. Core's node-http stays the plain response writer it uses.

/**
 * Answers a fresh cached public M-URL at once: no await, one writeHead and one end. Returns
 * false, writing nothing, for anything else (uncached rows, other endpoints, signed requests),
 * which the caller hands on to its framework. `headersOf` lays the host's own headers under the
 * response's (the plugin's learned Strapi headers, through core's `baseHeadersMerger`); without
 * it the response's headers are sent as they are, Vary merged with what `res` already has.
 */
export function answerFromCache(
  site: Pick<AgentSite, 'handleCached'>,
  request: AgentRequest,
  res: ServerResponse,
  headersOf?: (response: HttpResponse) => ResponseHeaders,
): boolean {
  const response = site.handleCached(request);
  if (response === undefined) return false;
  if (headersOf === undefined) {
    writeBufferedNodeResponse(res, response);
    return true;
  }
  res.writeHead(response.status, headersOf(response));
  res.end(response.body);
  return true;
}
