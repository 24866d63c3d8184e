import { createRequire } from 'node:module';
import type Database from 'better-sqlite3';
import { SyncError } from '../errors/client-errors';

/**
 * `better-sqlite3`, where the sync keeps its state, loaded on the first sync: the app's own (a
 * native module), neither a dependency, so that what uses only the validator (the Strapi plugin's
 * Check now) installs and compiles nothing for it, nor a peer range, which would clash with the
 * version an app pins (a Strapi app's). The CLI depends on it. `requireFrom` is where
 * it is resolved from (this module by default).
 */
export function loadSqliteDriver(
  requireFrom: NodeJS.Require = createRequire(import.meta.url),
): typeof Database {
  try {
    return requireFrom('better-sqlite3') as typeof Database;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'MODULE_NOT_FOUND') throw error;
    throw new SyncError(
      'sync.state-driver',
      'the sync keeps its state in SQLite through better-sqlite3, which is not installed: npm install better-sqlite3 (the agent-ready command has it)',
      { field: 'stateDir', cause: error },
    );
  }
}
