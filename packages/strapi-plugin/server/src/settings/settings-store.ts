import { PLUGIN_ID } from '../config/plugin-config';
import type { StoredSettings } from './runtime-settings';

/** `strapi.store(...)`: Strapi's key-value plugin store (the `strapi_core_store_settings` table). */
export interface PluginStoreApi {
  store(source: { type: 'plugin'; name: string }): {
    get(params: { key: string }): Promise<unknown>;
    set(params: { key: string; value: unknown }): Promise<void>;
    delete(params: { key: string }): Promise<void>;
  };
}

const KEY = 'settings';

function pluginStore(strapi: PluginStoreApi) {
  return strapi.store({ type: 'plugin', name: PLUGIN_ID });
}

/** The settings saved from the admin panel, if any (anything unreadable counts as none). */
export async function readStoredSettings(
  strapi: PluginStoreApi,
): Promise<StoredSettings | undefined> {
  const value = (await pluginStore(strapi).get({ key: KEY })) as Partial<StoredSettings> | null;
  if (
    !value ||
    typeof value !== 'object' ||
    value.version !== 1 ||
    typeof value.settings !== 'object' ||
    value.settings === null ||
    typeof value.updatedAt !== 'string'
  ) {
    return undefined;
  }
  return value as StoredSettings;
}

export async function writeStoredSettings(
  strapi: PluginStoreApi,
  record: StoredSettings,
): Promise<void> {
  await pluginStore(strapi).set({ key: KEY, value: record });
}

export async function clearStoredSettings(strapi: PluginStoreApi): Promise<void> {
  await pluginStore(strapi).delete({ key: KEY });
}
