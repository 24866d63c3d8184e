import { ENDPOINT_FAMILIES, isFamilyOn, type EndpointFamily } from '@agent-ready/core/serve';
import { siteMcpSettings } from '@agent-ready/mcp';
import type { RegenerationEngine } from '@agent-ready/store';
import type { EndpointLink } from './answer-types';
import type { AgentReadyPluginConfig } from '../config/plugin-config';
import { runtimeSettingsSchema } from '../settings/validate-runtime-settings';

/** The option that turns a family on, as config/plugins names it. */
function optionOf(family: EndpointFamily): string | undefined {
  return family.enabledBy.always ? undefined : family.enabledBy.option;
}

/** Whether the settings page (not only config/plugins) turns the family on: its option is one of the page's. */
function switchedOnSettingsPage(option: string | undefined): boolean {
  return option !== undefined && option.split('.')[0]! in runtimeSettingsSchema.shape;
}

/** The id of the MCP endpoint's entry, beside the families' names. */
export const MCP_ENDPOINT_ID = 'mcp';

/**
 * The MCP endpoint (option `mcp`): not a family of core's registry (the adapters mount
 * `@agent-ready/mcp` beside the families' router), so it is listed after them, at its path when
 * on, with the option that turns it on when off.
 */
function mcpEndpoint(config: AgentReadyPluginConfig, origin: string): EndpointLink {
  const label = 'MCP server';
  const settings = siteMcpSettings(config);
  if (!settings) {
    const option = 'mcp.enabled';
    return {
      id: MCP_ENDPOINT_ID,
      label,
      enabled: false,
      option,
      reason: 'off-in-config',
      note: `Off: set ${option} in config/plugins to serve it.`,
    };
  }
  return {
    id: MCP_ENDPOINT_ID,
    label,
    enabled: true,
    path: settings.path,
    url: `${origin}${settings.path}`,
  };
}

/**
 * The public endpoints for the admin page: every family core's registry lists for admin pages
 * (`listing`), in registry order, with where agents find it on the public origin for the
 * settings in force. Whether a family is served is the registry's answer for these settings (an
 * option left unset is its default: llms.txt and SCP are on unless turned off); where it starts
 * is the family's own (`listing.start`), read from this site's table. The MCP endpoint comes
 * last.
 */
export async function listEndpoints(
  config: AgentReadyPluginConfig,
  engine: RegenerationEngine,
): Promise<EndpointLink[]> {
  const origin = config.site.origin.replace(/\/$/, '');
  const site = {
    options: config,
    exampleMPath: () => engine.exampleMPath(),
    listArtifacts: (family: string) => engine.reader.listArtifacts(family),
  };
  const links: EndpointLink[] = [];
  for (const family of ENDPOINT_FAMILIES) {
    if (!family.listing) continue;
    const option = optionOf(family);
    const { name: id } = family;
    const { label } = family.listing;
    if (!isFamilyOn(family, config)) {
      links.push({
        id,
        label,
        enabled: false,
        ...(option ? { option } : {}),
        ...(switchedOnSettingsPage(option)
          ? { reason: 'off-in-settings', note: 'Off: enable it in the settings.' }
          : { reason: 'off-in-config', note: `Off: set ${option} in config/plugins to serve it.` }),
      });
      continue;
    }
    const start = await family.listing.start(site);
    if (!('path' in start)) {
      links.push({ id, label, enabled: false, reason: start.reason, note: start.note });
      continue;
    }
    links.push({
      id,
      label,
      enabled: true,
      path: start.path,
      url: `${origin}${start.path}`,
      ...(start.reason ? { reason: start.reason, note: start.note } : {}),
    });
  }
  links.push(mcpEndpoint(config, origin));
  return links;
}
