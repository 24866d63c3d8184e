import type { Request } from 'express';
import type { AgentSiteRequest } from '@agent-ready/store';

/**
 * The request as the site sees it: `url` is what a Web Bot Auth signature covers, the client's
 * address (the `rateLimit` key) Express's `req.ip`, which honours the app's `trust proxy`.
 */
export function siteRequestOf(req: Request): AgentSiteRequest {
  return {
    method: req.method,
    target: req.originalUrl,
    headers: req.headers,
    url: `${req.protocol}://${req.headers.host ?? 'localhost'}${req.originalUrl}`,
    clientAddress: req.ip,
  };
}
