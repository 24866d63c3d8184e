import type { ContentTypeChoice, SettingsDescription } from './answer-types';
import type { FilePluginConfig } from '../config/plugin-config';
import { describeMissing } from '../config/required-settings';
import {
  BODY_TYPES,
  DATE_TYPES,
  TEXT_TYPES,
  type ResolvedContentType,
} from '../mapping/resolve-content-types';
import { isExposable } from '../mapping/exposable-content-types';
import type { StrapiSchema } from '../mapping/strapi-schema';
import type { AgentReadyRuntime } from '../runtime/agent-ready-runtime';
import { runtimeSettingsOf } from '../settings/runtime-settings';

interface StrapiForSettings {
  contentTypes: Record<string, unknown>;
  config: { get(path: string, fallback?: unknown): unknown };
}

function choicesOf(
  schema: StrapiSchema,
  hidden: ReadonlySet<string>,
): ContentTypeChoice['choices'] {
  const of = (types: ReadonlySet<string>) =>
    Object.entries(schema.attributes)
      .filter(([name, a]) => types.has(a.type) && a.private !== true && !hidden.has(name))
      .map(([name, a]) => ({ name, type: a.type }));
  return { text: of(TEXT_TYPES), body: of(BODY_TYPES), date: of(DATE_TYPES) };
}

function resolvedOf(type: ResolvedContentType): ContentTypeChoice['resolved'] {
  return {
    url: type.url.source,
    title: type.title.join('.'),
    body: type.body.map((b) => b.attribute),
    ...(type.description ? { description: type.description.join('.') } : {}),
    ...(type.author ? { author: type.author.join('.') } : {}),
    ...(type.published ? { published: type.published.join('.') } : {}),
    section: type.section,
  };
}

/** What the settings form needs: current values, choices from the schemas, read-only facts. */
export async function describeSettings(
  runtime: AgentReadyRuntime,
  strapi: StrapiForSettings,
): Promise<SettingsDescription> {
  const config: FilePluginConfig = runtime.configSoFar;
  const exposed = config.contentTypes ?? {};
  const { missing } = runtime.status();
  const hidden = new Set(strapi.config.get('api.responses.privateAttributes', []) as string[]);
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
        ...(resolved ? { resolved: resolvedOf(resolved) } : {}),
      };
    })
    .sort((a, b) => a.displayName.localeCompare(b.displayName));
  const connection = strapi.config.get('database.connection', {}) as { client?: unknown };
  return {
    settings: runtimeSettingsOf(config),
    fileSettings: runtimeSettingsOf(runtime.fileConfig),
    status: runtime.settingsStatus(),
    ...(missing ? { missing: describeMissing(missing) } : {}),
    readOnly: {
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
    locales: (await runtime.knownLocales()) ?? [],
  };
}
