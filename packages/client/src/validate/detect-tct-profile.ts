import { TCT_1, tctProfileOfMember, type TctProfile } from '@agent-ready/core/tct';
import { headerLinks, htmlLinks, selectLinks } from '../discovery/find-links';
import type { HttpExchange } from '../http/http-client';
import { fetchIdentity, fetchOnce, onOrigin, type ValidationContext } from './validation-context';

export const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8';

/** GET / as an agent would (same-origin redirects followed); once per run. */
export function fetchRoot(ctx: ValidationContext): Promise<HttpExchange> {
  const url = `${ctx.origin}/`;
  const init = ctx.rootRedirect === 'read' ? { followRedirects: false } : {};
  return fetchOnce(ctx, `GET ${url}`, () => fetchIdentity(ctx, url, { accept: HTML_ACCEPT }, init));
}

/** GET of a sitemap document as the checks make it; once per run. */
export function fetchSitemapDocument(ctx: ValidationContext, url: string): Promise<HttpExchange> {
  return fetchOnce(ctx, `GET ${url}`, () =>
    fetchIdentity(ctx, url, { accept: 'application/json' }),
  );
}

/** The sitemap documents the root links (`rel="index" type="application/json"`; HTML as a fallback). */
export function rootSitemapLinks(root: HttpExchange): string[] {
  const fromHeader = selectLinks(headerLinks(root), 'index', 'application/json');
  const links =
    fromHeader.length > 0 ? fromHeader : selectLinks(htmlLinks(root), 'index', 'application/json');
  return [...new Set(links.map((link) => link.href))];
}

/**
 * The TCT profile a site serves, as an agent can tell it: the root's first sitemap link, that
 * document's `profile` member (the -03 M-Sitemap or M-Sitemap Index profile URI, or `tct-1`), or
 * failing that its `Link rel="profile"`. The root link itself carries no profile under -03.
 * tct-1 when nothing tells (no root, no sitemap, an unknown profile): its checks then say why.
 */
export async function detectTctProfile(ctx: ValidationContext): Promise<TctProfile> {
  try {
    const root = await fetchRoot(ctx);
    if (!rootReadable(ctx, root)) return TCT_1;
    const first = rootSitemapLinks(root).find((url) => onOrigin(ctx, url));
    if (first === undefined) return TCT_1;
    const sitemap = await fetchSitemapDocument(ctx, first);
    if (sitemap.status !== 200) return TCT_1;
    let member: unknown;
    try {
      member = (JSON.parse(sitemap.body.toString('utf8')) as { profile?: unknown }).profile;
    } catch {
      member = undefined;
    }
    const linked = selectLinks(headerLinks(sitemap), 'profile').map((l) => l.href);
    return (
      tctProfileOfMember(member) ??
      linked.map(tctProfileOfMember).find((p) => p !== undefined) ??
      TCT_1
    );
  } catch {
    // A transport error or a spent budget: the checks meet it again and report it.
    return TCT_1;
  }
}

/** Whether the root's links are read: a 2xx, or the 3xx itself with `rootRedirect: 'read'`. */
export function rootReadable(ctx: ValidationContext, root: HttpExchange): boolean {
  if (root.status >= 200 && root.status <= 299) return true;
  return ctx.rootRedirect === 'read' && root.status >= 300 && root.status <= 399;
}

/** Why the root's own checks are not tested when its redirect is read, not followed. */
export function readRedirectReason(root: HttpExchange): string {
  return `the root answers ${root.status} to ${String(root.headers.location)}, not followed (this server is not the site's root page): its Link fields are read`;
}
