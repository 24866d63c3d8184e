import { PluginIcon } from './components/PluginIcon';
import { PLUGIN_ID } from './pluginId';

interface StrapiAdminApp {
  registerPlugin(plugin: { id: string; name: string; isReady?: boolean }): void;
  addMenuLink(link: {
    to: string;
    icon: () => unknown;
    intlLabel: { id: string; defaultMessage: string };
    Component: () => Promise<unknown>;
    permissions: unknown[];
  }): void;
}

export default {
  register(app: StrapiAdminApp) {
    app.addMenuLink({
      to: `plugins/${PLUGIN_ID}`,
      icon: PluginIcon,
      intlLabel: { id: `${PLUGIN_ID}.plugin.name`, defaultMessage: 'Agent Ready' },
      Component: () => import('./pages/App'),
      permissions: [],
    });
    app.registerPlugin({ id: PLUGIN_ID, name: 'Agent Ready' });
  },
};
