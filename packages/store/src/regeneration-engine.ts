import type { Knex } from 'knex';
import {
  documentRenderKey,
  normalizeUri,
  sha256Hex,
  type PrepareDocumentOptions,
  type PreparedDocument,
  type ServingSettings,
} from '@agent-ready/core';
import type { ArtifactBuilder, ScheduledBuild } from './artifact-builder';
import {
  findDocumentRow,
  findPathHolder,
  insertDocumentRow,
  iteratePublishedRows,
  pathKey,
  publishedRowValues,
  type DocumentRow,
} from './document-rows';
import { openDatabase, type Database, type DatabaseOption, type Dialect } from './open-database';
import { BuildSnapshots } from './open-build-snapshot';
import { artifactsFresh, createBuildContext, type BuildFailure } from './build-artifact-families';
import { runRebuildPass, type RebuildOutcome, type RebuildReport } from './run-rebuild-pass';
import { runMigrations } from './schema/run-migrations';
import {
  advanceCommitClock,
  bumpContentSequence,
  lockContentSequence,
  readSequences,
} from './store-state';
import { DuplicateUrlError, translateDatabaseErrors } from './store-errors';
import { tableNames, type TableNames } from './table-names';
import { StoreReader, type StoreReaderOptions } from './store-reader';
import { SILENT_LOGGER, type StoreLogger } from './store-logger';
import { newLeaseHolder, retireLeaseHolder } from './rebuild-lease-holder';
import { reprofileDocuments } from './reprofile-documents';
import {
  installSitemapSettings,
  refreshSitemapMemos,
  resolveSitemapSettings,
  touchSitemapShard,
  type SitemapSettings,
  type SitemapSettingsInput,
} from './sitemap-shards';

export type { StoreLogger };

export interface RegenerationEngineOptions {
  database: DatabaseOption;
  tablePrefix?: string;
  /** Artifact families to keep in step with the table (SCP, llms.txt…). */
  builders?: readonly ArtifactBuilder[];
  /**
   * The JSON sitemap: composed from the rows when asked, its shard versions moved by every write
   * (so it never lags the M-URLs). Off unless given.
   */
  sitemap?: SitemapSettingsInput;
  /**
   * What agents see of the site as a whole (policy, usage, robots.txt rules, llms.txt notice,
   * origin): stored with every install, so a process serving the table read-only serves these.
   */
  serving?: ServingSettings;
  /**
   * How the site's documents are rendered now (the adapters' prepare options). Rows rendered in
   * another TCT profile under otherwise the same settings are rendered again in this one from
   * their stored bytes, in the background, at open and when `configure` changes it (see
   * `reprofileDocuments`; `whenIdle()` waits for it).
   */
  rendering?: PrepareDocumentOptions;
  rebuild?: {
    /** Quiet period before a rebuild starts: a burst of edits costs one rebuild. */
    debounceMs?: number;
    /** A steady stream of edits still gets a rebuild at least this often. */
    maxDelayMs?: number;
    /**
     * How long a rebuild lease lasts before another instance may take over (default 10 s,
     * renewed every third of it while working: a heartbeat). A holder on this machine whose
     * process died is taken over at once; one on another machine after this long. Only SCP and
     * llms.txt wait for it: the sitemap, M-URLs and change feed never lag a commit.
     */
    leaseMs?: number;
    /** How often an idle instance checks for stale artifacts (e.g. after a crashed rebuild). 0 = never. */
    healIntervalMs?: number;
    /** Rebuild after each change automatically (default). Off: call `rebuildArtifacts` yourself. */
    automatic?: boolean;
  };
  logger?: StoreLogger;
  /** Cache settings of the engine's reader. */
  reader?: StoreReaderOptions;
  /** Milliseconds since the epoch; injectable for tests. */
  clock?: () => number;
}

export type UpsertStatus = 'created' | 'updated' | 'unchanged' | 'stale';

export interface UpsertOutcome {
  status: UpsertStatus;
  /** The `modified` the stored representation carries. */
  modified: string;
  hash: string;
  /** Position of this change in commit order (created/updated only). */
  changeSeq?: number;
}

export interface RemoveOutcome {
  removed: boolean;
  /** Position of this change in commit order (when removed). */
  changeSeq?: number;
  /** Ignored: the stored row carries a newer revision than the read this removal came from. */
  stale?: boolean;
}

export interface RemoveOptions {
  /**
   * Revision of the read that found the document gone (the same clock as `PreparedDocument`'s
   * `revision`). Recorded on the row, so a save that read before the removal is refused as stale
   * instead of bringing the document back; a removal older than the stored version is ignored.
   */
  revision?: number;
  /**
   * Remove only a row whose last change is at or before this content position (where a
   * reconcile began): a change after it is newer than anything the pass read, and stays.
   */
  unchangedSince?: number;
}

export type RemovalReason = 'unpublished' | 'deleted';

export type { BuildFailure };

export type { RebuildOutcome, RebuildReport } from './run-rebuild-pass';

/** Where the installed artifacts stand against the table (health pages). */
export interface ArtifactsStatus {
  /** Position of the last effective change of the table. */
  contentSeq: number;
  /** The change the installed artifacts were built from. */
  artifactsSeq: number;
  /** Built from the current table with the current builders' settings. */
  upToDate: boolean;
}

/**
 * Identifies the builders' settings and the serving settings stored with them: artifacts
 * installed under another key are rebuilt (and the serving settings stored again).
 */
function configKeyOf(
  builders: readonly ArtifactBuilder[],
  serving: ServingSettings | undefined,
): string {
  return sha256Hex(
    JSON.stringify([builders.map((b) => [b.family, b.settingsKey]), serving ?? null]),
  );
}

/** Over this, agents with small context windows may truncate a document: worth a warning. */
export const LARGE_DOCUMENT_CHARACTERS = 50_000;

/** `2025-10-01T12:00:00.123Z`: millisecond precision so two edits in one second stay ordered. */
function formatModified(ms: number): string {
  return new Date(ms).toISOString();
}

function sameMaterial(row: DocumentRow, doc: PreparedDocument): boolean {
  return (
    row.state === 'published' &&
    row.fingerprint === doc.fingerprint &&
    row.renderKey === doc.renderKey &&
    row.mPathKey === pathKey(doc.mPath) &&
    row.visibility === doc.visibility &&
    row.section === doc.section
  );
}

/**
 * Turns document changes into rows of one table and keeps the derived artifacts (sitemaps,
 * collections…) in step with it. Safe with several processes on one database: every change is a
 * transaction that locks the content sequence first; artifact rebuilds take a lease, build from
 * one snapshot of the table (see BuildSnapshots; on SQLite without WAL, from a pass whose
 * consistency is proved by the sequence not moving), and install atomically.
 */
export class RegenerationEngine {
  readonly reader: StoreReader;
  readonly tables: TableNames;
  private readonly db: Database;
  private readonly snapshots: BuildSnapshots;
  private builders: readonly ArtifactBuilder[];
  private serving: ServingSettings | undefined;
  private sitemap: SitemapSettings | undefined;
  private rendering: PrepareDocumentOptions | undefined;
  /** The pass re-rendering rows of another profile, while one runs; another follows if asked. */
  private reprofiling: Promise<void> | undefined;
  private reprofileAgain = false;
  /** Sitemap settings given by `configure`, stored by the next pass. */
  private sitemapToInstall: SitemapSettings | undefined;
  private readonly logger: StoreLogger;
  private readonly clock: () => number;
  private readonly instanceId = newLeaseHolder();
  private readonly debounceMs: number;
  private readonly maxDelayMs: number;
  private readonly leaseMs: number;
  private readonly automatic: boolean;
  private configKey: string;
  private timer: NodeJS.Timeout | undefined;
  private healTimer: NodeJS.Timeout | undefined;
  private firstRequestAt = 0;
  private running: Promise<RebuildOutcome> | undefined;
  private rerunRequested = false;
  private closed = false;
  /** Documents this instance stored whose M-URL or twin is over 50,000 characters (for health pages). */
  readonly largeDocuments = new Map<string, number>();
  /** The last rebuild this instance installed, if any. */
  lastRebuild: RebuildReport | undefined;
  /** Rows the last pass read to store the hashes of changed sitemap shards. */
  lastSitemapRowsRead = 0;

  private constructor(options: RegenerationEngineOptions, db: Database) {
    this.db = db;
    this.snapshots = new BuildSnapshots(db);
    this.tables = tableNames(options.tablePrefix);
    this.builders = options.builders ?? [];
    this.serving = options.serving;
    this.sitemap = options.sitemap ? resolveSitemapSettings(options.sitemap) : undefined;
    this.rendering = options.rendering;
    this.logger = options.logger ?? SILENT_LOGGER;
    this.clock = options.clock ?? Date.now;
    this.debounceMs = options.rebuild?.debounceMs ?? 100;
    this.maxDelayMs = options.rebuild?.maxDelayMs ?? 2000;
    this.leaseMs = options.rebuild?.leaseMs ?? 10_000;
    this.automatic = options.rebuild?.automatic ?? true;
    this.configKey = configKeyOf(this.builders, this.serving);
    this.reader = new StoreReader(db.knex, this.tables, { logger: this.logger, ...options.reader });
    const heal = options.rebuild?.healIntervalMs ?? 60_000;
    if (this.automatic && heal > 0) {
      this.healTimer = setInterval(() => this.requestRebuild(), heal);
      this.healTimer.unref();
    }
  }

  /** Opens the database, migrates the tables and returns a ready engine. */
  static async open(options: RegenerationEngineOptions): Promise<RegenerationEngine> {
    const db = openDatabase(options.database, options.logger);
    const t = tableNames(options.tablePrefix);
    await translateDatabaseErrors('migrate', () => runMigrations(db.knex, t, db.dialect));
    const engine = new RegenerationEngine(options, db);
    if (engine.sitemap) {
      const sitemap = engine.sitemap;
      await translateDatabaseErrors('configure sitemap', () =>
        installSitemapSettings(db.knex, t, sitemap),
      );
    }
    engine.startReprofiling();
    if (engine.automatic) engine.requestRebuild();
    return engine;
  }

  /**
   * Re-renders, from their stored bytes, the published rows rendered in another TCT profile than
   * the site's under otherwise the same settings (see reprofile-documents). Returns how many.
   */
  async reprofileDocuments(): Promise<number> {
    const rendering = this.rendering;
    if (!rendering) return 0;
    const rows = await translateDatabaseErrors('re-render documents for a new profile', () =>
      reprofileDocuments(this.db.knex, this.tables, {
        rendering,
        ...(this.sitemap?.overviewUrl ? { overviewUrl: this.sitemap.overviewUrl } : {}),
        clock: this.clock,
        logger: this.logger,
        // A newer rendering (configure) stops this pass; the pass that follows starts over.
        stopped: () =>
          this.closed || (this.rendering !== rendering && this.renderingChangedSince(rendering)),
        onProgress: () => this.changed(),
      }),
    );
    if (rows > 0)
      this.logger.info(
        `agent-ready: ${rows} documents re-rendered in ${rendering.profile?.name ?? 'tct-1'} from their stored bytes`,
      );
    return rows;
  }

  /** Whether documents render otherwise now than under `before`. */
  private renderingChangedSince(before: PrepareDocumentOptions): boolean {
    return (
      this.rendering === undefined ||
      documentRenderKey(this.rendering) !== documentRenderKey(before)
    );
  }

  /** Starts the re-rendering pass in the background, or asks for another after the running one. */
  private startReprofiling(): void {
    if (!this.rendering || this.closed) return;
    if (this.reprofiling) {
      this.reprofileAgain = true;
      return;
    }
    this.reprofiling = this.reprofileDocuments()
      .then(
        () => undefined,
        (error: Error) => {
          this.logger.error(`agent-ready: ${error.message}`);
        },
      )
      .finally(() => {
        this.reprofiling = undefined;
        if (this.reprofileAgain) {
          this.reprofileAgain = false;
          this.startReprofiling();
        }
      });
  }

  get dialect(): Dialect {
    return this.db.dialect;
  }

  get knex(): Knex {
    return this.db.knex;
  }

  private lastRevision = 0;

  /**
   * The revision for a read of the source that is about to start (pass it to `upsert` and
   * `remove` as `revision`): the database server's clock in milliseconds, strictly increasing
   * within this engine. One clock for every instance that shares the database, so a racing
   * sync that read later wins whatever the skew between the instances' own clocks. (SQLite is
   * embedded: every process sharing its file runs on one host, and that host's clock is the
   * database's: SQLite's own, not the JavaScript one.) Not the commit sequence: two reads
   * between the same two commits would tie.
   */
  async readRevision(): Promise<number> {
    const ms = await translateDatabaseErrors('read the database clock', () =>
      readDatabaseClockMs(this.db.knex, this.db.dialect),
    );
    this.lastRevision = Math.max(ms, this.lastRevision + 1);
    return this.lastRevision;
  }

  /**
   * Stores a published document. Does nothing when nothing semantic changed (same fingerprint,
   * render key, path, visibility and section): no new `modified`, no sequence bump, no rebuild.
   * A save carrying an older revision than the stored one is ignored as stale.
   */
  async upsert(doc: PreparedDocument): Promise<UpsertOutcome> {
    const t = this.tables;
    // Render before taking any lock, with the modified this save will most likely get.
    const candidateMs = this.modifiedCandidate(doc);
    const warnIfLarge = (output: { body: Buffer; markdown: string }) => {
      const size = Math.max(output.body.length, output.markdown.length);
      if (size > LARGE_DOCUMENT_CHARACTERS) {
        this.largeDocuments.set(`${doc.key}${doc.locale ? ` [${doc.locale}]` : ''}`, size);
        this.logger.warn(
          `agent-ready: ${doc.cUrl} is ${size} characters as M-URL/Markdown (over ${LARGE_DOCUMENT_CHARACTERS}); agents may truncate it`,
        );
      } else this.largeDocuments.delete(`${doc.key}${doc.locale ? ` [${doc.locale}]` : ''}`);
    };
    let rendered = { modifiedMs: candidateMs, output: doc.render(formatModified(candidateMs)) };
    const outcome = await translateDatabaseErrors('upsert', () =>
      this.db.knex.transaction(async (trx) => {
        await lockContentSequence(trx, t);
        const existing = await findDocumentRow(trx, t, doc.key, doc.locale);
        if (
          existing &&
          doc.revision !== undefined &&
          existing.revision !== null &&
          doc.revision < existing.revision
        ) {
          return {
            status: 'stale' as const,
            modified: existing.modified,
            hash: existing.hash ?? '',
          };
        }
        if (existing && sameMaterial(existing, doc)) {
          if (doc.revision !== undefined && doc.revision !== existing.revision) {
            await trx(t.documents).where({ id: existing.id }).update({ revision: doc.revision });
          }
          return {
            status: 'unchanged' as const,
            modified: existing.modified,
            hash: existing.hash ?? '',
          };
        }
        await this.claimPath(trx, doc, existing);
        // A re-render for a new render key alone keeps `modified`: the content did not change.
        const keepModified =
          existing?.state === 'published' && existing.fingerprint === doc.fingerprint
            ? existing.modifiedMs
            : undefined;
        const modifiedMs =
          keepModified ?? Math.max(candidateMs, existing ? existing.modifiedMs + 1 : 0);
        if (modifiedMs !== rendered.modifiedMs) {
          rendered = { modifiedMs, output: doc.render(formatModified(modifiedMs)) };
        }
        warnIfLarge(rendered.output);
        const changeSeq = await bumpContentSequence(trx, t);
        // A source timestamp ahead of our clock does not drag the commit clock into the future.
        const committedMs = await advanceCommitClock(trx, t, Math.min(modifiedMs, this.clock()));
        const values = publishedRowValues(doc, rendered.output, {
          modifiedMs,
          committedMs,
          changeSeq,
          revision: doc.revision ?? existing?.revision ?? null,
        });
        // Once public, always in the change feed (a later removal must reach agents).
        const listed = doc.visibility === 'public' ? { listed: true } : {};
        let rowId: number;
        if (existing) {
          await trx(t.documents)
            .where({ id: existing.id })
            .update({ ...values, ...listed });
          rowId = existing.id;
        } else {
          rowId = await insertDocumentRow(trx, t, this.db.dialect, {
            doc_key: doc.key,
            locale: doc.locale,
            ...values,
            listed: doc.visibility === 'public',
          });
        }
        // The row's sitemap shard moves in this transaction: sitemap and M-URL agree at commit.
        await touchSitemapShard(trx, t, rowId, changeSeq, this.isOverview(doc));
        return {
          status: existing ? ('updated' as const) : ('created' as const),
          modified: formatModified(modifiedMs),
          hash: rendered.output.hash,
          changeSeq,
        };
      }),
    );
    if (outcome.status === 'created' || outcome.status === 'updated') this.changed();
    return outcome;
  }

  /**
   * Takes the document off the agent endpoints. `unpublished`: its M-URL answers 404;
   * `deleted`: a tombstone, 410 Gone. Either way it leaves every listing at the next rebuild.
   */
  async remove(
    key: string,
    locale = '',
    reason: RemovalReason = 'deleted',
    options: RemoveOptions = {},
  ): Promise<RemoveOutcome> {
    const t = this.tables;
    const { revision } = options;
    const changed = await translateDatabaseErrors('remove', () =>
      this.db.knex.transaction(async (trx): Promise<RemoveOutcome> => {
        await lockContentSequence(trx, t);
        const existing = await findDocumentRow(trx, t, key, locale);
        if (!existing) return { removed: false };
        if (revision !== undefined && existing.revision !== null) {
          if (revision < existing.revision) return { removed: false, stale: true };
        }
        if (options.unchangedSince !== undefined && existing.changeSeq > options.unchangedSince) {
          return { removed: false, stale: true };
        }
        if (
          existing.state === reason ||
          (existing.state === 'deleted' && reason === 'unpublished')
        ) {
          // Already off: still remember the newest read that saw it gone.
          if (revision !== undefined && revision !== existing.revision) {
            await trx(t.documents).where({ id: existing.id }).update({ revision });
          }
          return { removed: false };
        }
        const modifiedMs = Math.max(this.clock(), existing.modifiedMs + 1);
        const changeSeq = await bumpContentSequence(trx, t);
        const committedMs = await advanceCommitClock(trx, t, this.clock());
        await trx(t.documents)
          .where({ id: existing.id })
          .update({
            state: reason,
            modified: formatModified(modifiedMs),
            modified_ms: modifiedMs,
            committed_ms: committedMs,
            hash: null,
            content_digest: null,
            body: null,
            scp_line: null,
            markdown: null,
            markdown_hash: null,
            revision: revision ?? existing.revision,
            change_seq: changeSeq,
            // An unpublished page gives its URL back; a tombstone keeps (or takes back) it, to
            // answer 410, unless another document serves that URL now.
            m_path_key:
              reason === 'unpublished' ? null : await this.tombstonePathKey(trx, existing),
          });
        await touchSitemapShard(trx, t, existing.id, changeSeq, false);
        return { removed: true, changeSeq };
      }),
    );
    if (changed.removed) this.changed();
    return changed;
  }

  /**
   * Makes the table match a complete listing of the published documents: upserts each (cheap
   * when unchanged) and unpublishes rows the source no longer has. Used at start-up to heal after
   * a crash, a settings change or a new representation format. The rule of every reconcile (the
   * Strapi plugin's too): a row another writer changed after the pass began is newer than the
   * listing, and is left alone, so a reconcile never undoes a concurrent publish.
   */
  async reconcile(
    source: AsyncIterable<PreparedDocument> | Iterable<PreparedDocument>,
    options: {
      onProgress?: (progress: { seen: number; changed: number }) => void;
      progressEvery?: number;
    } = {},
  ): Promise<{ seen: number; changed: number; unpublished: number }> {
    const startedAt = await this.contentPosition();
    const seen = new Set<string>();
    let changed = 0;
    for await (const doc of source) {
      seen.add(`${doc.key}\u0000${doc.locale}`);
      const outcome = await this.upsert(doc);
      if (outcome.status === 'created' || outcome.status === 'updated') changed++;
      if (options.onProgress && seen.size % (options.progressEvery ?? 500) === 0) {
        options.onProgress({ seen: seen.size, changed });
      }
    }
    let unpublished = 0;
    for await (const row of this.publishedDocuments()) {
      if (row.changeSeq > startedAt || seen.has(`${row.key}\u0000${row.locale}`)) continue;
      const outcome = await this.remove(row.key, row.locale, 'unpublished', {
        unchangedSince: startedAt,
      });
      if (outcome.removed) unpublished++;
    }
    options.onProgress?.({ seen: seen.size, changed });
    return { seen: seen.size, changed, unpublished };
  }

  // Narrow reads for the adapters (admin pages, syncs): the table's shape stays in the store.

  /** The table's content position: the newest change's sequence number (0 when empty). */
  async contentPosition(): Promise<number> {
    return translateDatabaseErrors('read the content position', async () => {
      const row = (await this.db.knex(this.tables.documents).max({ seq: 'change_seq' }))[0] as
        { seq?: unknown } | undefined;
      return Number(row?.seq ?? 0);
    });
  }

  /** The locales a document has rows in, tombstones aside. */
  async storedLocales(key: string): Promise<string[]> {
    return translateDatabaseErrors('read stored locales', async () => {
      const rows = (await this.db
        .knex(this.tables.documents)
        .where({ doc_key: key })
        .whereNot({ state: 'deleted' })
        .select('locale')) as { locale: unknown }[];
      return rows.map((row) => String(row.locale ?? ''));
    });
  }

  /**
   * Published documents per locale ('' when not localized) among those whose key starts with
   * `keyPrefix` (one content type's, say), protected ones included.
   */
  async countPublishedByLocale(keyPrefix: string): Promise<Map<string, number>> {
    return translateDatabaseErrors('count published documents', async () => {
      const pattern = `${keyPrefix.replace(/[!%_]/g, (c) => `!${c}`)}%`;
      const rows = (await this.db
        .knex(this.tables.documents)
        .where({ state: 'published' })
        .andWhereRaw("doc_key like ? escape '!'", [pattern])
        .groupBy('locale')
        .select('locale')
        .count({ n: '*' })) as { locale: unknown; n: unknown }[];
      return new Map(rows.map((row) => [String(row.locale ?? ''), Number(row.n)]));
    });
  }

  /** The M-URL path of the oldest published public document: an example for people to open. */
  async exampleMPath(): Promise<string | undefined> {
    return translateDatabaseErrors('read an example M-URL', async () => {
      const row = (await this.db
        .knex(this.tables.documents)
        .where({ state: 'published', visibility: 'public' })
        .orderBy('id')
        .first('m_path')) as { m_path?: unknown } | undefined;
      return row?.m_path ? String(row.m_path) : undefined;
    });
  }

  /** Every published document's key, locale and last change position, streamed in row order. */
  async *publishedDocuments(): AsyncGenerator<{ key: string; locale: string; changeSeq: number }> {
    for await (const row of iteratePublishedRows(this.db.knex, this.tables, [
      'doc_key',
      'locale',
      'change_seq',
    ])) {
      yield {
        key: String(row.doc_key),
        locale: String(row.locale ?? ''),
        changeSeq: Number(row.change_seq),
      };
    }
  }

  /** Whether a stored document is the sitemap's overview item (listed first in shard 1). */
  private isOverview(doc: PreparedDocument): boolean {
    const overviewUrl = this.sitemap?.overviewUrl;
    return (
      overviewUrl !== undefined &&
      doc.visibility === 'public' &&
      normalizeUri(doc.cUrl) === overviewUrl
    );
  }

  /** After an effective write: our own readers see it at once; artifacts follow shortly. */
  private changed(): void {
    this.reader.invalidate();
    this.requestRebuild();
  }

  /**
   * Replaces the artifact builders (settings changed while running). Their configuration key
   * changes, so the installed artifacts count as stale and are rebuilt with the new builders even
   * if the table did not change. A rebuild already running finishes with the builders it started
   * with and installs under their key, then another one follows.
   */
  setBuilders(builders: readonly ArtifactBuilder[]): void {
    this.builders = builders;
    this.configKey = configKeyOf(builders, this.serving);
    this.requestRebuild();
  }

  /**
   * New settings while running: the artifact builders (see `setBuilders`), the serving settings
   * (stored with the next install) and the sitemap's, stored at the start of the next pass (a
   * new shard size or overview lays the shards out anew; every reader follows at once).
   * `whenIdle()` waits for it.
   */
  configure(settings: {
    builders: readonly ArtifactBuilder[];
    sitemap?: SitemapSettingsInput;
    serving?: ServingSettings;
    rendering?: PrepareDocumentOptions;
  }): void {
    this.sitemap = settings.sitemap ? resolveSitemapSettings(settings.sitemap) : undefined;
    this.sitemapToInstall = this.sitemap;
    this.serving = settings.serving;
    const before = this.rendering;
    this.rendering = settings.rendering;
    if (before === undefined || this.renderingChangedSince(before)) this.startReprofiling();
    this.setBuilders(settings.builders);
  }

  /** Sequences of the table and of the installed artifacts, and whether those are current. */
  async artifactsStatus(): Promise<ArtifactsStatus> {
    return translateDatabaseErrors('read artifact status', async () => {
      const sequences = await readSequences(this.db.knex, this.tables);
      return {
        contentSeq: sequences.content,
        artifactsSeq: sequences.artifacts,
        upToDate: await artifactsFresh(this.db.knex, this.tables, this.configKey),
      };
    });
  }

  /** When the builders' scheduled work (SCP snapshots) comes due, soonest first. */
  async scheduledBuilds(): Promise<ScheduledBuild[]> {
    return translateDatabaseErrors('read the build schedule', async () => {
      const sequences = await readSequences(this.db.knex, this.tables);
      const context = createBuildContext(
        this.db.knex,
        this.tables,
        { installedSeq: sequences.artifacts, contentSeq: sequences.content },
        { now: new Date(this.clock()), workDir: '' },
      );
      const scheduled: ScheduledBuild[] = [];
      for (const builder of this.builders) {
        if (builder.schedule) scheduled.push(...(await builder.schedule(context)));
      }
      const dueMs = (build: ScheduledBuild) => build.dueAt?.getTime() ?? Infinity;
      return scheduled.sort((a, b) => a.changesLeft - b.changesLeft || dueMs(a) - dueMs(b));
    });
  }

  /** Asks for an artifact rebuild soon, coalescing bursts (debounced, bounded by maxDelayMs). */
  requestRebuild(): void {
    if (this.closed || !this.automatic || (this.builders.length === 0 && !this.sitemap)) return;
    if (this.running) {
      this.rerunRequested = true;
      return;
    }
    const now = this.clock();
    if (this.timer === undefined) this.firstRequestAt = now;
    else clearTimeout(this.timer);
    const wait = Math.max(
      0,
      Math.min(this.debounceMs, this.firstRequestAt + this.maxDelayMs - now),
    );
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.runScheduledRebuild();
    }, wait);
  }

  private async runScheduledRebuild(): Promise<void> {
    let outcome: RebuildOutcome | undefined;
    try {
      outcome = await this.rebuildArtifacts();
    } catch (error) {
      this.logger.error(`agent-ready: artifact rebuild failed: ${(error as Error).message}`);
    }
    if (this.rerunRequested || outcome === 'superseded') {
      this.rerunRequested = false;
      this.requestRebuild();
    } else if (outcome === 'busy' && !this.closed) {
      // Another instance holds the lease: look again shortly; if it died, its lease expires.
      this.timer = setTimeout(
        () => {
          this.timer = undefined;
          void this.runScheduledRebuild();
        },
        Math.min(1000, this.leaseMs),
      );
      this.timer.unref();
    }
  }

  /**
   * Fresh query-planner statistics for the documents table, after a bulk load (a first sync, a
   * large reconcile). PostgreSQL's autovacuum gets there eventually; until it does the planner
   * believes the table is nearly empty and picks plans that are quadratic at scale.
   */
  async refreshStatistics(): Promise<void> {
    const { knex, dialect } = this.db;
    const table = this.tables.documents;
    await translateDatabaseErrors('analyze', async () => {
      if (dialect === 'postgres') await knex.raw('ANALYZE ??', [table]);
      else if (dialect === 'mysql') await knex.raw('ANALYZE TABLE ??', [table]);
      else await knex.raw('ANALYZE ??', [table]);
    });
  }

  /**
   * Lays the sitemap shards out again from the table as it is: after rows were written around
   * the engine (a bulk import, a restore from backup), which moved no shard version.
   */
  async relayoutSitemap(): Promise<void> {
    const sitemap = this.sitemap;
    if (!sitemap) return;
    await translateDatabaseErrors('configure sitemap', () =>
      installSitemapSettings(this.db.knex, this.tables, sitemap, { relayout: true }),
    );
    this.reader.invalidate();
  }

  /** Waits until no rebuild is scheduled or running (tests, graceful shutdown). */
  async whenIdle(): Promise<void> {
    while (
      this.timer !== undefined ||
      this.running !== undefined ||
      this.reprofiling !== undefined
    ) {
      if (this.reprofiling) await this.reprofiling;
      else if (this.running) await this.running.catch(() => undefined);
      else await new Promise((resolve) => setTimeout(resolve, Math.max(5, this.debounceMs)));
    }
  }

  /**
   * Rebuilds every artifact family if the table changed since the installed artifacts were built.
   * `fresh`: nothing to do (possibly because another instance already did it); `busy`: another
   * instance holds the lease; `superseded`: our result lost to a newer one; `rebuilt`: installed.
   */
  rebuildArtifacts(): Promise<RebuildOutcome> {
    if (this.running) return this.running;
    this.running = this.rebuildOnce().finally(() => {
      this.running = undefined;
      // Asked for while this pass ran (a change, new builders): another pass follows.
      if (this.rerunRequested) {
        this.rerunRequested = false;
        this.requestRebuild();
      }
    });
    return this.running;
  }

  private async rebuildOnce(): Promise<RebuildOutcome> {
    const { knex } = this.db;
    const t = this.tables;
    // One set of builders per pass: installed under the key of the settings it was built with.
    const { builders, configKey, serving } = this;
    return translateDatabaseErrors('rebuild artifacts', async () => {
      // Sitemap shards changed by the burst get their hash stored for the index (their bytes are
      // composed from the rows on request: nothing here blocks what agents see).
      const install = this.sitemapToInstall;
      if (install) {
        if (await installSitemapSettings(knex, t, install)) this.reader.invalidate();
        if (this.sitemapToInstall === install) this.sitemapToInstall = undefined;
      }
      const sitemapRefresh = this.sitemap
        ? await refreshSitemapMemos(knex, t)
        : { rowsRead: 0, shards: 0 };
      this.lastSitemapRowsRead = sitemapRefresh.rowsRead;
      const { outcome } = await runRebuildPass({
        knex,
        tables: t,
        snapshots: this.snapshots,
        logger: this.logger,
        clock: this.clock,
        instanceId: this.instanceId,
        leaseMs: this.leaseMs,
        builders,
        configKey,
        serving,
        sitemapShards: sitemapRefresh.shards,
        onInstalled: (report) => {
          this.lastRebuild = report;
          this.reader.invalidate();
        },
      });
      return outcome;
    });
  }

  private modifiedCandidate(doc: PreparedDocument): number {
    const source = doc.sourceModified === undefined ? NaN : Date.parse(doc.sourceModified);
    return Number.isFinite(source) ? source : this.clock();
  }

  private async tombstonePathKey(trx: Knex.Transaction, row: DocumentRow): Promise<string | null> {
    const holder = await findPathHolder(trx, this.tables, row.mPath);
    return holder && holder.id !== row.id ? null : pathKey(row.mPath);
  }

  /** Makes sure no other live document serves the same M-URL; frees a tombstone's claim on it. */
  private async claimPath(
    trx: Knex.Transaction,
    doc: PreparedDocument,
    existing: DocumentRow | undefined,
  ) {
    const holder = await findPathHolder(trx, this.tables, doc.mPath);
    if (!holder || holder.id === existing?.id) return;
    if (holder.state === 'published') {
      throw new DuplicateUrlError(
        'store.duplicate-url',
        `${doc.cUrl} (document ${doc.key}${doc.locale ? ` [${doc.locale}]` : ''}) has the same M-URL ${doc.mUrl} as ${holder.cUrl} (document ${holder.key}${holder.locale ? ` [${holder.locale}]` : ''})`,
        { field: 'url', value: doc.cUrl },
      );
    }
    await trx(this.tables.documents).where({ id: holder.id }).update({ m_path_key: null });
  }

  /** Stops timers; destroys the connection pool if the engine created it. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.healTimer) clearInterval(this.healTimer);
    this.timer = undefined;
    await this.reprofiling;
    await this.running?.catch(() => undefined);
    retireLeaseHolder(this.instanceId);
    await this.snapshots.close();
    this.reader.close();
    if (this.db.owned) await this.db.knex.destroy();
  }
}

/** The database server's current time, in milliseconds since the epoch. */
export async function readDatabaseClockMs(knex: Knex, dialect: Dialect): Promise<number> {
  // The time of the statement itself, not of the transaction's start (now() in PostgreSQL).
  const sql = {
    sqlite: "select cast(round((julianday('now') - 2440587.5) * 86400000) as integer) as ms",
    postgres: 'select floor(extract(epoch from clock_timestamp()) * 1000) as ms',
    mysql: 'select floor(unix_timestamp(sysdate(3)) * 1000) as ms',
  }[dialect];
  const result = (await knex.raw(sql)) as unknown;
  const rows =
    dialect === 'postgres'
      ? (result as { rows: { ms: unknown }[] }).rows
      : dialect === 'mysql'
        ? (result as [{ ms: unknown }[]])[0]
        : (result as { ms: unknown }[]);
  return Number(rows[0]!.ms);
}
