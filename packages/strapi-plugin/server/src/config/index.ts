import { validateFilePluginConfig } from './validate-plugin-config';

export default {
  // No defaults here: Strapi deep-merges them into the user's config (arrays by index).
  default: {},
  validator(config: unknown): void {
    // A wrong value fails Strapi's start here; a missing required setting does not (the plugin
    // starts "not configured" and says what to set, see required-settings).
    validateFilePluginConfig(config);
  },
};
