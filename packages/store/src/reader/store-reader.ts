import type { Knex } from 'knex';
import {
  listArtifactMeta,
  readArtifactBytes,
  readArtifactMeta,
  type ArtifactMeta,
} from '../artifacts/read-artifact-rows';
import {
  findMarkdownTwinRow,
  findMUrlRow,
  type MarkdownTwinRow,
  type MUrlRow,
} from '../writer/document-rows';
import { readSequences } from '../state/store-state';
import { translateDatabaseErrors } from '../ground/store-errors';
import type { TableNames } from '../schema/table-names';
import { type MetricRow } from '@agent-ready/core/metrics';
import {
  artifactFamiliesWith,
  SITEMAP_FAMILY,
  type ArtifactFamilies,
  type ChangeFeedPosition,
  type ServingSettings,
  type StoredChangeView,
} from '@agent-ready/core/serve';
import { readMetricRows } from './metrics-store';
import { LiveSitemap } from '../sitemap/live-sitemap';
import { readStoredServingSettings } from '../state/serving-settings-row';
import { ChangeNotifications } from './change-notifications';
import type { ChangeListenerStatus } from './listen-for-changes';
import type { ChangeRelayStatus } from '../notify/redis-change-relay';
import { SILENT_LOGGER } from '../ground/store-logger';
import { dialectOf } from '../schema/open-database';
import type {
  CatalogChange,
  CatalogDocumentText,
  CatalogListPage,
  CatalogListRequest,
  CatalogSearchPage,
  CatalogFacets,
  CatalogSearchRequest,
  DocumentCatalog,
} from '@agent-ready/core';
import { postgresConfigsInUse, searchDocuments } from '../search/search-documents';
import { listCatalogDocuments } from '../catalog/list-catalog-documents';
import { listCatalogFacets } from '../catalog/list-catalog-facets';
import { readCatalogDocument } from '../catalog/read-catalog-document';
import { CatalogChangeWatch } from '../catalog/watch-catalog-changes';
import { SqliteChangeCheck } from './sqlite-change-check';
import { LISTENING_REVALIDATE_MS, type StoreReaderOptions } from './store-reader-options';

export interface StoredArtifact {
  meta: ArtifactMeta;
  body: Buffer;
}

/** Artifacts bigger than this are read per request (with ranges), never cached. */
const MAX_CACHED_ARTIFACT_BYTES = 4 * 1024 * 1024;

/**
 * Read side of the table for adapters: M-URL rows by path and artifacts by name, with a
 * byte-bounded cache that is dropped whenever the table's change sequence moves.
 */
export class StoreReader implements DocumentCatalog {
  private readonly revalidateAfterMs: number;
  private readonly maxCachedBytes: number;
  private rows = new Map<string, MUrlRow | null>();
  private artifacts = new Map<string, StoredArtifact | null>();
  private listings = new Map<string, ArtifactMeta[]>();
  /** The writer's serving settings as last read (`{ value: undefined }`: none stored). */
  private serving: { value: ServingSettings | undefined } | undefined;
  /** PostgreSQL's text search configurations in use (search), kept as the rows are. */
  private searchConfigs: Promise<readonly string[]> | undefined;
  private facets: { public?: Promise<CatalogFacets>; protected?: Promise<CatalogFacets> } = {};
  private cachedBytes = 0;
  /** The sequences the cache was filled under (`content:artifacts:installed`), if checked. */
  private knownSequences: string | undefined;
  /** The sitemap layout generation the cache was filled under. */
  private sitemapLayout = 0;
  /** The content position the cache was filled under. */
  private knownContentSeq = -1;
  /** The install generation the cache was filled under. */
  private knownInstalled = -1;
  private readonly sitemap: LiveSitemap;
  /** The stored families its artifact rows are read by (core's and an extension's). */
  private readonly artifactFamilies: ArtifactFamilies;
  private checkedAt = 0;
  private checking: Promise<void> | undefined;
  /** Counts invalidations: a check that raced with one does not vouch for the cache. */
  private invalidations = 0;
  private readonly notifications: ChangeNotifications;
  /** Tells `watchChanges` listeners of commits (catalog/watch-catalog-changes). */
  private readonly changeWatch: CatalogChangeWatch;
  /** SQLite: whether another connection committed since the last check (sqlite-change-check). */
  private readonly sqliteChanges: SqliteChangeCheck | undefined;
  /** The SQLite data version the last check read under (undefined: none known). */
  private checkedDataVersion: number | undefined;

  constructor(
    private readonly knex: Knex,
    private readonly tables: TableNames,
    options: StoreReaderOptions = {},
  ) {
    this.revalidateAfterMs = options.revalidateAfterMs ?? 250;
    this.maxCachedBytes = options.maxCachedBytes ?? 64 * 1024 * 1024;
    this.artifactFamilies = artifactFamiliesWith(options.artifactFamilies ?? []);
    this.sitemap = new LiveSitemap(knex, tables);
    this.changeWatch = new CatalogChangeWatch(
      knex,
      tables,
      () => this.trustMs() || 50,
      options.logger ?? SILENT_LOGGER,
    );
    this.sqliteChanges =
      options.sqliteChangeCheck === false ? undefined : SqliteChangeCheck.for(knex);
    this.notifications = new ChangeNotifications(knex, tables, options, {
      changed: (announcement) => {
        if (!this.alreadySeen(announcement)) this.invalidate();
      },
      listening: () => this.invalidate(),
    });
  }

  /** Where this process's change notifications stand (PostgreSQL); undefined: polling only. */
  get changeNotifications(): ChangeListenerStatus | undefined {
    return this.notifications.status;
  }

  /** Where the Redis relay stands (`notify.redis`); undefined without one. */
  get changeRelay(): ChangeRelayStatus | undefined {
    return this.notifications.relayStatus;
  }

  /** How long a checked cache is trusted: longer while notifications are live (0 stays 0). */
  private trustMs(): number {
    return this.notifications.live && this.revalidateAfterMs > 0
      ? Math.max(this.revalidateAfterMs, LISTENING_REVALIDATE_MS)
      : this.revalidateAfterMs;
  }

  /** Whether a notified change is one the cache was checked at or after (our own, say). */
  private alreadySeen(announcement: string): boolean {
    if (this.knownSequences === undefined) return false;
    const [kind, value] = announcement.split(':');
    const position = Number(value);
    if (kind === 'content') return this.knownContentSeq >= position;
    if (kind === 'installed') return this.knownInstalled >= position;
    return false;
  }

  /** Stops listening for changes (the owner closes the database). */
  close(): void {
    this.changeWatch.close();
    this.notifications.close();
    this.sqliteChanges?.detach();
  }

  /** Drops every cached entry (the engine calls this after its own writes). */
  invalidate(): void {
    this.forgetCached();
    this.knownSequences = undefined;
    this.checkedAt = 0;
    this.invalidations++;
    this.changeWatch.wake();
  }

  /** Empties every cache: rows, artifacts, listings and the serving settings. */
  private forgetCached(): void {
    this.rows = new Map();
    this.artifacts = new Map();
    this.listings = new Map();
    this.serving = undefined;
    this.searchConfigs = undefined;
    this.facets = {};
    this.cachedBytes = 0;
  }

  /** Whether the checked cache may answer now: within its trust, and no other SQLite writer since. */
  private fresh(): boolean {
    if (this.knownSequences === undefined || Date.now() - this.checkedAt >= this.trustMs())
      return false;
    return (
      this.sqliteChanges === undefined || this.sqliteChanges.version() === this.checkedDataVersion
    );
  }

  private async revalidate(): Promise<void> {
    if (this.fresh()) return;
    this.checking ??= (async () => {
      const invalidations = this.invalidations;
      // Stamped before the read: whatever committed before this moment is seen by it, so
      // another process's commit shows here at most `trustMs` after it (the polling bound),
      // and on SQLite not at all once the data version moved.
      const startedAt = Date.now();
      await this.sqliteChanges?.attach();
      const dataVersion = this.sqliteChanges?.version();
      const sequences = await readSequences(this.knex, this.tables);
      this.sitemapLayout = sequences.sitemapLayout;
      this.knownContentSeq = sequences.content;
      // Told of a change while reading: this read may be older than it, so it vouches for
      // nothing; the next request checks again.
      if (invalidations !== this.invalidations) return;
      const marker = `${sequences.content}:${sequences.artifacts}:${sequences.installed}:${sequences.sitemapLayout}`;
      this.knownInstalled = sequences.installed;
      if (marker !== this.knownSequences) {
        this.forgetCached();
        this.knownSequences = marker;
      }
      this.checkedAt = startedAt;
      this.checkedDataVersion = dataVersion;
    })().finally(() => {
      this.checking = undefined;
    });
    await this.checking;
  }

  private remember(size: number): boolean {
    if (this.cachedBytes + size > this.maxCachedBytes) {
      this.rows = new Map();
      this.artifacts = new Map();
      this.cachedBytes = 0;
    }
    if (size > this.maxCachedBytes) return false;
    this.cachedBytes += size;
    return true;
  }

  /** The cached row for `path` while the cache is fresh (`null`: cached as absent); else undefined. */
  peekMUrl(path: string): MUrlRow | null | undefined {
    return this.fresh() ? this.rows.get(path) : undefined;
  }

  /**
   * The serving settings the writer installed with the artifacts (policy, usage, robots.txt
   * rules, origin…), read again whenever an install moved; undefined before the first install.
   */
  async servingSettings(): Promise<ServingSettings | undefined> {
    return translateDatabaseErrors('read serving settings', async () => {
      await this.revalidate();
      this.serving ??= { value: await readStoredServingSettings(this.knex, this.tables) };
      return this.serving.value;
    });
  }

  /** The row serving an M-URL path (published, unpublished or a tombstone), if any. */
  async findMUrl(path: string): Promise<MUrlRow | undefined> {
    return translateDatabaseErrors('read M-URL', async () => {
      await this.revalidate();
      const cached = this.rows.get(path);
      if (cached !== undefined) return cached ?? undefined;
      const found = await findMUrlRow(this.knex, this.tables, path);
      let row: MUrlRow | undefined;
      if (found) {
        const { contentSeq, ...served } = found;
        // Read in a newer state than the cache holds (another process wrote): drop the cache,
        // so no sitemap served from here is older than this row.
        if (contentSeq !== this.knownContentSeq) this.invalidate();
        row = served;
      }
      if (
        this.knownSequences !== undefined &&
        this.remember((row?.body?.length ?? 0) + path.length + 256)
      )
        this.rows.set(path, row ?? null);
      return row;
    });
  }

  /** The Markdown twin of the document whose M-URL path is `mPath` (not cached: twins are rarer). */
  async findMarkdownTwin(mPath: string): Promise<MarkdownTwinRow | undefined> {
    return translateDatabaseErrors('read Markdown twin', () =>
      findMarkdownTwinRow(this.knex, this.tables, mPath),
    );
  }

  /** Artifact metadata by name; cheap, for listings and for large artifacts read by range. */
  async artifactMeta(name: string): Promise<ArtifactMeta | undefined> {
    return translateDatabaseErrors('read artifact', async () => {
      await this.revalidate();
      const cached = this.artifacts.get(name);
      if (cached !== undefined) return cached?.meta;
      const sitemap = await this.sitemapDocument(name);
      if (sitemap) return sitemap.meta;
      return readArtifactMeta(this.knex, this.tables, name, this.artifactFamilies);
    });
  }

  /** A JSON sitemap shard or index, composed from the rows as they are now (live-sitemap). */
  private async sitemapDocument(name: string): Promise<StoredArtifact | undefined> {
    const document = await this.sitemap.read(name, this.sitemapLayout);
    if (!document) return undefined;
    // Read in a newer state than the cached rows (another process wrote meanwhile): drop them,
    // so no M-URL served from here is older than the sitemap just served.
    if (document.contentSeq !== this.knownContentSeq) this.invalidate();
    const stored = { meta: document.meta, body: document.body };
    if (this.knownSequences !== undefined && this.remember(document.meta.size + 512))
      this.artifacts.set(name, stored);
    return stored;
  }

  async listArtifacts(family?: string): Promise<ArtifactMeta[]> {
    return translateDatabaseErrors('list artifacts', async () => {
      await this.revalidate();
      const stored = await listArtifactMeta(this.knex, this.tables, family, this.artifactFamilies);
      if (family !== undefined && family !== SITEMAP_FAMILY) return stored;
      const sitemaps: ArtifactMeta[] = [];
      for (const path of await this.sitemap.paths(this.sitemapLayout)) {
        const document = this.artifacts.get(path) ?? (await this.sitemapDocument(path));
        if (document) sitemaps.push(document.meta);
      }
      // Sitemaps built by an earlier version and not yet replaced are not served.
      return [...sitemaps, ...stored.filter((meta) => meta.family !== SITEMAP_FAMILY)];
    });
  }

  /** A whole artifact (use `artifactRange` for big collections). */
  async artifact(name: string): Promise<StoredArtifact | undefined> {
    return translateDatabaseErrors('read artifact', async () => {
      await this.revalidate();
      const cached = this.artifacts.get(name);
      if (cached !== undefined) return cached ?? undefined;
      const sitemap = await this.sitemapDocument(name);
      if (sitemap) return sitemap;
      for (let attempt = 0; attempt < 3; attempt++) {
        const meta = await readArtifactMeta(this.knex, this.tables, name, this.artifactFamilies);
        if (!meta) {
          this.artifacts.set(name, null);
          return undefined;
        }
        const body = await readArtifactBytes(this.knex, this.tables, meta);
        if (body) {
          const stored = { meta, body };
          if (meta.size <= MAX_CACHED_ARTIFACT_BYTES && this.remember(meta.size + 512))
            this.artifacts.set(name, stored);
          return stored;
        }
        // Replaced between the two reads: read the new generation.
      }
      return undefined;
    });
  }

  /**
   * The change feed's position: the table's epoch and the content position this process's
   * cached views (M-URLs, sitemap) were checked at, not the table's newest: the feed never
   * names a change this process does not serve yet. A cursor further on (`atLeast`: given out
   * by an instance told of a commit sooner) moves every view to the table as it is now.
   */
  async feedPosition(atLeast?: number): Promise<ChangeFeedPosition> {
    return translateDatabaseErrors('read change feed position', async () => {
      await this.revalidate();
      const rows: { name: string; value: unknown }[] = await this.knex(this.tables.state)
        .whereIn('name', ['content_seq', 'feed_epoch'])
        .select('name', 'value');
      const value = (name: string) => Number(rows.find((r) => r.name === name)?.value ?? 0);
      // A cursor the table has reached (not a made-up one: that is a 410, and must not empty
      // the cache); twice at most, as the first check may be one already under way.
      const reached = atLeast !== undefined && atLeast <= value('content_seq');
      for (let i = 0; i < 2 && reached && atLeast > this.knownContentSeq; i++) {
        this.invalidate();
        await this.revalidate();
      }
      return {
        epoch: value('feed_epoch'),
        seq: Math.min(this.knownContentSeq, value('content_seq')),
      };
    });
  }

  /**
   * Rows ever listed publicly, changed after `afterSeq` and at most at the position this
   * process's views were checked at (see `feedPosition`), in commit order.
   */
  async changesSince(afterSeq: number, limit: number): Promise<StoredChangeView[]> {
    return translateDatabaseErrors('read change feed', async () => {
      await this.revalidate();
      const rows: Record<string, unknown>[] = await this.knex(this.tables.documents)
        .where('change_seq', '>', afterSeq)
        .andWhere('change_seq', '<=', this.knownContentSeq)
        .andWhere('listed', true)
        .orderBy('change_seq')
        .limit(limit)
        .select('change_seq', 'state', 'visibility', 'c_url', 'm_url', 'modified', 'hash');
      return rows.map((row) => ({
        changeSeq: Number(row.change_seq),
        state: String(row.state) as StoredChangeView['state'],
        visibility: String(row.visibility) as StoredChangeView['visibility'],
        cUrl: String(row.c_url),
        mUrl: String(row.m_url),
        modified: String(row.modified),
        hash: row.hash === null || row.hash === undefined ? null : String(row.hash),
      }));
    });
  }

  /** Aggregate serving metrics from `fromDay` on (not cached: the stats endpoint is rare). */
  async readMetrics(fromDay: string): Promise<MetricRow[]> {
    return readMetricRows(this.knex, this.tables, fromDay);
  }

  /** Bytes [start, end] of one generation; `undefined` if that generation was replaced meanwhile. */
  async artifactRange(meta: ArtifactMeta, start: number, end: number): Promise<Buffer | undefined> {
    return translateDatabaseErrors('read artifact range', () =>
      readArtifactBytes(this.knex, this.tables, meta, { start, end }),
    );
  }

  // The published documents as a catalog (DocumentCatalog: what the MCP server answers from).

  /**
   * Full-text search over the published documents (search/search-documents): ranked, filtered
   * by locale and section, a page at a time. Its results are never cached: every search reads
   * the table as committed, so a document unpublished before it began is in no result. Only
   * PostgreSQL's list of the text search configurations in use is kept, as cached rows are
   * (until a change is told or `revalidateAfterMs` passes): a document of a language new to
   * the site, written by another instance, is found that much later at most.
   */
  async searchDocuments(request: CatalogSearchRequest): Promise<CatalogSearchPage> {
    const dialect = dialectOf(this.knex);
    return translateDatabaseErrors('search', async () => {
      if (dialect !== 'postgres') return searchDocuments(this.knex, this.tables, dialect, request);
      await this.revalidate();
      return searchDocuments(this.knex, this.tables, dialect, request, {
        configsInUse: () => {
          const configs = (this.searchConfigs ??= postgresConfigsInUse(this.knex, this.tables));
          configs.catch(() => {
            if (this.searchConfigs === configs) this.searchConfigs = undefined;
          });
          return configs;
        },
      });
    });
  }

  /**
   * The locales and sections of the published documents (catalog/list-catalog-facets), kept as
   * cached rows are: until a change is told or `revalidateAfterMs` passes.
   */
  async listFacets(options: { includeProtected?: boolean } = {}): Promise<CatalogFacets> {
    return translateDatabaseErrors('list facets', async () => {
      await this.revalidate();
      const key = options.includeProtected ? 'protected' : 'public';
      const facets = (this.facets[key] ??= listCatalogFacets(this.knex, this.tables, options));
      facets.catch(() => {
        if (this.facets[key] === facets) delete this.facets[key];
      });
      return facets;
    });
  }

  /** The published documents in sitemap order, a page at a time. */
  async listDocuments(request: CatalogListRequest): Promise<CatalogListPage> {
    return translateDatabaseErrors('list documents', () =>
      listCatalogDocuments(this.knex, this.tables, request),
    );
  }

  /** The published document at M-URL path `mPath`, as its Markdown twin with its validators. */
  async readDocument(
    mPath: string,
    options: { includeProtected?: boolean } = {},
  ): Promise<CatalogDocumentText | undefined> {
    return translateDatabaseErrors('read document', () =>
      readCatalogDocument(this.knex, this.tables, mPath, options),
    );
  }

  /**
   * Calls `listener` with the document changes committed from now on, in commit order: this
   * process's own at once, others' when a PostgreSQL notification tells of them (else within
   * `revalidateAfterMs`). Returns the unsubscribe function.
   */
  watchChanges(listener: (changes: readonly CatalogChange[]) => void): () => void {
    return this.changeWatch.subscribe(listener);
  }

  /** Resolves once every watch subscribed so far knows where it starts (tests). */
  watchReady(): Promise<void> {
    return this.changeWatch.ready();
  }
}
