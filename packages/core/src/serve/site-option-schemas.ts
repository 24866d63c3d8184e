import { z } from 'zod';
import {
  booleanOption,
  documented,
  integerOption,
  languageTagOption,
  nonEmptyString,
  oneOf,
  optionsObject,
  stringOption,
} from '../options/option-schemas';
import { isHttpUrl, normalizeUri } from '../uri';

/**
 * The schemas of the site options' parts (the site itself, llms.txt, llmindex, SCP, Web Bot
 * Auth, robots.txt, metrics), each documented for the README tables; `agent-site-options`
 * puts them together.
 */

const PATH = /^\/(?:[A-Za-z0-9._~!$&'()*+,;=:@%-]+\/?)*$/;

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const ORIGIN_MESSAGE = 'must be an absolute http(s) URL such as https://example.com';

/** The public origin, normalized (`HTTPS://Example.COM/` → `https://example.com`). */
export const originOption = z
  .string({ error: ORIGIN_MESSAGE })
  .superRefine((value, context) => {
    if (!isHttpUrl(value)) context.addIssue({ code: 'custom', message: ORIGIN_MESSAGE });
    else if (!/^https?:\/\/[^/]+\/?$/.test(normalizeUri(value)))
      context.addIssue({ code: 'custom', message: 'must be an origin without a path' });
  })
  .transform((value) => normalizeUri(value).replace(/\/$/, ''));

const pathOption = (message: string) =>
  z.string({ error: message }).regex(PATH, { error: message });

export const positiveInteger = () => integerOption('must be a positive integer', 1);
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
    description:
      "robots.txt rules merged into the app's own robots.txt (or served alone when it has none).",
  }),
  augment: documented(booleanOption().optional(), {
    description:
      "Deprecated: the app's own robots.txt is always kept now. `true` still tells `isAgentPath` that `/robots.txt` is the app's, so a headless front-end keeps answering it.",
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

/** The MCP endpoint (`@agent-ready/mcp`, mounted by the adapters). */
export const MCP_DEFAULT_PATH = '/mcp';

export const mcpOptionsSchema = optionsObject({
  enabled: documented(booleanOption().optional(), {
    description: 'Serve the MCP endpoint.',
    default: '`true` once `mcp` is set',
  }),
  path: documented(
    stringOption()
      .regex(/^\/[A-Za-z0-9._~/-]*$/, { error: 'must be a path starting with /' })
      .optional(),
    { description: 'Where it answers.', default: '`/mcp`' },
  ),
  allowedOrigins: documented(z.array(originOption).optional(), {
    description:
      "Browser origins allowed to call it besides the site's own (an `Origin` header from any other is refused: DNS rebinding).",
    default: 'none',
  }),
});

/** Agent endpoints and MCP answer 429 past this many requests per client (off unless set). */
export const rateLimitOptionsSchema = optionsObject(
  {
    requests: documented(positiveInteger(), {
      description:
        'Requests one client may make in a window, across every agent endpoint and MCP (one budget); a 304 answer costs nothing.',
    }),
    perSeconds: documented(positiveInteger(), {
      description: 'Length of the window, in seconds; the budget is whole again when it ends.',
    }),
    key: documented(oneOf(['ip', 'agent']).optional(), {
      description:
        'Who a client is: `ip` (its address, as the framework reports it behind a proxy), or `agent` (a verified Web Bot Auth identity, `verified:<host>`, has one budget over all its addresses; unsigned requests by address). A user-agent string is never a key: anyone can send it.',
      default: '`ip`',
    }),
  },
  'must be { requests, perSeconds, key? } with positive integers, or false',
);
