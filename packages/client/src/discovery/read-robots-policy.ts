import { robotsAllows, robotsRulesFor } from '@agent-ready/core/serve';
import type { HttpClient } from '../http/http-client';

/** RFC 9309 §2.4: a crawler may use a fetched robots.txt for up to 24 hours. */
export const ROBOTS_TXT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** What a fetch of /robots.txt said, as kept between runs. */
export interface RobotsTxtRecord {
  /** `rules`: a 2xx body; `none`: 4xx (no rules: everything allowed); `unreachable`: 5xx or no answer. */
  status: 'rules' | 'none' | 'unreachable';
  text: string;
  fetchedAt: number;
}

export interface RobotsPolicy {
  record: RobotsTxtRecord;
  /** Whether the site's robots.txt lets this agent fetch `url` (a URL on the same origin). */
  allows(url: string): boolean;
}

/** The product token robots.txt groups match: `agent-ready-sync/1.0 (+…)` → `agent-ready-sync`. */
export function productToken(userAgent: string): string {
  return (/^[A-Za-z_-]+/.exec(userAgent.trim())?.[0] ?? userAgent).toLowerCase();
}

/** Fetches /robots.txt (one request; redirects within the origin followed). */
export async function fetchRobotsTxt(client: HttpClient, origin: string): Promise<RobotsTxtRecord> {
  const fetchedAt = Date.now();
  try {
    const res = await client.request(`${origin}/robots.txt`, {
      headers: { accept: 'text/plain' },
      maxBodyBytes: 512 * 1024,
    });
    if (res.status >= 200 && res.status < 300)
      return { status: 'rules', text: res.body.toString('utf8'), fetchedAt };
    if (res.status >= 400 && res.status < 500) return { status: 'none', text: '', fetchedAt };
    return { status: 'unreachable', text: '', fetchedAt };
  } catch {
    return { status: 'unreachable', text: '', fetchedAt };
  }
}

/**
 * The rules of a robots.txt for one agent (RFC 9309): its own group, else `*`. An unavailable
 * robots.txt (4xx) allows everything; an unreachable one (5xx, no answer) disallows everything
 * (§2.3.1.3, §2.3.1.4).
 */
export function robotsPolicy(record: RobotsTxtRecord, userAgent: string): RobotsPolicy {
  const rules =
    record.status === 'rules' ? robotsRulesFor(record.text, productToken(userAgent)) : [];
  return {
    record,
    allows(url) {
      if (record.status === 'none') return true;
      if (record.status === 'unreachable') return false;
      const parsed = new URL(url);
      return robotsAllows(rules, `${parsed.pathname}${parsed.search}`);
    },
  };
}
