import { randomBytes } from 'node:crypto';
import { MYSQL_CONNECTION, POSTGRES_URL, type DialectName } from './server-settings';

/** Names of everything tests create: temp folders, schemas, databases. */
export const TEST_NAMESPACE_PREFIX = 'agent-ready-test-';
const SERVER_PREFIX = 'agent_ready_test_';
/** Where the environment tells a test file the name of its schema / database. */
export const TEST_NAMESPACE_ENV = 'AGENT_READY_TEST_NAMESPACE';

/**
 * A schema or database name no other test uses, with its creation time in it, so that a run
 * can remove what a killed run left behind (see removeStaleServerNamespaces).
 */
export function uniqueServerName(): string {
  return `${SERVER_PREFIX}${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

/** The server dialects the global setup found answering (none before it ran). */
export function availableDialectsOrNone(): Array<'postgres' | 'mysql'> {
  const value = process.env.AGENT_READY_DATABASES_AVAILABLE ?? '';
  return value
    .split(',')
    .filter((d): d is 'postgres' | 'mysql' => d === 'postgres' || d === 'mysql');
}

async function onPostgres<T>(run: (query: (sql: string) => Promise<T[]>) => Promise<void>) {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await run(async (sql) => (await client.query(sql)).rows as T[]);
  } finally {
    await client.end();
  }
}

async function onMysql<T>(run: (query: (sql: string) => Promise<T[]>) => Promise<void>) {
  const mysql = await import('mysql2/promise');
  const connection = await mysql.createConnection({
    ...MYSQL_CONNECTION,
    database: undefined,
    connectTimeout: 10_000,
  });
  try {
    await run(async (sql) => (await connection.query(sql))[0] as T[]);
  } finally {
    await connection.end();
  }
}

export async function createServerNamespace(dialect: DialectName, name: string): Promise<void> {
  if (dialect === 'postgres') await onPostgres((q) => q(`CREATE SCHEMA "${name}"`).then(() => {}));
  if (dialect === 'mysql') {
    await onMysql((q) =>
      q(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`).then(
        () => {},
      ),
    );
  }
}

export async function dropServerNamespace(dialect: DialectName, name: string): Promise<void> {
  if (dialect === 'postgres') {
    await onPostgres((q) => q(`DROP SCHEMA IF EXISTS "${name}" CASCADE`).then(() => {}));
  }
  if (dialect === 'mysql')
    await onMysql((q) => q(`DROP DATABASE IF EXISTS \`${name}\``).then(() => {}));
}

/** A PostgreSQL database of its own (Strapi needs one), dropped even while connections remain. */
export async function createPostgresDatabase(name: string): Promise<void> {
  await onPostgres((q) => q(`CREATE DATABASE "${name}"`).then(() => {}));
}

export async function dropPostgresDatabase(name: string): Promise<void> {
  await onPostgres((q) => q(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).then(() => {}));
}

const STALE_AFTER_MS = 6 * 60 * 60 * 1000;

function isStale(name: string, now: number): boolean {
  const created = parseInt(name.slice(SERVER_PREFIX.length).split('_')[0] ?? '', 36);
  return Number.isFinite(created) && now - created > STALE_AFTER_MS;
}

/**
 * Drops schemas and databases that test runs killed mid-way left behind (older than six hours,
 * so a run going on beside this one keeps its own).
 */
export async function removeStaleServerNamespaces(dialect: DialectName): Promise<void> {
  const now = Date.now();
  if (dialect === 'postgres') {
    await onPostgres<{ name: string; kind: string }>(async (q) => {
      const rows = [
        ...(await q(
          `SELECT nspname AS name, 'schema' AS kind FROM pg_namespace WHERE nspname LIKE '${SERVER_PREFIX}%'`,
        )),
        ...(await q(
          `SELECT datname AS name, 'database' AS kind FROM pg_database WHERE datname LIKE '${SERVER_PREFIX}%'`,
        )),
      ];
      for (const row of rows.filter((r) => isStale(r.name, now))) {
        await q(
          row.kind === 'schema'
            ? `DROP SCHEMA IF EXISTS "${row.name}" CASCADE`
            : `DROP DATABASE IF EXISTS "${row.name}" WITH (FORCE)`,
        );
      }
    });
  }
  if (dialect === 'mysql') {
    await onMysql<{ name: string }>(async (q) => {
      const rows = await q(
        `SELECT schema_name AS name FROM information_schema.schemata WHERE schema_name LIKE '${SERVER_PREFIX}%'`,
      );
      for (const row of rows.filter((r) => isStale(r.name, now))) {
        await q(`DROP DATABASE IF EXISTS \`${row.name}\``);
      }
    });
  }
}
