import type { PrepareDocumentOptions } from '../document/prepare-document';
import { OptionsValidationError, ValidationError, type OptionProblem } from '../errors';
import type { AgentEndpointsOptions } from './endpoint-context';
import { validateUsagePreferences, type UsagePreferences } from '../usage/content-usage';
import type { PolicyOptions } from '../tct/build-policy';
import { isHttpUrl, normalizeUri } from '../uri';
import { isLanguageTag } from '../text/language-tag';

/**
 * Everything a publisher configures, shared by the Express middleware and the Strapi plugin.
 * `validateAgentSiteOptions` checks it once at start-up and names every bad key.
 */
export interface AgentSiteOptions {
  site: {
    /** Public origin, e.g. `https://example.com`: every emitted URL is built on it. */
    origin: string;
    name: string;
    /** BCP 47 language of documents that carry none. */
    language?: string;
    /** One-sentence summary: llms.txt blockquote, llmindex topics fallback. */
    summary?: string;
    /** Markdown prose for llms.txt between the summary and the sections. */
    details?: string;
    /** Path of the stable overview document (home or about), listed first in the sitemap. */
    overviewPath?: string;
  };
  mUrl?: { suffix?: string };
  /** JSON sitemap items per shard: 1,000 by default (docs/protocols.md#tct-sitemap). */
  sitemap?: { maxItemsPerShard?: number };
  /** `/llm-policy.json`; off when absent or false. */
  policy?: PolicyOptions | false;
  llmsTxt?: LlmsTxtSiteOptions | false;
  llmindex?: LlmindexSiteOptions | false;
  scp?: ScpSiteOptions | false;
  /** Which responses pass the app's access hook first (see AgentEndpointsOptions). */
  protect?: 'protected-documents' | 'all';
  /**
   * AI usage preferences (IETF AIPREF terms `train-ai` and `search`): the `Content-Usage` header on
   * pages and agent endpoints, `Content-Usage:`/`Content-Signal:` lines in the served robots.txt,
   * and the TCT policy's purposes. Documents may override it (`AgentDocument.usage`).
   */
  usage?: UsagePreferences;
  /**
   * Web Bot Auth: verify agents' HTTP Message Signatures against their published key directories.
   * A verified identity labels the metrics; content is never gated unless `gate` is true (then a
   * request whose signature fails verification gets 401 on agent endpoints).
   */
  botAuth?: { enabled?: boolean; gate?: boolean; allowHttpDirectories?: boolean } | false;
  /** Serve `/robots.txt`: your rules unchanged plus `Sitemap:` lines for the agent sitemaps. */
  robotsTxt?: { rules?: string; augment?: boolean } | false;
  /**
   * Aggregate serving metrics (per endpoint kind and agent family, per day): counted in memory,
   * flushed to the database every `flushIntervalMs` (default 30 s). `stats` serves them at
   * /llm-stats.json (`public`, or `protected` behind the access hook). Off unless enabled.
   */
  metrics?:
    { enabled?: boolean; stats?: 'public' | 'protected' | false; flushIntervalMs?: number } | false;
  /** Largest M-URL body accepted, in bytes (default 5 MiB). */
  maxDocumentBytes?: number;
}

export interface LlmsTxtSiteOptions {
  /** Also serve `/llms-full.txt` (every document's Markdown). Default true. */
  full?: boolean;
  /** Section keys in output order, and their H2 titles. */
  sections?: { order?: string[]; titles?: Record<string, string> };
  /** Link items to Markdown twins (default) or to the pages. */
  linkTarget?: 'markdown' | 'page';
  /** Offer templates a short visible pointer to llms.txt (`res.locals.agentReady.llmsTxtNotice`). Default true. */
  notice?: boolean;
  /** Above this many characters llms.txt is split into one file per section, with an index (default 50,000). */
  maxCharacters?: number;
  /**
   * A site with more documents than this (by row id) lists them in parts of this many,
   * `/llms-1.txt`, `/llms-2.txt`…, under an index at `/llms.txt`: a document keeps its part, so
   * a burst rewrites only the parts it touched and the index (default 500, about the size
   * `maxCharacters` allows).
   */
  itemsPerPart?: number;
  /**
   * llms-full.txt (the whole site's Markdown) is rebuilt once this many documents changed since
   * it (default 1,000), and at every burst while the site has no more documents than that.
   */
  fullAfterChanges?: number;
  /** llms-full.txt with changes since it is rebuilt after this long anyway (default one day). */
  fullIntervalMs?: number;
}

export interface LlmindexSiteOptions {
  topics: string[];
  /** SPDX id or URL. */
  license?: string;
  /** Ownership proof (§6): `value` is the exact body of /.well-known/llmindex-proof.txt. */
  verify?: { method: 'dns_txt' | 'http_file'; value: string };
  /** Private Ed25519 JWK (with `kid`): the manifest is signed and the JWKS published. */
  signingKey?: object;
}

export interface ScpSiteOptions {
  /** Where collections are served; default `/scp`. */
  basePath?: string;
  /** Delta granularity; default `daily`. */
  deltaPeriod?: 'hourly' | 'daily';
  /** How many past delta periods stay available; default 7. */
  deltaRetention?: number;
  /**
   * A delta part is sealed once it holds this many pages (default 1,000) and the next changes
   * start a new part, so a burst never rewrites more than about this many pages of deltas.
   */
  deltaPartPages?: number;
  /**
   * A section's snapshot is rebuilt once this many of its documents changed since (default
   * 1,000), and at every burst while it holds no more pages than that; deltas follow every burst.
   */
  snapshotAfterChanges?: number;
  /** A snapshot with changes since it is rebuilt after this long anyway (default one day). */
  snapshotIntervalMs?: number;
}

const PATH = /^\/(?:[A-Za-z0-9._~!$&'()*+,;=:@%-]+\/?)*$/;

type Problem = OptionProblem;

/** The top-level keys of `AgentSiteOptions`. */
export const AGENT_SITE_OPTION_KEYS = [
  'site',
  'mUrl',
  'sitemap',
  'policy',
  'llmsTxt',
  'llmindex',
  'scp',
  'protect',
  'usage',
  'botAuth',
  'robotsTxt',
  'metrics',
  'maxDocumentBytes',
] as const satisfies readonly (keyof AgentSiteOptions)[];
// A new site option not listed above fails type-checking here.
const EVERY_SITE_KEY_LISTED: [
  Exclude<keyof AgentSiteOptions, (typeof AGENT_SITE_OPTION_KEYS)[number]>,
] extends [never]
  ? true
  : never = true;
void EVERY_SITE_KEY_LISTED;

/** Levenshtein distance, case-insensitive: how far a typo is from a key. */
function editDistance(a: string, b: string): number {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++)
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[y.length]!;
}

/** "unknown option; did you mean llmsTxt?" when a known key is close enough to be the intent. */
export function unknownOptionMessage(key: string, known: readonly string[]): string {
  const [closest] = [...known].sort((a, b) => editDistance(key, a) - editDistance(key, b));
  return closest !== undefined && editDistance(key, closest) <= Math.max(2, closest.length / 3)
    ? `unknown option; did you mean ${closest}?`
    : `unknown option (known: ${known.join(', ')})`;
}

export interface ValidateAgentSiteOptionsSettings {
  /**
   * Refuse top-level keys that are neither site options nor one of these (the adapter's own),
   * naming the closest known key. Without it, unknown keys are left to the caller.
   */
  adapterKeys?: readonly string[];
}

/** Validates options, returning them with the origin normalized; throws naming every problem. */
export function validateAgentSiteOptions(
  input: unknown,
  settings: ValidateAgentSiteOptionsSettings = {},
): AgentSiteOptions {
  const problems: Problem[] = [];
  const add = (field: string, message: string, value?: unknown) =>
    problems.push({ field, message, value });
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(input)) {
    throw new ValidationError('options.type', 'options must be an object', {
      field: '',
      value: input,
    });
  }
  if (settings.adapterKeys) {
    const known: readonly string[] = [...AGENT_SITE_OPTION_KEYS, ...settings.adapterKeys];
    for (const key of Object.keys(input))
      if (!known.includes(key)) add(key, unknownOptionMessage(key, known), input[key]);
  }
  const site = input.site;
  if (!isObject(site)) add('site', 'is required: { origin, name }');
  else {
    if (typeof site.origin !== 'string' || !isHttpUrl(site.origin)) {
      add(
        'site.origin',
        'must be an absolute http(s) URL such as https://example.com',
        site.origin,
      );
    } else if (!/^https?:\/\/[^/]+\/?$/.test(normalizeUri(site.origin))) {
      add('site.origin', 'must be an origin without a path', site.origin);
    }
    if (typeof site.name !== 'string' || site.name.trim() === '')
      add('site.name', 'must be a non-empty string', site.name);
    if (
      site.language !== undefined &&
      (typeof site.language !== 'string' || !isLanguageTag(site.language))
    ) {
      add('site.language', 'must be a BCP 47 tag such as en or pt-BR', site.language);
    }
    for (const key of ['summary', 'details'] as const) {
      if (site[key] !== undefined && typeof site[key] !== 'string')
        add(`site.${key}`, 'must be a string', site[key]);
    }
    if (
      site.overviewPath !== undefined &&
      (typeof site.overviewPath !== 'string' || !PATH.test(site.overviewPath))
    ) {
      add('site.overviewPath', 'must be a path starting with /', site.overviewPath);
    }
  }
  if (input.mUrl !== undefined) {
    const suffix = isObject(input.mUrl) ? input.mUrl.suffix : undefined;
    if (
      !isObject(input.mUrl) ||
      (suffix !== undefined &&
        (typeof suffix !== 'string' ||
          !/^[A-Za-z0-9._~-]+\/?$/.test(suffix) ||
          /^\.+\/?$/.test(suffix)))
    ) {
      add('mUrl.suffix', 'must be one path segment such as llm.json or llm/', suffix);
    }
  }
  if (input.sitemap !== undefined) {
    const max = isObject(input.sitemap) ? input.sitemap.maxItemsPerShard : undefined;
    if (
      !isObject(input.sitemap) ||
      (max !== undefined &&
        !(Number.isInteger(max) && (max as number) > 0 && (max as number) <= 50_000))
    ) {
      add('sitemap.maxItemsPerShard', 'must be an integer from 1 to 50,000', max);
    }
  }
  for (const key of ['policy', 'llmsTxt', 'llmindex', 'scp'] as const) {
    const value = input[key];
    if (value !== undefined && value !== false && !isObject(value))
      add(key, 'must be an object or false', value);
  }
  if (isObject(input.policy) && typeof input.policy.effective !== 'string') {
    add('policy.effective', 'is required (RFC 3339 date-time)', input.policy.effective);
  }
  if (isObject(input.llmsTxt)) {
    const { linkTarget, full, fullAfterChanges, fullIntervalMs, itemsPerPart } = input.llmsTxt;
    if (
      itemsPerPart !== undefined &&
      !(Number.isSafeInteger(itemsPerPart) && (itemsPerPart as number) >= 2)
    ) {
      add('llmsTxt.itemsPerPart', 'must be an integer of at least 2', itemsPerPart);
    }
    if (
      fullAfterChanges !== undefined &&
      !(Number.isSafeInteger(fullAfterChanges) && (fullAfterChanges as number) >= 1)
    ) {
      add('llmsTxt.fullAfterChanges', 'must be a positive integer', fullAfterChanges);
    }
    if (
      fullIntervalMs !== undefined &&
      !(Number.isSafeInteger(fullIntervalMs) && (fullIntervalMs as number) >= 1000)
    ) {
      add('llmsTxt.fullIntervalMs', 'must be at least 1000 (milliseconds)', fullIntervalMs);
    }
    if (linkTarget !== undefined && linkTarget !== 'markdown' && linkTarget !== 'page') {
      add('llmsTxt.linkTarget', 'must be markdown or page', linkTarget);
    }
    if (full !== undefined && typeof full !== 'boolean')
      add('llmsTxt.full', 'must be true or false', full);
  }
  if (isObject(input.llmindex)) {
    const { topics, verify, signingKey } = input.llmindex;
    if (isObject(site) && typeof site.origin === 'string' && !/^https:/i.test(site.origin)) {
      add(
        'llmindex',
        'needs an https site.origin (llmindex §3: entity.canonical_url is https)',
        site.origin,
      );
    }
    if (
      !Array.isArray(topics) ||
      topics.length === 0 ||
      topics.some((t) => typeof t !== 'string' || t.trim() === '')
    ) {
      add('llmindex.topics', 'must be a non-empty list of strings', topics);
    }
    if (verify !== undefined) {
      if (
        !isObject(verify) ||
        (verify.method !== 'dns_txt' && verify.method !== 'http_file') ||
        typeof verify.value !== 'string' ||
        verify.value.trim() === ''
      ) {
        add(
          'llmindex.verify',
          'must be { method: dns_txt | http_file, value: non-empty string }',
          verify,
        );
      }
    }
    if (
      signingKey !== undefined &&
      (!isObject(signingKey) ||
        signingKey.kty !== 'OKP' ||
        signingKey.crv !== 'Ed25519' ||
        typeof signingKey.d !== 'string')
    ) {
      add(
        'llmindex.signingKey',
        'must be a private Ed25519 JWK (kty OKP, crv Ed25519, d)',
        '[key]',
      );
    }
  }
  if (isObject(input.scp)) {
    const {
      basePath,
      deltaPeriod,
      deltaRetention,
      deltaPartPages,
      snapshotAfterChanges,
      snapshotIntervalMs,
    } = input.scp;
    if (
      deltaPartPages !== undefined &&
      !(Number.isSafeInteger(deltaPartPages) && (deltaPartPages as number) >= 1)
    ) {
      add('scp.deltaPartPages', 'must be a positive integer', deltaPartPages);
    }
    if (
      snapshotAfterChanges !== undefined &&
      !(Number.isSafeInteger(snapshotAfterChanges) && (snapshotAfterChanges as number) >= 1)
    ) {
      add('scp.snapshotAfterChanges', 'must be a positive integer', snapshotAfterChanges);
    }
    if (
      snapshotIntervalMs !== undefined &&
      !(Number.isSafeInteger(snapshotIntervalMs) && (snapshotIntervalMs as number) >= 1000)
    ) {
      add('scp.snapshotIntervalMs', 'must be at least 1000 (milliseconds)', snapshotIntervalMs);
    }
    if (
      basePath !== undefined &&
      (typeof basePath !== 'string' || !PATH.test(basePath) || basePath === '/')
    ) {
      add('scp.basePath', 'must be a path such as /scp', basePath);
    }
    if (deltaPeriod !== undefined && deltaPeriod !== 'hourly' && deltaPeriod !== 'daily') {
      add('scp.deltaPeriod', 'must be hourly or daily', deltaPeriod);
    }
    if (
      deltaRetention !== undefined &&
      !(
        Number.isInteger(deltaRetention) &&
        (deltaRetention as number) >= 1 &&
        (deltaRetention as number) <= 1000
      )
    ) {
      add('scp.deltaRetention', 'must be an integer from 1 to 1000', deltaRetention);
    }
  }
  if (input.usage !== undefined) {
    try {
      validateUsagePreferences(input.usage);
    } catch (error) {
      add((error as ValidationError).field ?? 'usage', (error as Error).message, input.usage);
    }
  }
  if (input.robotsTxt !== undefined && input.robotsTxt !== false) {
    const robots = input.robotsTxt;
    if (
      !isObject(robots) ||
      (robots.rules !== undefined && typeof robots.rules !== 'string') ||
      (robots.augment !== undefined && typeof robots.augment !== 'boolean')
    ) {
      add('robotsTxt', 'must be { rules?: string, augment?: boolean } or false', robots);
    }
  }
  if (input.botAuth !== undefined && input.botAuth !== false) {
    const bot = input.botAuth;
    if (!isObject(bot) || Object.values(bot).some((v) => typeof v !== 'boolean')) {
      add(
        'botAuth',
        'must be { enabled?, gate?, allowHttpDirectories? } with true/false values, or false',
        bot,
      );
    }
  }
  if (isObject(input.metrics)) {
    const { enabled, stats, flushIntervalMs } = input.metrics;
    if (enabled !== undefined && typeof enabled !== 'boolean')
      add('metrics.enabled', 'must be true or false', enabled);
    if (stats !== undefined && stats !== false && stats !== 'public' && stats !== 'protected') {
      add('metrics.stats', 'must be public, protected or false', stats);
    }
    if (
      flushIntervalMs !== undefined &&
      !(Number.isInteger(flushIntervalMs) && (flushIntervalMs as number) >= 100)
    ) {
      add('metrics.flushIntervalMs', 'must be an integer of at least 100 (ms)', flushIntervalMs);
    }
  } else if (input.metrics !== undefined && input.metrics !== false) {
    add('metrics', 'must be an object or false', input.metrics);
  }
  if (
    input.protect !== undefined &&
    input.protect !== 'protected-documents' &&
    input.protect !== 'all'
  ) {
    add('protect', 'must be protected-documents or all', input.protect);
  }
  if (
    input.maxDocumentBytes !== undefined &&
    !(Number.isInteger(input.maxDocumentBytes) && (input.maxDocumentBytes as number) > 0)
  ) {
    add('maxDocumentBytes', 'must be a positive integer', input.maxDocumentBytes);
  }
  if (problems.length > 0) throw new OptionsValidationError(problems);
  const options = input as unknown as AgentSiteOptions;
  return {
    ...options,
    site: { ...options.site, origin: normalizeUri(options.site.origin).replace(/\/$/, '') },
  };
}

/** The policy's purposes follow the usage preferences unless the policy states them itself. */
function policyWithUsage(
  policy: PolicyOptions,
  usage: UsagePreferences | undefined,
): PolicyOptions {
  if (!usage) return policy;
  return {
    ...policy,
    purposes: {
      ...(usage.trainAi !== undefined ? { aiTrain: usage.trainAi } : {}),
      ...(usage.search !== undefined ? { searchIndexing: usage.search } : {}),
      ...policy.purposes,
    },
  };
}

/** The endpoint settings implied by site options (shared by every adapter). */
export function endpointOptionsFor(options: AgentSiteOptions): AgentEndpointsOptions {
  return {
    origin: options.site.origin,
    ...(options.mUrl?.suffix ? { mUrl: { suffix: options.mUrl.suffix } } : {}),
    ...(options.policy ? { policy: policyWithUsage(options.policy, options.usage) } : {}),
    ...(options.usage ? { usage: options.usage } : {}),
    ...(options.protect ? { protect: options.protect } : {}),
    ...(options.robotsTxt ? { robotsTxt: options.robotsTxt } : {}),
    ...(options.llmsTxt && options.llmsTxt.notice === false ? { llmsTxtNotice: false } : {}),
    ...(options.metrics && options.metrics.enabled !== false && options.metrics.stats
      ? { stats: options.metrics.stats }
      : {}),
  };
}

/** The document preparation settings implied by site options (shared by every adapter). */
export function prepareOptionsFor(options: AgentSiteOptions): PrepareDocumentOptions {
  return {
    origin: options.site.origin,
    ...(options.site.language ? { language: options.site.language } : {}),
    ...(options.mUrl?.suffix ? { mUrl: { suffix: options.mUrl.suffix } } : {}),
    ...(options.maxDocumentBytes ? { maxDocumentBytes: options.maxDocumentBytes } : {}),
  };
}
