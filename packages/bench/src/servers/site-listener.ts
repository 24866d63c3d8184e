import type http from 'node:http';
import { writeNodeResponse } from '@agent-ready/core/node-http';
import { notFoundResponse } from '@agent-ready/core/serve';
import type { AgentSite } from '@agent-ready/store';

/** An agent site's answer to a GET as node:http sends it. */
export function siteListener(site: AgentSite, origin: string): http.RequestListener {
  return (req, res) => {
    const request = { method: req.method ?? 'GET', target: req.url ?? '/', headers: req.headers };
    const cached = site.handleCached(request);
    const answer = cached
      ? Promise.resolve(cached)
      : site
          .handle({ ...request, url: `${origin}${request.target}` })
          .then((outcome) =>
            outcome.kind === 'respond' ? outcome.response : notFoundResponse(request.method),
          );
    answer.then((response) => writeNodeResponse(res, response)).catch(() => res.destroy());
  };
}
