import type { AgentPathOptions } from './families/endpoint-family';
import { ENDPOINT_FAMILIES } from './families/registry';
import { normalizeRequestPath } from './normalize-request-path';

export type { AgentPathOptions };
export { DEFAULT_SCP_BASE_PATH } from './families/scp';

/**
 * Whether a request path is one the agent side (the Strapi plugin or `@agent-ready/express`)
 * answers, so a front-end in front of it (Next.js, Nuxt…) passes it through untouched: M-URLs,
 * Markdown twins (any `*.md`), the JSON sitemap with its shards and index, the change feed, the
 * policy, the stats, llms.txt files (per locale and split), SCP collections, llmindex, and
 * `/robots.txt` when the CMS serves it (`robotsTxt` set without `augment`: Strapi's own
 * `public/robots.txt` with the plugin's lines added). Paths of features a
 * site leaves off match too: the CMS answers them 404, as the front-end would have.
 *
 * The path is compared in the form the endpoints look it up in (percent-encoding normalized), so
 * `/a/llm%2Ejson` is an M-URL here as it is there. Any query is ignored.
 */
export function isAgentPath(path: string, options: AgentPathOptions = {}): boolean {
  const normalized = normalizeRequestPath(path);
  // A malformed target still goes to the CMS when it looks like an agent path: it answers 400/404.
  const candidate = normalized.ok ? normalized.path : path.replace(/[?#].*$/s, '');
  return ENDPOINT_FAMILIES.some((family) => family.claims(candidate, options));
}
