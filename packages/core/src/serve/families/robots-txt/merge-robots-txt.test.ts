import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { robotsRulesFor } from './compose-robots-txt';
import { addToRobotsTxt, mergeRobotsTxt, parseRobotsTxt } from './merge-robots-txt';

/** What `create-strapi-app` writes to `public/robots.txt`: comments only. */
const STRAPI_DEFAULT =
  '# To prevent search engines from seeing the site altogether, uncomment the next two lines:\n# User-Agent: *\n# Disallow: /\n';

const USAGE = [
  '# AI usage preferences',
  'Content-Usage: train-ai=n',
  'Content-Signal: ai-train=no',
];

/** Each group's agents, as RFC 9309 reads the text. */
const agentsOf = (text: string) => parseRobotsTxt(text).groups.map((g) => g.agents);

describe('merging the app’s robots.txt with the configured rules (RFC 9309)', () => {
  it('keeps the app’s groups first and puts the rules into the group for the same agents', () => {
    const own = 'User-agent: *\nDisallow: /admin/\n\nUser-agent: GPTBot\nDisallow: /\n';
    const rules =
      'User-agent: *\nDisallow: /private/\nDisallow: /admin/\n\nUser-agent: Bingbot\nCrawl-delay: 5\n';
    const merged = mergeRobotsTxt(own, rules);
    expect(merged).toBe(
      'User-agent: *\nDisallow: /admin/\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n\nUser-agent: Bingbot\nCrawl-delay: 5\n',
    );
    // One `*` group: parsers that read only the first one still see every rule.
    expect(agentsOf(merged).filter((agents) => agents.includes('*'))).toHaveLength(1);
  });

  it('one side empty: the other as it is', () => {
    expect(mergeRobotsTxt('', 'User-agent: *\nDisallow: /x\n')).toBe(
      'User-agent: *\nDisallow: /x\n',
    );
    expect(mergeRobotsTxt('User-agent: *\r\nDisallow: /x', '')).toBe(
      'User-agent: *\r\nDisallow: /x',
    );
  });

  it('a file of comments (Strapi’s default) keeps them, the rules after', () => {
    expect(mergeRobotsTxt(STRAPI_DEFAULT, 'User-agent: *\nDisallow: /admin\n')).toBe(
      `${STRAPI_DEFAULT}\nUser-agent: *\nDisallow: /admin\n`,
    );
  });

  it('keeps the file’s line endings and adds Sitemap lines once', () => {
    const own = 'User-agent: *\r\nDisallow: /a\r\nSitemap: https://e.com/s.xml\r\n';
    expect(
      mergeRobotsTxt(own, 'Sitemap: https://e.com/s.xml\nSitemap: https://e.com/t.xml\n'),
    ).toBe(`${own}\r\nSitemap: https://e.com/t.xml\r\n`);
  });

  it('closes a trailing run of user-agent lines before appending a group to it', () => {
    const merged = mergeRobotsTxt('User-agent: foo\n', 'User-agent: bar\nDisallow: /bar-only\n');
    expect(robotsRulesFor(merged, 'foo')).toEqual([]);
    expect(robotsRulesFor(merged, 'bar')).toEqual([{ allow: false, pattern: '/bar-only' }]);
  });
});

describe('adding our lines to a robots.txt', () => {
  it('puts the usage rules into the `*` group, Sitemap lines and the note at the end', () => {
    const text = addToRobotsTxt(
      'User-agent: *\nDisallow: /admin\n\nUser-agent: GPTBot\nDisallow: /\n',
      {
        everyAgent: USAGE,
        comments: ['# a note'],
        sitemapUrls: ['https://e.com/scp/sitemap.xml'],
      },
    );
    expect(text).toBe(
      [
        'User-agent: *',
        'Disallow: /admin',
        ...USAGE,
        '',
        'User-agent: GPTBot',
        'Disallow: /',
        '',
        '# a note',
        'Sitemap: https://e.com/scp/sitemap.xml',
        '',
      ].join('\n'),
    );
  });

  it('a file without a `*` group gets one, with the usage rules only', () => {
    expect(addToRobotsTxt('User-agent: GPTBot\nDisallow: /\n', { everyAgent: USAGE })).toBe(
      `User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\n${USAGE.join('\n')}\n`,
    );
    expect(addToRobotsTxt('', { everyAgent: USAGE })).toBe(`User-agent: *\n${USAGE.join('\n')}\n`);
  });

  it('the owner’s own Content-Usage wins; nothing to add leaves the text as it is', () => {
    const own =
      'User-agent: *\nContent-Usage: train-ai=y\nSitemap: https://e.com/scp/sitemap.xml\n';
    expect(
      addToRobotsTxt(own, { everyAgent: USAGE, sitemapUrls: ['https://e.com/scp/sitemap.xml'] }),
    ).toBe(
      own.replace(
        'train-ai=y\n',
        'train-ai=y\n# AI usage preferences\nContent-Signal: ai-train=no\n',
      ),
    );
    expect(addToRobotsTxt(STRAPI_DEFAULT, {})).toBe(STRAPI_DEFAULT);
  });
});

// Generated robots.txt files: groups of agents and rules, written with the spellings RFC 9309
// allows (field case, spacing, comments, blank lines, CRLF), Sitemap lines among them.
const agent = fc.constantFrom('*', 'GPTBot', 'gptbot', 'Bingbot', 'agent-ready-sync');
const rule = fc.record({
  field: fc.constantFrom('Allow', 'Disallow', 'disallow', 'ALLOW', 'Crawl-delay', 'Content-Usage'),
  value: fc.constantFrom('/', '/a', '/a/b', '/*.json$', '/llms.txt', '', 'train-ai=n'),
});
const group = fc.record({
  agents: fc.array(agent, { minLength: 1, maxLength: 3 }),
  rules: fc.array(rule, { minLength: 1, maxLength: 4 }),
});
const robotsFile = fc
  .record({
    groups: fc.array(group, { maxLength: 4 }),
    /** The last group's rules left out: a trailing run of user-agent lines. */
    dangling: fc.boolean(),
    sitemap: fc.option(fc.constantFrom('https://e.com/s.xml', 'https://e.com/t.xml'), {
      nil: undefined,
    }),
    comment: fc.boolean(),
    crlf: fc.boolean(),
    spacing: fc.constantFrom('', ' ', '  '),
  })
  .map(({ groups, dangling, sitemap, comment, crlf, spacing }) => {
    const lines: string[] = [];
    groups.forEach((g, at) => {
      if (at > 0) lines.push('');
      for (const a of g.agents) lines.push(`User-agent:${spacing}${a}`);
      if (comment) lines.push('# a comment');
      if (dangling && at === groups.length - 1) return;
      for (const r of g.rules) lines.push(`${r.field}: ${r.value}${comment ? ' # why' : ''}`);
      if (sitemap && at === 0) lines.push(`Sitemap: ${sitemap}`);
    });
    return lines.join(crlf ? '\r\n' : '\n') + (lines.length > 0 ? (crlf ? '\r\n' : '\n') : '');
  });

const TOKENS = ['gptbot', 'bingbot', 'agent-ready-sync', 'somebot'];
/** The Allow/Disallow rules a crawler follows, as a sorted set. */
const followed = (text: string, token: string) =>
  [...new Set(robotsRulesFor(text, token).map((r) => `${r.allow}:${r.pattern}`))].sort();
/** Lines of a text without their endings. */
const linesOf = (text: string) =>
  text === '' ? [] : text.replace(/(\r\n|\n)$/, '').split(/\r\n|\n/);
/** Whether `inner` appears in `outer` in order (as a subsequence). */
function isSubsequence(inner: string[], outer: string[]): boolean {
  let at = 0;
  for (const line of outer) if (at < inner.length && line === inner[at]) at++;
  return at === inner.length;
}

describe('properties over generated files', () => {
  it('merged: every crawler follows what it would follow in both files, and the app’s lines stay in order', () => {
    fc.assert(
      fc.property(robotsFile, robotsFile, (own, rules) => {
        const merged = mergeRobotsTxt(own, rules);
        expect(isSubsequence(linesOf(own), linesOf(merged))).toBe(true);
        for (const token of TOKENS) {
          // The reference: both files' groups, combined as RFC 9309 combines groups.
          const ownGroups = robotsRulesFor(own, token);
          const rulesGroups = robotsRulesFor(rules, token);
          const named = (text: string) =>
            parseRobotsTxt(text).groups.some((g) => g.agents.includes(token));
          const reference =
            named(own) || named(rules)
              ? [...(named(own) ? ownGroups : []), ...(named(rules) ? rulesGroups : [])]
              : [...ownGroups, ...rulesGroups];
          expect(followed(merged, token)).toEqual(
            [...new Set(reference.map((r) => `${r.allow}:${r.pattern}`))].sort(),
          );
        }
        // No two groups for the same agents where the app had one.
        const ownAgentSets = parseRobotsTxt(own).groups.map((g) => [...g.agents].sort().join());
        const mergedAgentSets = parseRobotsTxt(merged).groups.map((g) =>
          [...g.agents].sort().join(),
        );
        for (const set of new Set(ownAgentSets))
          expect(mergedAgentSets.filter((s) => s === set).length).toBe(
            ownAgentSets.filter((s) => s === set).length,
          );
      }),
      propertyRuns(400),
    );
  });

  it('added: no crawler’s Allow/Disallow rules change, the lines stay, the usage rules reach `*`', () => {
    fc.assert(
      fc.property(robotsFile, (text) => {
        const added = addToRobotsTxt(text, {
          everyAgent: USAGE,
          comments: ['# a note'],
          sitemapUrls: ['https://e.com/s.xml'],
        });
        expect(isSubsequence(linesOf(text), linesOf(added))).toBe(true);
        for (const token of [...TOKENS, '*'])
          expect(followed(added, token)).toEqual(followed(text, token));
        const star = parseRobotsTxt(added).groups.find((g) => g.agents.includes('*'))!;
        expect(star.fields.has('content-usage')).toBe(true);
        expect(added.match(/^Sitemap: https:\/\/e\.com\/s\.xml$/gm)).toHaveLength(1);
      }),
      propertyRuns(400),
    );
  });
});
