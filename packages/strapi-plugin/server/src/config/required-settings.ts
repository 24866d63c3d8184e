import { PLUGIN_ID } from './plugin-config';

/**
 * The settings without which the plugin has nothing to serve. A config that leaves one of them
 * out (absent, not merely wrong) puts the plugin in its "not configured" state rather than
 * failing Strapi's start: installing the plugin before configuring it must not take a site down.
 * A value that is present but wrong still fails the start, naming the key.
 */
export const REQUIRED_SETTINGS = ['site.origin', 'site.name', 'contentTypes'] as const;

export type RequiredSetting = (typeof REQUIRED_SETTINGS)[number];

/**
 * Required settings the admin panel's settings page can supply (they apply without a restart).
 * The origin is fixed at start-up: every URL of every artifact is built on it.
 */
const SETTABLE_IN_ADMIN: ReadonlySet<RequiredSetting> = new Set(['site.name', 'contentTypes']);

/** Where the settings page lives in the admin panel, as editors find it. */
export const SETTINGS_PAGE = 'Settings → Agent Ready → Agents and AI';

/** A missing setting as the admin API reports it, so the pages can say where to set it. */
export interface MissingSetting {
  key: RequiredSetting;
  /** True when the settings page can supply it; false: config/plugins only (and a restart). */
  settableInAdmin: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The required settings a config leaves out entirely (`undefined`), in REQUIRED_SETTINGS order. */
export function missingSettings(config: unknown): RequiredSetting[] {
  const input = isObject(config) ? config : {};
  const { site } = input;
  const siteValue = (key: 'origin' | 'name') =>
    site === undefined ? undefined : isObject(site) ? site[key] : site;
  const missing: RequiredSetting[] = [];
  if (siteValue('origin') === undefined) missing.push('site.origin');
  if (siteValue('name') === undefined) missing.push('site.name');
  if (input.contentTypes === undefined) missing.push('contentTypes');
  return missing;
}

export function describeMissing(missing: readonly RequiredSetting[]): MissingSetting[] {
  return missing.map((key) => ({ key, settableInAdmin: SETTABLE_IN_ADMIN.has(key) }));
}

/** What one missing setting is, for a 400 from the settings API (and the start-up warning). */
export const MISSING_SETTING_MESSAGES: Record<RequiredSetting, string> = {
  'site.origin':
    'is required: the public origin every URL is built on, e.g. https://example.com (config/plugins only, read at start-up)',
  'site.name': 'is required: the site name (llms.txt title, llmindex entity)',
  contentTypes: "is required: the exposed content types, { 'api::article.article': true, … }",
};

const list = (keys: readonly string[]) =>
  keys.length <= 1 ? (keys[0] ?? '') : `${keys.slice(0, -1).join(', ')} and ${keys.at(-1)}`;

/**
 * The one warning logged at start-up while the plugin is not configured: what is missing, and
 * where to set each (config/plugins always; the settings page for what it can supply).
 */
export function notConfiguredWarning(missing: readonly RequiredSetting[]): string {
  const inAdmin = missing.filter((key) => SETTABLE_IN_ADMIN.has(key));
  const fileOnly = missing.filter((key) => !SETTABLE_IN_ADMIN.has(key));
  const where = `config/plugins.(js|ts) under '${PLUGIN_ID}' → config`;
  let how: string;
  if (fileOnly.length === 0) {
    how = `Set ${list(missing)} in ${where} and restart, or save ${missing.length === 1 ? 'it' : 'them'} in the admin panel (${SETTINGS_PAGE}), which applies at once.`;
  } else if (inAdmin.length === 0) {
    how = `Set ${list(missing)} in ${where}, then restart Strapi.`;
  } else {
    how = `Set ${list(missing)} in ${where}, then restart Strapi (${list(inAdmin)} can instead be saved in the admin panel, ${SETTINGS_PAGE}, once ${list(fileOnly)} ${fileOnly.length === 1 ? 'is' : 'are'} set).`;
  }
  return `agent-ready is not configured, so it serves nothing to agents: ${list(missing)} ${missing.length === 1 ? 'is' : 'are'} missing. ${how}`;
}
