import type { ArtifactFamilies } from '@agent-ready/core/serve';
import type { EdgePurging } from '../edge/enqueue-change-purges';
import type { StoreLogger } from '../ground/store-logger';
import type { Database } from '../schema/open-database';
import type { TableNames } from '../schema/table-names';

/**
 * What the parts of a `RegenerationEngine` (document writer, rebuild scheduler, status queries)
 * share: the database they work on (here) and the settings in force (rebuild/engine-settings),
 * one object each, so a change `configure` makes reaches every part at once.
 */

/** The database, tables, reader, logger and clock of one engine. */
export interface EngineStore {
  readonly db: Database;
  readonly tables: TableNames;
  /** The engine's own reader: every effective write drops its cache. */
  readonly reader: { invalidate(): void };
  readonly logger: StoreLogger;
  /** Milliseconds since the epoch (injectable for tests). */
  readonly clock: () => number;
  /** Shared-cache purges to enqueue with each change (the `edge` option); none when absent. */
  readonly purging?: EdgePurging;
  /** Whether writes maintain the search index (the engine's `search` option, default true). */
  readonly indexesSearch: boolean;
  /** The stored families artifact rows are read and installed by: core's and an extension's. */
  readonly artifactFamilies: ArtifactFamilies;
}
