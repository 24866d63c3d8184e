import type { AgentEndpoints } from '@agent-ready/core';

/**
 * Endpoints that forward every call to whatever `current()` returns at that moment: the Koa
 * middleware is mounted once, while settings saved in the admin panel replace the endpoints
 * behind it (new policy, new site name) without a restart.
 */
export function delegateEndpoints(current: () => AgentEndpoints): AgentEndpoints {
  return {
    handle: (request) => current().handle(request),
    handleCached: (request) => current().handleCached(request),
    pageLinks: (path) => current().pageLinks(path),
    rootLinks: () => current().rootLinks(),
    urlFor: (path) => current().urlFor(path),
    robotsTxt: (rules) => current().robotsTxt(rules),
    negotiatePage: (request) => current().negotiatePage(request),
    pageHeaders: (path) => current().pageHeaders(path),
  };
}
