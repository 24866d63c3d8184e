/**
 * Which content types a site may expose to agents. What an editor publishes in the app's own
 * types (`api::…`) is the site's content; Strapi's own types hold its users, roles, media
 * library, locales, workflows and releases, which Strapi itself never answers to anonymous
 * callers (`/api/upload/files` is 401): exposing one would publish what no editor published.
 * Other plugins' types are exposed only where the developer says so in config/plugins
 * (`pluginContentTypes`), never from the settings page.
 */

/** Plugins that ship with Strapi 5 (and this one): their types are never exposed. */
const STRAPI_OWN_PLUGINS: ReadonlySet<string> = new Set([
  'agent-ready',
  'cloud',
  'color-picker',
  'content-manager',
  'content-releases',
  'content-type-builder',
  'documentation',
  'email',
  'graphql',
  'i18n',
  'review-workflows',
  'sentry',
  'upload',
  'users-permissions',
]);

/**
 * Types of Strapi's own that are safe to expose after all (the maintained allow-list): none
 * today. A type goes here only once it is known to hold nothing but what editors publish.
 */
const STRAPI_TYPES_SAFE_TO_EXPOSE: ReadonlySet<string> = new Set<string>();

/** `plugin::upload.file` → `upload`; undefined for a UID of another kind. */
function pluginOf(uid: string): string | undefined {
  const match = /^plugin::([^.]+)\./.exec(uid);
  return match?.[1];
}

/**
 * Why `uid` cannot be exposed, or undefined when it can: an app type, or a third-party plugin's
 * type that config/plugins lists in `pluginContentTypes`.
 */
export function whyNotExposable(
  uid: string,
  pluginContentTypes: readonly string[] = [],
): string | undefined {
  if (uid.startsWith('api::')) return undefined;
  if (STRAPI_TYPES_SAFE_TO_EXPOSE.has(uid)) return undefined;
  const plugin = pluginOf(uid);
  if (plugin === undefined)
    return "only the app's content types (api::…) and listed plugin types can be exposed";
  if (STRAPI_OWN_PLUGINS.has(plugin))
    return `the ${plugin} plugin's types belong to Strapi itself (users, media library, locales, workflows, releases) and are never exposed`;
  if (pluginContentTypes.includes(uid)) return undefined;
  return "a plugin's content type is exposed only when config/plugins lists it in `pluginContentTypes`";
}

/** Whether the settings page may offer `uid` as a choice. */
export function isExposable(uid: string, pluginContentTypes: readonly string[] = []): boolean {
  return whyNotExposable(uid, pluginContentTypes) === undefined;
}
