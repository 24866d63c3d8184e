import type { EngineStore } from '../writer/engine-store';
import { renderingChangedSince, type EngineSettings } from './engine-settings';
import { BuildSnapshots } from './open-build-snapshot';
import { newLeaseHolder, retireLeaseHolder } from './rebuild-lease-holder';
import { reprofileDocuments } from '../writer/reprofile-documents';
import { runRebuildPass, type RebuildOutcome, type RebuildReport } from './run-rebuild-pass';
import { refreshSitemapMemos } from '../sitemap/refresh-sitemap-memos';
import { installSitemapSettings } from '../sitemap/sitemap-layout';
import type { SitemapSettings } from '../sitemap/sitemap-settings';
import { translateDatabaseErrors } from '../ground/store-errors';

/** When the engine rebuilds (RegenerationEngineOptions' `rebuild`, defaults applied). */
export interface RebuildTiming {
  debounceMs: number;
  maxDelayMs: number;
  leaseMs: number;
  healIntervalMs: number;
  automatic: boolean;
}

/** The defaults of RegenerationEngineOptions' `rebuild`. */
export function rebuildTimingOf(options: Partial<RebuildTiming> = {}): RebuildTiming {
  return {
    debounceMs: options.debounceMs ?? 100,
    maxDelayMs: options.maxDelayMs ?? 2000,
    leaseMs: options.leaseMs ?? 10_000,
    healIntervalMs: options.healIntervalMs ?? 60_000,
    automatic: options.automatic ?? true,
  };
}

/**
 * The engine's background work: artifact rebuilds after changes (debounced, so a burst costs one;
 * bounded by a maximum delay under a steady stream; one pass at a time here, and one instance at
 * a time under the rebuild lease), a heal timer that looks for stale artifacts (a crashed
 * rebuild), and the passes that re-render rows of another TCT profile. `whenIdle` waits for all
 * of it; `close` stops it.
 */
export class RebuildScheduler {
  /** The last rebuild this instance installed, if any. */
  lastRebuild: RebuildReport | undefined;
  /** Rows the last pass read to store the hashes of changed sitemap shards. */
  lastSitemapRowsRead = 0;
  /** Sitemap settings given by `configure`, stored by the next pass. */
  sitemapToInstall: SitemapSettings | undefined;
  private readonly snapshots: BuildSnapshots;
  private readonly instanceId = newLeaseHolder();
  private timer: NodeJS.Timeout | undefined;
  private healTimer: NodeJS.Timeout | undefined;
  private firstRequestAt = 0;
  private running: Promise<RebuildOutcome> | undefined;
  private rerunRequested = false;
  /** The pass re-rendering rows of another profile, while one runs; another follows if asked. */
  private reprofiling: Promise<void> | undefined;
  private reprofileAgain = false;
  private closed = false;

  constructor(
    private readonly store: EngineStore,
    private readonly settings: EngineSettings,
    readonly timing: RebuildTiming,
  ) {
    this.snapshots = new BuildSnapshots(store.db);
    if (timing.automatic && timing.healIntervalMs > 0) {
      this.healTimer = setInterval(() => this.requestRebuild(), timing.healIntervalMs);
      this.healTimer.unref();
    }
  }

  /** After an effective write: our own readers see it at once; artifacts follow shortly. */
  changed(): void {
    this.store.reader.invalidate();
    this.requestRebuild();
  }

  /** Asks for an artifact rebuild soon, coalescing bursts (debounced, bounded by maxDelayMs). */
  requestRebuild(): void {
    const { builders, sitemap } = this.settings;
    if (this.closed || !this.timing.automatic || (builders.length === 0 && !sitemap)) return;
    if (this.running) {
      this.rerunRequested = true;
      return;
    }
    const now = this.store.clock();
    if (this.timer === undefined) this.firstRequestAt = now;
    else clearTimeout(this.timer);
    const wait = Math.max(
      0,
      Math.min(this.timing.debounceMs, this.firstRequestAt + this.timing.maxDelayMs - now),
    );
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.runScheduledRebuild();
    }, wait);
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

  private async runScheduledRebuild(): Promise<void> {
    // A timer that fired as close() ran: a pass now would query a pool being destroyed (on
    // PostgreSQL its connection request then held the process open for a minute).
    if (this.closed) return;
    let outcome: RebuildOutcome | undefined;
    try {
      outcome = await this.rebuildArtifacts();
    } catch (error) {
      this.store.logger.error(`agent-ready: artifact rebuild failed: ${(error as Error).message}`);
    }
    if (this.rerunRequested || outcome === 'superseded') {
      this.rerunRequested = false;
      this.requestRebuild();
    } else if (outcome === 'busy' && !this.closed) {
      // Another instance holds the lease: look again shortly; if it died, its lease expires.
      // In place of a timer a change set meanwhile: close() clears the one it knows.
      clearTimeout(this.timer);
      this.timer = setTimeout(
        () => {
          this.timer = undefined;
          void this.runScheduledRebuild();
        },
        Math.min(1000, this.timing.leaseMs),
      );
      this.timer.unref();
    }
  }

  private async rebuildOnce(): Promise<RebuildOutcome> {
    const { db, tables: t, reader, logger, clock } = this.store;
    const { knex } = db;
    // One set of builders per pass: installed under the key of the settings it was built with.
    const { builders, configKey, serving } = this.settings;
    return translateDatabaseErrors('rebuild artifacts', async () => {
      // Sitemap shards changed by the burst get their hash stored for the index (their bytes are
      // composed from the rows on request: nothing here blocks what agents see).
      const install = this.sitemapToInstall;
      if (install) {
        if (await installSitemapSettings(knex, t, install, { purging: this.store.purging }))
          reader.invalidate();
        if (this.sitemapToInstall === install) this.sitemapToInstall = undefined;
      }
      const sitemapRefresh = this.settings.sitemap
        ? await refreshSitemapMemos(knex, t)
        : { rowsRead: 0, shards: 0 };
      this.lastSitemapRowsRead = sitemapRefresh.rowsRead;
      const { outcome } = await runRebuildPass({
        knex,
        tables: t,
        snapshots: this.snapshots,
        logger,
        clock,
        instanceId: this.instanceId,
        leaseMs: this.timing.leaseMs,
        builders,
        configKey,
        serving,
        sitemapShards: sitemapRefresh.shards,
        ...(this.store.purging ? { purging: this.store.purging } : {}),
        families: this.store.artifactFamilies,
        onInstalled: (report) => {
          this.lastRebuild = report;
          reader.invalidate();
        },
      });
      return outcome;
    });
  }

  /**
   * Re-renders, from their stored bytes, the published rows rendered in another TCT profile than
   * the site's under otherwise the same settings (see reprofile-documents). Returns how many.
   */
  async reprofileDocuments(): Promise<number> {
    const { db, tables, logger, clock } = this.store;
    const settings = this.settings;
    const rendering = settings.rendering;
    if (!rendering) return 0;
    const rows = await translateDatabaseErrors('re-render documents for a new profile', () =>
      reprofileDocuments(db.knex, tables, {
        rendering,
        ...(settings.sitemap?.overviewUrl ? { overviewUrl: settings.sitemap.overviewUrl } : {}),
        clock,
        logger,
        // A newer rendering (configure) stops this pass; the pass that follows starts over.
        stopped: () =>
          this.closed ||
          (settings.rendering !== rendering && renderingChangedSince(settings, rendering)),
        onProgress: () => this.changed(),
        ...(this.store.purging ? { purging: this.store.purging } : {}),
      }),
    );
    if (rows > 0)
      logger.info(
        `agent-ready: ${rows} documents re-rendered in ${rendering.profile?.name ?? 'tct-1'} from their stored bytes`,
      );
    return rows;
  }

  /** Starts the re-rendering pass in the background, or asks for another after the running one. */
  startReprofiling(): void {
    if (!this.settings.rendering || this.closed) return;
    if (this.reprofiling) {
      this.reprofileAgain = true;
      return;
    }
    this.reprofiling = this.reprofileDocuments()
      .then(
        () => undefined,
        (error: Error) => {
          this.store.logger.error(`agent-ready: ${error.message}`);
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

  /** Waits until no rebuild or re-render is scheduled or running (tests, graceful shutdown). */
  async whenIdle(): Promise<void> {
    while (
      this.timer !== undefined ||
      this.running !== undefined ||
      this.reprofiling !== undefined
    ) {
      if (this.reprofiling) await this.reprofiling;
      else if (this.running) await this.running.catch(() => undefined);
      else await new Promise((resolve) => setTimeout(resolve, Math.max(5, this.timing.debounceMs)));
    }
  }

  /** Stops the timers and waits for the pass in progress; nothing is scheduled after. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.healTimer) clearInterval(this.healTimer);
    this.timer = undefined;
    await this.reprofiling;
    await this.running?.catch(() => undefined);
    retireLeaseHolder(this.instanceId);
    await this.snapshots.close();
  }
}
