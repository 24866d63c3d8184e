import { buildRobotsTxt, robotsAllows, robotsRulesFor } from './compose-robots-txt';

const AGENT_PATHS = [
  { pattern: '/llm-sitemap*.json', example: '/llm-sitemap.json' },
  { pattern: '/*/llm.json', example: '/a/llm.json' },
  { pattern: '/llms.txt', example: '/llms.txt' },
];

describe('robots.txt (RFC 9309)', () => {
  it('reads merged groups for a token, falling back to *', () => {
    const text =
      'User-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n\nUser-agent: *\nDisallow: /admin/\n# x\nUser-agent: gptbot\nAllow: /public/\n';
    expect(robotsRulesFor(text, 'GPTBot')).toEqual([
      { allow: false, pattern: '/' },
      { allow: true, pattern: '/public/' },
    ]);
    expect(robotsRulesFor(text, 'Googlebot')).toEqual([{ allow: false, pattern: '/admin/' }]);
  });

  it('matches by longest pattern, Allow winning ties, with * and $', () => {
    const rules = [
      { allow: false, pattern: '/*.json$' },
      { allow: true, pattern: '/public/*.json$' },
      { allow: false, pattern: '/p' },
      { allow: true, pattern: '/p' },
    ];
    expect(robotsAllows(rules, '/a/llm.json')).toBe(false);
    expect(robotsAllows(rules, '/a/llm.json?x')).toBe(true);
    expect(robotsAllows(rules, '/public/x.json')).toBe(true);
    expect(robotsAllows(rules, '/page')).toBe(true);
    expect(robotsAllows([], '/anything')).toBe(true);
  });

  it('keeps existing rules byte for byte (their line endings too) and appends Sitemap lines', () => {
    const rules = 'User-agent: *\r\nDisallow: /admin/   # private\r\n\r\n\tcrawl-delay: 5';
    const { text, blocked } = buildRobotsTxt({
      rules,
      sitemapUrls: ['https://e.com/scp/sitemap.xml'],
      agentPaths: AGENT_PATHS,
    });
    expect(text.startsWith(rules)).toBe(true);
    expect(text.slice(rules.length)).toBe('\r\n\r\nSitemap: https://e.com/scp/sitemap.xml\r\n');
    expect(blocked).toEqual([]);
  });

  it("never adds a group that could override the owner's Disallow rules; reports what they block", () => {
    const rules = 'User-agent: *\nDisallow: /*.json$\nDisallow: /llm\nDisallow: /private\n';
    const result = buildRobotsTxt({ rules, sitemapUrls: [], agentPaths: AGENT_PATHS });
    expect(result.blocked).toEqual(['/llm-sitemap*.json', '/*/llm.json', '/llms.txt']);
    expect(result.text).toBe(
      `${rules}\n# agent-ready: the rules above disallow these agent endpoints: /llm-sitemap*.json /*/llm.json /llms.txt\n`,
    );
    const after = robotsRulesFor(result.text, '*');
    for (const path of ['/private/x', '/llms.txt', '/data.json'])
      expect(robotsAllows(after, path)).toBe(false);
    expect(result.text).not.toMatch(/^User-agent: \*$[\s\S]*^User-agent: \*$/m);
  });

  it('leaves a site that disallows everything closed: that looks deliberate', () => {
    const result = buildRobotsTxt({
      rules: 'User-agent: *\nDisallow: /\n',
      sitemapUrls: ['https://e.com/llm-sitemap.json'],
      agentPaths: AGENT_PATHS,
    });
    expect(result.deliberatelyClosed).toBe(true);
    expect(result.text).toBe(
      'User-agent: *\nDisallow: /\n\nSitemap: https://e.com/llm-sitemap.json\n',
    );
  });

  it('does not touch a bot-specific block', () => {
    const result = buildRobotsTxt({
      rules: 'User-agent: GPTBot\nDisallow: /\n',
      sitemapUrls: [],
      agentPaths: AGENT_PATHS,
    });
    expect(result.blocked).toEqual([]);
    expect(robotsAllows(robotsRulesFor(result.text, 'GPTBot'), '/llms.txt')).toBe(false);
  });
});
