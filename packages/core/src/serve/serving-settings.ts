import { z } from 'zod';
import type { PrepareDocumentOptions } from '../document/prepare-document';
import { policyOptionsSchema, type PolicyOptions } from '../tct/policy-options';
import { tctProfile, type TctProfile, type TctProfileName } from '../tct/tct-profile';
import { usagePreferencesSchema, type UsagePreferences } from '../usage/content-usage';
import type { AgentSiteOptions } from './agent-site-options';
import type { AgentEndpointsOptions } from './endpoint-context';
import { originOption, robotsTxtOptionsSchema } from './site-option-schemas';

/**
 * What site options become: the TCT profile a site is served in, the serving settings a writer
 * stores with its artifacts (and readers follow), the endpoints' settings and the document
 * preparation settings, each in one place for every adapter.
 */

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

/**
 * The TCT profile a site is served in (`tct.profile`, default `tct-1`): the one place site
 * options become a profile, for the rendering, the sitemap and the endpoints alike.
 */
export function siteTctProfile(options: Pick<AgentSiteOptions, 'tct'>): TctProfile {
  return tctProfile(options.tct?.profile ?? 'tct-1');
}

/**
 * What agents see of a site as a whole, decided by the process that writes its table: the
 * origin, M-URL form and TCT profile its rows were written with, the policy, the usage
 * preferences, the robots.txt rules and the llms.txt notice. The writer stores them with its
 * artifacts, so every process serving the table (a read-only Express site beside a Strapi that
 * writes) serves the same, not each its own options'.
 */
export interface ServingSettings {
  origin: string;
  mUrl?: { suffix: string };
  /** Absent for `tct-1`. */
  profile?: TctProfileName;
  policy?: PolicyOptions;
  usage?: UsagePreferences;
  robotsTxt?: { rules?: string; augment?: boolean };
  llmsTxtNotice?: false;
}

/** The serving settings site options describe (the writer's, stored with its artifacts). */
export function servingSettingsOf(options: AgentSiteOptions): ServingSettings {
  const profile = siteTctProfile(options).name;
  return {
    origin: options.site.origin,
    ...(options.mUrl?.suffix ? { mUrl: { suffix: options.mUrl.suffix } } : {}),
    ...(profile !== 'tct-1' ? { profile } : {}),
    ...(options.policy ? { policy: policyWithUsage(options.policy, options.usage) } : {}),
    ...(options.usage ? { usage: options.usage } : {}),
    ...(options.robotsTxt ? { robotsTxt: options.robotsTxt } : {}),
    ...(options.llmsTxt && options.llmsTxt.notice === false ? { llmsTxtNotice: false } : {}),
  };
}

const servingSettingsSchema = z
  .object({
    origin: originOption,
    mUrl: z.object({ suffix: z.string() }).strict().optional(),
    profile: z.literal('tct-03').optional(),
    policy: policyOptionsSchema.optional(),
    usage: usagePreferencesSchema.optional(),
    robotsTxt: robotsTxtOptionsSchema.optional(),
    llmsTxtNotice: z.literal(false).optional(),
  })
  .strict();

/**
 * Serving settings as a writer stored them (JSON), checked; undefined for anything else (a
 * writer of another version: the reader then serves its own options, and says so).
 */
export function readServingSettings(value: unknown): ServingSettings | undefined {
  const parsed = servingSettingsSchema.safeParse(value);
  return parsed.success ? (parsed.data as ServingSettings) : undefined;
}

/**
 * The endpoint settings of a site: what agents see site-wide from `serving` (the site's own by
 * default; a read-only process passes the writer's, as stored), what this process decides
 * from its own options (which responses go through its access hook, whether it serves stats).
 */
export function endpointOptionsFor(
  options: AgentSiteOptions,
  serving: ServingSettings = servingSettingsOf(options),
): AgentEndpointsOptions {
  const { profile, ...settings } = serving;
  return {
    ...settings,
    profile: tctProfile(profile ?? 'tct-1'),
    ...(options.protect ? { protect: options.protect } : {}),
    ...(options.metrics && options.metrics.enabled !== false && options.metrics.stats
      ? { stats: options.metrics.stats }
      : {}),
  };
}

/** The document preparation settings implied by site options (shared by every adapter). */
export function prepareOptionsFor(options: AgentSiteOptions): PrepareDocumentOptions {
  return {
    origin: options.site.origin,
    profile: siteTctProfile(options),
    ...(options.site.language ? { language: options.site.language } : {}),
    ...(options.mUrl?.suffix ? { mUrl: { suffix: options.mUrl.suffix } } : {}),
    ...(options.maxDocumentBytes ? { maxDocumentBytes: options.maxDocumentBytes } : {}),
  };
}
