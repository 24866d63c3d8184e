import { LLMINDEX_MANIFEST_PATH } from '@agent-ready/core/llmindex';
import {
  DEFAULT_SCP_BASE_PATH,
  endpointFamily,
  isFamilyOn,
  LLMS_TXT_FAMILY,
  POLICY_PATH,
  type EndpointFamily,
} from '@agent-ready/core/serve';
import type { RegenerationEngine } from '@agent-ready/store';
import type { EndpointId, EndpointLink, EndpointReason } from './answer-types';
import type { AgentReadyPluginConfig } from '../config/plugin-config';

/** Where an editor is sent for a family: a path agents start at, or why there is none yet. */
type Entry =
  | { path: string; reason?: EndpointReason; note?: string }
  | { reason: EndpointReason; note: string };

/**
 * The families the overview shows, by their name in core's registry (which says whether the
 * settings in force serve one, and by which option), with the path an editor can open.
 */
interface ListedFamily {
  id: EndpointId;
  family: string;
  label: string;
  /** The policy is turned on in the settings page; the others in config/plugins. */
  switchedIn: 'config' | 'settings';
  entry(config: AgentReadyPluginConfig, engine: RegenerationEngine): Promise<Entry>;
}

const LISTED: readonly ListedFamily[] = [
  {
    id: 'sitemap',
    family: 'json-sitemap',
    label: 'TCT sitemap',
    switchedIn: 'config',
    entry: async () => ({ path: '/llm-sitemap.json' }),
  },
  {
    id: 'm-url',
    family: 'm-url',
    label: 'Example M-URL',
    switchedIn: 'config',
    // The first published document of the table.
    async entry(_config, engine) {
      const example = await engine.exampleMPath();
      return example
        ? { path: example }
        : { reason: 'no-document', note: 'No published document is served yet.' };
    },
  },
  {
    id: 'llms-txt',
    family: 'llms-txt',
    label: 'llms.txt',
    switchedIn: 'config',
    // The default locale's (the shortest path), once built.
    async entry(_config, engine) {
      const built = (await engine.reader.listArtifacts(LLMS_TXT_FAMILY))
        .map((artifact) => artifact.name)
        .filter((name) => name.endsWith('/llms.txt'))
        .sort((a, b) => a.length - b.length || (a < b ? -1 : 1))[0];
      return built
        ? { path: built }
        : { path: '/llms.txt', reason: 'not-built', note: 'Not built yet.' };
    },
  },
  {
    id: 'llmindex',
    family: 'llmindex',
    label: 'llmindex manifest',
    switchedIn: 'config',
    entry: async () => ({ path: LLMINDEX_MANIFEST_PATH }),
  },
  {
    id: 'scp-sitemap',
    family: 'scp',
    label: 'SCP sitemap',
    switchedIn: 'config',
    async entry(config) {
      const base = (config.scp ? config.scp.basePath : undefined) ?? DEFAULT_SCP_BASE_PATH;
      return { path: `${base.replace(/\/$/, '')}/sitemap.xml` };
    },
  },
  {
    id: 'policy',
    family: 'policy',
    label: 'Policy descriptor',
    switchedIn: 'settings',
    entry: async () => ({ path: POLICY_PATH }),
  },
];

/** The option that turns a family on, as config/plugins names it. */
function optionOf(family: EndpointFamily): string | undefined {
  return family.enabledBy.always ? undefined : family.enabledBy.option;
}

/**
 * The public endpoints for the admin page: where agents find them on the public origin, for the
 * settings in force. Whether a family is served is core's registry's answer for these settings
 * (an option left unset is its default: llms.txt and SCP are on unless turned off).
 */
export async function listEndpoints(
  config: AgentReadyPluginConfig,
  engine: RegenerationEngine,
): Promise<EndpointLink[]> {
  const origin = config.site.origin.replace(/\/$/, '');
  const links: EndpointLink[] = [];
  for (const listed of LISTED) {
    const family = endpointFamily(listed.family)!;
    const option = optionOf(family);
    const { id, label } = listed;
    if (!isFamilyOn(family, config)) {
      links.push({
        id,
        label,
        enabled: false,
        ...(option ? { option } : {}),
        ...(listed.switchedIn === 'settings'
          ? { reason: 'off-in-settings', note: 'Off: enable it in the settings.' }
          : { reason: 'off-in-config', note: `Off: set ${option} in config/plugins to serve it.` }),
      });
      continue;
    }
    const entry = await listed.entry(config, engine);
    if (!('path' in entry)) {
      links.push({ id, label, enabled: false, reason: entry.reason, note: entry.note });
      continue;
    }
    links.push({
      id,
      label,
      enabled: true,
      path: entry.path,
      url: `${origin}${entry.path}`,
      ...(entry.reason ? { reason: entry.reason, note: entry.note } : {}),
    });
  }
  return links;
}
