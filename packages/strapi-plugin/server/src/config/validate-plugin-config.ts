import { OptionsValidationError, type OptionProblem } from '@agent-ready/core/errors';
import { checkOptions } from '@agent-ready/core/options';
import {
  filePluginConfigSchema,
  pluginConfigSchema,
  type AgentReadyPluginConfig,
  type FilePluginConfig,
} from './plugin-config';
import { MISSING_SETTING_MESSAGES, type RequiredSetting } from './required-settings';

/** One bad field of the plugin's config. */
export type ConfigProblem = OptionProblem;

/** The plugin's config problems: core's options error, with the plugin's own checks' fields. */
export class ConfigProblemsError extends OptionsValidationError {}

/**
 * Settings that leave a required setting out: nothing is wrong with what is there, but the plugin
 * has nothing to serve until the rest is set. `config` is what there is so far.
 */
export class MissingSettingsError extends ConfigProblemsError {
  constructor(
    readonly missing: readonly RequiredSetting[],
    readonly config: FilePluginConfig,
  ) {
    super(missing.map((key) => ({ field: key, message: MISSING_SETTING_MESSAGES[key] })));
  }
}

/** Throws one ConfigProblemsError listing every problem, each under the key it concerns. */
export function throwConfigProblems(problems: readonly ConfigProblem[]): void {
  if (problems.length === 0) return;
  throw new ConfigProblemsError(problems);
}

/** `contentTypes["api::article.article"]`: the key spelled as a user finds it in the config. */
export function contentTypeKey(uid: string, attribute?: string): string {
  return `contentTypes[${JSON.stringify(uid)}]${attribute ? `.${attribute}` : ''}`;
}

function parseConfig<Config>(schema: Parameters<typeof checkOptions>[0], input: unknown): Config {
  const checked = checkOptions(schema, input, { unknownTopLevelKey: 'unknown option' });
  if (!checked.ok) throw new ConfigProblemsError(checked.problems);
  return checked.value as Config;
}

/**
 * Checks a complete plugin config (config/plugins with the saved settings laid over it) against
 * its schema, naming every problem. Attribute names are checked later, at bootstrap, against the
 * real schemas.
 */
export function validatePluginConfig(input: unknown): AgentReadyPluginConfig {
  return parseConfig<AgentReadyPluginConfig>(pluginConfigSchema, input);
}

/**
 * Checks config/plugins at load time (Strapi's `config.validator`, and the runtime's copy): every
 * value present must be right, but the required settings may be missing; the plugin then starts
 * "not configured" instead of failing Strapi's start.
 */
export function validateFilePluginConfig(input: unknown): FilePluginConfig {
  return parseConfig<FilePluginConfig>(filePluginConfigSchema, input);
}
