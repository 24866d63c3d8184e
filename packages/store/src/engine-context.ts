import {
  documentRenderKey,
  sha256Hex,
  type PrepareDocumentOptions,
  type ServingSettings,
} from '@agent-ready/core';
import type { ArtifactBuilder } from './rebuild/artifact-builder';
import type { EdgePurging } from './edge/enqueue-change-purges';
import type { Database } from './schema/open-database';
import type { SitemapSettings } from './sitemap/sitemap-settings';
import type { StoreLogger } from './ground/store-logger';
import type { StoreReader } from './reader/store-reader';
import type { TableNames } from './schema/table-names';

/**
 * What the parts of a `RegenerationEngine` (document writer, rebuild scheduler, status queries)
 * share: the database they work on and the settings in force, one object each, so a change
 * `configure` makes reaches every part at once.
 */

/** The database, tables, reader, logger and clock of one engine. */
export interface EngineStore {
  readonly db: Database;
  readonly tables: TableNames;
  /** The engine's own reader: every effective write drops its cache. */
  readonly reader: StoreReader;
  readonly logger: StoreLogger;
  /** Milliseconds since the epoch (injectable for tests). */
  readonly clock: () => number;
  /** Shared-cache purges to enqueue with each change (the `edge` option); none when absent. */
  readonly purging?: EdgePurging;
  /** Whether writes maintain the search index (the engine's `search` option, default true). */
  readonly indexesSearch: boolean;
}

/** The settings an engine runs with now; `configure` replaces them while it runs. */
export interface EngineSettings {
  builders: readonly ArtifactBuilder[];
  serving: ServingSettings | undefined;
  sitemap: SitemapSettings | undefined;
  rendering: PrepareDocumentOptions | undefined;
  /** Of `builders` and `serving` (`configKeyOf`): artifacts installed under another are stale. */
  configKey: string;
}

/**
 * Identifies the builders' settings and the serving settings stored with them: artifacts
 * installed under another key are rebuilt (and the serving settings stored again).
 */
export function configKeyOf(
  builders: readonly ArtifactBuilder[],
  serving: ServingSettings | undefined,
): string {
  return sha256Hex(
    JSON.stringify([builders.map((b) => [b.family, b.settingsKey]), serving ?? null]),
  );
}

/** Whether documents render otherwise under `settings` now than under `before`. */
export function renderingChangedSince(
  settings: EngineSettings,
  before: PrepareDocumentOptions,
): boolean {
  return (
    settings.rendering === undefined ||
    documentRenderKey(settings.rendering) !== documentRenderKey(before)
  );
}
