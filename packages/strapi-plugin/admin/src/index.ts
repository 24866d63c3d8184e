import type { StrapiApp } from '@strapi/strapi/admin';
import { PluginIcon } from './components/PluginIcon';
import { PERMISSIONS } from './plugin/permissions';
import { PLUGIN_ID } from './plugin/pluginId';
import { getTranslation, prefixPluginTranslations } from './translations/get-translation';

type Messages = Record<string, string>;

/**
 * The plugin's admin side: a menu link to the status page and a settings section, both shown
 * only to roles holding `plugin::agent-ready.read` (an editor without it sees neither), and the
 * translations of its pages.
 */
export default {
  register(app: StrapiApp) {
    app.addMenuLink({
      to: `plugins/${PLUGIN_ID}`,
      icon: PluginIcon,
      intlLabel: { id: getTranslation('plugin.name'), defaultMessage: 'Agent Ready' },
      Component: () => import('./pages/App'),
      permissions: PERMISSIONS.read,
    });
    app.addSettingsLink(
      {
        id: PLUGIN_ID,
        intlLabel: { id: getTranslation('settings.section'), defaultMessage: 'Agent Ready' },
      },
      {
        id: 'settings',
        to: PLUGIN_ID,
        intlLabel: { id: getTranslation('settings.link'), defaultMessage: 'Agents and AI' },
        Component: () => import('./pages/Settings'),
        permissions: PERMISSIONS.read,
      },
    );
    app.registerPlugin({ id: PLUGIN_ID, name: 'Agent Ready' });
  },

  /**
   * The messages of each admin locale the app enables (translations/<locale>.json), every key
   * prefixed with the plugin id. A locale without a file gets none: react-intl then shows the
   * English `defaultMessage` written beside each id in the source.
   */
  async registerTrads({ locales }: { locales: string[] }) {
    return Promise.all(
      locales.map(async (locale) => {
        try {
          const { default: messages } = (await import(`./translations/${locale}.json`)) as {
            default: Messages;
          };
          return { data: prefixPluginTranslations(messages), locale };
        } catch {
          return { data: {}, locale };
        }
      }),
    );
  },
};
