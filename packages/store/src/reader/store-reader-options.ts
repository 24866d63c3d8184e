import type { StoredArtifactFamily } from '@agent-ready/core/serve';
import type { StoreLogger } from '../ground/store-logger';
import type { RedisChangeRelay } from '../notify/redis-change-relay';

/** How a `StoreReader` caches and learns of other processes' commits. */
export interface StoreReaderOptions {
  /**
   * How long cached rows and artifacts are trusted before the table's sequences are read again
   * (one tiny query): how often this process polls for other processes' changes when nothing
   * tells it of them (MySQL/MariaDB, SQLite, PostgreSQL while its LISTEN connection is down).
   * 0 checks on every request. Writes through this process's engine invalidate at once; on
   * PostgreSQL a notification does (LISTEN), and the table is polled only every
   * `LISTENING_REVALIDATE_MS` (or this, if longer) as a safety net; on SQLite another
   * connection's commit does, before the next answer (sqlite-change-check.ts).
   */
  revalidateAfterMs?: number;
  /** Upper bound of cached bytes (bodies of M-URLs and small artifacts). */
  maxCachedBytes?: number;
  /** PostgreSQL: learn of commits by LISTEN (default true); false: poll only. */
  listen?: boolean;
  /** Where a lost LISTEN connection is reported. */
  logger?: StoreLogger;
  /** The other instances' commits over Redis (`notify.redis`; the opener owns and closes it). */
  relay?: RedisChangeRelay;
  /**
   * SQLite: read the file's data version before answering from the cache (default true), so
   * another process's commit is seen at once (reader/sqlite-change-check). `false` trusts the
   * cache for `revalidateAfterMs` as on other databases: only for a process alone on its file,
   * and to measure what the check costs (`bench serve.sqlite-change-check`).
   */
  sqliteChangeCheck?: boolean;
  /**
   * The artifacts of stored families beyond core's (an extension's, see `storedFamily`): how
   * their rows are read. Rows of a family neither core nor this knows are an error.
   */
  artifactFamilies?: readonly StoredArtifactFamily[];
}

/** With a live LISTEN, notifications invalidate; the table is still checked this often. */
export const LISTENING_REVALIDATE_MS = 10_000;
