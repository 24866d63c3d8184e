// server/middleware/agent-ready.ts
import { isAgentPath, mUrlFor, pageDiscovery } from '@agent-ready/core';
import { appendResponseHeader, defineEventHandler, getRequestURL, proxyRequest } from 'h3';

/** Where Strapi (or a read-only @agent-ready/express) answers, e.g. http://strapi:1337. */
const CMS_URL = process.env.CMS_URL!;
/** The public origin: the plugin's `site.origin`, e.g. https://example.com. */
const SITE_ORIGIN = process.env.SITE_ORIGIN!;

export default defineEventHandler(async (event) => {
  const { pathname, search } = getRequestURL(event);
  if (isAgentPath(pathname)) {
    return proxyRequest(event, new URL(pathname + search, CMS_URL).href, {
      // h3 proxies through fetch(), which decodes gzip and zstd and drops Content-Encoding: ask
      // for the identity bytes, the ones the CMS's ETag and Content-Digest then describe.
      headers: { 'accept-encoding': 'identity' },
    });
  }
  if (pathname.startsWith('/_nuxt/') || pathname.startsWith('/api/')) return;
  const linkHeader = await pageLinkHeader(pathname);
  if (linkHeader) appendResponseHeader(event, 'Link', linkHeader);
});

/**
 * The discovery links of a page; '' for a path no published URL has (`/a|b`), or while the CMS
 * does not answer (the page is served all the same).
 */
async function pageLinkHeader(pathname: string): Promise<string> {
  try {
    const pageUrl = SITE_ORIGIN + pathname;
    // A document is the page when its M-URL answers. One request per page view (and one M-URL
    // hit in the CMS's stats): cache it, or decide from data you already have.
    const mUrl = new URL(new URL(mUrlFor(pageUrl)).pathname, CMS_URL);
    const answer = await fetch(mUrl, { method: 'HEAD', signal: AbortSignal.timeout(2000) });
    const hasDocument = answer.ok;
    return pageDiscovery({ pageUrl, hasDocument }).linkHeader;
  } catch {
    return '';
  }
}
