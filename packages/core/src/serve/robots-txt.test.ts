import { buildRobotsTxt, robotsAllows, robotsRulesFor } from './robots-txt';

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

  it('keeps existing rules byte for byte and appends Sitemap lines', () => {
    const rules = 'User-agent: *\r\nDisallow: /admin/   # private\r\n\r\n\tcrawl-delay: 5';
    const { text, unblocked } = buildRobotsTxt({
      rules,
      sitemapUrls: ['https://e.com/llm-sitemap.json', 'https://e.com/scp/sitemap.xml'],
      agentPaths: AGENT_PATHS,
    });
    expect(text.startsWith(rules)).toBe(true);
    expect(text.slice(rules.length)).toBe(
      '\n\nSitemap: https://e.com/llm-sitemap.json\nSitemap: https://e.com/scp/sitemap.xml\n',
    );
    expect(unblocked).toEqual([]);
  });

  it('opens agent endpoints that a broad * rule blocks by accident, leaving the rest blocked', () => {
    const rules = 'User-agent: *\nDisallow: /*.json$\nDisallow: /llm\n';
    const result = buildRobotsTxt({ rules, sitemapUrls: [], agentPaths: AGENT_PATHS });
    expect(result.unblocked).toEqual(['/llm-sitemap*.json', '/*/llm.json', '/llms.txt']);
    expect(result.text).toBe(
      `${rules}\n# agent-ready: keep the agent endpoints reachable\nUser-agent: *\nAllow: /llm-sitemap*.json\nAllow: /*/llm.json\nAllow: /llms.txt\n\n`,
    );
    const after = robotsRulesFor(result.text, '*');
    for (const path of ['/llm-sitemap.json', '/blog/a/llm.json', '/llms.txt'])
      expect(robotsAllows(after, path)).toBe(true);
    expect(robotsAllows(after, '/data.json')).toBe(false);
  });

  it('leaves a site that disallows everything closed: that looks deliberate', () => {
    const result = buildRobotsTxt({
      rules: 'User-agent: *\nDisallow: /\n',
      sitemapUrls: ['https://e.com/llm-sitemap.json'],
      agentPaths: AGENT_PATHS,
    });
    expect(result).toMatchObject({ deliberatelyClosed: true, unblocked: [] });
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
    expect(result.unblocked).toEqual([]);
    expect(robotsAllows(robotsRulesFor(result.text, 'GPTBot'), '/llms.txt')).toBe(false);
  });
});
