/**
 * Editing a robots.txt as RFC 9309 reads it, keeping every line the owner wrote as written: a
 * group is a run of `user-agent` lines and the rules after it, up to the next `user-agent` line
 * that follows a rule; crawlers combine every group that names them (§2.2.1); `sitemap` lines
 * belong to no group (§2.2.4); `#` starts a comment; field names compare without case.
 * Additions are inserted into the group they belong to, never as a second group for the same
 * agents (older parsers read only the first one), and nothing already there is repeated.
 */

export interface RobotsRecord {
  /** Lower-case field name. */
  field: string;
  value: string;
}

/** One group as written: its agents (lower case) and where its lines are. */
export interface RobotsGroup {
  agents: string[];
  /** Line index of its first `user-agent` line. */
  start: number;
  /** Line index after its last `user-agent` or rule line (comments and blanks after it aside). */
  end: number;
  /** Its `user-agent` lines and its rules, as written. */
  lines: string[];
  /** Its rules (every field but `user-agent`), in order. */
  records: RobotsRecord[];
  /** Its rules, as `field:value` (lower-case field), to tell what it has already. */
  rules: Set<string>;
  /** Lower-case names of the fields its rules use. */
  fields: Set<string>;
}

export interface ParsedRobotsTxt {
  lines: string[];
  /** The line ending the text uses (CRLF when any line ends so). */
  eol: string;
  groups: RobotsGroup[];
  /** `sitemap` values, as written. */
  sitemaps: Set<string>;
  /**
   * The last group is `user-agent` lines with no rule after them: a group appended after it
   * would join it (blank lines do not end a group), so it is closed first.
   */
  endsInAgents: boolean;
}

function recordOf(line: string): RobotsRecord | undefined {
  const match = /^\s*([A-Za-z-]+)\s*:\s*(.*?)\s*$/.exec(line.replace(/#.*$/, ''));
  return match ? { field: match[1]!.toLowerCase(), value: match[2]! } : undefined;
}

const ruleKey = (record: RobotsRecord) => `${record.field}:${record.value}`;

/** A robots.txt's lines, groups and other records, as RFC 9309 reads them. */
export function parseRobotsTxt(text: string): ParsedRobotsTxt {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text === '' ? [] : text.replace(/(\r\n|\r|\n)$/, '').split(/\r\n|\r|\n/);
  const groups: RobotsGroup[] = [];
  const sitemaps = new Set<string>();
  let current: RobotsGroup | undefined;
  let lastWasAgent = false;
  lines.forEach((line, index) => {
    const record = recordOf(line);
    if (!record) return;
    if (record.field === 'sitemap') {
      sitemaps.add(record.value);
      lastWasAgent = false;
      return;
    }
    if (record.field === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = {
          agents: [],
          start: index,
          end: index + 1,
          lines: [],
          records: [],
          rules: new Set(),
          fields: new Set(),
        };
        groups.push(current);
      }
      current.agents.push(record.value.toLowerCase());
      current.lines.push(line.trim());
      current.end = index + 1;
      lastWasAgent = true;
      return;
    }
    lastWasAgent = false;
    // A rule before any `user-agent` line belongs to no group: RFC 9309 parsers ignore it.
    if (!current) return;
    current.lines.push(line.trim());
    current.records.push(record);
    current.rules.add(ruleKey(record));
    current.fields.add(record.field);
    current.end = index + 1;
  });
  const last = groups.at(-1);
  return {
    lines,
    eol,
    groups,
    sitemaps,
    endsInAgents: last !== undefined && last.records.length === 0,
  };
}

/** Whether two groups name the same agents (a name written twice is one). */
const sameAgents = (a: readonly string[], b: readonly string[]) => {
  const key = (agents: readonly string[]) => [...new Set(agents)].sort().join('\n');
  return key(a) === key(b);
};

/** Text edited by insertions after given lines and lines appended at the end. */
class RobotsTxtEdit {
  private readonly inserted = new Map<number, string[]>();
  private readonly appended: string[][] = [];
  /** Whether a trailing run of `user-agent` lines was closed already (appendGroup). */
  private closed = false;

  constructor(private readonly parsed: ParsedRobotsTxt) {}

  /** `lines` right after line `index - 1` (before line `index`). */
  insertAt(index: number, lines: readonly string[]): void {
    if (lines.length === 0) return;
    this.inserted.set(index, [...(this.inserted.get(index) ?? []), ...lines]);
  }

  /** A block at the end, after a blank line. */
  append(lines: readonly string[]): void {
    if (lines.length > 0) this.appended.push([...lines]);
  }

  /**
   * A group at the end. When the text ends in `user-agent` lines without a rule, those get an
   * empty `Disallow:` first (no restriction, RFC 9309 §2.2.2: what they allow stays the same),
   * which ends their group: else the appended group's agents would join it, its rules with them.
   */
  appendGroup(lines: readonly string[]): void {
    const last = this.parsed.groups.at(-1);
    if (this.parsed.endsInAgents && !this.closed && last) {
      this.insertAt(last.end, ['Disallow:']);
      this.closed = true;
    }
    this.append(lines);
  }

  get changed(): boolean {
    return this.inserted.size > 0 || this.appended.length > 0;
  }

  text(original: string): string {
    if (!this.changed) return original;
    const { lines, eol } = this.parsed;
    const out: string[] = [];
    lines.forEach((line, index) => {
      out.push(...(this.inserted.get(index) ?? []), line);
    });
    out.push(...(this.inserted.get(lines.length) ?? []));
    for (const block of this.appended) {
      if (out.length > 0 && out[out.length - 1]!.trim() !== '') out.push('');
      out.push(...block);
    }
    return `${out.join(eol)}${eol}`;
  }
}

/**
 * The app's own robots.txt with configured rules merged in: the app's lines first, as written;
 * each group of `rules` goes into the app's group for the same agents (its rules not there yet),
 * or after them as a group of its own; `rules`' Sitemap lines are added once. For every crawler
 * the result allows what the two files read one after the other would (RFC 9309 combines
 * groups), without a second group for the same agents.
 */
export function mergeRobotsTxt(own: string, rules: string): string {
  if (own.trim() === '') return rules;
  if (rules.trim() === '') return own;
  const ours = parseRobotsTxt(own);
  const theirs = parseRobotsTxt(rules);
  const edit = new RobotsTxtEdit(ours);
  for (const group of theirs.groups) {
    const target = ours.groups.find((candidate) => sameAgents(candidate.agents, group.agents));
    if (!target) {
      edit.appendGroup(group.lines);
      continue;
    }
    const missing = group.lines.filter((line) => {
      const record = recordOf(line)!;
      return record.field !== 'user-agent' && !target.rules.has(ruleKey(record));
    });
    edit.insertAt(target.end, missing);
  }
  edit.append(
    [...theirs.sitemaps].filter((url) => !ours.sitemaps.has(url)).map((url) => `Sitemap: ${url}`),
  );
  return edit.text(own);
}

export interface RobotsTxtAdditions {
  /**
   * Rules for every crawler (`Content-Usage:`, `Content-Signal:`; `#` comments with them): put
   * in the `User-agent: *` group, or a new one at the end when there is none. A field the group
   * already has is the owner's choice and is not added again.
   */
  everyAgent?: readonly string[];
  /** Comment lines for the end. */
  comments?: readonly string[];
  /** `Sitemap:` lines at the end, but for URLs already named. */
  sitemapUrls?: readonly string[];
}

/** `text` with our lines added where RFC 9309 reads them (see the module comment). */
export function addToRobotsTxt(text: string, additions: RobotsTxtAdditions): string {
  const parsed = parseRobotsTxt(text);
  const edit = new RobotsTxtEdit(parsed);
  const star = parsed.groups.find((group) => group.agents.includes('*'));
  const everyAgent = (additions.everyAgent ?? []).filter((line) => {
    const record = recordOf(line);
    return record === undefined || !star?.fields.has(record.field);
  });
  // Comments alone (the rules they introduce are the owner's already) add nothing.
  if (everyAgent.some((line) => recordOf(line) !== undefined)) {
    if (star) edit.insertAt(star.end, everyAgent);
    else edit.appendGroup(['User-agent: *', ...everyAgent]);
  }
  edit.append([
    ...(additions.comments ?? []),
    ...(additions.sitemapUrls ?? [])
      .filter((url) => !parsed.sitemaps.has(url))
      .map((url) => `Sitemap: ${url}`),
  ]);
  return edit.text(text);
}
