import type { AgentPathPattern } from '../endpoint-family';
import { addToRobotsTxt, mergeRobotsTxt, parseRobotsTxt } from './merge-robots-txt';

/**
 * robots.txt composition (RFC 9309): the owner's lines (the app's own robots.txt, then the
 * configured rules merged into it group by group) are kept as written and nothing is added that
 * could change what they allow: no Allow or Disallow line is ever added (RFC 9309 combines
 * every group naming an agent, so an added `Allow` would override the owner's `Disallow`s).
 * Agent endpoints the owner's rules block are reported instead (`blocked`). The AI usage rules
 * go into the `User-agent: *` group (they are group rules); after everything come the `Sitemap:`
 * lines, for sitemaps.org XML only (the SCP sitemap.xml): the JSON sitemap is found through the
 * root's `Link: rel="index"`, not robots.txt.
 */

interface RobotsRule {
  allow: boolean;
  pattern: string;
}

/** The rules of the groups that apply to a user-agent token (RFC 9309 §2.2.1: merged groups). */
export function robotsRulesFor(text: string, userAgent: string): RobotsRule[] {
  const { groups } = parseRobotsTxt(text);
  const token = userAgent.toLowerCase();
  const specific = groups.filter((g) => g.agents.includes(token));
  const chosen = specific.length > 0 ? specific : groups.filter((g) => g.agents.includes('*'));
  return chosen.flatMap((g) =>
    g.records
      .filter(({ field, value }) => (field === 'allow' || field === 'disallow') && value !== '')
      .map(({ field, value }) => ({ allow: field === 'allow', pattern: value })),
  );
}

function patternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const regex = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${regex}${anchored ? '$' : ''}`).test(path);
}

/** Whether `path` may be crawled under `rules` (longest match wins, Allow on ties; RFC 9309 §2.2.2). */
export function robotsAllows(rules: readonly RobotsRule[], path: string): boolean {
  let best: RobotsRule | undefined;
  for (const rule of rules) {
    if (!patternMatches(rule.pattern, path)) continue;
    if (
      !best ||
      rule.pattern.length > best.pattern.length ||
      (rule.pattern.length === best.pattern.length && rule.allow)
    ) {
      best = rule;
    }
  }
  return best === undefined || best.allow;
}

export type { AgentPathPattern };

export interface RobotsTxtInput {
  /**
   * The app's own robots.txt (its `public/robots.txt`, its route), kept as written: its lines
   * come first, everything else is added to or after them.
   */
  own?: string;
  /** The configured rules (`robotsTxt.rules`), merged into `own` group by group (mergeRobotsTxt). */
  rules?: string;
  /** sitemaps.org XML sitemaps only (RFC 9309 §2.2.4 `Sitemap:` names those). */
  sitemapUrls: readonly string[];
  /** Agent endpoints, to report those the owner's `*` rules block. */
  agentPaths?: readonly AgentPathPattern[];
  /** Rules for every crawler (the AI usage preferences): in the `User-agent: *` group. */
  everyAgent?: readonly string[];
}

export interface RobotsTxtResult {
  text: string;
  /** Agent endpoint patterns the site's `*` rules block: for the owner to decide, not us. */
  blocked: string[];
  /** True when the `*` group disallows everything (it looks deliberate). */
  deliberatelyClosed: boolean;
}

/**
 * The robots.txt served: the app's own and the configured rules merged (mergeRobotsTxt), then the
 * rules for every crawler in the `*` group, a comment naming the agent endpoints the owner's
 * rules block, and the `Sitemap:` lines not there yet (addToRobotsTxt). No Allow or Disallow
 * line is ever added: what the owner's rules allow stays exactly what they allow.
 */
export function buildRobotsTxt(input: RobotsTxtInput): RobotsTxtResult {
  const rules = mergeRobotsTxt(input.own ?? '', input.rules ?? '');
  const star = robotsRulesFor(rules, '*');
  const deliberatelyClosed = !robotsAllows(star, '/') && !robotsAllows(star, '/index.html');
  const blocked = (input.agentPaths ?? [])
    .filter((p) => !robotsAllows(star, p.example))
    .map((p) => p.pattern);
  // A comment, which no RFC 9309 parser reads as a rule, tells the owner what their rules block.
  const note =
    blocked.length > 0 && !deliberatelyClosed
      ? [`# agent-ready: the rules above disallow these agent endpoints: ${blocked.join(' ')}`]
      : [];
  const text = addToRobotsTxt(rules, {
    everyAgent: input.everyAgent ?? [],
    comments: note,
    sitemapUrls: input.sitemapUrls,
  });
  return { text, blocked, deliberatelyClosed };
}
