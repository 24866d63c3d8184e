import { PLUGIN_ID } from '../plugin/pluginId';

const prefixed = (key: string) => `${PLUGIN_ID}.${key}`;

/**
 * The full message id of a key of translations/*.json: the plugin id first, so the plugin's
 * messages never collide with Strapi's or another plugin's in the admin panel's one catalogue.
 * Always called with a string literal, so that every id the source uses can be found (the tests
 * check each against en.json).
 */
export function getTranslation(key: string): string {
  return prefixed(key);
}

/** A translations file's messages under their full ids, as `registerTrads` hands them over. */
export function prefixPluginTranslations(messages: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).map(([key, text]) => [prefixed(key), text]));
}
