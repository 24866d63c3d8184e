import type { Core } from '@strapi/strapi';
import { prepareOptionsFor } from '@agent-ready/core/serve';
import type { RegenerationEngine } from '@agent-ready/store';
import type { ResolvedContentType } from '../mapping/resolve-content-types';
import { createChangeMiddleware, type DocumentServiceMiddleware } from './change-middleware';
import { DocumentSyncQueue } from './document-sync-queue';
import type { DocumentsApi, QueryApi } from './read-published-entries';
import type { PluginLogger, SyncContext } from './sync-context';
import { subscribeToQueryEngine, UPLOAD_FILE_UID } from './query-engine-changes';
import {
  findPagesShowing,
  findReciprocalRelations,
  type ReciprocalRelations,
} from './pages-showing';
import type { StrapiSchema } from '../schema/strapi-schema';
import { syncDocument } from './sync-document';
import { mediaUrlResolver } from '../extraction/media-url';
import { ExclusiveWork } from './exclusive-work';
import type { AgentReadyPluginConfig } from '../config/plugin-config';
import type { UrlRules } from '../mapping/page-url';
import type { LastReconcile, ReconcileProgress, ReconcileSummary } from './reconcile-content';
import { runReconcilePass } from './run-reconcile-pass';

/**
 * What syncs map with: the settings in force, as settings/ prepares them (its `PreparedConfig`
 * is one).
 */
export interface SyncMapping {
  config: AgentReadyPluginConfig;
  types: Map<string, ResolvedContentType>;
  /** How the front end's URLs are formed. */
  rules: UrlRules;
  /** The base of relative media URLs (Strapi's public URL), if known. */
  mediaBaseUrl?: string;
}

export interface DocumentSyncOptions {
  log: PluginLogger;
  /** The content types to track until settings are in force (config/plugins' own). */
  tracked: ReadonlySet<string>;
  /** Published versions read per batch by a reconcile (settings in force). */
  batchSize(): number;
  /** Published versions a reconcile goes through, for its progress (none: no time left shown). */
  countPublished?(): Promise<number>;
  /** After a reconcile ran to its end (the coverage is measured then). */
  onReconciled?(): void;
  /** After a document of `uid` changed (committed), whether or not it is exposed. */
  onChanged?(uid: string): void;
}

/**
 * How Strapi's content reaches the agent table: a Document Service middleware records each
 * change of a document after its commit (and a Query Engine subscription the writes beneath it:
 * media library edits, an app's own `strapi.db.query` writes), a queue syncs each changed document (coalesced, re-read from its published versions)
 * and then the pages that show it (pages-showing: found by index, never by reading the site),
 * and reconciles bring the whole table in line (start-up, a settings change, on demand).
 * Reconciles and mapping changes run one at a time with the queue paused (ExclusiveWork), so a
 * document is never synced with half-installed settings.
 */
export class DocumentSync {
  /** The last reconcile that ran to its end, if any. */
  lastReconcile?: LastReconcile;
  /** How far the reconcile running now is (undefined when none runs). */
  progress?: ReconcileProgress;
  private readonly queue: DocumentSyncQueue;
  private readonly exclusiveWork: ExclusiveWork;
  private readonly unsubscribe: () => void;
  private readonly unsubscribeQueries: () => void;
  /** Per content type, its relations that pages see from their side (pages-showing). */
  private reciprocal: ReadonlyMap<string, ReciprocalRelations> = new Map();
  private readonly shutdown = new AbortController();
  private tracked: ReadonlySet<string>;
  /** Where syncs read and write; undefined until settings are in force. */
  private context?: SyncContext;
  private reconcilesWaiting = 0;
  private reconcileAbort?: AbortController;

  constructor(
    private readonly strapi: Core.Strapi,
    private readonly options: DocumentSyncOptions,
  ) {
    const { log } = options;
    this.tracked = options.tracked;
    this.queue = new DocumentSyncQueue({
      run: async (uid, documentId, reason) => {
        const context = this.context;
        if (!context) return;
        if (context.types.has(uid)) await syncDocument(context, uid, documentId);
        // What shows it follows: an FAQ's pages, the links naming an article, the pages of a
        // category whose slug is in their URL, the pages using a media file; and, for a change
        // of its own, the documents it relates to from the other side, whose relations changed
        // with it (what shows those follows in turn, once). A page re-synced only because it
        // shows another is no news for a third.
        if (reason === 'none') return;
        const pages = await findPagesShowing(
          context,
          this.reciprocal,
          uid,
          documentId,
          reason === 'all',
        );
        for (const page of pages)
          this.queue.enqueue(page.uid, page.documentId, page.relationsChanged ? 'showing' : 'none');
      },
      onError: (error, uid, documentId) =>
        log.error(
          `agent-ready: could not update ${uid} ${documentId} for agents (healed at its next change or the next start): ${(error as Error).message}`,
        ),
    });
    this.exclusiveWork = new ExclusiveWork(this.queue);
    const middleware: DocumentServiceMiddleware = createChangeMiddleware({
      // Every type once configured: an edit of a type that is not exposed can still change the
      // pages that show it (a category's slug in their URL).
      tracks: (uid) => this.context !== undefined || this.tracked.has(uid),
      db: strapi.db,
      onChange: (uid, documentId) => {
        this.queue.enqueue(uid, documentId);
        options.onChanged?.(uid);
      },
      onError: (error) =>
        log.error(`agent-ready: change not recorded: ${(error as Error).message}`),
    });
    const documents = strapi.documents as unknown as {
      use(middleware: DocumentServiceMiddleware): unknown;
    };
    const unsubscribe = documents.use(middleware);
    this.unsubscribe = typeof unsubscribe === 'function' ? (unsubscribe as () => void) : () => {};
    // Writes beneath the Document Service: the media library's, an app's own Query Engine writes.
    this.unsubscribeQueries = subscribeToQueryEngine(
      strapi.db as unknown as Parameters<typeof subscribeToQueryEngine>[0],
      {
        tracks: (uid) =>
          this.context !== undefined && (uid === UPLOAD_FILE_UID || this.context.types.has(uid)),
        onChange: (uid, documentId) => this.queue.enqueue(uid, documentId),
        onError: (error) =>
          log.error(`agent-ready: change not recorded: ${(error as Error).message}`),
      },
    );
  }

  /** Where syncs read and write (undefined until settings are in force). */
  get syncContext(): SyncContext | undefined {
    return this.context;
  }

  /** The exposed content types as resolved against the schemas (empty before settings). */
  get types(): ReadonlyMap<string, ResolvedContentType> {
    return this.context?.types ?? new Map();
  }

  /** Documents waiting for (or in) a sync. */
  get pending(): number {
    return this.queue.pending;
  }

  /** Whether a reconcile is running or waiting to. */
  get reconciling(): boolean {
    return this.reconcilesWaiting > 0;
  }

  /**
   * No settings to sync with (not configured): no change is tracked (the first reconcile reads
   * everything once configured), so nothing is queued; open, the queue counts as idle.
   */
  idleUntilConfigured(): void {
    this.tracked = new Set();
    this.queue.open();
  }

  /** Settings in force for the first time: syncs write to `engine` with their mapping. */
  attach(engine: RegenerationEngine, prepared: SyncMapping): void {
    const { strapi } = this;
    this.tracked = new Set(prepared.types.keys());
    this.reciprocal = this.reciprocalOf(prepared);
    this.context = {
      engine,
      ...this.mappingOf(prepared),
      documents: strapi.documents as unknown as DocumentsApi,
      db: strapi.db as unknown as QueryApi,
      log: this.options.log,
    };
  }

  /** Starts the queued syncs without a reconcile first (`reconcile.onBootstrap: false`). */
  open(): void {
    this.queue.open();
  }

  /**
   * Syncs with a new mapping from now on, `alongside` what else the new settings change. When
   * documents render otherwise (`rerender`), the reconcile in progress (it reads with the old
   * mapping) is stopped, the swap waits for syncs in flight, and a reconcile with the new
   * mapping follows; otherwise no sync can see a difference, and the swap is immediate.
   */
  async replaceMapping(
    prepared: SyncMapping,
    { rerender }: { rerender: boolean },
    alongside: () => void,
  ): Promise<void> {
    const swap = () => {
      alongside();
      this.tracked = new Set(prepared.types.keys());
      this.reciprocal = this.reciprocalOf(prepared);
      const { locales: _old, mediaBaseUrl: _base, ...context } = this.context!;
      this.context = { ...context, ...this.mappingOf(prepared) };
    };
    if (!rerender) {
      swap();
      return;
    }
    this.reconcileAbort?.abort();
    await this.exclusiveWork.run(async () => swap());
    void this.reconcile('settings changed');
  }

  /**
   * Brings the table in line with the content (start-up, a settings change, on demand):
   * document syncs wait meanwhile and run afterwards, so nothing saved during the pass is lost.
   * Resolves undefined when the pass failed (logged) or was stopped. Never throws.
   */
  reconcile(
    reason = 'on demand',
    options: { onProgress?(summary: ReconcileSummary): void } = {},
  ): Promise<ReconcileSummary | undefined> {
    this.reconcilesWaiting++;
    return this.exclusiveWork
      .run(() => this.reconcileNow(reason, options))
      .catch(() => undefined)
      .finally(() => {
        this.reconcilesWaiting--;
      });
  }

  /** Queues a re-sync of one document (all locales), e.g. after a change made outside Strapi. */
  resync(uid: string, documentId: string): void {
    this.queue.enqueue(uid, documentId);
  }

  /** Resolves once the reconciles and mapping changes queued so far have run. */
  settled(): Promise<void> {
    return this.exclusiveWork.settled();
  }

  /** Resolves once no document waits for a sync (the queue open). */
  whenQueueIdle(): Promise<void> {
    return this.queue.whenIdle();
  }

  /** Nothing queued: no reconcile or mapping change, no document waiting. */
  get idle(): boolean {
    return this.exclusiveWork.pending === 0 && this.queue.pending === 0;
  }

  /** Shutdown begins: changes are no longer recorded, a reconcile in progress stops. */
  stopTracking(): void {
    this.shutdown.abort();
    this.unsubscribe();
    this.unsubscribeQueries();
  }

  /** Drops waiting syncs and waits for the ones in progress (after `stopTracking`). */
  close(): Promise<void> {
    return this.queue.close();
  }

  /** Every type's relations that the exposed pages see from their side, under `prepared`. */
  private reciprocalOf({ types }: SyncMapping): ReadonlyMap<string, ReciprocalRelations> {
    return findReciprocalRelations(
      this.strapi.contentTypes as unknown as Record<string, StrapiSchema>,
      types,
    );
  }

  /** What a sync reads with under `prepared`: types, rendering, URLs, media and locales. */
  private mappingOf({ config, types, rules, mediaBaseUrl }: SyncMapping) {
    return {
      types,
      prepareOptions: prepareOptionsFor(config),
      rules,
      mediaUrl: mediaUrlResolver(mediaBaseUrl),
      ...(mediaBaseUrl ? { mediaBaseUrl } : {}),
      ...(config.locales ? { locales: new Set(config.locales) } : {}),
    };
  }

  private async reconcileNow(
    reason: string,
    options: { onProgress?(summary: ReconcileSummary): void },
  ): Promise<ReconcileSummary | undefined> {
    const context = this.context;
    if (!context || this.shutdown.signal.aborted) return undefined;
    const abort = new AbortController();
    this.reconcileAbort = abort;
    const startedMs = Date.now();
    const total = await this.options.countPublished?.().catch(() => undefined);
    const track = (seen: number, resumedFrom = 0) => {
      const ratePerSecond = Math.round((seen / Math.max(Date.now() - startedMs, 1)) * 10_000) / 10;
      const done = resumedFrom + seen;
      this.progress = {
        done,
        ...(resumedFrom > 0 ? { resumedFrom } : {}),
        ...(total !== undefined ? { total } : {}),
        ratePerSecond,
        ...(total !== undefined && ratePerSecond > 0
          ? { secondsLeft: Math.ceil(Math.max(total - done, 0) / ratePerSecond) }
          : {}),
        startedAt: new Date(startedMs).toISOString(),
      };
    };
    track(0);
    try {
      const record = await runReconcilePass(context, {
        reason,
        batchSize: this.options.batchSize(),
        signal: AbortSignal.any([this.shutdown.signal, abort.signal]),
        stoppedBecause: () =>
          this.shutdown.signal.aborted ? 'shutdown' : 'settings changed; a new pass follows',
        log: this.options.log,
        onProgress: (summary) => {
          track(summary.seen, summary.resumedFrom);
          options.onProgress?.(summary);
        },
      });
      if (record) {
        this.lastReconcile = record;
        this.options.onReconciled?.();
      }
      return record;
    } finally {
      this.progress = undefined;
      if (this.reconcileAbort === abort) this.reconcileAbort = undefined;
    }
  }
}
