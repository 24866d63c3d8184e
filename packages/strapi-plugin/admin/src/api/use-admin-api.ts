import { useMemo } from 'react';
import { useFetchClient } from '@strapi/strapi/admin';
import { PLUGIN_ID } from '../plugin/pluginId';
import type {
  CheckTarget,
  CurrentRebuild,
  Overview,
  RebuildStarted,
  RuntimeSettings,
  SettingsDescription,
  SiteCheck,
} from './admin-api-types';

/** The plugin's admin API through Strapi's fetch client (admin JWT, token refresh). */
export function useAdminApi() {
  const { get, put, post, del } = useFetchClient();
  return useMemo(
    () => ({
      overview: async () => (await get<Overview>(`/${PLUGIN_ID}/overview`)).data,
      settings: async () => (await get<SettingsDescription>(`/${PLUGIN_ID}/settings`)).data,
      saveSettings: async (settings: RuntimeSettings) =>
        (await put<SettingsDescription>(`/${PLUGIN_ID}/settings`, settings)).data,
      resetSettings: async () => (await del<SettingsDescription>(`/${PLUGIN_ID}/settings`)).data,
      check: async (target: CheckTarget) =>
        (await post<SiteCheck>(`/${PLUGIN_ID}/check`, { target })).data,
      rebuild: async () => (await post<RebuildStarted>(`/${PLUGIN_ID}/rebuild`)).data.job,
      rebuildStatus: async () => (await get<CurrentRebuild>(`/${PLUGIN_ID}/rebuild`)).data.job,
    }),
    [get, put, post, del],
  );
}

export interface ApiProblem {
  message: string;
  /** Field errors by path (`site.name`, `contentTypes.api::article.article.body`). */
  fields: Record<string, string>;
}

/** The message and field errors of a failed call (Strapi's `error.details.errors`). */
export function apiProblem(error: unknown): ApiProblem {
  const body = (error as { response?: { data?: { error?: unknown } } })?.response?.data?.error as
    | { message?: string; details?: { errors?: { path?: string[]; message?: string }[] } }
    | undefined;
  const fields: Record<string, string> = {};
  for (const item of body?.details?.errors ?? []) {
    const key = (item.path ?? []).join('.');
    if (!(key in fields)) fields[key] = item.message ?? 'invalid';
  }
  return {
    message: body?.message ?? (error instanceof Error ? error.message : String(error)),
    fields,
  };
}
