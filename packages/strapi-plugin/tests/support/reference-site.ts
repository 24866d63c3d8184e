import http from 'node:http';
import type { Core } from '@strapi/strapi';
import { writeNodeResponse } from '@agent-ready/core/node-http';
import {
  notFoundResponse,
  prepareOptionsFor,
  type AgentSiteOptions,
} from '@agent-ready/core/serve';
import { createSiteMcpHandler, siteMcpSettings } from '@agent-ready/mcp';
import {
  dropAgentTables,
  openAgentSite,
  type AgentSite,
  type DatabaseOption,
} from '@agent-ready/store';
import type { FilePluginConfig } from '../../server/src/config/plugin-config';
import { mediaUrlResolver } from '../../server/src/extraction/media-url';
import { preparePluginConfig } from '../../server/src/settings/prepare-plugin-config';
import type { RuntimeSettings } from '../../server/src/settings/runtime-settings';
import { reconcileContent } from '../../server/src/sync/reconcile-content';
import type { DocumentsApi, QueryApi } from '../../server/src/sync/read-published-entries';
import type { SyncContext } from '../../server/src/sync/sync-context';

/** An agent site served on its own HTTP server (supertest or a socket reads it). */
export interface ServedSite {
  http: http.Server;
  close(): Promise<void>;
}

/**
 * Serves `site` as the adapters do, without Strapi: the same core handler (every agent endpoint)
 * and the MCP endpoint when `options` turn it on.
 */
export function serveSite(site: AgentSite, options: AgentSiteOptions): http.Server {
  const origin = options.site.origin.replace(/\/$/, '');
  const mcpSettings = siteMcpSettings(options);
  const mcp = mcpSettings
    ? { path: mcpSettings.path, handle: createSiteMcpHandler(site, options, {}) }
    : undefined;
  return http.createServer((req, res) => {
    const target = req.url ?? '/';
    if (mcp && target.split('?')[0] === mcp.path) {
      mcp.handle(req, res).catch(() => res.destroy());
      return;
    }
    const request = { method: req.method ?? 'GET', target, headers: req.headers };
    site
      .handle({ ...request, url: `${origin}${target}` })
      .then(async (outcome) =>
        outcome.kind === 'respond'
          ? outcome.response
          : outcome.kind === 'authorize'
            ? outcome.respond()
            : notFoundResponse(request.method),
      )
      .then((response) => writeNodeResponse(res, response))
      .catch(() => res.destroy());
  });
}

/** The reference's tables, beside the plugin's (`agent_ready_`) on Strapi's database. */
const REFERENCE_TABLE_PREFIX = 'agent_ready_reference_';

/**
 * The differential tests' reference: what the plugin serves when its table is built from scratch
 * from Strapi's content as it is now. A new store in tables of their own on Strapi's database
 * (the same dialect as the plugin's, so search ranks and stems as the plugin's does), filled by
 * the plugin's own reconcile (the code that maps and renders every entry, here from the sources)
 * under the settings the running plugin has in force, its artifacts built once, served by
 * `serveSite`; its tables are dropped when it closes.
 * Whatever the running plugin serves after any sequence of edits must equal this, but for what
 * only history explains (`modified`, tombstones).
 */
export async function buildReferenceSite(
  strapi: Core.Strapi,
  fileConfig: FilePluginConfig,
  settings?: RuntimeSettings,
): Promise<ServedSite> {
  const prepared = await preparePluginConfig(strapi, fileConfig, settings);
  const { config } = prepared;
  // Strapi's knex (its own copy of the package: the same API, another declaration).
  const knex = strapi.db.connection as unknown as Parameters<typeof dropAgentTables>[0];
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  let site: AgentSite | undefined;
  try {
    // A reference left by a run that stopped half-way is not a rebuild from scratch.
    await dropAgentTables(knex, REFERENCE_TABLE_PREFIX);
    site = await openAgentSite({
      site: config,
      database: knex,
      tablePrefix: REFERENCE_TABLE_PREFIX,
      mode: 'standalone',
      // Built once, after the reconcile: a site that never changes needs no other pass.
      rebuild: { automatic: false, healIntervalMs: 0 },
      logger: log,
    });
    const context: SyncContext = {
      engine: site.engine!,
      types: prepared.types,
      prepareOptions: prepareOptionsFor(config),
      rules: prepared.rules,
      mediaUrl: mediaUrlResolver(prepared.mediaBaseUrl),
      ...(prepared.mediaBaseUrl ? { mediaBaseUrl: prepared.mediaBaseUrl } : {}),
      ...(config.locales ? { locales: new Set(config.locales) } : {}),
      documents: strapi.documents as unknown as DocumentsApi,
      db: strapi.db as unknown as QueryApi,
      log,
    };
    await reconcileContent(context, { batchSize: 100 });
    await site.engine!.whenIdle();
    await site.engine!.rebuildArtifacts();
  } catch (error) {
    await site?.close().catch(() => undefined);
    await dropAgentTables(knex, REFERENCE_TABLE_PREFIX).catch(() => undefined);
    throw error;
  }
  const served = site;
  return {
    http: serveSite(served, config),
    async close() {
      await served.close();
      await dropAgentTables(knex, REFERENCE_TABLE_PREFIX);
    },
  };
}

/**
 * A second instance serving the plugin's table: a read-only site on the same database (as the
 * demo's Express front end reads Strapi's), told of commits as any other instance is.
 */
export async function openReadingInstance(
  database: DatabaseOption,
  options: AgentSiteOptions,
): Promise<ServedSite> {
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  const site = await openAgentSite({ site: options, database, mode: 'read-only', logger: log });
  return { http: serveSite(site, options), close: () => site.close() };
}
