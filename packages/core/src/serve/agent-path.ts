import type { AgentSiteOptions } from './agent-site-options';
import { CHANGES_PATH } from './change-feed';
import { POLICY_PATH } from './serve-policy';
import { STATS_PATH } from './serve-stats';
import { normalizeRequestPath } from './normalize-request-path';
import {
  LLMINDEX_KEYS_PATH,
  LLMINDEX_MANIFEST_PATH,
  LLMINDEX_PROOF_PATH,
} from '../llmindex/llmindex-types';
import { DEFAULT_M_URL_SCHEME } from '../tct/m-url-path';

/**
 * The site options that change where agent endpoints are: the M-URL suffix, the SCP base path
 * (or `scp: false`), and whether the CMS serves `/robots.txt`. The plugin's own options object
 * fits as it is.
 */
export type AgentPathOptions = Pick<AgentSiteOptions, 'mUrl' | 'scp' | 'robotsTxt'>;

export const DEFAULT_SCP_BASE_PATH = '/scp';

/** Files at fixed paths: the change feed, the policy, the stats, llmindex's well-known files. */
const FIXED_PATHS = new Set([
  CHANGES_PATH,
  POLICY_PATH,
  STATS_PATH,
  LLMINDEX_MANIFEST_PATH,
  LLMINDEX_KEYS_PATH,
  LLMINDEX_PROOF_PATH,
]);
/** `/llm-sitemap.json`, its shards `/llm-sitemap-2.json`… and their index `/llm-sitemap-index.json`. */
const SITEMAP_DOCUMENT = /^\/llm-sitemap(?:-[0-9]+|-index)?\.json$/;
/**
 * llms.txt files at any depth: a locale's sit under its path (`/de/llms.txt`), a split file's
 * sections beside it (`/llms/docs.txt`, `/de/llms/docs.txt`), and a big site's parts too
 * (`/llms-2.txt`, `/de/llms-2.txt`).
 */
const LLMS_TXT_FILE = /\/llms(?:-full|-[1-9][0-9]*)?\.txt$|\/llms\/[^/]+\.txt$/;
/** llmindex's Markdown pages and product feed. */
const LLMINDEX_PAGES = '/llm/';

/**
 * Whether a request path is one the agent side (the Strapi plugin or `@agent-ready/express`)
 * answers, so a front-end in front of it (Next.js, Nuxt…) passes it through untouched: M-URLs,
 * Markdown twins (any `*.md`), the JSON sitemap with its shards and index, the change feed, the
 * policy, the stats, llms.txt files (per locale and split), SCP collections, llmindex, and
 * `/robots.txt` when the CMS serves it (`robotsTxt` set without `augment`). Paths of features a
 * site leaves off match too: the CMS answers them 404, as the front-end would have.
 *
 * The path is compared in the form the endpoints look it up in (percent-encoding normalized), so
 * `/a/llm%2Ejson` is an M-URL here as it is there. Any query is ignored.
 */
export function isAgentPath(path: string, options: AgentPathOptions = {}): boolean {
  const normalized = normalizeRequestPath(path);
  // A malformed target still goes to the CMS when it looks like an agent path: it answers 400/404.
  const candidate = normalized.ok ? normalized.path : path.replace(/[?#].*$/s, '');
  const mUrlSuffix = `/${options.mUrl?.suffix ?? DEFAULT_M_URL_SCHEME.suffix}`;
  if (candidate.endsWith(mUrlSuffix) || candidate.endsWith('.md')) return true;
  if (FIXED_PATHS.has(candidate) || SITEMAP_DOCUMENT.test(candidate)) return true;
  if (LLMS_TXT_FILE.test(candidate) || candidate.startsWith(LLMINDEX_PAGES)) return true;
  if (options.scp !== false) {
    const scpBase = (options.scp?.basePath ?? DEFAULT_SCP_BASE_PATH).replace(/\/$/, '');
    if (candidate === scpBase || candidate.startsWith(`${scpBase}/`)) return true;
  }
  return Boolean(options.robotsTxt && !options.robotsTxt.augment && candidate === '/robots.txt');
}
