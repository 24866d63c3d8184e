import { validatePluginConfig } from './validate-plugin-config';

export default {
  // No defaults here: Strapi deep-merges them into the user's config (arrays by index).
  default: {},
  validator(config: unknown): void {
    validatePluginConfig(config);
  },
};
