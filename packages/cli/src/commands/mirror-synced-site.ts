import { join } from 'node:path';
import type { StoredDocument, StoredDocumentDetails, SyncState } from '@agent-ready/client';
import { documentValidators, validatorsOfBytes, type PreparedDocument } from '@agent-ready/core';
import { withoutLlmsTxtTwinDirective } from '@agent-ready/core/serve';
import { RegenerationEngine, SILENT_LOGGER } from '@agent-ready/store';
import { sectionKey } from './follow-scp-sections';

/** The mirror's database, beside the sync state in the state directory. */
export const MIRROR_FILE = 'agent-ready-mirror.sqlite';

/**
 * The section of a document whose site does not say (TCT lists none, and the site publishes
 * no SCP collection naming it): the store's default, which is what a site that sets none
 * serves too.
 */
const UNKNOWN_SECTION = 'pages';

/**
 * Bumped when what the mirror makes of a synced document changes: every row is made again
 * (the store re-renders a document whose render key moved).
 */
const MIRROR_RENDER_KEY = 'mirror-2';

const string = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/**
 * A synced document as the store takes a prepared one, its bytes the site's own: the M-URL as
 * fetched (its hash the site's), the Markdown twin as fetched (less its llms.txt directive), the
 * `Content-Usage` it came with.
 * The store then indexes, searches and reads it as the site's own store does, so the stdio MCP
 * server answers from the same code as the site's HTTP one. Its section is the one its SCP
 * collection names (`sections`, by normalized URL); its locale its language, which is what the
 * HTTP server tells and filters by (a document without a locale of its own is in the site's
 * language there). A site without twins gets the M-URL's text under its title. Undefined for
 * bytes that are no M-URL document.
 */
export function mirroredDocument(
  stored: StoredDocument,
  details: StoredDocumentDetails | undefined,
  sections: ReadonlyMap<string, string> = new Map(),
): PreparedDocument | undefined {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(stored.body.toString('utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (typeof body !== 'object' || body === null) return undefined;
  const title = string(body.title) ?? stored.cUrl;
  const content = string(body.content) ?? '';
  const language = string(body.language) ?? 'und';
  const description = string(body.description);
  const modified = string(body.modified) ?? string(body.date_modified);
  const twin = details?.markdown?.toString('utf8');
  // The twin as the site keeps it: the llms.txt directive its server puts first is the
  // site's llms.txt resource here.
  const markdown =
    (twin !== undefined ? withoutLlmsTxtTwinDirective(twin) : undefined) ??
    `# ${title}\n\n${content.startsWith(title) ? content.slice(title.length).trimStart() : content}\n`;
  let mPath: string;
  try {
    mPath = new URL(stored.mUrl).pathname;
  } catch {
    return undefined;
  }
  const key = sectionKey(stored.cUrl);
  const section = (key !== undefined ? sections.get(key) : undefined) ?? UNKNOWN_SECTION;
  const locale = language !== 'und' ? language : '';
  return {
    key: stored.cUrl,
    locale,
    cUrl: stored.cUrl,
    mUrl: stored.mUrl,
    mPath,
    // The site's hash names the version: a new one is a change, the same one none.
    fingerprint: `${stored.hash}:${details ? validatorsOfBytes(Buffer.from(markdown)).hash : ''}:${section}`,
    renderKey: MIRROR_RENDER_KEY,
    profile: 'tct-1',
    visibility: 'public',
    section,
    title,
    ...(description !== undefined ? { description } : {}),
    language,
    ...(modified !== undefined ? { sourceModified: modified } : {}),
    ...(details?.usage ? { usage: details.usage } : {}),
    render(at) {
      // The mirror builds no SCP collection: its line only says what the page is.
      const page = { url: stored.cUrl, title, modified: modified ?? at, language };
      return {
        body: stored.body,
        ...documentValidators({
          mUrl: { hash: stored.hash, contentDigest: validatorsOfBytes(stored.body).contentDigest },
          markdown,
        }),
        scpLine: JSON.stringify(page),
        markdown,
      };
    },
  };
}

/**
 * The store the stdio MCP server reads: a SQLite file in the state directory, its search index
 * kept by the store as on the site, no artifacts built (the server reads documents only).
 */
export async function openMirror(stateDir: string, origin: string): Promise<RegenerationEngine> {
  return RegenerationEngine.open({
    database: { client: 'sqlite', filename: join(stateDir, MIRROR_FILE) },
    sitemap: { origin },
    rebuild: { automatic: false, healIntervalMs: 0 },
    logger: SILENT_LOGGER,
  });
}

/**
 * Makes the mirror hold what the sync state holds, each page in the section `sections` names:
 * a document changed since is written again, one gone is removed, an unchanged one is read once
 * and left (the store's reconcile).
 */
export async function refreshMirror(
  engine: RegenerationEngine,
  state: SyncState,
  sections: ReadonlyMap<string, string> = new Map(),
): Promise<void> {
  const documents = state
    .documents()
    .map((stored) => mirroredDocument(stored, state.documentDetails(stored.mUrl), sections))
    .filter((document): document is PreparedDocument => document !== undefined);
  await engine.reconcile(documents, { total: documents.length });
}
