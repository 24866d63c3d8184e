import type { Core } from '@strapi/strapi';
import { OptionsValidationError, ValidationError } from '@agent-ready/core/errors';
import { prepareOptionsFor } from '@agent-ready/core/serve';
import type { AgentReadyPluginConfig, FilePluginConfig } from '../config/plugin-config';
import { missingSettings } from '../config/required-settings';
import {
  ConfigProblemsError,
  MissingSettingsError,
  throwConfigProblems,
  validatePluginConfig,
  type ConfigProblem,
} from '../config/validate-plugin-config';
import { mediaBaseUrl } from '../extraction/media-url';
import type { UrlRules } from '../mapping/page-url';
import {
  findSiteSummarySource,
  readSiteSummary,
  type SiteSummarySource,
  type SummaryDocumentsApi,
} from '../mapping/find-site-summary';
import { withSectionTitles } from '../mapping/section-titles';
import { resolveContentTypes } from '../mapping/resolve-content-types';
import type { SchemaLookup, StrapiSchema } from '../schema/strapi-schema';
import type { SyncMapping } from '../sync/document-sync';
import { applyRuntimeSettings, type RuntimeSettings } from './runtime-settings';

/** A config checked against the running Strapi, ready to install. */
export interface PreparedConfig extends SyncMapping {
  /**
   * Where `site.summary` was read from, when the settings set none and the site keeps a
   * description of its own (find-site-summary.ts); re-read when that type changes.
   */
  summaryFrom?: SiteSummarySource;
}

export const DEFAULT_HOME_SLUGS = ['homepage', 'home'];

/** Strapi's default locale ('' without i18n). */
async function defaultLocale(strapi: Core.Strapi): Promise<string> {
  const service = strapi.plugin('i18n')?.service('locales') as
    { getDefaultLocale?(): Promise<string | undefined> } | undefined;
  return (await service?.getDefaultLocale?.()) ?? '';
}

/** Every problem of a failed validation, under its key; anything else is rethrown. */
export function problemsOf(error: unknown): ConfigProblem[] {
  if (error instanceof OptionsValidationError)
    return error.problems.map(({ field, message }) => ({ field, message }));
  if (error instanceof ValidationError)
    return [{ field: error.field ?? '', message: error.message }];
  throw error;
}

/** Whether documents must be re-read and re-rendered to match a new config. */
export function documentsChange(
  before: AgentReadyPluginConfig,
  after: AgentReadyPluginConfig,
): boolean {
  // A `url` function counts by its source: a changed function is a changed mapping.
  const key = (config: AgentReadyPluginConfig) =>
    JSON.stringify(
      [
        config.contentTypes,
        config.components ?? null,
        config.urls ?? null,
        config.media ?? null,
        config.locales ?? null,
        prepareOptionsFor(config),
      ],
      (_key, value: unknown) => (typeof value === 'function' ? String(value) : value),
    );
  return key(before) !== key(after);
}

/** Codes of the locales Strapi knows (undefined without i18n). */
export async function knownLocales(
  strapi: Core.Strapi,
): Promise<{ code: string; name?: string }[] | undefined> {
  const service = strapi.plugin('i18n')?.service('locales') as
    { find(): Promise<{ code: string; name?: string }[]> } | undefined;
  return service ? service.find() : undefined;
}

function schemaLookup(strapi: Core.Strapi): SchemaLookup {
  return {
    contentType: (uid) =>
      strapi.contentTypes[uid as keyof typeof strapi.contentTypes] as unknown as
        StrapiSchema | undefined,
    component: (uid) =>
      strapi.components[uid as keyof typeof strapi.components] as unknown as
        StrapiSchema | undefined,
    privateAttributes: strapi.config.get('api.responses.privateAttributes', []) as string[],
  };
}

async function checkLocales(strapi: Core.Strapi, wanted: readonly string[] | undefined) {
  if (!wanted) return;
  const locales = await knownLocales(strapi);
  if (!locales) return;
  const known = new Set(locales.map((locale) => locale.code));
  throwConfigProblems(
    wanted.flatMap((code, index) =>
      known.has(code)
        ? []
        : [{ field: `locales[${index}]`, message: `no such locale: ${code}`, value: code }],
    ),
  );
}

/**
 * Lays admin-panel settings over config/plugins and checks the result against this Strapi
 * (schemas, attributes, locales). Throws MissingSettingsError while a required setting is
 * missing, ConfigProblemsError naming every problem otherwise.
 */
export async function preparePluginConfig(
  strapi: Core.Strapi,
  fileConfig: FilePluginConfig,
  settings: RuntimeSettings | undefined,
): Promise<PreparedConfig> {
  const merged = applyRuntimeSettings(fileConfig, settings);
  const missing = missingSettings(merged);
  if (missing.length > 0) throw new MissingSettingsError(missing, merged);
  let config: AgentReadyPluginConfig;
  try {
    config = validatePluginConfig(merged);
  } catch (error) {
    throw new ConfigProblemsError(problemsOf(error));
  }
  const types = resolveContentTypes(config.contentTypes, schemaLookup(strapi), {
    components: config.components ?? {},
    ...(config.pluginContentTypes ? { pluginContentTypes: config.pluginContentTypes } : {}),
  });
  // llms.txt's sections under the content types' display names, not their API names.
  config = withSectionTitles(config, types.values());
  await checkLocales(strapi, config.locales);
  const rules: UrlRules = {
    homeSlugs: (config.urls?.homeSlugs ?? DEFAULT_HOME_SLUGS).map((slug) => slug.toLowerCase()),
    localePrefix: config.urls?.localePrefix ?? 'always',
    defaultLocale: await defaultLocale(strapi),
  };
  const media = mediaBaseUrl(config.media?.baseUrl, strapi.config.get('server.url'));
  const summary =
    config.site.summary === undefined
      ? await readDerivedSummary(strapi, rules.defaultLocale)
      : undefined;
  if (summary) config = { ...config, site: { ...config.site, summary: summary.text } };
  return {
    config,
    types,
    rules,
    ...(media ? { mediaBaseUrl: media } : {}),
    ...(summary ? { summaryFrom: summary.from } : {}),
  };
}

/**
 * llms.txt's summary when the settings set none: the site's own description, published, in the
 * default locale (find-site-summary.ts; `defaultLocaleCode` read when not given). Undefined when
 * the site keeps none, or it cannot be read now (the site's name stays the summary; the next
 * settings check reads it again).
 */
export async function readDerivedSummary(
  strapi: Core.Strapi,
  defaultLocaleCode?: string,
): Promise<{ text: string; from: SiteSummarySource } | undefined> {
  const lookup = schemaLookup(strapi);
  const from = findSiteSummarySource(
    strapi.contentTypes as unknown as Record<string, StrapiSchema>,
    lookup.component,
  );
  if (!from) return undefined;
  const localized = lookup.contentType(from.uid)?.pluginOptions?.i18n?.localized === true;
  try {
    const text = await readSiteSummary(
      (uid) => strapi.documents(uid as never) as unknown as SummaryDocumentsApi,
      from,
      localized ? (defaultLocaleCode ?? (await defaultLocale(strapi))) : '',
    );
    return text ? { text, from } : undefined;
  } catch {
    return undefined;
  }
}
