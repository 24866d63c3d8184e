import { adapterJob, type AdapterJob } from './job-state';
import { newLeaseHolder, retireLeaseHolder } from './rebuild/rebuild-lease-holder';
import {
  checkSourceStamps,
  recordSourceStamps,
  type SourceStamp,
  type SourceStampCheck,
} from './writer/source-stamps';
import type { Knex } from 'knex';
import type { PrepareDocumentOptions, PreparedDocument, ServingSettings } from '@agent-ready/core';
import { artifactFamiliesWith } from '@agent-ready/core/serve';
import type { ArtifactBuilder, ScheduledBuild } from './rebuild/artifact-builder';
import { DocumentWriter } from './writer/document-writer';
import type {
  RemovalReason,
  RemoveOptions,
  RemoveOutcome,
  UpsertOutcome,
} from './writer/write-outcomes';
import type { EngineStore } from './writer/engine-store';
import { configKeyOf, renderingChangedSince, type EngineSettings } from './rebuild/engine-settings';
import { openDatabase, type Database, type Dialect } from './schema/open-database';
import {
  countPublishedByLocale,
  readArtifactsStatus,
  readExampleMPath,
  readScheduledBuilds,
  readReconcileCheckpointStatus,
  readStoredLocales,
  type ArtifactsStatus,
} from './read-engine-status';
import {
  listPublishedDocuments,
  nothingElsePublished,
  readContentPosition,
  readContentSequence,
} from './writer/read-content-position';
import type { ReconcileCheckpoint } from './writer/reconcile-checkpoint';
import type {
  ReconcileOptions,
  ReconcileOutcome,
  ReconcileSource,
} from './writer/reconcile-documents';
import type { ReconcileProgress } from './writer/reconcile-progress';
import type { Dependent } from './writer/document-dependencies';
import type { BatchOutcome } from './writer/upsert-document-batch';
import { RebuildScheduler, rebuildTimingOf } from './rebuild/rebuild-scheduler';
import type { RebuildOutcome, RebuildReport } from './rebuild/run-rebuild-pass';
import { runMigrations } from './migrate/run-migrations';
import { installSitemapSettings } from './sitemap/sitemap-layout';
import { resolveSitemapSettings, type SitemapSettingsInput } from './sitemap/sitemap-settings';
import { translateDatabaseErrors } from './ground/store-errors';
import { SILENT_LOGGER } from './ground/store-logger';
import { StoreReader } from './reader/store-reader';
import { RedisChangeRelay } from './notify/redis-change-relay';
import { onCommittedChange } from './state/announce-change';
import { tableNames, type TableNames } from './schema/table-names';
import { SearchIndexFill } from './search/fill-search-index';

import type { RegenerationEngineOptions } from './regeneration-engine-options';

export type { RegenerationEngineOptions };

/**
 * Turns document changes into rows of one table and keeps the derived artifacts (sitemaps,
 * collections…) in step with it, in three parts: the `DocumentWriter` (every change a
 * transaction that locks the content sequence first), the `RebuildScheduler` (artifact rebuilds
 * under a lease, built from one snapshot of the table, see BuildSnapshots, and installed
 * atomically) and the status queries (read-engine-status). Safe with several processes on one
 * database. This class puts them together and is what the adapters use.
 */
export class RegenerationEngine {
  readonly reader: StoreReader;
  readonly tables: TableNames;
  /** Documents this instance stored whose M-URL or twin is over 50,000 characters (for health pages). */
  readonly largeDocuments: Map<string, number>;
  private readonly db: Database;
  private readonly store: EngineStore;
  /** Holds this engine's job leases (see job-state). */
  private readonly jobHolder = newLeaseHolder();
  /** The settings in force, shared with the writer and the scheduler. */
  private readonly settings: EngineSettings;
  private readonly writer: DocumentWriter;
  private readonly scheduler: RebuildScheduler;
  /** Fills the search index at open where it lacks entries (search/fill-search-index). */
  private readonly searchFill: SearchIndexFill;

  /** `notify.redis`: publishes this engine's commits, tells its reader of the others'. */
  private readonly relay: RedisChangeRelay | undefined;
  private readonly stopPublishing: (() => void) | undefined;

  private constructor(
    options: RegenerationEngineOptions,
    db: Database,
    relay: RedisChangeRelay | undefined,
  ) {
    this.db = db;
    this.tables = tableNames(options.tablePrefix);
    this.relay = relay;
    this.stopPublishing = relay
      ? onCommittedChange(db.knex, this.tables, (what) => relay.publish(what))
      : undefined;
    const artifactFamilies = options.artifactFamilies ?? [];
    this.reader = new StoreReader(db.knex, this.tables, {
      logger: options.logger ?? SILENT_LOGGER,
      ...options.reader,
      ...(relay ? { relay } : {}),
      artifactFamilies,
    });
    this.store = {
      db,
      tables: this.tables,
      reader: this.reader,
      logger: options.logger ?? SILENT_LOGGER,
      clock: options.clock ?? Date.now,
      ...(options.purging ? { purging: options.purging } : {}),
      indexesSearch: options.search !== false,
      artifactFamilies: artifactFamiliesWith(artifactFamilies),
    };
    const builders = options.builders ?? [];
    this.settings = {
      builders,
      serving: options.serving,
      sitemap: options.sitemap ? resolveSitemapSettings(options.sitemap) : undefined,
      rendering: options.rendering,
      configKey: configKeyOf(builders, options.serving),
    };
    this.scheduler = new RebuildScheduler(
      this.store,
      this.settings,
      rebuildTimingOf(options.rebuild),
    );
    this.writer = new DocumentWriter(this.store, this.settings, () => this.scheduler.changed());
    this.largeDocuments = this.writer.largeDocuments;
    this.searchFill = new SearchIndexFill(db.knex, this.store, this.store.logger, () =>
      this.reader.invalidate(),
    );
  }

  /** Opens the database, migrates the tables and returns a ready engine. */
  static async open(options: RegenerationEngineOptions): Promise<RegenerationEngine> {
    const db = openDatabase(options.database, options.logger);
    const t = tableNames(options.tablePrefix);
    await translateDatabaseErrors('migrate', () => runMigrations(db.knex, t, db.dialect));
    let relay: RedisChangeRelay | undefined;
    try {
      relay = options.notify
        ? await RedisChangeRelay.open(options.notify, db.knex, t, options.logger ?? SILENT_LOGGER)
        : undefined;
    } catch (error) {
      if (db.owned) await db.knex.destroy();
      throw error;
    }
    const engine = new RegenerationEngine(options, db, relay);
    const sitemap = engine.settings.sitemap;
    if (sitemap) {
      await translateDatabaseErrors('configure sitemap', () =>
        installSitemapSettings(db.knex, t, sitemap, { purging: engine.store.purging }),
      );
    }
    engine.scheduler.startReprofiling();
    await translateDatabaseErrors('fill the search index', () => engine.searchFill.start());
    if (engine.scheduler.timing.automatic) engine.requestRebuild();
    return engine;
  }

  get dialect(): Dialect {
    return this.db.dialect;
  }

  get knex(): Knex {
    return this.db.knex;
  }

  /** The last rebuild this instance installed, if any. */
  get lastRebuild(): RebuildReport | undefined {
    return this.scheduler.lastRebuild;
  }

  /** Rows the last pass read to store the hashes of changed sitemap shards. */
  get lastSitemapRowsRead(): number {
    return this.scheduler.lastSitemapRowsRead;
  }

  // Writing documents (see DocumentWriter).

  /**
   * The revision for a read of the source that is about to start (pass it to `upsert` and
   * `remove` as `revision`): the database server's clock in milliseconds, strictly increasing
   * within this engine (see DocumentWriter.readRevision).
   */
  readRevision(): Promise<number> {
    return this.writer.readRevision();
  }

  /**
   * Stores a published document. Does nothing when nothing semantic changed (same fingerprint,
   * render key, path, visibility and section): no new `modified`, no sequence bump, no rebuild.
   * A save carrying an older revision than the stored one is ignored as stale.
   */
  upsert(doc: PreparedDocument): Promise<UpsertOutcome> {
    return this.writer.upsert(doc);
  }

  /**
   * Takes the document off the agent endpoints. `unpublished`: its M-URL answers 404;
   * `deleted`: a tombstone, 410 Gone. Either way it leaves every listing at the next rebuild.
   */
  remove(
    key: string,
    locale = '',
    reason: RemovalReason = 'deleted',
    options: RemoveOptions = {},
  ): Promise<RemoveOutcome> {
    return this.writer.remove(key, locale, reason, options);
  }

  /**
   * Makes the table match a complete listing of the published documents: upserts each (cheap
   * when unchanged) and unpublishes rows the source no longer has; a row another writer changed
   * after the pass began is left alone (see DocumentWriter.reconcile).
   */
  reconcile(source: ReconcileSource, options: ReconcileOptions = {}): Promise<ReconcileOutcome> {
    return this.writer.reconcile(source, options);
  }

  /**
   * Upserts many documents at database speed: one read of their rows, their changes in one
   * transaction with multi-row writes, each with the outcome `upsert` would have had.
   */
  upsertMany(docs: readonly PreparedDocument[]): Promise<BatchOutcome> {
    return this.writer.upsertMany(docs);
  }

  /**
   * Where this instance's last (or current) reconcile stands: done, total, rate, time left;
   * undefined before the first. A reconcile another instance runs: `reconcileCheckpoint()`.
   */
  reconcileProgress(): ReconcileProgress | undefined {
    return this.writer.progress;
  }

  /** Where an unfinished resumable reconcile stands in the database (any instance's). */
  reconcileCheckpoint(): Promise<ReconcileCheckpoint | undefined> {
    return readReconcileCheckpointStatus(this.store);
  }

  /**
   * Which of these sources their rows already hold, rendered with `renderKey` (see
   * source-stamps): a reconcile skips preparing those. One indexed read per 200 keys.
   */
  checkSourceStamps(
    sources: readonly SourceStamp[],
    renderKey: string,
  ): Promise<SourceStampCheck[]> {
    return checkSourceStamps(this.store, sources, renderKey);
  }

  /**
   * Records that each row, at its change position `changeSeq` (an upsert's outcome, or
   * `checkSourceStamps`' for an unchanged one), holds what the stamped source renders to.
   * Returns the rows written.
   */
  recordSourceStamps(records: readonly (SourceStamp & { changeSeq: number })[]): Promise<number> {
    return recordSourceStamps(this.store, records);
  }

  /**
   * An adapter's own long job (see job-state: the Strapi plugin's start-up reconcile, say): its
   * lease, so one instance at a time runs it, and its checkpoint, so it resumes after a crash.
   */
  job(name: string): AdapterJob {
    return adapterJob(this.store, name, this.jobHolder);
  }

  /** Fresh query-planner statistics for the documents table, after a bulk load. */
  refreshStatistics(): Promise<void> {
    return this.writer.refreshStatistics();
  }

  // Narrow reads for the adapters (admin pages, syncs): the table's shape stays in the store.

  /** The table's content position: the newest change's sequence number (0 when empty). */
  contentPosition(): Promise<number> {
    return readContentPosition(this.store);
  }

  /**
   * The content sequence, moved by every effective change whoever writes it: read it before a
   * pass that will ask `nothingElsePublished`.
   */
  contentSequence(): Promise<number> {
    return readContentSequence(this.store);
  }

  /**
   * Whether the published rows are exactly the `listed` ones a pass has just stored or found
   * current (nobody else wrote since `sequenceAtStart`, the pass's own `ownChanges` aside, and
   * the counts agree): then nothing is left to take off without listing the published rows.
   */
  nothingElsePublished(pass: {
    listed: number;
    sequenceAtStart: number;
    ownChanges: number;
  }): Promise<boolean> {
    return nothingElsePublished(this.store, pass);
  }

  /**
   * The published documents made from any of `targets` (what their `dependsOn` named when they
   * were stored): the documents to make again after one of those changed in the source (a
   * related entry, a media file), found by index, whatever the site's size.
   */
  dependentsOf(targets: readonly string[]): Promise<Dependent[]> {
    return this.writer.dependentsOf(targets);
  }

  /** The locales a document has rows in, tombstones aside. */
  storedLocales(key: string): Promise<string[]> {
    return readStoredLocales(this.store, key);
  }

  /**
   * Published documents per locale ('' when not localized) among those whose key starts with
   * `keyPrefix` (one content type's, say), protected ones included.
   */
  countPublishedByLocale(keyPrefix: string): Promise<Map<string, number>> {
    return countPublishedByLocale(this.store, keyPrefix);
  }

  /** The M-URL path of the oldest published public document: an example for people to open. */
  exampleMPath(): Promise<string | undefined> {
    return readExampleMPath(this.store);
  }

  /** Every published document's key, locale and last change position, streamed in row order. */
  publishedDocuments(): AsyncGenerator<{ key: string; locale: string; changeSeq: number }> {
    return listPublishedDocuments(this.store);
  }

  /** Sequences of the table and of the installed artifacts, and whether those are current. */
  artifactsStatus(): Promise<ArtifactsStatus> {
    return readArtifactsStatus(this.store, this.settings);
  }

  /** When the builders' scheduled work (SCP snapshots) comes due, soonest first. */
  scheduledBuilds(): Promise<ScheduledBuild[]> {
    return readScheduledBuilds(this.store, this.settings);
  }

  // Settings and artifacts (see RebuildScheduler).

  /**
   * Replaces the artifact builders (settings changed while running). Their configuration key
   * changes, so the installed artifacts count as stale and are rebuilt with the new builders even
   * if the table did not change. A rebuild already running finishes with the builders it started
   * with and installs under their key, then another one follows.
   */
  setBuilders(builders: readonly ArtifactBuilder[]): void {
    this.settings.builders = builders;
    this.settings.configKey = configKeyOf(builders, this.settings.serving);
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
    const current = this.settings;
    current.sitemap = settings.sitemap ? resolveSitemapSettings(settings.sitemap) : undefined;
    this.scheduler.sitemapToInstall = current.sitemap;
    current.serving = settings.serving;
    const before = current.rendering;
    current.rendering = settings.rendering;
    if (before === undefined || renderingChangedSince(current, before))
      this.scheduler.startReprofiling();
    this.setBuilders(settings.builders);
  }

  /**
   * Re-renders, from their stored bytes, the published rows rendered in another TCT profile than
   * the site's under otherwise the same settings (see reprofile-documents). Returns how many.
   */
  reprofileDocuments(): Promise<number> {
    return this.scheduler.reprofileDocuments();
  }

  /** Asks for an artifact rebuild soon, coalescing bursts (debounced, bounded by maxDelayMs). */
  requestRebuild(): void {
    this.scheduler.requestRebuild();
  }

  /**
   * Rebuilds every artifact family if the table changed since the installed artifacts were built.
   * `fresh`: nothing to do (possibly because another instance already did it); `busy`: another
   * instance holds the lease; `superseded`: our result lost to a newer one; `rebuilt`: installed.
   */
  rebuildArtifacts(): Promise<RebuildOutcome> {
    return this.scheduler.rebuildArtifacts();
  }

  /**
   * Lays the sitemap shards out again from the table as it is: after rows were written around
   * the engine (a bulk import, a restore from backup), which moved no shard version.
   */
  async relayoutSitemap(): Promise<void> {
    const sitemap = this.settings.sitemap;
    if (!sitemap) return;
    await translateDatabaseErrors('configure sitemap', () =>
      installSitemapSettings(this.db.knex, this.tables, sitemap, {
        relayout: true,
        purging: this.store.purging,
      }),
    );
    this.reader.invalidate();
  }

  /** Waits until no rebuild is scheduled or running (tests, graceful shutdown). */
  async whenIdle(): Promise<void> {
    await this.searchFill.whenDone();
    await this.scheduler.whenIdle();
  }

  /** Stops timers; destroys the connection pool if the engine created it. */
  async close(): Promise<void> {
    retireLeaseHolder(this.jobHolder);
    await this.searchFill.close();
    await this.scheduler.close();
    this.reader.close();
    this.stopPublishing?.();
    await this.relay?.close();
    if (this.db.owned) await this.db.knex.destroy();
  }
}
