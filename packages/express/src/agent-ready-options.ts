import { z } from 'zod';
import type { RequestHandler } from 'express';
import {
  booleanOption,
  documented,
  offOr,
  oneOf,
  optionsObject,
  parseOptions,
} from '@agent-ready/core/options';
import { agentSiteOptionsObject, withSiteOptionRules } from '@agent-ready/core/serve';
import {
  databaseOption,
  edgeOption,
  loggerOption,
  rebuildOptionsSchema,
  revalidateAfterMsOption,
  scpObjectStorageOption,
  notifyOption,
  tablePrefixOption,
  withScpObjectStorageRule,
} from '@agent-ready/store';

/** Express middleware that calls `next()` to allow, or answers (401, redirect) itself. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a named type for the d.ts
export interface AuthorizeMiddleware extends RequestHandler {}

const { site, maxDocumentBytes, ...siteOptions } = agentSiteOptionsObject.shape;

/**
 * The middleware's options: the site options every adapter shares, and this adapter's own
 * (where the table is, who writes it, the app's access check, timings). Documented here: the
 * README's table is rendered from it, a row per key in the order they are declared.
 */
export const agentReadyOptionsObject = optionsObject(
  {
    site,
    database: documented(databaseOption.optional(), {
      description: "A knex instance, or `{ client: 'sqlite' | 'postgres' | 'mysql', ... }`.",
      default: 'SQLite `agent-ready.sqlite`',
    }),
    tablePrefix: documented(tablePrefixOption.optional(), {
      description: 'Share one database between sites.',
      default: '`agent_ready_`',
    }),
    mode: documented(oneOf(['standalone', 'read-only']).optional(), {
      description: "`'read-only'`: serve a table another process (the Strapi plugin) writes.",
      default: "`'standalone'`",
    }),
    ...siteOptions,
    authorize: documented(
      z
        .custom<AuthorizeMiddleware>((value) => typeof value === 'function', {
          error: 'must be Express middleware',
        })
        .optional(),
      {
        description:
          'Your access check as Express middleware: protected documents (see `protect`) are served only through it, never listed.',
        default: 'none',
      },
    ),
    pageLinks: documented(booleanOption().optional(), {
      description: 'Add the discovery `Link` headers to your own pages.',
      default: '`true`',
    }),
    rebuild: documented(rebuildOptionsSchema.optional(), {
      description: '`{ debounceMs, healIntervalMs, ... }`: how artifact rebuilds are batched.',
      default: 'debounce 100 ms',
    }),
    revalidateAfterMs: revalidateAfterMsOption,
    edge: edgeOption,
    scpObjectStorage: scpObjectStorageOption,
    notify: notifyOption,
    maxDocumentBytes,
    logger: documented(
      offOr(loggerOption, 'must be { info, warn, error } (functions) or false').optional(),
      {
        description:
          '`{ info, warn, error }`, or `false` for silence. Rebuild failures are logged here.',
        default: 'the console (warnings, errors)',
      },
    ),
  },
  'options must be an object',
);

export const agentReadyOptionsSchema = withScpObjectStorageRule(
  withSiteOptionRules(agentReadyOptionsObject),
);

/** What `agentReady()` takes. */
export type AgentReadyOptions = z.input<typeof agentReadyOptionsObject>;

/** The options, checked: throws an OptionsValidationError naming every bad key. */
export function validateAgentReadyOptions(input: unknown): AgentReadyOptions {
  return parseOptions(agentReadyOptionsSchema, input, { unknownTopLevelKey: 'unknown option' });
}
