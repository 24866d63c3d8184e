import { z } from 'zod';
import { documented, integerOption, offOr, oneOf, optionsObject } from '../options/option-schemas';
import { parseOptions } from '../options/parse-options';
import { policyOptionsSchema } from '../tct/policy-options';
import {
  isTctProfileName,
  TCT_03,
  TCT_PROFILES,
  tctProfile,
  type TctProfileName,
} from '../tct/tct-profile';
import { usagePreferencesSchema } from '../usage/content-usage';
import {
  botAuthOptionsSchema,
  isObject,
  llmindexOptionsSchema,
  llmsTxtOptionsSchema,
  metricsOptionsSchema,
  positiveInteger,
  robotsTxtOptionsSchema,
  mcpOptionsSchema,
  rateLimitOptionsSchema,
  scpOptionsSchema,
  siteOptionsSchema,
} from './site-option-schemas';

/** Draft -03's cap on the items of one M-Sitemap document. */
const TCT_03_SHARD_CAP = TCT_03.limits.maxSitemapItems!;

/**
 * The options object itself, without the rules that span options: adapters extend it with
 * their own options, then add those rules with `withSiteOptionRules`.
 */
export const agentSiteOptionsObject = optionsObject(
  {
    site: documented(siteOptionsSchema, {
      description:
        '`{ origin, name, language?, summary?, details?, overviewPath? }`: the public origin every URL is built on, and what llms.txt says about the site.',
    }),
    mUrl: documented(
      optionsObject({
        suffix: documented(
          z
            .string({ error: 'must be one path segment such as llm.json or llm/' })
            .refine((suffix) => /^[A-Za-z0-9._~-]+\/?$/.test(suffix) && !/^\.+\/?$/.test(suffix), {
              error: 'must be one path segment such as llm.json or llm/',
            })
            .optional(),
          {
            description: 'Last path segment of M-URLs (`llm.json`, or `llm/` for `/page/llm/`).',
            default: '`llm.json`',
          },
        ),
      }).optional(),
      {
        description: "Where each page's M-URL lives: `{ suffix }`.",
        default: "`{ suffix: 'llm.json' }`",
      },
    ),
    tct: documented(
      optionsObject({
        profile: documented(
          oneOf(Object.keys(TCT_PROFILES) as [TctProfileName, ...TctProfileName[]]).optional(),
          {
            description:
              "The TCT wire profile: `'tct-1'` (drafts -00/-01) or `'tct-03'` (draft -03: full-URI profiles, no `hash` member, sitemap version 2, `Content-Type: application/json`, 406 when identity is refused). A change re-renders every document.",
            default: "`'tct-1'`",
          },
        ),
      }).optional(),
      {
        description:
          "`{ profile: 'tct-1' | 'tct-03' }`: the TCT wire profile of M-URLs and the JSON sitemap, drafts -00/-01 or draft -03 (docs/protocols.md); a change re-renders every document.",
        default: "`{ profile: 'tct-1' }`",
      },
    ),
    sitemap: documented(
      optionsObject({
        maxItemsPerShard: documented(
          integerOption('must be an integer from 1 to 50,000', 1, 50_000).optional(),
          {
            description:
              "Sitemap shard size (at most 50,000; 10,000 under `tct.profile: 'tct-03'`).",
            default: '500',
          },
        ),
      }).optional(),
      {
        description: 'The JSON sitemap: `{ maxItemsPerShard }`.',
        default: '500 items per shard',
      },
    ),
    policy: documented(offOr(policyOptionsSchema).optional(), {
      description:
        'The `tct-policy-1` descriptor at `/llm-policy.json`: `{ effective, urls?, purposes?, requirements?, rateHints? }`.',
      default: 'off',
    }),
    llmsTxt: documented(offOr(llmsTxtOptionsSchema).optional(), {
      description:
        '`{ notice?, itemsPerPart?, fullAfterChanges?, fullIntervalMs?, … }`: llms.txt (split per section past 50,000 characters, in parts of 500 documents on bigger sites) and llms-full.txt (rebuilt after 1,000 changes or a day); `false` turns them off.',
      default: 'on',
    }),
    llmindex: documented(offOr(llmindexOptionsSchema).optional(), {
      description:
        '`{ topics, license?, verify?, signingKey? }`: `/.well-known/llmindex.json` and its pages; needs an https origin.',
      default: 'off',
    }),
    scp: documented(offOr(scpOptionsSchema).optional(), {
      description:
        "`{ basePath?, deltaPeriod?, deltaRetention?, deltaPartPages?, snapshotAfterChanges?, snapshotIntervalMs? }`: SCP collections; deltas follow every burst in parts of 1,000 pages, a section's snapshot after 1,000 changes or a day; `false` turns them off.",
      default: 'on',
    }),
    protect: documented(oneOf(['protected-documents', 'all']).optional(), {
      description:
        "Which responses pass the app's access check first: `protected-documents` (documents marked protected, never listed) or `all` (every agent endpoint).",
      default: 'none',
    }),
    usage: documented(usagePreferencesSchema.optional(), {
      description:
        "AI usage preferences `{ trainAi?, search? }`: the `Content-Usage` header on pages and agent endpoints, `Content-Usage:`/`Content-Signal:` lines in the served robots.txt, the policy's purposes.",
      default: 'none',
    }),
    botAuth: documented(
      offOr(
        botAuthOptionsSchema,
        'must be { enabled?, gate?, allowHttpDirectories? } with true/false values, or false',
      ).optional(),
      {
        description:
          "Web Bot Auth `{ enabled?, gate?, allowHttpDirectories? }`: a verified agent labels the metrics (`verified:<host>`); `gate: true` answers 401 to a failing signature on what agent-ready serves (agent endpoints, Markdown twins); the site's own pages are never gated.",
        default: 'off',
      },
    ),
    robotsTxt: documented(
      offOr(
        robotsTxtOptionsSchema,
        'must be { rules?: string, augment?: boolean } or false',
      ).optional(),
      {
        description:
          "`{ rules? }`: add to `/robots.txt`: the app's own robots.txt (its static file or route) stays first as written, `rules` are merged into its groups (one group per set of agents), the `usage` rules go into its `User-agent: *` group, the agent sitemaps become `Sitemap:` lines; when the app has none, `rules` and those lines alone.",
        default: 'off',
      },
    ),
    metrics: documented(offOr(metricsOptionsSchema).optional(), {
      description:
        "`{ enabled?, stats?: 'public' | 'protected', flushIntervalMs? }`: count agent requests (per day, endpoint kind and agent family; no IP, no per-request row) in memory, written every 30 s and at shutdown; `stats` serves them at `/llm-stats.json`.",
      default: 'off',
    }),
    mcp: documented(offOr(mcpOptionsSchema).optional(), {
      description:
        "`{ enabled?, path?, allowedOrigins? }`: the site's published documents as a read-only MCP server (search and fetch tools, documents as resources, change notifications) at `/mcp`, stateless Streamable HTTP (docs/mcp.md).",
      default: 'off',
    }),
    rateLimit: documented(
      offOr(
        rateLimitOptionsSchema,
        'must be { requests, perSeconds, key? } with positive integers, or false',
      ).optional(),
      {
        description:
          "`{ requests, perSeconds, key? }`: one budget per client over every agent endpoint and MCP; past it, 429 with `Retry-After` (MCP: a JSON-RPC error). 304 answers are free. Counted in this process's memory: each instance keeps its own budgets (docs/mcp.md, Safety).",
        default: 'off',
      },
    ),
    maxDocumentBytes: documented(positiveInteger().optional(), {
      description: 'Largest M-URL body, in bytes; a bigger document is refused, never served.',
      default: '5 MiB',
    }),
  },
  'options must be an object',
);

/** Whether the sitemap shard size fits the profile's cap (-03: 10,000 items a document). */
function shardFitsProfile(options: unknown): boolean {
  if (!isObject(options) || !isObject(options.sitemap) || !isObject(options.tct)) return true;
  const items = options.sitemap.maxItemsPerShard;
  const cap = isTctProfileName(options.tct.profile)
    ? tctProfile(options.tct.profile).limits.maxSitemapItems
    : undefined;
  return typeof items !== 'number' || cap === undefined || items <= cap;
}

/**
 * The rules that span options: llmindex needs an https origin; a sitemap shard stays within the
 * profile's cap (-03: 10,000 items). Checked also while other options are wrong (so every
 * problem is named at once), hence on the raw value. Adapters apply them to their extended
 * schemas too.
 */
export function withSiteOptionRules<Schema extends z.ZodType>(schema: Schema) {
  return schema
    .refine(
      (options: unknown) => {
        if (!isObject(options) || !isObject(options.site) || !options.llmindex) return true;
        const { origin } = options.site;
        return typeof origin !== 'string' || /^https:/i.test(origin);
      },
      {
        path: ['llmindex'],
        error: 'needs an https site.origin (llmindex §3: entity.canonical_url is https)',
        when: () => true,
      },
    )
    .refine(shardFitsProfile, {
      path: ['sitemap', 'maxItemsPerShard'],
      error: `must be at most ${TCT_03_SHARD_CAP.toLocaleString('en-US')} under tct.profile 'tct-03' (draft -03's M-Sitemap limit)`,
      when: () => true,
    });
}

/**
 * Everything a publisher configures, shared by the Express middleware and the Strapi plugin:
 * every key documented (the README tables are rendered from it), every unknown key refused.
 */
export const agentSiteOptionsSchema = withSiteOptionRules(agentSiteOptionsObject);

export type AgentSiteOptions = z.input<typeof agentSiteOptionsObject>;
export type LlmsTxtSiteOptions = z.input<typeof llmsTxtOptionsSchema>;
export type LlmindexSiteOptions = z.input<typeof llmindexOptionsSchema>;
export type ScpSiteOptions = z.input<typeof scpOptionsSchema>;

/** The top-level keys of `AgentSiteOptions`. */
export const AGENT_SITE_OPTION_KEYS = Object.keys(
  agentSiteOptionsObject.shape,
) as (keyof AgentSiteOptions)[];

/**
 * Validates options, returning them with the origin normalized; throws an OptionsValidationError
 * naming every problem (an unknown key, at any depth, with the key it probably meant).
 */
export function validateAgentSiteOptions(input: unknown): AgentSiteOptions {
  return parseOptions(agentSiteOptionsSchema, input, { unknownTopLevelKey: 'unknown option' });
}
