import type {
  DocumentCatalog,
  MUrlScheme,
  ServingSettings,
  UsagePreferences,
} from '@agent-ready/core';
import type { McpContentSource, McpSiteSettings } from './mcp-content-source';

/** What the MCP server reads of a site's store: the store's `StoreReader` is one. */
export interface McpSiteReader extends DocumentCatalog {
  /** The writer's serving settings (origin, M-URL suffix, usage), once it stored them. */
  servingSettings(): Promise<ServingSettings | undefined>;
  artifact(
    name: string,
  ): Promise<{ meta: { etag: string; lastModified: Date }; body: Buffer } | undefined>;
}

/** The site's own options, used until its writer stored its serving settings. */
export interface McpSiteDefaults {
  origin: string;
  name?: string;
  mUrl?: MUrlScheme;
  usage?: UsagePreferences;
  language?: string;
}

/**
 * The MCP server's source over a site's store: the documents from the reader, the llms.txt
 * from its artifacts, and the site as its writer stored it (a read-only process serves the
 * writer's origin, M-URL suffix and usage terms, as its HTTP endpoints do).
 */
export function mcpSourceOfSite(
  reader: McpSiteReader,
  defaults: McpSiteDefaults,
): McpContentSource {
  return {
    catalog: reader,
    async settings(): Promise<McpSiteSettings> {
      const stored = await reader.servingSettings();
      const mUrl = stored ? stored.mUrl : defaults.mUrl;
      const usage = stored ? stored.usage : defaults.usage;
      return {
        origin: stored?.origin ?? defaults.origin,
        ...(mUrl ? { mUrl } : {}),
        ...(usage ? { usage } : {}),
        ...(defaults.name ? { name: defaults.name } : {}),
        ...(defaults.language ? { language: defaults.language } : {}),
      };
    },
    async llmsTxt() {
      const stored = await reader.artifact('/llms.txt');
      if (!stored) return undefined;
      return {
        text: stored.body.toString('utf8'),
        etag: stored.meta.etag,
        lastModified: stored.meta.lastModified,
      };
    },
  };
}
