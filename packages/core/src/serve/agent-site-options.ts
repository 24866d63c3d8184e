import { z } from 'zod';
import type { PrepareDocumentOptions } from '../document/prepare-document';
import {
  booleanOption,
  documented,
  integerOption,
  languageTagOption,
  nonEmptyString,
  offOr,
  oneOf,
  optionsObject,
  stringOption,
} from '../options/option-schemas';
import { parseOptions } from '../options/parse-options';
import type { AgentEndpointsOptions } from './endpoint-context';
import {
  isTctProfileName,
  TCT_03,
  TCT_PROFILES,
  tctProfile,
  type TctProfile,
  type TctProfileName,
} from '../tct/tct-profile';

/** Draft -03's cap on the items of one M-Sitemap document. */
const TCT_03_SHARD_CAP = TCT_03.limits.maxSitemapItems!;
import { usagePreferencesSchema, type UsagePreferences } from '../usage/content-usage';
import { policyOptionsSchema, type PolicyOptions } from '../tct/policy-options';
import { isHttpUrl, normalizeUri } from '../uri';

const PATH = /^\/(?:[A-Za-z0-9._~!$&'()*+,;=:@%-]+\/?)*$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const ORIGIN_MESSAGE = 'must be an absolute http(s) URL such as https://example.com';

/** The public origin, normalized (`HTTPS://Example.COM/` → `https://example.com`). */
const originOption = z
  .string({ error: ORIGIN_MESSAGE })
  .superRefine((value, context) => {
    if (!isHttpUrl(value)) context.addIssue({ code: 'custom', message: ORIGIN_MESSAGE });
    else if (!/^https?:\/\/[^/]+\/?$/.test(normalizeUri(value)))
      context.addIssue({ code: 'custom', message: 'must be an origin without a path' });
  })
  .transform((value) => normalizeUri(value).replace(/\/$/, ''));

const pathOption = (message: string) =>
  z.string({ error: message }).regex(PATH, { error: message });

const positiveInteger = () => integerOption('must be a positive integer', 1);
const intervalMs = () => integerOption('must be at least 1000 (milliseconds)', 1000);

export const siteOptionsSchema = optionsObject(
  {
    origin: documented(originOption, {
      description: 'Public origin every URL is built on, e.g. `https://example.com`.',
    }),
    name: documented(nonEmptyString('must be a non-empty string'), {
      description: 'Site name (llms.txt title, llmindex entity).',
    }),
    language: documented(languageTagOption().optional(), {
      description: 'BCP 47 language of documents without one of their own.',
    }),
    summary: documented(stringOption().optional(), {
      description: 'One-sentence summary: the llms.txt blockquote, the llmindex topics fallback.',
    }),
    details: documented(stringOption().optional(), {
      description: 'Markdown prose for llms.txt, between the summary and the sections.',
    }),
    overviewPath: documented(pathOption('must be a path starting with /').optional(), {
      description: 'Path of the home or about document, listed first in the sitemap.',
    }),
  },
  'is required: { origin, name }',
);

export const llmsTxtOptionsSchema = optionsObject({
  full: documented(booleanOption().optional(), {
    description: "Also serve `/llms-full.txt` (every document's Markdown).",
    default: '`true`',
  }),
  sections: documented(
    optionsObject({
      order: documented(z.array(stringOption()).optional(), {
        description: 'Section keys in output order.',
      }),
      titles: documented(z.record(z.string(), stringOption()).optional(), {
        description: 'H2 title of each section, by key.',
      }),
    }).optional(),
    { description: 'Order and titles of the sections.' },
  ),
  linkTarget: documented(oneOf(['markdown', 'page']).optional(), {
    description: 'Link items to Markdown twins or to the pages.',
    default: '`markdown`',
  }),
  notice: documented(booleanOption().optional(), {
    description:
      'Offer page templates a short visible pointer to llms.txt (`res.locals.agentReady.llmsTxtNotice`).',
    default: '`true`',
  }),
  maxCharacters: documented(positiveInteger().optional(), {
    description: 'Above this many characters llms.txt is split into one file per section.',
    default: '50,000',
  }),
  itemsPerPart: documented(integerOption('must be an integer of at least 2', 2).optional(), {
    description:
      'A site with more documents lists them in parts of this many (`/llms-1.txt`…) under an index: a document keeps its part, so a burst rewrites only the parts it touched.',
    default: '500',
  }),
  fullAfterChanges: documented(positiveInteger().optional(), {
    description: 'llms-full.txt is rebuilt once this many documents changed since it.',
    default: '1,000',
  }),
  fullIntervalMs: documented(intervalMs().optional(), {
    description: 'llms-full.txt with changes since it is rebuilt after this long anyway.',
    default: 'one day',
  }),
});

const JWK_MESSAGE = 'must be a private Ed25519 JWK (kty OKP, crv Ed25519, d)';

export const llmindexOptionsSchema = optionsObject({
  topics: documented(
    z
      .array(nonEmptyString('must be a non-empty string'), {
        error: 'must be a non-empty list of strings',
      })
      .min(1, { error: 'must be a non-empty list of strings' }),
    { description: 'What the site is about (at least one topic).' },
  ),
  license: documented(stringOption().optional(), { description: 'SPDX expression or URL.' }),
  verify: documented(
    optionsObject(
      {
        method: documented(oneOf(['dns_txt', 'http_file']), {
          description: 'How ownership is proven (llmindex §6).',
        }),
        value: documented(nonEmptyString('must be a non-empty string'), {
          description: 'The proof: with `http_file`, the body of /.well-known/llmindex-proof.txt.',
        }),
      },
      'must be { method: dns_txt | http_file, value: non-empty string }',
    ).optional(),
    { description: 'Ownership proof (llmindex §6).' },
  ),
  signingKey: documented(
    z
      .custom<object>(
        (key) =>
          isObject(key) && key.kty === 'OKP' && key.crv === 'Ed25519' && typeof key.d === 'string',
        { error: JWK_MESSAGE },
      )
      .optional(),
    {
      description:
        'Private Ed25519 JWK (with `kid`): the manifest is signed and the JWKS published.',
    },
  ),
});

export const scpOptionsSchema = optionsObject({
  basePath: documented(
    pathOption('must be a path such as /scp')
      .refine((path) => path !== '/', { error: 'must be a path such as /scp' })
      .optional(),
    { description: 'Where the collections are served.', default: '`/scp`' },
  ),
  deltaPeriod: documented(oneOf(['hourly', 'daily']).optional(), {
    description: 'Delta granularity.',
    default: '`daily`',
  }),
  deltaRetention: documented(
    integerOption('must be an integer from 1 to 1000', 1, 1000).optional(),
    { description: 'How many past delta periods stay available.', default: '7' },
  ),
  deltaPartPages: documented(positiveInteger().optional(), {
    description:
      'A delta part is sealed once it holds this many pages and the next changes start a new part, so a burst never rewrites more than about this many pages of deltas.',
    default: '1,000',
  }),
  snapshotAfterChanges: documented(positiveInteger().optional(), {
    description:
      "A section's snapshot is rebuilt once this many of its documents changed since, and at every burst while it holds no more pages than that; deltas follow every burst.",
    default: '1,000',
  }),
  snapshotIntervalMs: documented(intervalMs().optional(), {
    description: 'A snapshot with changes since it is rebuilt after this long anyway.',
    default: 'one day',
  }),
});

export const botAuthOptionsSchema = optionsObject({
  enabled: documented(booleanOption().optional(), {
    description: 'Verify Web Bot Auth signatures.',
    default: '`true` once `botAuth` is set',
  }),
  gate: documented(booleanOption().optional(), {
    description: 'Answer 401 to a request whose signature fails verification.',
    default: '`false`',
  }),
  allowHttpDirectories: documented(booleanOption().optional(), {
    description: 'Accept key directories served over plain http (tests).',
    default: '`false`',
  }),
});

export const robotsTxtOptionsSchema = optionsObject({
  rules: documented(stringOption().optional(), {
    description: 'Your robots.txt rules, served unchanged before the added lines.',
  }),
  augment: documented(booleanOption().optional(), {
    description: "Add the lines to the app's own robots.txt instead.",
    default: '`false`',
  }),
});

export const metricsOptionsSchema = optionsObject({
  enabled: documented(booleanOption().optional(), {
    description: 'Count agent requests.',
    default: '`true` once `metrics` is set',
  }),
  stats: documented(
    z
      .literal([false, 'public', 'protected'], { error: 'must be public, protected or false' })
      .optional(),
    {
      description:
        'Serve the counts at `/llm-stats.json`: `public`, or `protected` behind the access hook.',
      default: 'off',
    },
  ),
  flushIntervalMs: documented(
    integerOption('must be an integer of at least 100 (ms)', 100).optional(),
    { description: 'How often the counts are written to the database.', default: '30 s' },
  ),
});

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
          "`{ rules? }` to serve `/robots.txt`: your rules unchanged, then `Sitemap:` lines for the agent sitemaps (and the `usage` lines); or `{ augment: true }` to add the lines to the app's own.",
        default: 'off',
      },
    ),
    metrics: documented(offOr(metricsOptionsSchema).optional(), {
      description:
        "`{ enabled?, stats?: 'public' | 'protected', flushIntervalMs? }`: count agent requests (per day, endpoint kind and agent family; no IP, no per-request row) in memory, written every 30 s and at shutdown; `stats` serves them at `/llm-stats.json`.",
      default: 'off',
    }),
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
