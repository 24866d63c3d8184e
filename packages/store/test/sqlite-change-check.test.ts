import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import knexFactory, { type Knex } from 'knex';
import { SqliteChangeCheck } from '../src/reader/sqlite-change-check';

/**
 * The check a read-only SQLite instance runs before answering from its cache: it must move after
 * every commit of another connection, whichever way it reads (the wal-index header in WAL mode,
 * the pragma alone in rollback mode), also across a log restarted by a checkpoint.
 */
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'change-check-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The next turn of the event loop: a check reads at most once per turn. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

async function openPair(journalMode: 'wal' | 'delete') {
  const file = join(dir, 'site.db');
  const writer = new Database(file);
  writer.pragma(`journal_mode = ${journalMode}`);
  writer.exec('create table t (x integer)');
  const knex: Knex = knexFactory({
    client: 'better-sqlite3',
    connection: { filename: file },
    pool: { min: 1, max: 1 },
    useNullAsDefault: true,
  });
  const check = SqliteChangeCheck.for(knex)!;
  await check.attach();
  return { writer, knex, check };
}

test.each([
  ['wal', 'wal-index'],
  ['delete', 'pragma'],
] as const)(
  'journal mode %s: the check reads through %s and moves with every commit',
  async (mode, via) => {
    const { writer, knex, check } = await openPair(mode);
    try {
      expect(check.via).toBe(via);
      const insert = writer.prepare('insert into t values (?)');
      let last = check.version();
      expect(last).toBeDefined();
      for (let commit = 0; commit < 200; commit++) {
        await nextTurn();
        expect(check.version()).toBe(last); // nothing committed since
        insert.run(commit);
        // A log emptied by a checkpoint starts over at frame 1: the header's salts tell it.
        if (mode === 'wal' && commit % 50 === 49) writer.pragma('wal_checkpoint(TRUNCATE)');
        await nextTurn();
        const now = check.version();
        expect(now).not.toBe(last);
        last = now;
      }
    } finally {
      check.detach();
      writer.close();
      await knex.destroy();
    }
  },
);

test('detached, the check answers undefined (no check) until attached again', async () => {
  const { writer, knex, check } = await openPair('wal');
  try {
    check.detach();
    expect(check.version()).toBeUndefined();
    await check.attach();
    expect(check.via).toBe('wal-index');
    expect(check.version()).toBeDefined();
  } finally {
    check.detach();
    writer.close();
    await knex.destroy();
  }
});
