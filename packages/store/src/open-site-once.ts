import type { AgentSite } from './open-agent-site';

/** The site, opened on first need; `opened` once it is (the synchronous fast paths read it). */
export interface SiteOnce {
  site(): Promise<AgentSite>;
  readonly opened: AgentSite | undefined;
  close(): Promise<void>;
}

/**
 * Opens the site once, for an adapter that opens it lazily (Express's `agentReady`): a failed
 * start (the database down, the writer's tables not there yet) is retried by the next call
 * instead of failing every request forever.
 */
export function openSiteOnce(open: () => Promise<AgentSite>): SiteOnce {
  let opening: Promise<AgentSite> | undefined;
  let opened: AgentSite | undefined;
  const site = () =>
    (opening ??= open().then(
      (ready) => (opened = ready),
      (error: unknown) => {
        opening = undefined;
        throw error;
      },
    ));
  return {
    site,
    get opened() {
      return opened;
    },
    async close() {
      await (await opening?.catch(() => undefined))?.close();
    },
  };
}
