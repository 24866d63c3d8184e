import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SyncError } from '../errors/client-errors';
import { loadSqliteDriver } from './load-sqlite-driver';

describe('loadSqliteDriver', () => {
  it('loads better-sqlite3 where it is installed', () => {
    const Sqlite = loadSqliteDriver();
    const db = new Sqlite(':memory:');
    expect(db.prepare('SELECT 1 AS one').get()).toEqual({ one: 1 });
    db.close();
  });

  it('says what to install where it is not (an app that has only the validator)', () => {
    // A require that looks only in an empty app's node_modules (jest's own resolver, like
    // pnpm's NODE_PATH, would find the workspace's copy). The install test runs the same case
    // in a real app installed from the packed tarballs.
    const app = mkdtempSync(join(tmpdir(), 'no-sqlite-'));
    const requireInApp = createRequire(join(app, 'index.js'));
    const requireFromApp = ((id: string) =>
      requireInApp(join(app, 'node_modules', id))) as NodeJS.Require;
    let thrown: unknown;
    try {
      loadSqliteDriver(requireFromApp);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SyncError);
    expect(thrown).toMatchObject({ code: 'sync.state-driver', field: 'stateDir' });
    expect((thrown as Error).message).toContain('npm install better-sqlite3');
  });
});
