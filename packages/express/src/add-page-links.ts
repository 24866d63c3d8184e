import type { Request, Response } from 'express';
import { addPageHeaders, parseUri } from '@agent-ready/core';
import type { AgentSite } from '@agent-ready/store';
import { siteRequestOf } from './site-request';

/** Paths of static assets: never pages (no discovery links, no Markdown twin). */
export const ASSET_PATH = /\.(?!html?$)[A-Za-z0-9]{1,8}$/;

/**
 * Gives one of the app's pages its discovery links (headers, and `res.locals.agentReady` for
 * templates) and counts it: by agent family (a verified signature included), never gated, its
 * own size being what the same document costs as HTML.
 */
export async function addPageLinks(site: AgentSite, req: Request, res: Response): Promise<void> {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || ASSET_PATH.test(req.path)) return;
  const { links, linkTags, llmsTxtNotice, headers } = await site.endpoints.decoratePage(req.path);
  res.locals.agentReady = { links, linkTags, llmsTxtNotice };
  addPageHeaders(headers, {
    vary: (field) => res.vary(field),
    append: (name, value) => res.append(name, value),
    set: (name, value) => res.setHeader(name, value),
  });
  const { metrics } = site;
  if (!metrics) return;
  const family = await site.agentFamily(siteRequestOf(req));
  const document = links.find(
    (link) => link.type === 'application/json' && link.rel === 'alternate',
  );
  res.on('finish', () => {
    const bytes = Number(res.getHeader('content-length') ?? 0);
    metrics.recorder.record({ kind: 'page', family, status: res.statusCode, bytesSent: bytes });
    if (document && res.statusCode === 200 && bytes > 0)
      metrics.recorder.notePageSize(parseUri(document.href).path, bytes);
  });
}
