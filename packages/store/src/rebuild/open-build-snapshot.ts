import knexFactory, { type Knex } from 'knex';
import { sqlitePragmas, type Database } from '../schema/open-database';

/**
 * Where an artifact rebuild reads the table. Ideally one consistent snapshot that never blocks a
 * writer, so a build is exactly the table at one content sequence, however long it takes (an
 * SCP snapshot of 100,000 pages reads for seconds) and however many saves land meanwhile:
 *
 * - PostgreSQL and MySQL/MariaDB: a `REPEATABLE READ` transaction (read-only on PostgreSQL)
 *   on a pooled connection, outside every write transaction. MVCC: writers never wait for it.
 * - SQLite in WAL mode: a read transaction on a connection of its own. A WAL reader sees the
 *   database as of its first read and never blocks the writer's connection.
 * - SQLite in another journal mode (Strapi's default is `delete`): a read transaction would
 *   hold a shared lock that stops every commit until the build ends, so the build reads in
 *   short statements on the writer's connection instead, and consistency is checked by the
 *   content sequence not moving (`consistent: false`). WAL is worth turning on (the demo does).
 */
export interface BuildSnapshot {
  knex: Knex | Knex.Transaction;
  /** Whether every read through `knex` sees one state of the table. */
  consistent: boolean;
  release(): Promise<void>;
}

/** The file an adopted or owned SQLite knex instance opens; undefined for in-memory ones. */
function sqliteFilename(knex: Knex): string | undefined {
  const connection = (knex.client as { config?: { connection?: unknown } }).config?.connection;
  const filename = (connection as { filename?: unknown } | undefined)?.filename;
  return typeof filename === 'string' && filename !== '' && !filename.startsWith(':memory:')
    ? filename
    : undefined;
}

async function journalMode(knex: Knex): Promise<string> {
  const rows = (await knex.raw('PRAGMA journal_mode')) as { journal_mode?: unknown }[];
  return String(rows[0]?.journal_mode ?? '').toLowerCase();
}

/**
 * Opens snapshots for one engine. On SQLite in WAL mode it keeps one extra connection to the
 * file for them (opened on first use, closed by `close`).
 */
export class BuildSnapshots {
  private sqliteReader?: Knex;
  private walChecked?: Promise<boolean>;

  constructor(private readonly db: Database) {}

  async open(): Promise<BuildSnapshot> {
    const { knex, dialect } = this.db;
    if (dialect === 'postgres' || dialect === 'mysql') {
      // knex spells MySQL's `SET TRANSACTION` without the comma `READ ONLY` needs there; the
      // snapshot is what matters, and this connection only reads.
      const trx = await knex.transaction({
        isolationLevel: 'repeatable read',
        ...(dialect === 'postgres' ? { readOnly: true } : {}),
      });
      return { knex: trx, consistent: true, release: () => trx.rollback().then(() => undefined) };
    }
    const reader = await this.walReader();
    if (!reader) return { knex, consistent: false, release: async () => undefined };
    const trx = await reader.transaction();
    return { knex: trx, consistent: true, release: () => trx.rollback().then(() => undefined) };
  }

  private async walReader(): Promise<Knex | undefined> {
    const filename = sqliteFilename(this.db.knex);
    if (!filename) return undefined;
    this.walChecked ??= journalMode(this.db.knex).then((mode) => mode === 'wal');
    if (!(await this.walChecked)) return undefined;
    if (!this.sqliteReader) {
      try {
        this.sqliteReader = openSqliteReader(filename);
      } catch {
        // No driver of our own to open it with (a host that brought its own knex): read on the
        // writer's connection, as in any other journal mode.
        this.walChecked = Promise.resolve(false);
        return undefined;
      }
    }
    return this.sqliteReader;
  }

  async close(): Promise<void> {
    await this.sqliteReader?.destroy();
    this.sqliteReader = undefined;
  }
}

function openSqliteReader(filename: string): Knex {
  return knexFactory({
    client: 'better-sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    pool: {
      min: 0,
      max: 1,
      // It only reads: a bug that tried to write through it fails instead.
      afterCreate: sqlitePragmas(['query_only = ON', 'busy_timeout = 10000']),
    },
  });
}
