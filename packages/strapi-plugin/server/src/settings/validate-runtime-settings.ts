import { z } from 'zod';
import {
  agentSiteOptionsObject,
  checkOptions,
  offOr,
  optionsObject,
  policyOptionsSchema,
  stringOption,
} from '@agent-ready/core';
import {
  componentOverridesSchema,
  localesSchema,
  savedContentTypeSettingSchema,
} from '../config/plugin-config';
import { throwConfigProblems, type ConfigProblem } from '../config/validate-plugin-config';

/** Bounds that keep one save small (it is stored in one row and re-read by every instance). */
const MAX_CONTENT_TYPES = 200;
const CONTENT_TYPE_UID = /^[a-z0-9-]+::[a-z0-9-]+(?:\.[a-z0-9-]+)?$/;

const boundedText = (max: number) =>
  stringOption().max(max, { error: `must be at most ${max} characters` });

/**
 * The settings an editor may change from the admin panel while Strapi runs: the same rules as
 * config/plugins for the same keys (mapping, component overrides, locales, policy), with bounds. Each key present
 * replaces the value from `config/plugins`; an absent key keeps it. The TCT profile too: a
 * change re-renders every document in the background. Everything else (origin,
 * database, table prefix, M-URL suffix, artifact families) needs a restart and stays in the file.
 */
export const runtimeSettingsSchema = optionsObject(
  {
    /** Site name (llms.txt H1, llmindex entity), summary (llms.txt blockquote) and prose. */
    site: optionsObject(
      {
        name: boundedText(200)
          .refine((name) => name.trim() !== '', { error: 'must not be empty' })
          .optional(),
        summary: boundedText(1000).optional(),
        details: boundedText(20_000).optional(),
      },
      'must be an object: { name, summary, details }',
    ).optional(),
    /** Exposed content types and their field mapping (replaces the file's list as a whole). */
    contentTypes: z
      .record(
        z.string().regex(CONTENT_TYPE_UID, {
          error: 'is not a content type UID such as api::article.article',
        }),
        savedContentTypeSettingSchema,
        {
          error: (issue) =>
            issue.code === 'invalid_type'
              ? "must be an object: { 'api::article.article': true | { url, title, body, … } }"
              : undefined,
        },
      )
      .refine((types) => Object.keys(types).length <= MAX_CONTENT_TYPES, {
        error: `at most ${MAX_CONTENT_TYPES} content types`,
      })
      .optional(),
    /** Per-component overrides (replaces the file's as a whole). */
    components: componentOverridesSchema.optional(),
    /** Exposed locales; `null`: every locale. */
    locales: z
      .union([z.null(), localesSchema], {
        error: 'must be null (every locale) or a list of 1 to 100 locale codes',
      })
      .optional(),
    /** `/llm-policy.json`; `false`: off. */
    policy: offOr(policyOptionsSchema, 'must be false (off) or an object').optional(),
    /** The TCT wire profile: `{ profile: 'tct-1' | 'tct-03' }` (the site option's own rule). */
    tct: agentSiteOptionsObject.shape.tct,
  },
  'the settings must be a JSON object',
);

export type RuntimeSettings = z.input<typeof runtimeSettingsSchema>;

/**
 * Every shape problem of a settings body from the admin panel, each under its key. Attribute
 * names, content types and locales are checked against the running Strapi afterwards.
 */
export function runtimeSettingsProblems(input: unknown): ConfigProblem[] {
  const checked = checkOptions(runtimeSettingsSchema, input);
  return checked.ok ? [] : checked.problems;
}

/** The settings, or a ConfigProblemsError naming every problem. */
export function validateRuntimeSettings(input: unknown): RuntimeSettings {
  throwConfigProblems(runtimeSettingsProblems(input));
  return input as RuntimeSettings;
}
