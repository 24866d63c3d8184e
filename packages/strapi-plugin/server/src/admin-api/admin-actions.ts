import { PLUGIN_ID } from '../config/plugin-config';

/** The RBAC actions the plugin registers (Settings → Roles → Plugins → Agent Ready). */
export const ADMIN_ACTIONS = {
  /** See the status page and its counts, endpoints and problems; run "check now". */
  read: `plugin::${PLUGIN_ID}.read`,
  /** Change the settings that apply at run time. */
  updateSettings: `plugin::${PLUGIN_ID}.settings.update`,
  /** Start a full rebuild (reconcile + artifacts). */
  rebuild: `plugin::${PLUGIN_ID}.rebuild`,
} as const;

interface ActionProvider {
  registerMany(actions: object[]): Promise<void>;
}

/** Registers the actions with the admin's permission service (at bootstrap, before the admin's). */
export async function registerAdminActions(strapi: {
  service(uid: string): unknown;
}): Promise<void> {
  const permissions = strapi.service('admin::permission') as
    { actionProvider: ActionProvider } | undefined;
  if (!permissions) return;
  await permissions.actionProvider.registerMany([
    {
      section: 'plugins',
      displayName: 'Read status, endpoints and problems; run checks',
      uid: 'read',
      pluginName: PLUGIN_ID,
    },
    {
      section: 'plugins',
      displayName: 'Edit settings',
      uid: 'settings.update',
      subCategory: 'settings',
      pluginName: PLUGIN_ID,
    },
    {
      section: 'plugins',
      displayName: 'Rebuild documents and artifacts',
      uid: 'rebuild',
      pluginName: PLUGIN_ID,
    },
  ]);
}
