import type { FilePluginConfig } from '../config/plugin-config';
import type { RuntimeSettings } from './validate-runtime-settings';

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
  if (settings.contentTypes !== undefined) merged.contentTypes = settings.contentTypes;
  if (settings.locales === null) delete merged.locales;
  else if (settings.locales !== undefined) merged.locales = settings.locales;
  if (settings.policy === false) delete merged.policy;
  else if (settings.policy !== undefined) merged.policy = settings.policy;
  if (settings.tct !== undefined) merged.tct = { ...file.tct, ...settings.tct };
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
    contentTypes: config.contentTypes ?? {},
    locales: config.locales ?? null,
    policy: config.policy ? config.policy : false,
    tct: { profile: config.tct?.profile ?? 'tct-1' },
  };
}
