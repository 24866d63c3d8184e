import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { type ScpLocalIndex, type ScpPage } from '@agent-ready/core/scp';
import { normalizeUri } from '@agent-ready/core/uri';
import { SyncError } from '../errors/client-errors';
import { loadSqliteDriver } from './load-sqlite-driver';

export const SYNC_STATE_FILE = 'agent-ready-sync.sqlite';
const SCHEMA_VERSION = 1;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sitemaps (
  url TEXT PRIMARY KEY, etag TEXT, last_modified TEXT, body BLOB NOT NULL, fetched_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS documents (
  m_url TEXT PRIMARY KEY, c_url TEXT NOT NULL, hash TEXT NOT NULL, etag TEXT NOT NULL,
  last_modified TEXT, body BLOB NOT NULL, fetched_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS document_details (
  m_url TEXT PRIMARY KEY, usage TEXT, markdown BLOB);
CREATE TABLE IF NOT EXISTS html_sizes (c_url TEXT PRIMARY KEY, bytes INTEGER NOT NULL, measured_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS scp_sections (
  section TEXT PRIMARY KEY, applied_generated TEXT NOT NULL, snapshot_generated TEXT NOT NULL,
  snapshot_applied_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS scp_collections (
  url TEXT PRIMARY KEY, etag TEXT, last_modified TEXT, generated TEXT NOT NULL, applied_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS scp_pages (
  section TEXT NOT NULL, key TEXT NOT NULL, url TEXT NOT NULL, modified TEXT NOT NULL, page TEXT NOT NULL,
  PRIMARY KEY (section, key));
`;

export interface StoredSitemap {
  url: string;
  etag: string | null;
  lastModified: string | null;
  body: Buffer;
}

export interface StoredDocument {
  mUrl: string;
  cUrl: string;
  /** `sha256-<hex>`, as the sitemap lists it. */
  hash: string;
  /** The ETag as received (sent back in If-None-Match). */
  etag: string;
  lastModified: string | null;
  body: Buffer;
  fetchedAt: string;
}

/**
 * What a sync keeps of a document beyond its M-URL, when asked (`SyncOptions.markdown`): its
 * `Content-Usage` and its Markdown twin, as the site served them with that version.
 */
export interface StoredDocumentDetails {
  usage: string | null;
  /** The twin's bytes; null when the site serves none. */
  markdown: Buffer | null;
}

export interface ScpSectionState {
  section: string;
  /** `generated` of the newest collection applied. */
  appliedGenerated: string;
  snapshotGenerated: string;
  /** When a snapshot was last applied (deletions are learned from snapshots). */
  snapshotAppliedAt: string;
}

/** A section's pages: the core's `ScpLocalIndex`, synchronous here. */
export interface SyncScpIndex extends ScpLocalIndex {
  get(url: string): ScpPage | undefined;
  put(page: ScpPage): void;
  delete(url: string): void;
  urls(): string[];
  count(): number;
}

export interface StoredCollection {
  url: string;
  etag: string | null;
  lastModified: string | null;
  generated: string;
}

/** How the state keys URLs: normalized (DECISIONS §5), the text as given when it cannot be. */
export function urlKey(url: string): string {
  try {
    return normalizeUri(url);
  } catch {
    return url;
  }
}

/**
 * What a sync keeps between runs, in one SQLite file (better-sqlite3) in the state directory:
 * the sitemaps with their validators, each document's body and validators, SCP pages per
 * section and the collections applied. One state directory belongs to one origin.
 */
export class SyncState {
  readonly file: string;
  private readonly db: Database.Database;

  private constructor(file: string) {
    this.file = file;
    const Sqlite = loadSqliteDriver();
    this.db = new Sqlite(file);
    this.db.pragma('journal_mode = WAL');
    const version = this.db.pragma('user_version', { simple: true }) as number;
    if (version > SCHEMA_VERSION) {
      this.db.close();
      throw new SyncError('sync.state-version', `${file} was written by a newer agent-ready`, {
        field: 'stateDir',
        value: file,
      });
    }
    this.db.exec(SCHEMA);
    this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }

  static open(directory: string): SyncState {
    mkdirSync(directory, { recursive: true });
    return new SyncState(join(directory, SYNC_STATE_FILE));
  }

  /** Binds the state to `origin` and `mode` on first use; refuses another origin or mode later. */
  claim(origin: string, mode: 'tct' | 'scp'): void {
    for (const [key, value] of [
      ['origin', origin],
      ['mode', mode],
    ] as const) {
      const stored = this.meta(key);
      if (stored === undefined) this.setMeta(key, value);
      else if (stored !== value)
        throw new SyncError(
          'sync.state-mismatch',
          `the state directory holds ${key} ${stored}, not ${value}; use another --state`,
          { field: key, value },
        );
    }
  }

  meta(key: string): string | undefined {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as
      { value: string } | undefined;
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(key, value);
  }

  deleteMeta(key: string): void {
    this.db.prepare('DELETE FROM meta WHERE key = ?').run(key);
  }

  sitemap(url: string): StoredSitemap | undefined {
    const row = this.db
      .prepare('SELECT url, etag, last_modified, body FROM sitemaps WHERE url = ?')
      .get(url) as
      { url: string; etag: string | null; last_modified: string | null; body: Buffer } | undefined;
    return row && { url: row.url, etag: row.etag, lastModified: row.last_modified, body: row.body };
  }

  putSitemap(sitemap: StoredSitemap): void {
    this.db
      .prepare(
        'INSERT OR REPLACE INTO sitemaps (url, etag, last_modified, body, fetched_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(sitemap.url, sitemap.etag, sitemap.lastModified, sitemap.body, new Date().toISOString());
  }

  document(mUrl: string): StoredDocument | undefined {
    const row = this.db.prepare('SELECT * FROM documents WHERE m_url = ?').get(urlKey(mUrl)) as
      Record<string, unknown> | undefined;
    return row && this.toDocument(row);
  }

  putDocument(document: Omit<StoredDocument, 'fetchedAt'>): void {
    this.db
      .prepare(
        `INSERT OR REPLACE INTO documents (m_url, c_url, hash, etag, last_modified, body, fetched_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        urlKey(document.mUrl),
        document.cUrl,
        document.hash,
        document.etag,
        document.lastModified,
        document.body,
        new Date().toISOString(),
      );
  }

  deleteDocument(mUrl: string): boolean {
    this.db.prepare('DELETE FROM document_details WHERE m_url = ?').run(urlKey(mUrl));
    return this.db.prepare('DELETE FROM documents WHERE m_url = ?').run(urlKey(mUrl)).changes > 0;
  }

  putDocumentDetails(mUrl: string, details: StoredDocumentDetails): void {
    this.db
      .prepare('INSERT OR REPLACE INTO document_details (m_url, usage, markdown) VALUES (?, ?, ?)')
      .run(urlKey(mUrl), details.usage, details.markdown);
  }

  /** The details kept with the document's current version, if they were asked for. */
  documentDetails(mUrl: string): StoredDocumentDetails | undefined {
    const row = this.db
      .prepare('SELECT usage, markdown FROM document_details WHERE m_url = ?')
      .get(urlKey(mUrl)) as { usage: string | null; markdown: Buffer | null } | undefined;
    return row && { usage: row.usage, markdown: row.markdown };
  }

  /** Every stored document's M-URL (normalized). */
  documentUrls(): string[] {
    return (this.db.prepare('SELECT m_url FROM documents').all() as { m_url: string }[]).map(
      (row) => row.m_url,
    );
  }

  documents(): StoredDocument[] {
    return (
      this.db.prepare('SELECT * FROM documents ORDER BY m_url').all() as Record<string, unknown>[]
    ).map((row) => this.toDocument(row));
  }

  documentBytes(): number {
    const row = this.db
      .prepare('SELECT COALESCE(SUM(LENGTH(body)), 0) AS n FROM documents')
      .get() as {
      n: number;
    };
    return row.n;
  }

  htmlSize(cUrl: string): number | undefined {
    const row = this.db
      .prepare('SELECT bytes FROM html_sizes WHERE c_url = ?')
      .get(urlKey(cUrl)) as { bytes: number } | undefined;
    return row?.bytes;
  }

  putHtmlSize(cUrl: string, bytes: number): void {
    this.db
      .prepare('INSERT OR REPLACE INTO html_sizes (c_url, bytes, measured_at) VALUES (?, ?, ?)')
      .run(urlKey(cUrl), bytes, new Date().toISOString());
  }

  scpSection(section: string): ScpSectionState | undefined {
    const row = this.db.prepare('SELECT * FROM scp_sections WHERE section = ?').get(section) as
      Record<string, string> | undefined;
    return (
      row && {
        section: row.section!,
        appliedGenerated: row.applied_generated!,
        snapshotGenerated: row.snapshot_generated!,
        snapshotAppliedAt: row.snapshot_applied_at!,
      }
    );
  }

  putScpSection(state: ScpSectionState): void {
    this.db
      .prepare(
        `INSERT OR REPLACE INTO scp_sections (section, applied_generated, snapshot_generated, snapshot_applied_at)
         VALUES (?, ?, ?, ?)`,
      )
      .run(state.section, state.appliedGenerated, state.snapshotGenerated, state.snapshotAppliedAt);
  }

  collection(url: string): StoredCollection | undefined {
    const row = this.db.prepare('SELECT * FROM scp_collections WHERE url = ?').get(url) as
      Record<string, string | null> | undefined;
    return (
      row && {
        url: row.url!,
        etag: row.etag ?? null,
        lastModified: row.last_modified ?? null,
        generated: row.generated!,
      }
    );
  }

  putCollection(collection: StoredCollection): void {
    this.db
      .prepare(
        `INSERT OR REPLACE INTO scp_collections (url, etag, last_modified, generated, applied_at)
         VALUES (?, ?, ?, ?, ?)`,
      )
      .run(
        collection.url,
        collection.etag,
        collection.lastModified,
        collection.generated,
        new Date().toISOString(),
      );
  }

  /** The pages of one SCP section, as the core's delta procedure reads and writes them. */
  scpIndex(section: string): SyncScpIndex {
    const get = this.db.prepare('SELECT page FROM scp_pages WHERE section = ? AND key = ?');
    const put = this.db.prepare(
      'INSERT OR REPLACE INTO scp_pages (section, key, url, modified, page) VALUES (?, ?, ?, ?, ?)',
    );
    const remove = this.db.prepare('DELETE FROM scp_pages WHERE section = ? AND key = ?');
    const urls = this.db.prepare('SELECT url FROM scp_pages WHERE section = ?');
    const count = this.db.prepare('SELECT COUNT(*) AS n FROM scp_pages WHERE section = ?');
    return {
      get: (url) => {
        const row = get.get(section, urlKey(url)) as { page: string } | undefined;
        return row ? (JSON.parse(row.page) as ScpPage) : undefined;
      },
      put: (page) => {
        put.run(section, urlKey(page.url), page.url, page.modified, JSON.stringify(page));
      },
      delete: (url) => {
        remove.run(section, urlKey(url));
      },
      urls: () => (urls.all(section) as { url: string }[]).map((row) => row.url),
      count: () => (count.get(section) as { n: number }).n,
    };
  }

  /** Every SCP page URL stored, all sections. */
  scpPageUrls(): string[] {
    return (
      this.db.prepare('SELECT url FROM scp_pages ORDER BY url').all() as { url: string }[]
    ).map((row) => row.url);
  }

  /** The section each stored SCP page is in, by its URL as the collection spells it. */
  scpPageSections(): Map<string, string> {
    // A page moved to another section stays in its old one until that section's next snapshot
    // (deletions are learned only from snapshots): its newest copy names where it is now.
    const rows = this.db.prepare('SELECT url, section FROM scp_pages ORDER BY modified').all() as {
      url: string;
      section: string;
    }[];
    return new Map(rows.map((row) => [row.url, row.section]));
  }

  scpPageCount(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM scp_pages').get() as { n: number }).n;
  }

  /** Runs `work` in one transaction (it may await: nothing else writes meanwhile). */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    this.db.exec('BEGIN');
    try {
      const result = await work();
      this.db.exec('COMMIT');
      return result;
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
  }

  close(): void {
    this.db.close();
  }

  private toDocument(row: Record<string, unknown>): StoredDocument {
    return {
      mUrl: String(row.m_url),
      cUrl: String(row.c_url),
      hash: String(row.hash),
      etag: String(row.etag),
      lastModified: row.last_modified === null ? null : String(row.last_modified),
      body: row.body as Buffer,
      fetchedAt: String(row.fetched_at),
    };
  }
}
