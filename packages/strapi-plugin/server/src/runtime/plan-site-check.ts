import { HttpClient } from '@agent-ready/client';
import type { CheckTarget, SiteCheckTarget } from './runtime-status';

/** What one Check now validates, how it reaches it, and why (shown with the result). */
export interface SiteCheckPlan {
  target: SiteCheckTarget;
  /** The public origin: every URL checked is on it. */
  origin: string;
  /** This Strapi's own address, where the requests go (`server`). */
  connectTo?: string;
  /** A root that redirects to the admin panel is read, not followed (`rootPage: 'admin-redirect'`). */
  rootRedirect?: 'read';
  /** Why the pages are not fetched: they are the front-end's (`server`). */
  pagesElsewhere?: string;
  /** The MCP endpoint on the public origin, when the option `mcp` serves one: checked as asked for. */
  mcp?: string;
  reason: string;
}

export interface CheckSetting {
  /** `site.origin`. */
  origin: string;
  /** Where this Strapi listens (`listeningOrigin`), undefined when on no TCP address. */
  server: string | undefined;
  rootPage: 'admin-redirect' | 'agent-index';
  /** Where the MCP endpoint answers (`mcp.path`), when the option `mcp` turns it on. */
  mcpPath?: string;
}

/** Whether the public origin serves the agent endpoints: its JSON sitemap answers 200 JSON. */
export type ProbePublicOrigin = (origin: string) => Promise<{ serves: boolean; detail: string }>;

export const probePublicOrigin: ProbePublicOrigin = async (origin) => {
  const url = `${origin}/llm-sitemap.json`;
  const client = new HttpClient({
    maxRequests: 3,
    timeoutMs: 5_000,
    timeBudgetMs: 10_000,
    retry: false,
    userAgent: 'agent-ready-admin-check',
  });
  try {
    const res = await client.request(url, {
      headers: { accept: 'application/json', 'accept-encoding': 'identity' },
      maxBodyBytes: 64 * 1024,
    });
    const json = /json/i.test(res.headers['content-type'] ?? '');
    return {
      serves: res.status === 200 && json,
      detail: `${url} answers ${res.status}${json ? '' : ` (${res.headers['content-type'] ?? 'no Content-Type'})`}`,
    };
  } catch (error) {
    return { serves: false, detail: `${url}: ${(error as Error).message}` };
  } finally {
    client.close();
  }
};

/**
 * What Check now validates. `public`: the public origin, as agents on the web reach it.
 * `server`: the same URLs, sent to this Strapi (its endpoints under their public URLs, as a
 * front-end that routes them here serves them). `auto` (the default): the public origin when it
 * serves the agent endpoints, this Strapi otherwise, saying which and why. Undefined: `server`
 * was asked and Strapi listens on no TCP address.
 */
export async function planSiteCheck(
  asked: CheckTarget,
  setting: CheckSetting,
  probe: ProbePublicOrigin = probePublicOrigin,
): Promise<SiteCheckPlan | undefined> {
  const { origin, server } = setting;
  // Served here, so its absence is a failure; off, the validator still tries <origin>/mcp and
  // reports it not served.
  const mcp = setting.mcpPath === undefined ? {} : { mcp: `${origin}${setting.mcpPath}` };
  const publicPlan = (reason: string): SiteCheckPlan => ({
    target: 'public',
    origin,
    ...mcp,
    reason,
  });
  const serverPlan = (reason: string): SiteCheckPlan | undefined =>
    server === undefined
      ? undefined
      : {
          target: 'server',
          origin,
          connectTo: server,
          ...mcp,
          // The pages (C-URLs) are the front-end's: this Strapi serves only the agent endpoints.
          pagesElsewhere: `the pages are the front-end's at ${origin}, not this Strapi's`,
          ...(setting.rootPage === 'admin-redirect' ? { rootRedirect: 'read' as const } : {}),
          reason: `${reason}; checked this Strapi server (${server}) under the public URLs of ${origin}${
            setting.rootPage === 'admin-redirect'
              ? ', its root read without following the redirect to the admin panel'
              : ''
          }`,
        };
  if (asked === 'public') return publicPlan(`the public origin ${origin}, as agents reach it`);
  if (asked === 'server') return serverPlan('asked for this server');
  const { serves, detail } = await probe(origin);
  if (serves) return publicPlan(`${detail}: the public origin serves the agent endpoints`);
  return (
    serverPlan(`${detail}: the public origin does not serve them (yet)`) ??
    publicPlan(`${detail}; this server listens on no TCP address, so the public origin is checked`)
  );
}
