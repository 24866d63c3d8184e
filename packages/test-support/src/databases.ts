import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { MYSQL_CONNECTION, POSTGRES_URL, type DialectName } from './server-settings';
import { removeStaleServerNamespaces, TEST_NAMESPACE_ENV } from './test-namespace';

export { MYSQL_CONNECTION, POSTGRES_URL, type DialectName };

/** Connection settings in the shape `@agent-ready/store` accepts (`DatabaseOption`). */
export type DatabaseConfig =
  | { client: 'sqlite'; filename: string }
  | { client: 'postgres'; connection: string; pool: { min: number; max: number } }
  | {
      client: 'mysql';
      connection: {
        host: string;
        port: number;
        user: string;
        password: string;
        database: string;
        connectTimeout: number;
      };
      pool: { min: number; max: number };
    };

const AVAILABILITY_ENV = 'AGENT_READY_DATABASES_AVAILABLE';

async function reachable(dialect: DialectName): Promise<string | undefined> {
  try {
    if (dialect === 'postgres') {
      const { Client } = await import('pg');
      const client = new Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
      await client.connect();
      await client.query('select 1');
      await client.end();
    } else if (dialect === 'mysql') {
      const mysql = await import('mysql2/promise');
      const connection = await mysql.createConnection({
        ...MYSQL_CONNECTION,
        connectTimeout: 3000,
      });
      await connection.query('select 1');
      await connection.end();
    }
    return undefined;
  } catch (error) {
    return (error as Error).message || String(error);
  }
}

/**
 * Run once per jest run (globalSetup): finds which database servers answer and records it in
 * the environment the test workers inherit. `AGENT_READY_REQUIRE_DATABASES=postgres,mysql`
 * turns a missing server into a failure instead of a skip (CI sets it).
 */
export async function probeDatabases(): Promise<void> {
  if (process.env[AVAILABILITY_ENV] !== undefined) return;
  const available: DialectName[] = ['sqlite'];
  const required = (process.env.AGENT_READY_REQUIRE_DATABASES ?? '').split(',').filter(Boolean);
  for (const dialect of ['postgres', 'mysql'] as const) {
    const problem = await reachable(dialect);
    if (problem === undefined) {
      available.push(dialect);
      await removeStaleServerNamespaces(dialect);
    } else if (required.includes(dialect)) {
      throw new Error(
        `${dialect} is required (AGENT_READY_REQUIRE_DATABASES) but unreachable: ${problem}`,
      );
    } else {
      process.stderr.write(
        `\n[test-support] ${dialect} unreachable, its suites are skipped: ${problem}\n`,
      );
    }
  }
  process.env[AVAILABILITY_ENV] = available.join(',');
}

export function availableDialects(): DialectName[] {
  const value = process.env[AVAILABILITY_ENV];
  if (value === undefined) {
    throw new Error(
      'probeDatabases() has not run: add @agent-ready/test-support/global-setup to jest globalSetup',
    );
  }
  return value.split(',') as DialectName[];
}

/**
 * Connections per pool in tests. Each jest process runs one file at a time and turbo runs at
 * most two packages at once, so even a file with a handful of engines open stays far below a
 * server's 100 connections.
 */
const TEST_POOL = { min: 0, max: 4 };

/**
 * A database location for one engine: a new SQLite file in the test file's temp folder, or the
 * test file's own PostgreSQL schema / MariaDB database (made and dropped by the jest
 * environment; the shared default one where a suite runs without it).
 */
export function databaseConfig(dialect: DialectName): DatabaseConfig {
  const namespace = process.env[TEST_NAMESPACE_ENV];
  switch (dialect) {
    case 'sqlite':
      return {
        client: 'sqlite',
        filename: join(mkdtempSync(join(tmpdir(), 'agent-ready-test-')), 'store.sqlite'),
      };
    case 'postgres': {
      const url = new URL(POSTGRES_URL);
      // Tests prove ordering and isolation, not durability across a server crash: not waiting
      // for the WAL flush on every commit takes a write-heavy suite from minutes to seconds
      // on a slow disk, and changes nothing a test observes.
      const settings = ['-c synchronous_commit=off'];
      if (namespace) settings.push(`-c search_path=${namespace}`);
      url.searchParams.set('options', settings.join(' '));
      return { client: 'postgres', connection: url.toString(), pool: { ...TEST_POOL } };
    }
    case 'mysql':
      return {
        client: 'mysql',
        connection: {
          ...MYSQL_CONNECTION,
          ...(namespace ? { database: namespace } : {}),
          // mysql2 gives up after 10 s; with the suite, an install and a build beside it on two
          // cores, MariaDB has been seen to take longer to accept a connection.
          connectTimeout: 60_000,
        },
        pool: { ...TEST_POOL },
      };
  }
}

/** A table prefix no other test run uses, so suites can share one server. */
export function uniqueTablePrefix(): string {
  return `t${randomBytes(5).toString('hex')}_`;
}

/**
 * `describe` once per database dialect; dialects whose server is unreachable get a skipped
 * suite whose name says why.
 */
export function describeEachDatabase(name: string, body: (dialect: DialectName) => void): void {
  const available = availableDialects();
  for (const dialect of ['sqlite', 'postgres', 'mysql'] as const) {
    if (available.includes(dialect)) describe(`${name} [${dialect}]`, () => body(dialect));
    else {
      describe.skip(`${name} [${dialect}] (skipped: server unreachable)`, () => {
        it('needs the server', () => undefined);
      });
    }
  }
}
