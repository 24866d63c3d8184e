import type { ContentUsageRule } from './header-policy';

/**
 * The headers of answers that are no one family's own: errors (the same bytes from every family
 * and adapter), a redirect, an answer the app's access check let through, the app's pages that
 * agent-ready decorates, and the Strapi plugin's agent index at `/`. Declared here, beside the
 * families' policies, and listed in the same docs table.
 */
export interface AnswerPolicy {
  /** What the docs table calls it. */
  label: string;
  /** Absent: agent-ready sets none (the app's own stays). */
  cacheControl?: string;
  /** Absent: none. */
  vary?: string;
  /** `family`: as the family that answered says. */
  contentUsage: ContentUsageRule | 'family';
}

const NO_CONTENT: ContentUsageRule = {
  applies: false,
  because: 'no content of the site: nothing to train on or index',
};

/**
 * Errors by status. A 401, a 429 or a 503 is never reused (a signature is about one request; a
 * rate limit is about one client; the store is back in seconds; `Retry-After` says when); the
 * others revalidate every time (a 404 becomes a 200 once published).
 */
export const ERROR_ANSWERS = {
  400: { label: '400 Bad Request', cacheControl: 'no-cache', contentUsage: NO_CONTENT },
  401: { label: '401 Signature not verified', cacheControl: 'no-store', contentUsage: NO_CONTENT },
  404: {
    label: '404 Not Found (absent, or unpublished)',
    cacheControl: 'no-cache',
    contentUsage: NO_CONTENT,
  },
  406: {
    label: '406 Not Acceptable',
    cacheControl: 'no-cache',
    vary: '`Accept-Encoding` (SCP, TCT -03: the coding was negotiated)',
    contentUsage: NO_CONTENT,
  },
  410: {
    label: '410 Gone (deleted: a tombstone)',
    cacheControl: 'no-cache',
    contentUsage: NO_CONTENT,
  },
  429: {
    label: "429 Too Many Requests (`rateLimit`: the client's budget is spent; `Retry-After`)",
    cacheControl: 'no-store',
    contentUsage: NO_CONTENT,
  },
  503: {
    label: '503 Service Unavailable (`Retry-After: 5`)',
    cacheControl: 'no-store',
    contentUsage: NO_CONTENT,
  },
} as const satisfies Record<number, AnswerPolicy>;

/** The change feed's cursor problems (400, 410 as JSON): about one cursor, never reused. */
export const PROBLEM_ANSWER = {
  label: "400/410 JSON problem (the change feed's `invalid-cursor`, `cursor-expired`)",
  cacheControl: 'no-store',
  contentUsage: NO_CONTENT,
} as const satisfies AnswerPolicy;

/** `/a/index.html` sent to its page (`301`): the page's URL form does not change. */
export const REDIRECT_ANSWER = {
  label: "301 to a page (`/a/index.html` → `/a/`, the twins' page form)",
  cacheControl: 'public, max-age=3600',
  contentUsage: NO_CONTENT,
} as const satisfies AnswerPolicy;

/**
 * Whatever the app's access check let through (`protect`, protected documents, protected
 * stats): for this requester only, so no shared cache keeps it.
 */
export const AUTHORIZED_ANSWER = {
  label: "any family's answer after the app's access check let it through",
  cacheControl: 'private, no-cache',
  vary: "the family's",
  contentUsage: 'family',
} as const satisfies AnswerPolicy;

/**
 * An app's HTML page that agent-ready decorates (its links, its Content-Usage, and `Vary:
 * Accept` when it has a Markdown twin, since its URL is then negotiated); its caching is the
 * app's.
 */
export const DECORATED_PAGE = {
  label: "an app's page, decorated (Express, the Strapi root)",
  vary: '`Accept` (when the page has a Markdown twin)',
  contentUsage: { applies: 'document' },
} as const satisfies AnswerPolicy;

/** The Strapi plugin's small HTML index at `/` when Strapi serves nothing there. */
export const AGENT_INDEX_PAGE = {
  label: "the Strapi plugin's agent index at `/` (`rootPage: 'agent-index'`)",
  cacheControl: 'no-cache',
  vary: '`Accept` (when it has a Markdown twin)',
  contentUsage: { applies: 'document' },
} as const satisfies AnswerPolicy;

/** Every answer above, in the order the docs table lists them. */
export const ANSWER_POLICIES: readonly AnswerPolicy[] = [
  ...Object.values(ERROR_ANSWERS),
  PROBLEM_ANSWER,
  REDIRECT_ANSWER,
  AUTHORIZED_ANSWER,
  DECORATED_PAGE,
  AGENT_INDEX_PAGE,
];
