import type { ContentTypeChoice, SettingsDescription } from './answer-types';
import { describeSiteSummarySource } from '../mapping/find-site-summary';
import type { FilePluginConfig } from '../config/plugin-config';
import { describeMissing } from '../config/required-settings';
import type { TypeCoverage } from '../text-coverage/measure-coverage';
import { classifyAttribute } from '../extraction/classify-attribute';
import { describePlan } from '../extraction/describe-plan';
import type { ResolvedContentType } from '../mapping/resolve-content-types';
import { DATE_TYPES, TEXT_TYPES } from '../extraction/name-conventions';
import { NEVER_READ } from '../extraction/field-vocabulary';
import { isExposable } from '../mapping/exposable-content-types';
import type { StrapiSchema } from '../schema/strapi-schema';
import { DEFAULT_HOME_SLUGS } from '../settings/prepare-plugin-config';
import type { AdminRuntimeView } from './admin-runtime-view';
import { runtimeSettingsOf } from '../settings/runtime-settings';

interface StrapiForSettings {
  contentTypes: Record<string, unknown>;
  components: Record<string, unknown>;
  config: { get(path: string, fallback?: unknown): unknown };
}

/** Attributes the extraction may read (never private ones, passwords, admin users, Strapi's own). */
function readable(schema: StrapiSchema, hidden: readonly string[]) {
  return Object.entries(schema.attributes).filter(([name, attribute]) => {
    const verdict = classifyAttribute(name, attribute, hidden);
    return !(verdict.kind === 'dropped' && NEVER_READ.has(verdict.reason));
  });
}

function choicesOf(schema: StrapiSchema, hidden: readonly string[]): ContentTypeChoice['choices'] {
  const attributes = readable(schema, hidden);
  const of = (types: ReadonlySet<string> | undefined) =>
    attributes
      .filter(([, a]) => types === undefined || types.has(a.type))
      .map(([name, a]) => ({ name, type: a.type }));
  return {
    text: of(TEXT_TYPES),
    body: of(undefined),
    date: of(DATE_TYPES),
    component: attributes
      .filter(([, a]) => a.type === 'component' && a.repeatable !== true)
      .map(([name, a]) => ({ name, type: a.type })),
  };
}

function resolvedOf(
  type: ResolvedContentType,
  coverage: TypeCoverage | undefined,
): ContentTypeChoice['resolved'] {
  const fields = describePlan(type.body);
  const path = (paths: string[][]) => paths.map((p) => p.join('.')).join(', ');
  return {
    url: type.urlSource,
    title: path(type.titles),
    body: type.body.filter((field) => field.kind !== 'dropped').map((field) => field.name),
    ...(type.descriptions.length > 0 ? { description: path(type.descriptions) } : {}),
    ...(type.author ? { author: type.author.join('.') } : {}),
    ...(type.published ? { published: type.published.join('.') } : {}),
    ...(type.seo ? { seo: type.seo.attribute } : {}),
    section: type.section,
    fields,
    ...(coverage ? { coverage } : {}),
  };
}

/** What the settings form needs: current values, choices from the schemas, read-only facts. */
export async function describeSettings(
  runtime: AdminRuntimeView,
  strapi: StrapiForSettings,
): Promise<SettingsDescription> {
  const config: FilePluginConfig = runtime.configSoFar;
  const exposed = config.contentTypes ?? {};
  const { missing } = runtime.status();
  const hidden = strapi.config.get('api.responses.privateAttributes', []) as string[];
  const coverage = await runtime.coverage.current();
  const contentTypes = Object.entries(strapi.contentTypes)
    .filter(([uid]) => isExposable(uid, config.pluginContentTypes) || exposed[uid] !== undefined)
    .map(([uid, raw]) => {
      const schema = raw as StrapiSchema;
      const resolved = runtime.types.get(uid);
      return {
        uid,
        displayName: schema.info.displayName ?? uid,
        kind: schema.kind === 'singleType' ? ('singleType' as const) : ('collectionType' as const),
        localized: schema.pluginOptions?.i18n?.localized === true,
        choices: choicesOf(schema, hidden),
        ...(resolved
          ? {
              resolved: resolvedOf(
                resolved,
                coverage?.types.find((t) => t.uid === uid),
              ),
            }
          : {}),
      };
    })
    .sort((a, b) => a.displayName.localeCompare(b.displayName));
  const connection = strapi.config.get('database.connection', {}) as { client?: unknown };
  const components = Object.entries(strapi.components)
    .map(([uid, raw]) => {
      const schema = raw as StrapiSchema;
      return {
        uid,
        displayName: schema.info.displayName ?? uid,
        attributes: readable(schema, hidden).map(([name, a]) => ({ name, type: a.type })),
      };
    })
    .sort((a, b) => a.uid.localeCompare(b.uid));
  const context = runtime.syncContext;
  const settings = runtimeSettingsOf(config);
  const derived = runtime.derivedSummary;
  const source = runtime.siteSummarySource();
  if (derived !== undefined) delete settings.site.summary;
  return {
    settings,
    ...(derived !== undefined && source
      ? { derivedSummary: { text: derived, from: describeSiteSummarySource(source) } }
      : {}),
    fileSettings: runtimeSettingsOf(runtime.fileConfig),
    status: runtime.settingsStatus(),
    ...(missing ? { missing: describeMissing(missing) } : {}),
    readOnly: {
      urls: {
        homeSlugs: context?.rules.homeSlugs.slice() ?? config.urls?.homeSlugs ?? DEFAULT_HOME_SLUGS,
        localePrefix: context?.rules.localePrefix ?? config.urls?.localePrefix ?? 'always',
        defaultLocale: context?.rules.defaultLocale ?? '',
      },
      ...(context?.mediaBaseUrl ? { mediaBaseUrl: context.mediaBaseUrl } : {}),
      ...(config.site.origin ? { origin: config.site.origin } : {}),
      ...(config.site.language ? { language: config.site.language } : {}),
      ...(config.site.overviewPath ? { overviewPath: config.site.overviewPath } : {}),
      mUrlSuffix: config.mUrl?.suffix ?? 'llm.json',
      tablePrefix: config.tablePrefix ?? 'agent_ready_',
      database: typeof connection.client === 'string' ? connection.client : 'unknown',
      artifacts: {
        llmsTxt: Boolean(config.llmsTxt),
        llmindex: Boolean(config.llmindex),
        scp: Boolean(config.scp),
        robotsTxt: Boolean(config.robotsTxt),
      },
    },
    contentTypes,
    components,
    locales: (await runtime.knownLocales()) ?? [],
  };
}
