import { join } from 'node:path';
import { SyncState, syncScp } from '@agent-ready/client';
import { normalizeUri } from '@agent-ready/core';

/** The SCP copy's folder inside the state directory (a sync state holds one protocol). */
const SCP_STATE_FOLDER = 'scp';

/** A URL as the section map keys it; undefined for one that is no URI. */
export function sectionKey(url: string): string | undefined {
  try {
    return normalizeUri(url);
  } catch {
    return undefined;
  }
}

/** The sections of a site's pages, as its SCP collections name them, kept current. */
export interface FollowedScpSections {
  /** Each page's section by its normalized URL (empty: the site publishes no collection). */
  current(): ReadonlyMap<string, string>;
  /**
   * Follows the site's collections (a delta, or a 304, when nothing moved); true when the
   * sections changed. A site without SCP, or one that fails, keeps the sections known before.
   */
  refresh(): Promise<boolean>;
}

/**
 * A page's section is not in its M-URL: TCT lists none. The site's SCP collections name it, one
 * per section, so the stdio MCP server follows them beside the TCT copy, to tell and filter
 * the sections (the search tool's `type`) as the site's HTTP server does. The first refresh
 * reads each section's snapshot; later ones its deltas.
 */
export function followScpSections(
  origin: string,
  stateDir: string,
  userAgent?: string,
): FollowedScpSections {
  const scpStateDir = join(stateDir, SCP_STATE_FOLDER);
  let sections: ReadonlyMap<string, string> = new Map();
  let read = false;
  return {
    current: () => sections,
    async refresh() {
      let report;
      try {
        report = await syncScp(origin, {
          stateDir: scpStateDir,
          ...(userAgent ? { userAgent } : {}),
        });
      } catch {
        return false;
      }
      if (read && report.fetched === 0 && report.deleted === 0) return false;
      const state = SyncState.open(scpStateDir);
      try {
        const next = new Map<string, string>();
        for (const [url, section] of state.scpPageSections()) {
          const key = sectionKey(url);
          if (key !== undefined) next.set(key, section);
        }
        const changed =
          next.size !== sections.size ||
          [...next].some(([url, section]) => sections.get(url) !== section);
        sections = next;
        read = true;
        return changed;
      } finally {
        state.close();
      }
    },
  };
}
