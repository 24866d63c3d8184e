import { LLMINDEX_MANIFEST_PATH } from '@agent-ready/core/llmindex';
import { LLMS_TXT_FAMILY, POLICY_PATH } from '@agent-ready/core/serve';
import type { RegenerationEngine } from '@agent-ready/store';
import type { EndpointId, EndpointLink, EndpointReason } from './answer-types';
import type { AgentReadyPluginConfig } from '../config/plugin-config';

/**
 * The public endpoints for the admin page: where agents find them on the public origin, for the
 * settings in force. The example M-URL is the first published document of the table.
 */
export async function listEndpoints(
  config: AgentReadyPluginConfig,
  engine: RegenerationEngine,
): Promise<EndpointLink[]> {
  const origin = config.site.origin.replace(/\/$/, '');
  const link = (id: EndpointId, label: string, path: string): EndpointLink => ({
    id,
    label,
    enabled: true,
    path,
    url: `${origin}${path}`,
  });
  const off = (
    id: EndpointId,
    label: string,
    reason: EndpointReason,
    note: string,
  ): EndpointLink => ({
    id,
    label,
    enabled: false,
    note,
    reason,
  });
  const example = await engine.exampleMPath();
  const llmsTxt = config.llmsTxt
    ? (await engine.reader.listArtifacts(LLMS_TXT_FAMILY))
        .map((artifact) => artifact.name)
        .filter((name) => name.endsWith('/llms.txt'))
        .sort((a, b) => a.length - b.length || (a < b ? -1 : 1))[0]
    : undefined;
  const scpBase = config.scp ? (config.scp.basePath ?? '/scp').replace(/\/$/, '') : undefined;
  return [
    link('sitemap', 'TCT sitemap', '/llm-sitemap.json'),
    example
      ? link('m-url', 'Example M-URL', example)
      : off('m-url', 'Example M-URL', 'no-document', 'No published document is served yet.'),
    config.llmsTxt
      ? llmsTxt
        ? link('llms-txt', 'llms.txt', llmsTxt)
        : {
            ...link('llms-txt', 'llms.txt', '/llms.txt'),
            note: 'Not built yet.',
            reason: 'not-built' as const,
          }
      : off(
          'llms-txt',
          'llms.txt',
          'off-in-config',
          'Off: set llmsTxt in config/plugins to serve it.',
        ),
    config.llmindex
      ? link('llmindex', 'llmindex manifest', LLMINDEX_MANIFEST_PATH)
      : off(
          'llmindex',
          'llmindex manifest',
          'off-in-config',
          'Off: set llmindex in config/plugins to serve it.',
        ),
    scpBase
      ? link('scp-sitemap', 'SCP sitemap', `${scpBase}/sitemap.xml`)
      : off(
          'scp-sitemap',
          'SCP sitemap',
          'off-in-config',
          'Off: set scp in config/plugins to serve it.',
        ),
    config.policy
      ? link('policy', 'Policy descriptor', POLICY_PATH)
      : off('policy', 'Policy descriptor', 'off-in-settings', 'Off: enable it in the settings.'),
  ];
}
