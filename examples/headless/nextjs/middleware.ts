// middleware.ts (Next.js 15.5 or later; on Next.js 16 name it proxy.ts, the function `proxy`,
// and drop `runtime`: proxy.ts always runs on Node.js)
import { isAgentPath, mUrlFor, pageDiscovery } from '@agent-ready/core';
import { NextResponse, type NextRequest } from 'next/server';

/** Where Strapi (or a read-only @agent-ready/express) answers, e.g. http://strapi:1337. */
const CMS_URL = process.env.CMS_URL!;
/** The public origin: the plugin's `site.origin`, e.g. https://example.com. */
const SITE_ORIGIN = process.env.SITE_ORIGIN!;

export async function middleware(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // An external rewrite: Next.js proxies it, status, headers and bytes as the CMS sent them.
  if (isAgentPath(pathname)) return NextResponse.rewrite(new URL(pathname + search, CMS_URL));
  const response = NextResponse.next();
  const linkHeader = await pageLinkHeader(pathname);
  if (linkHeader) response.headers.set('Link', linkHeader);
  return response;
}

export const config = {
  // Every request but Next.js's own assets and API routes.
  matcher: ['/((?!_next/static/|_next/image|api/|favicon.ico).*)'],
  // @agent-ready/core uses Node.js APIs: not for the Edge runtime.
  runtime: 'nodejs',
};

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
