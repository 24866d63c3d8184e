import type { Knex } from 'knex';
import { dialectOf } from '../schema/open-database';

/** What better-sqlite3 gives for a prepared `PRAGMA data_version` with `pluck()`. */
interface PluckedStatement {
  get(): unknown;
}

interface BetterSqliteConnection {
  prepare(sql: string): { pluck(): PluckedStatement };
  open?: boolean;
}

/** knex's client, as far as a connection is borrowed from it. */
interface PoolingClient {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
}

/**
 * SQLite's word on other processes' commits, without a query through the pool: `PRAGMA
 * data_version` changes on a connection whenever another connection commits to the file (a
 * few microseconds, answered from the file's header, which SQLite checks anyway). A reader
 * that saw it unchanged since its last check knows no other instance wrote meanwhile; changed,
 * it reads the sequences again before answering. So an instance on the same file never serves
 * a version older than another's acknowledgement, however long it trusts its cache.
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

  private constructor(private readonly knex: Knex) {}

  static for(knex: Knex): SqliteChangeCheck | undefined {
    return dialectOf(knex) === 'sqlite' ? new SqliteChangeCheck(knex) : undefined;
  }

  /**
   * The file's data version as this connection sees it, or undefined (not attached, closed). Read
   * once per turn of the event loop (the pragma takes a read lock: microseconds, a tenth of a
   * 304): the requests answered in one turn were all received before its first read, so a
   * commit that version misses was not acknowledged before any of them arrived.
   */
  version(): number | undefined {
    if (this.thisTurn !== undefined) return this.thisTurn;
    if (!this.statement || this.connection?.open === false) return undefined;
    try {
      this.thisTurn = Number(this.statement.get());
    } catch {
      this.statement = undefined;
      return undefined;
    }
    setImmediate(() => {
      this.thisTurn = undefined;
    });
    return this.thisTurn;
  }

  /** Borrows the pool's connection and prepares the pragma (again, after the pool replaced it). */
  async attach(): Promise<void> {
    if (this.statement && this.connection?.open !== false) return;
    this.attaching ??= (async () => {
      const client = this.knex.client as unknown as PoolingClient;
      const connection = (await client.acquireConnection()) as BetterSqliteConnection;
      try {
        if (typeof connection.prepare !== 'function') return;
        this.statement = connection.prepare('PRAGMA data_version').pluck();
        this.connection = connection;
      } finally {
        await client.releaseConnection(connection);
      }
    })().finally(() => {
      this.attaching = undefined;
    });
    await this.attaching;
  }
}
