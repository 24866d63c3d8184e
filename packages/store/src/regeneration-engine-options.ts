import type { PrepareDocumentOptions, ServingSettings } from '@agent-ready/core';
import type { StoredArtifactFamily } from '@agent-ready/core/serve';
import type { ArtifactBuilder } from './rebuild/artifact-builder';
import type { EdgePurging } from './edge/enqueue-change-purges';
import type { DatabaseOption } from './schema/open-database';
import type { SitemapSettingsInput } from './sitemap/sitemap-settings';
import type { StoreLogger } from './ground/store-logger';
import type { StoreReaderOptions } from './reader/store-reader-options';
import type { NotifyOptions } from './notify/redis-change-relay';

/** What `RegenerationEngine.open` takes. */
export interface RegenerationEngineOptions {
  database: DatabaseOption;
  tablePrefix?: string;
  /** Artifact families to keep in step with the table (SCP, llms.txt…). */
  builders?: readonly ArtifactBuilder[];
  /**
   * The artifacts of stored families beyond core's (an extension's, see `storedFamily`): how
   * the rows its builders write are read back and what Content-Type they are stored with.
   */
  artifactFamilies?: readonly StoredArtifactFamily[];
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
  /**
   * Shared-cache purges (the `edge` option): every committed change enqueues the cache tags
   * whose bytes it changed, in its own transaction (docs/edge.md). Off unless given.
   */
  purging?: EdgePurging;
  /**
   * Maintain the full-text search index (search/) with every write, in the write's transaction
   * (default true): what the MCP endpoint's `search` answers from. `false` saves its cost on a
   * site that serves no search; the next engine opened with it on fills the index again, in
   * the background. Every writer of one table should agree.
   */
  search?: boolean;
  /**
   * Tell the other instances of every commit over Redis (`{ redis: url }`, docs/change-feed.md):
   * this engine publishes after each commit and its reader revalidates on theirs. For MySQL/
   * MariaDB (and PostgreSQL without LISTEN) when instances run on several machines.
   */
  notify?: NotifyOptions;
}
