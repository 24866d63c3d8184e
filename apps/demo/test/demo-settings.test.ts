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

  it('take the TCT profile from DEMO_TCT_PROFILE, for both servers', () => {
    expect(settings.agentReady.tct).toEqual({ profile: 'tct-1' });
    const draft03 = demoSettings({ DEMO_TCT_PROFILE: 'tct-03' });
    expect(draft03.plugin.tct).toEqual({ profile: 'tct-03' });
    expect(() => plugin.config.validator(draft03.plugin)).not.toThrow();
    expect(() => demoSettings({ DEMO_TCT_PROFILE: 'tct-3' })).toThrow(
      'DEMO_TCT_PROFILE must be tct-1 or tct-03, got tct-3',
    );
  });

  it('give both servers the Varnish purger with DEMO_EDGE=varnish, and nothing without it', () => {
    expect(settings.edge).toBeUndefined();
    expect(settings.agentReady).not.toHaveProperty('edge');
    const edged = demoSettings({
      DEMO_EDGE: 'varnish',
      DEMO_EDGE_PORT: '46081',
      DEMO_EDGE_TOKEN: 'abc123',
    });
    expect(edged.edge).toMatchObject({ port: 46081, url: 'http://localhost:46081' });
    expect(edged.plugin.edge).toEqual({
      purger: { type: 'varnish', addresses: ['http://127.0.0.1:46081'], token: 'abc123' },
    });
    expect(() => plugin.config.validator(edged.plugin)).not.toThrow();
    expect(() =>
      validateAgentReadyOptions({
        ...edged.agentReady,
        mode: 'read-only',
        database: edged.database,
        logger: console,
      }),
    ).not.toThrow();
    expect(() => demoSettings({ DEMO_EDGE: 'nginx' })).toThrow(
      'DEMO_EDGE must be varnish (or unset), got nginx',
    );
  });
});
