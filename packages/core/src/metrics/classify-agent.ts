/**
 * How a verified signature's family starts (`verified:<agent>`); no User-Agent family does.
 * Beside the User-Agent families, below both identification and the rate limit that key on it.
 */
export const VERIFIED_FAMILY_PREFIX = 'verified:';

/**
 * User-agent families the metrics count separately: AI crawlers and assistants, search engines,
 * and "browser"/"other". Matching is by product token (case-insensitive), checked in order, so
 * a more specific token (OAI-SearchBot) wins over a broader one. Nothing else of the request is
 * kept: no IPs, no full user-agent strings.
 */
export const AGENT_FAMILIES: readonly {
  family: string;
  pattern: RegExp;
  kind: 'ai' | 'search' | 'tool';
}[] = [
  { family: 'OAI-SearchBot', pattern: /OAI-SearchBot/i, kind: 'ai' },
  { family: 'ChatGPT-User', pattern: /ChatGPT-User/i, kind: 'ai' },
  { family: 'GPTBot', pattern: /GPTBot/i, kind: 'ai' },
  { family: 'Claude-User', pattern: /Claude-User/i, kind: 'ai' },
  { family: 'Claude-SearchBot', pattern: /Claude-SearchBot/i, kind: 'ai' },
  { family: 'ClaudeBot', pattern: /ClaudeBot|anthropic-ai/i, kind: 'ai' },
  { family: 'PerplexityBot', pattern: /Perplexity/i, kind: 'ai' },
  { family: 'Google-Extended', pattern: /Google-Extended/i, kind: 'ai' },
  { family: 'CCBot', pattern: /CCBot/i, kind: 'ai' },
  { family: 'Bytespider', pattern: /Bytespider/i, kind: 'ai' },
  { family: 'Amazonbot', pattern: /Amazonbot/i, kind: 'ai' },
  { family: 'Meta-ExternalAgent', pattern: /meta-external(agent|fetcher)/i, kind: 'ai' },
  { family: 'Applebot', pattern: /Applebot/i, kind: 'search' },
  { family: 'DuckAssistBot', pattern: /DuckAssistBot/i, kind: 'ai' },
  { family: 'MistralAI-User', pattern: /MistralAI-User/i, kind: 'ai' },
  { family: 'Googlebot', pattern: /Googlebot|Google-InspectionTool/i, kind: 'search' },
  { family: 'Bingbot', pattern: /bingbot|BingPreview/i, kind: 'search' },
  { family: 'DuckDuckBot', pattern: /DuckDuckBot/i, kind: 'search' },
  { family: 'YandexBot', pattern: /YandexBot/i, kind: 'search' },
  { family: 'agent-ready', pattern: /agent-ready/i, kind: 'tool' },
  { family: 'curl', pattern: /^curl\//i, kind: 'tool' },
];

const BROWSER = /Mozilla\/5\.0 .*(Chrome|Firefox|Safari|Edg)\//;

/** Agents send the same few User-Agent strings over and over: remember the answers (bounded). */
const recent = new Map<string, string>();
const RECENT_LIMIT = 512;

/** The family a request's User-Agent belongs to; `browser` or `other` when none matches. */
export function classifyAgent(userAgent: string | readonly string[] | undefined): string {
  const value = Array.isArray(userAgent) ? userAgent.join(' ') : userAgent;
  if (typeof value !== 'string' || value === '') return 'other';
  const known = recent.get(value);
  if (known !== undefined) return known;
  const text = value.length > 512 ? value.slice(0, 512) : value;
  let family = BROWSER.test(text) ? 'browser' : 'other';
  for (const candidate of AGENT_FAMILIES) {
    if (candidate.pattern.test(text)) {
      family = candidate.family;
      break;
    }
  }
  if (recent.size >= RECENT_LIMIT) recent.clear();
  if (value.length <= 512) recent.set(value, family);
  return family;
}
