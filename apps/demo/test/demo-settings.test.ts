import { createRequire } from 'node:module';
import { demoSettings } from '@agent-ready/demo-cms/demo-settings';
import { validateAgentReadyOptions } from '@agent-ready/express';

/** The plugin as the demo's Strapi app loads it (through `require`, from the app's package). */
const cmsRequire = createRequire(require.resolve('@agent-ready/demo-cms/demo-settings'));
const server = cmsRequire('@agent-ready/strapi-plugin/strapi-server') as {
  default?: PluginServer;
} & PluginServer;
interface PluginServer {
  config: { validator(config: unknown): void };
}
const plugin = server.default ?? server;

describe("the demo's settings", () => {
  const settings = demoSettings({});

  it('are a valid plugin config (config/plugins.js)', () => {
    expect(() => plugin.config.validator(settings.plugin)).not.toThrow();
  });

  it("are valid options for the site's read-only adapter", () => {
    expect(() =>
      validateAgentReadyOptions({
        ...settings.agentReady,
        mode: 'read-only',
        database: settings.database,
        logger: console,
      }),
    ).not.toThrow();
  });
});
