import {
  buildMUrlRepresentation,
  canonicalizeJson,
  documentValidators,
  mUrlFor,
  sha256Hex,
  type PreparedDocument,
} from '@agent-ready/core';
import { validateAgentSiteOptions, type AgentSiteOptions } from '@agent-ready/core/serve';
import type { AgentSite, DatabaseOption, NotifyOptions } from '@agent-ready/store';
import {
  dropAgentTables,
  openAgentSite,
  RegenerationEngine,
  SILENT_LOGGER,
} from '@agent-ready/store';
import { publishedRowValues } from '@agent-ready/store/internal';
import { uniqueTablePrefix } from '@agent-ready/test-support';

/**
 * Generated sites for the store scenarios: articles with real M-URLs, loaded in bulk into an
 * engine's tables of their own.
 */
export const BENCH_ORIGIN = 'https://bench.example';
const ORIGIN = BENCH_ORIGIN;

/** The generated site's options, for scenarios that serve it whole (`openAgentSite`). */
export function benchSiteOptions(): AgentSiteOptions {
  return validateAgentSiteOptions({ site: { origin: ORIGIN, name: 'Bench' } });
}

/**
 * The generated site served whole by one standalone instance over tables named by `tablePrefix`
 * on `database`, with no automatic rebuilds and no log.
 */
export function openBenchSite(
  database: DatabaseOption,
  tablePrefix: string,
  more: { notify?: NotifyOptions } = {},
): Promise<AgentSite> {
  return openAgentSite({
    site: benchSiteOptions(),
    database,
    tablePrefix,
    mode: 'standalone',
    rebuild: { automatic: false },
    logger: SILENT_LOGGER,
    ...more,
  });
}

/** A generated document: its M-URL, SCP line and twin rendered as the engine stores them. */
export function preparedBenchDocument(fields: {
  key: string;
  path: string;
  title: string;
  content: string;
  section: string;
  renderKey: string;
  language?: string;
  /** The document's locale, as a CMS with locales stores it (default: none, `''`). */
  locale?: string;
}): PreparedDocument {
  const { key, title, content } = fields;
  const cUrl = `${ORIGIN}${fields.path}`;
  const mUrl = mUrlFor(cUrl);
  return {
    key,
    locale: fields.locale ?? '',
    cUrl,
    mUrl,
    mPath: new URL(mUrl).pathname,
    fingerprint: `sha256-${sha256Hex(content)}`,
    renderKey: fields.renderKey,
    profile: 'tct-1',
    visibility: 'public',
    section: fields.section,
    title,
    ...(fields.language ? { language: fields.language } : {}),
    render(modified) {
      const rep = buildMUrlRepresentation({ canonicalUrl: cUrl, title, content, modified });
      // Every field an SCP page requires: a line missing one fails the snapshot build.
      const scpLine = canonicalizeJson({
        url: cUrl,
        title,
        description: `About ${title}.`,
        modified,
        language: 'en',
        content: [{ type: 'text', text: content }],
      });
      const markdown = `# ${title}\n\n${content}\n`;
      return { body: rep.body, ...documentValidators({ mUrl: rep, markdown }), scpLine, markdown };
    },
  };
}

/** Document `index` of a generated site, at its `edit`-th revision. */
export function benchDocument(index: number, edit: number): PreparedDocument {
  return preparedBenchDocument({
    key: `doc-${index}`,
    path: `/articles/${index}/`,
    title: `Article ${index}`,
    content: `Article ${index}, revision ${edit}. `.repeat(30),
    section: 'articles',
    renderKey: 'bench-1',
  });
}

/** When every bulk-loaded row was modified. */
const LOADED_MODIFIED = '2025-10-01T12:00:00.000Z';

/**
 * The documents-table row of `doc` published as a bulk import writes it (around the engine):
 * listed, modified at one fixed time, at `changeSeq`.
 */
export function publishedBenchRow(
  doc: PreparedDocument,
  changeSeq: number,
): Record<string, unknown> {
  const modifiedMs = Date.parse(LOADED_MODIFIED);
  return {
    doc_key: doc.key,
    locale: '',
    listed: true,
    ...publishedRowValues(doc, doc.render(LOADED_MODIFIED), {
      modifiedMs,
      committedMs: modifiedMs,
      changeSeq,
      revision: null,
    }),
  };
}

/** Fills the table directly (the upsert path is what we measure, not how the table got full). */
export async function bulkLoad(engine: RegenerationEngine, count: number): Promise<void> {
  const batch: Record<string, unknown>[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await engine.knex.batchInsert(engine.tables.documents, batch.splice(0), 250);
  };
  for (let i = 0; i < count; i++) {
    batch.push(publishedBenchRow(benchDocument(i, 0), 0));
    if (batch.length >= 2000) await flush();
  }
  await flush();
  // As the plugin does after a bulk reconcile: the planner must see the table as it now is.
  await engine.refreshStatistics();
  // Rows written around the engine moved no sitemap shard: lay them out as an import would.
  await engine.relayoutSitemap();
}

/**
 * Runs `run` on an engine over tables of its own (a unique prefix on `database`), with no
 * automatic rebuilds; the tables are dropped afterwards.
 */
export async function withBenchEngine<T>(
  database: DatabaseOption,
  run: (engine: RegenerationEngine) => Promise<T>,
): Promise<T> {
  const tablePrefix = uniqueTablePrefix();
  const engine = await RegenerationEngine.open({
    database,
    tablePrefix,
    sitemap: { origin: BENCH_ORIGIN },
    rebuild: { automatic: false },
  });
  try {
    return await run(engine);
  } finally {
    await dropAgentTables(engine.knex, tablePrefix);
    await engine.close();
  }
}
