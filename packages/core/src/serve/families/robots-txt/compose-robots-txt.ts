import type { AgentPathPattern } from '../endpoint-family';

/**
 * robots.txt composition (RFC 9309): the site's own rules are kept byte for byte and nothing is
 * added that could change what they allow: RFC 9309 merges every group naming an agent, so an
 * appended `User-agent: *` group with `Allow` lines would override the owner's `Disallow`s.
 * Agent endpoints the owner's rules block are reported instead (`blocked`). After the rules come
 * the `Sitemap:` lines, for sitemaps.org XML only (the SCP sitemap.xml): the JSON sitemap is
 * found through the root's `Link: rel="index"`, not robots.txt.
 */

interface RobotsRule {
  allow: boolean;
  pattern: string;
}

/** The rules of the groups that apply to a user-agent token (RFC 9309 §2.2.1: merged groups). */
export function robotsRulesFor(text: string, userAgent: string): RobotsRule[] {
  const groups: { agents: string[]; rules: RobotsRule[] }[] = [];
  let current: { agents: string[]; rules: RobotsRule[] } | undefined;
  let lastWasAgent = false;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!match) continue;
    const field = match[1]!.toLowerCase();
    const value = match[2]!.trim();
    if (field === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
    } else if ((field === 'allow' || field === 'disallow') && current) {
      if (value !== '') current.rules.push({ allow: field === 'allow', pattern: value });
      lastWasAgent = false;
    } else {
      lastWasAgent = false;
    }
  }
  const token = userAgent.toLowerCase();
  const specific = groups.filter((g) => g.agents.includes(token));
  const chosen = specific.length > 0 ? specific : groups.filter((g) => g.agents.includes('*'));
  return chosen.flatMap((g) => g.rules);
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
  /** The site's own robots.txt, kept exactly. */
  rules?: string;
  /** sitemaps.org XML sitemaps only (RFC 9309 §2.2.4 `Sitemap:` names those). */
  sitemapUrls: readonly string[];
  /** Agent endpoints, to report those the owner's `*` rules block. */
  agentPaths?: readonly AgentPathPattern[];
  /** Extra lines after the rules (e.g. AI usage preferences), before the Sitemap lines. */
  extraLines?: readonly string[];
}

export interface RobotsTxtResult {
  text: string;
  /** Agent endpoint patterns the site's `*` rules block: for the owner to decide, not us. */
  blocked: string[];
  /** True when the `*` group disallows everything (it looks deliberate). */
  deliberatelyClosed: boolean;
}

export function buildRobotsTxt(input: RobotsTxtInput): RobotsTxtResult {
  const rules = input.rules ?? '';
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
  const appended = [
    ...note,
    ...(input.extraLines ?? []),
    ...input.sitemapUrls.map((url) => `Sitemap: ${url}`),
  ];
  if (appended.length === 0) return { text: rules, blocked, deliberatelyClosed };
  const separator = rules === '' ? '' : rules.endsWith('\n') ? '\n' : '\n\n';
  return { text: `${rules}${separator}${appended.join('\n')}\n`, blocked, deliberatelyClosed };
}
