import type { StrapiApp } from '@strapi/strapi/admin';
import { PluginIcon } from './components/PluginIcon';
import { PERMISSIONS } from './permissions';
import { PLUGIN_ID } from './pluginId';

/**
 * The plugin's admin side: a menu link to the status page and a settings section, both shown
 * only to roles holding `plugin::agent-ready.read` (an editor without it sees neither).
 */
export default {
  register(app: StrapiApp) {
    app.addMenuLink({
      to: `plugins/${PLUGIN_ID}`,
      icon: PluginIcon,
      intlLabel: { id: `${PLUGIN_ID}.plugin.name`, defaultMessage: 'Agent Ready' },
      Component: () => import('./pages/App'),
      permissions: PERMISSIONS.read,
    });
    app.addSettingsLink(
      {
        id: PLUGIN_ID,
        intlLabel: { id: `${PLUGIN_ID}.settings.section`, defaultMessage: 'Agent Ready' },
      },
      {
        id: 'settings',
        to: PLUGIN_ID,
        intlLabel: { id: `${PLUGIN_ID}.settings.link`, defaultMessage: 'Agents and AI' },
        Component: () => import('./pages/Settings'),
        permissions: PERMISSIONS.read,
      },
    );
    app.registerPlugin({ id: PLUGIN_ID, name: 'Agent Ready' });
  },
};
