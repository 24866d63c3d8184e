import { closeSync, openSync, readSync } from 'node:fs';
import type { Knex } from 'knex';
import { dialectOf } from '../schema/open-database';

/** What better-sqlite3 gives for a prepared `PRAGMA data_version` with `pluck()`. */
interface PluckedStatement {
  get(): unknown;
}

interface BetterSqliteConnection {
  prepare(sql: string): { pluck(): PluckedStatement };
  open?: boolean;
  /** The database file's path as opened (better-sqlite3). */
  name?: string;
  memory?: boolean;
}

/** knex's client, as far as a connection is borrowed from it. */
interface PoolingClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
}

/**
 * The first copy of the wal-index header, at the start of the `-shm` file: every commit writes
 * it (its frame count grows; a restarted log gets new salts), and nothing else does.
 */
const WAL_INDEX_HEADER_BYTES = 48;

/** The `-shm` file (WAL mode), the header last read from it and the version read after it. */
interface WalIndexFile {
  fd: number;
  seen: Buffer;
  read: Buffer;
  version?: number;
}

/**
 * SQLite's word on other processes' commits, without a query through the pool: `PRAGMA
 * data_version` changes on a connection whenever another connection commits to the file. A
 * reader that saw it unchanged since its last check knows no other instance wrote meanwhile;
 * changed, it reads the sequences again before answering. So an instance on the same file never
 * serves a version older than another's acknowledgement, however long it trusts its cache.
 *
 * The pragma starts a read transaction (several lock calls to the kernel); in WAL mode the check
 * first reads the wal-index header from the `-shm` file, one call, and runs the pragma only when
 * the header moved. The file's pages are the ones every connection maps, so a commit is in them
 * before the writer acknowledges it; our own connection keeps the file from being removed.
 *
 * The connection is the pool's own (knex keeps one for SQLite), borrowed once; its prepared
 * statement is run synchronously (better-sqlite3), so the check fits the synchronous fast path
 * for cached M-URLs too. Undefined (no check) on other databases and other SQLite drivers.
 */
export class SqliteChangeCheck {
  private statement?: PluckedStatement;
  private connection?: BetterSqliteConnection;
  private attaching?: Promise<void>;
  /** The version read in this turn of the event loop, if any (see `version`). */
  private thisTurn: number | undefined;
  private walIndex?: WalIndexFile;

  private constructor(private readonly knex: Knex) {}

  static for(knex: Knex): SqliteChangeCheck | undefined {
    return dialectOf(knex) === 'sqlite' ? new SqliteChangeCheck(knex) : undefined;
  }

  /** How a check reads: the wal-index header first, the pragma alone, or not yet attached. */
  get via(): 'wal-index' | 'pragma' | undefined {
    if (!this.statement) return undefined;
    return this.walIndex ? 'wal-index' : 'pragma';
  }

  /**
   * The file's data version as this connection sees it, or undefined (not attached, closed). Read
   * once per turn of the event loop: the requests answered in one turn were all received before
   * its first read, so a commit that version misses was not acknowledged before any of them
   * arrived.
   */
  version(): number | undefined {
    if (this.thisTurn !== undefined) return this.thisTurn;
    if (!this.statement || this.connection?.open === false) return undefined;
    try {
      this.thisTurn = this.readVersion();
    } catch {
      this.detach();
      return undefined;
    }
    setImmediate(() => {
      this.thisTurn = undefined;
    });
    return this.thisTurn;
  }

  /** The pragma's answer, or the last one while the wal-index header has not moved since. */
  private readVersion(): number {
    const index = this.walIndex;
    if (!index) return Number(this.statement!.get());
    // Header first: a commit landing between the two reads moves the header again, so the
    // next check runs the pragma once more (never the other way round).
    readSync(index.fd, index.read, 0, WAL_INDEX_HEADER_BYTES, 0);
    if (index.version !== undefined && index.read.equals(index.seen)) return index.version;
    index.read.copy(index.seen);
    index.version = Number(this.statement!.get());
    return index.version;
  }

  /** Borrows the pool's connection and prepares the pragma (again, after the pool replaced it). */
  async attach(): Promise<void> {
    if (this.statement && this.connection?.open !== false) return;
    this.attaching ??= (async () => {
      this.detach();
      const client = this.knex.client as unknown as PoolingClient;
      const connection = (await client.acquireConnection()) as BetterSqliteConnection;
      try {
        if (typeof connection.prepare !== 'function') return;
        this.statement = connection.prepare('PRAGMA data_version').pluck();
        this.statement.get(); // maps the wal-index, in WAL mode, before the file is opened
        this.connection = connection;
        this.walIndex = openWalIndex(connection);
      } finally {
        await client.releaseConnection(connection);
      }
    })().finally(() => {
      this.attaching = undefined;
    });
    await this.attaching;
  }

  /** Forgets the connection and closes the `-shm` file (the owner closes the database). */
  detach(): void {
    this.statement = undefined;
    this.connection = undefined;
    if (this.walIndex) closeSync(this.walIndex.fd);
    this.walIndex = undefined;
  }
}

/** The `-shm` file of a file database in WAL mode with shared memory in a file; else undefined. */
function openWalIndex(connection: BetterSqliteConnection): WalIndexFile | undefined {
  if (connection.memory || !connection.name) return undefined;
  const mode = connection.prepare('PRAGMA journal_mode').pluck().get();
  const locking = connection.prepare('PRAGMA locking_mode').pluck().get();
  // Exclusive locking keeps the wal-index in the process's heap: no file to read.
  if (mode !== 'wal' || locking !== 'normal') return undefined;
  try {
    const fd = openSync(`${connection.name}-shm`, 'r');
    return {
      fd,
      seen: Buffer.alloc(WAL_INDEX_HEADER_BYTES),
      read: Buffer.alloc(WAL_INDEX_HEADER_BYTES),
    };
  } catch {
    return undefined; // another VFS, or a file we may not read: the pragma alone still answers
  }
}
