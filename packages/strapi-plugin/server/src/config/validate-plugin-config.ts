import type { ValidationError } from '@agent-ready/core';
import {
  isLanguageTag,
  OptionsValidationError,
  validateAgentSiteOptions,
  validateUsagePreferences,
  type OptionProblem,
} from '@agent-ready/core';
import { tableNames } from '@agent-ready/store';
import {
  LLMINDEX_PRODUCT_KEYS,
  type AgentReadyPluginConfig,
  type FilePluginConfig,
} from './plugin-config';
import {
  MISSING_SETTING_MESSAGES,
  missingSettings,
  type RequiredSetting,
} from './required-settings';

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

const MAPPING_KEYS = new Set([
  'url',
  'title',
  'body',
  'description',
  'author',
  'published',
  'section',
  'llmindex',
  'usage',
]);
const LLMINDEX_KEYS: Record<string, readonly string[]> = {
  about: [],
  policy: [],
  faq: ['topic'],
  product: LLMINDEX_PRODUCT_KEYS,
};
const SECTION = /^[a-zA-Z0-9_-]{1,128}$/;
const ATTRIBUTE_PATH = /^[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*)?$/;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Shape problems of one content type's mapping (attribute names are checked against schemas later). */
export function checkMapping(uid: string, mapping: unknown, problems: ConfigProblem[]): void {
  const key = contentTypeKey(uid);
  if (mapping === true) return;
  if (!isObject(mapping)) {
    problems.push({ field: key, message: 'must be true or a mapping object', value: mapping });
    return;
  }
  for (const name of Object.keys(mapping)) {
    if (!MAPPING_KEYS.has(name)) {
      problems.push({
        field: contentTypeKey(uid, name),
        message: `unknown key (known: ${[...MAPPING_KEYS].join(', ')})`,
      });
    }
  }
  const attribute = (name: string, value: unknown) => {
    if (value === undefined) return;
    if (typeof value !== 'string' || !ATTRIBUTE_PATH.test(value)) {
      problems.push({
        field: contentTypeKey(uid, name),
        message: 'must be an attribute name, or relation.attribute',
        value,
      });
    }
  };
  for (const name of ['title', 'description', 'author'] as const) attribute(name, mapping[name]);
  if (mapping.published !== false) attribute('published', mapping.published);
  const { body, url, section } = mapping;
  if (body !== undefined) {
    const list = Array.isArray(body) ? body : [body];
    if (list.length === 0) {
      problems.push({
        field: contentTypeKey(uid, 'body'),
        message: 'must name at least one attribute',
      });
    }
    list.forEach((item, index) => attribute(Array.isArray(body) ? `body[${index}]` : 'body', item));
  }
  if (url !== undefined && (typeof url !== 'string' || !url.startsWith('/'))) {
    problems.push({
      field: contentTypeKey(uid, 'url'),
      message: 'must be a path pattern starting with /, e.g. /blog/{slug}/',
      value: url,
    });
  }
  if (section !== undefined && (typeof section !== 'string' || !SECTION.test(section))) {
    problems.push({
      field: contentTypeKey(uid, 'section'),
      message: 'must be letters, digits, - and _ (at most 128)',
      value: section,
    });
  }
  checkLlmindexMapping(uid, mapping.llmindex, attribute, problems);
  if (mapping.usage !== undefined) {
    try {
      validateUsagePreferences(mapping.usage, contentTypeKey(uid, 'usage'));
    } catch (error) {
      // The message starts with the field it names; a problem lists the two apart.
      const field = (error as ValidationError).field ?? contentTypeKey(uid, 'usage');
      const { message } = error as ValidationError;
      problems.push({
        field,
        message: message.startsWith(`${field} `) ? message.slice(field.length + 1) : message,
        value: mapping.usage,
      });
    }
  }
}

function checkLlmindexMapping(
  uid: string,
  llmindex: unknown,
  attribute: (name: string, value: unknown) => void,
  problems: ConfigProblem[],
): void {
  if (llmindex === undefined) return;
  const role = isObject(llmindex) ? llmindex.role : undefined;
  const keys = typeof role === 'string' ? LLMINDEX_KEYS[role] : undefined;
  if (!isObject(llmindex) || !keys) {
    problems.push({
      field: contentTypeKey(uid, 'llmindex'),
      message: `must be { role: ${Object.keys(LLMINDEX_KEYS).join(' | ')} }`,
      value: llmindex,
    });
    return;
  }
  for (const name of Object.keys(llmindex)) {
    if (name === 'role') continue;
    if (!keys.includes(name)) {
      problems.push({
        field: contentTypeKey(uid, `llmindex.${name}`),
        message: `unknown key for role ${String(role)} (known: ${['role', ...keys].join(', ')})`,
      });
    } else attribute(`llmindex.${name}`, llmindex[name]);
  }
  if (role === 'product' && llmindex.availability === undefined) {
    problems.push({
      field: contentTypeKey(uid, 'llmindex.availability'),
      message:
        'is required for a product: the attribute holding in_stock, out_of_stock or preorder',
    });
  }
}

function checkOptionalInteger(
  input: Record<string, unknown>,
  group: string,
  name: string,
  min: number,
  problems: ConfigProblem[],
): void {
  const value = input[name];
  if (value === undefined) return;
  if (!Number.isInteger(value) || (value as number) < min) {
    problems.push({
      field: `${group}.${name}`,
      message: `must be an integer of at least ${min}`,
      value,
    });
  }
}

/**
 * Checks the plugin config's shape at load time (Strapi's `config.validator`): the shared site
 * options first, then the plugin's own keys. Attribute names are checked later, at bootstrap,
 * against the real schemas.
 */
export function validatePluginConfig(input: unknown): AgentReadyPluginConfig {
  if (isObject(input) && 'protect' in input) {
    throwConfigProblems([
      {
        field: 'protect',
        message: 'is not supported by the Strapi plugin: only public content is exposed',
      },
    ]);
  }
  validateAgentSiteOptions(input, { adapterKeys: PLUGIN_CONFIG_KEYS });
  const config = input as Record<string, unknown>;
  const problems: ConfigProblem[] = [];
  if (!isObject(config.contentTypes)) {
    problems.push({
      field: 'contentTypes',
      message: "is required: { 'api::article.article': true | { url, title, body, … } }",
      value: config.contentTypes,
    });
  } else {
    for (const [uid, mapping] of Object.entries(config.contentTypes)) {
      checkMapping(uid, mapping, problems);
    }
  }
  if (config.locales !== undefined) {
    if (
      !Array.isArray(config.locales) ||
      config.locales.length === 0 ||
      config.locales.some((l) => typeof l !== 'string' || !isLanguageTag(l))
    ) {
      problems.push({
        field: 'locales',
        message: 'must be a non-empty list of locale codes such as en or pt-BR',
        value: config.locales,
      });
    }
  }
  if (config.tablePrefix !== undefined) {
    try {
      tableNames(config.tablePrefix as string);
    } catch (error) {
      problems.push({ field: 'tablePrefix', message: (error as Error).message });
    }
  }
  for (const [group, names] of [
    ['rebuild', ['debounceMs', 'maxDelayMs', 'healIntervalMs']],
    ['reconcile', ['onBootstrap', 'batchSize']],
  ] as const) {
    const value = config[group];
    if (value === undefined) continue;
    if (!isObject(value)) {
      problems.push({ field: group, message: 'must be an object', value });
      continue;
    }
    for (const name of Object.keys(value)) {
      if (!(names as readonly string[]).includes(name)) {
        problems.push({
          field: `${group}.${name}`,
          message: `unknown key (known: ${names.join(', ')})`,
        });
      }
    }
    if (group === 'rebuild') {
      for (const name of names) checkOptionalInteger(value, group, name, 0, problems);
    } else {
      if (value.onBootstrap !== undefined && typeof value.onBootstrap !== 'boolean') {
        problems.push({
          field: 'reconcile.onBootstrap',
          message: 'must be true or false',
          value: value.onBootstrap,
        });
      }
      checkOptionalInteger(value, group, 'batchSize', 1, problems);
    }
  }
  if (config.rootLink !== undefined && typeof config.rootLink !== 'boolean') {
    problems.push({ field: 'rootLink', message: 'must be true or false', value: config.rootLink });
  }
  if (
    config.rootPage !== undefined &&
    config.rootPage !== 'admin-redirect' &&
    config.rootPage !== 'agent-index'
  ) {
    problems.push({
      field: 'rootPage',
      message: 'must be admin-redirect or agent-index',
      value: config.rootPage,
    });
  }
  throwConfigProblems(problems);
  return validateAgentSiteOptions(input) as AgentReadyPluginConfig;
}

/** Top-level keys this version knows; others are reported as warnings (a newer option, a typo). */
/** The options the plugin adds to the site options; any other key is refused with a hint. */
export const PLUGIN_CONFIG_KEYS = [
  'contentTypes',
  'locales',
  'tablePrefix',
  'rebuild',
  'reconcile',
  'rootLink',
  'rootPage',
] as const;

/**
 * Stand-ins for the required settings a config leaves out, so that everything present is checked
 * as usual (a wrong mapping is reported even while the origin is missing). They never leave this
 * module: `validateFilePluginConfig` takes them out again.
 */
const STAND_INS = { origin: 'https://stand-in.invalid', name: 'stand-in' } as const;

function withStandIns(input: Record<string, unknown>, missing: readonly RequiredSetting[]) {
  const site = { ...(input.site as Record<string, unknown> | undefined) };
  if (missing.includes('site.origin')) site.origin = STAND_INS.origin;
  if (missing.includes('site.name')) site.name = STAND_INS.name;
  return {
    ...input,
    site,
    ...(missing.includes('contentTypes') ? { contentTypes: {} } : {}),
  };
}

/**
 * Checks config/plugins at load time (Strapi's `config.validator`, and the runtime's copy): every
 * value present must be right, as `validatePluginConfig` wants it, but the required settings may
 * be missing; the plugin then starts "not configured" instead of failing Strapi's start.
 */
export function validateFilePluginConfig(input: unknown): FilePluginConfig {
  const missing = missingSettings(input);
  if (missing.length === 0 || !isObject(input)) return validatePluginConfig(input);
  const { site, contentTypes, ...rest } = validatePluginConfig(withStandIns(input, missing));
  const { origin, name, ...siteRest } = site;
  return {
    ...rest,
    site: {
      ...siteRest,
      ...(missing.includes('site.origin') ? {} : { origin }),
      ...(missing.includes('site.name') ? {} : { name }),
    },
    ...(missing.includes('contentTypes') ? {} : { contentTypes }),
  };
}
