import { spawn } from 'node:child_process';
import { join } from 'node:path';

const STORE = join(__dirname, '..', 'dist', 'internal.js');

/**
 * Opens the database in a child process whose module loader cannot find `blocked`, as on a
 * machine where that driver was never installed (it is an optional peer). Reports over IPC.
 */
function openWithout(blocked: string, option: object): Promise<{ code?: string; message: string }> {
  const script = `
    const Module = require('node:module');
    const resolve = Module._resolveFilename;
    Module._resolveFilename = function (request, ...rest) {
      if (request === ${JSON.stringify(blocked)}) {
        const error = new Error("Cannot find module '" + request + "'");
        error.code = 'MODULE_NOT_FOUND';
        throw error;
      }
      return resolve.call(this, request, ...rest);
    };
    const { openDatabase } = require(${JSON.stringify(STORE)});
    let report;
    try {
      const db = openDatabase(${JSON.stringify(option)});
      report = { message: 'opened' };
      db.knex.destroy();
    } catch (error) {
      report = { code: error.code, message: error.message };
    }
    process.send(report, () => process.exit(0));
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('message', (message) => resolve(message as { code?: string; message: string }));
    child.on('exit', (code) =>
      reject(new Error(`child exited ${code} without a report: ${stderr}`)),
    );
  });
}

describe('a database driver that is not installed (drivers are optional peers)', () => {
  it.each([
    ['postgres', 'pg', { client: 'postgres', connection: 'postgres://127.0.0.1:1/none' }],
    ['mysql', 'mysql2', { client: 'mysql', connection: 'mysql://127.0.0.1:1/none' }],
    ['sqlite', 'better-sqlite3', { client: 'sqlite', filename: ':memory:' }],
  ])(
    '%s without %s: a StoreError naming the package and the fix',
    async (dialect, driver, option) => {
      expect(await openWithout(driver, option)).toEqual({
        code: 'store.driver-missing',
        message: `database.client "${dialect}" needs the ${driver} package, which is not installed: npm install ${driver}`,
      });
    },
  );

  it('opens as usual when only another driver is missing', async () => {
    expect(await openWithout('pg', { client: 'sqlite', filename: ':memory:' })).toEqual({
      message: 'opened',
    });
  });
});
