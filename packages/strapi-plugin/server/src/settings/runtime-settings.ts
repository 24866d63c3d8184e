import type { FilePluginConfig } from '../config/plugin-config';
import type { RuntimeSettings } from './validate-runtime-settings';

/** Mappings as JSON holds them: a `url` function (config/plugins only) is left out. */
function savedForm(
  contentTypes: NonNullable<FilePluginConfig['contentTypes']>,
): NonNullable<RuntimeSettings['contentTypes']> {
  return Object.fromEntries(
    Object.entries(contentTypes).map(([uid, mapping]) => {
      if (mapping === true || typeof mapping.url !== 'function') return [uid, mapping];
      const { url: _function, ...rest } = mapping;
      return [uid, Object.keys(rest).length === 0 ? true : rest];
    }),
  ) as NonNullable<RuntimeSettings['contentTypes']>;
}

export type { RuntimeSettings };

/** What the plugin store holds (`strapi.store({ type: 'plugin', name: 'agent-ready' })`). */
export interface StoredSettings {
  version: 1;
  settings: RuntimeSettings;
  /** ISO date of the save: instances sharing the database apply a newer save when they see it. */
  updatedAt: string;
  /** Who saved (admin user e-mail), for the settings page. */
  updatedBy?: string;
}

/**
 * The file's settings with the runtime ones laid over them. The result is checked by the caller:
 * it may still lack a required setting (not configured yet).
 */
export function applyRuntimeSettings(
  file: FilePluginConfig,
  settings: RuntimeSettings | undefined,
): FilePluginConfig {
  if (!settings) return file;
  const site = { ...file.site };
  for (const key of ['name', 'summary', 'details'] as const) {
    const value = settings.site?.[key];
    if (value === undefined) continue;
    // An empty summary or details means "none"; the name is never empty (validated).
    if (value === '' && key !== 'name') delete site[key];
    else site[key] = value;
  }
  const merged: FilePluginConfig = { ...file, site };
  if (settings.contentTypes !== undefined) {
    merged.contentTypes = keepUrlFunctions(settings.contentTypes, file.contentTypes);
  }
  if (settings.components !== undefined) merged.components = settings.components;
  if (settings.locales === null) delete merged.locales;
  else if (settings.locales !== undefined) merged.locales = settings.locales;
  if (settings.policy === false) delete merged.policy;
  else if (settings.policy !== undefined) merged.policy = settings.policy;
  if (settings.tct !== undefined) merged.tct = { ...file.tct, ...settings.tct };
  return merged;
}

/**
 * Saved mappings over the file's: a `url` function of config/plugins (the settings page cannot
 * hold one) is kept for a type whose saved mapping sets no `url`.
 */
function keepUrlFunctions(
  saved: NonNullable<RuntimeSettings['contentTypes']>,
  file: FilePluginConfig['contentTypes'],
): NonNullable<FilePluginConfig['contentTypes']> {
  const merged: NonNullable<FilePluginConfig['contentTypes']> = { ...saved };
  for (const [uid, mapping] of Object.entries(saved)) {
    const fileMapping = file?.[uid];
    if (typeof fileMapping !== 'object' || typeof fileMapping.url !== 'function') continue;
    if (mapping === true) merged[uid] = { url: fileMapping.url };
    else if (mapping.url === undefined) merged[uid] = { ...mapping, url: fileMapping.url };
  }
  return merged;
}

/** The editable part of a config, as the settings form shows it (what is missing left empty). */
export function runtimeSettingsOf(config: FilePluginConfig): Required<RuntimeSettings> {
  return {
    site: {
      ...(config.site.name !== undefined ? { name: config.site.name } : {}),
      ...(config.site.summary !== undefined ? { summary: config.site.summary } : {}),
      ...(config.site.details !== undefined ? { details: config.site.details } : {}),
    },
    contentTypes: savedForm(config.contentTypes ?? {}),
    components: config.components ?? {},
    locales: config.locales ?? null,
    policy: config.policy ? config.policy : false,
    tct: { profile: config.tct?.profile ?? 'tct-1' },
  };
}
