import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createStrapi, type Core } from '@strapi/strapi';
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  MYSQL_CONNECTION,
  POSTGRES_URL,
  uniqueServerName,
  type DialectName,
} from '@agent-ready/test-support';
import type { AgentReadyService } from '../../server/src/services/agent-ready-service';

export const APP_DIR = resolve(__dirname, '..', 'fixtures', 'app');

/** The plugin settings most tests use (the fixture app's content types, a policy). */
export const FIXTURE_CONFIG = {
  site: { origin: 'https://example.com', name: 'Fixture', language: 'en', overviewPath: '/' },
  policy: { effective: '2025-10-01T00:00:00Z', urls: { contact: 'https://example.com/contact/' } },
  rebuild: { debounceMs: 10, healIntervalMs: 0 },
  contentTypes: {
    'api::article.article': {
      url: '/{locale}/blog/{slug}/',
      title: 'title',
      body: 'content',
      description: 'excerpt',
      author: 'authorName',
      section: 'blog',
    },
    'api::page.page': true,
    'api::home.home': { url: '/', body: ['intro', 'sections'] },
  },
};

/** A database of its own for one Strapi app: a temp SQLite file or a fresh server database. */
export interface FixtureDatabase {
  dialect: DialectName;
  env: Record<string, string>;
  drop(): Promise<void>;
}

export async function createFixtureDatabase(dialect: DialectName): Promise<FixtureDatabase> {
  // Named like every test database, so a run removes what a killed one left behind.
  const name = uniqueServerName();
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'agent-ready-strapi-'));
    return {
      dialect,
      env: { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: join(dir, 'data.db') },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (dialect === 'postgres') {
    const url = new URL(POSTGRES_URL);
    await createPostgresDatabase(name);
    return {
      dialect,
      env: {
        DATABASE_CLIENT: 'postgres',
        DATABASE_HOST: url.hostname,
        DATABASE_PORT: url.port || '5432',
        DATABASE_NAME: name,
        DATABASE_USERNAME: decodeURIComponent(url.username),
        DATABASE_PASSWORD: decodeURIComponent(url.password),
      },
      drop: () => dropPostgresDatabase(name),
    };
  }
  const mysql = await import('mysql2/promise');
  const admin = async (sql: string) => {
    const connection = await mysql.createConnection({ ...MYSQL_CONNECTION, database: undefined });
    try {
      await connection.query(sql);
    } finally {
      await connection.end();
    }
  };
  await admin(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  return {
    dialect,
    env: {
      DATABASE_CLIENT: 'mysql',
      DATABASE_HOST: MYSQL_CONNECTION.host,
      DATABASE_PORT: String(MYSQL_CONNECTION.port),
      DATABASE_NAME: name,
      DATABASE_USERNAME: MYSQL_CONNECTION.user,
      DATABASE_PASSWORD: MYSQL_CONNECTION.password,
    },
    drop: () => admin(`DROP DATABASE IF EXISTS \`${name}\``),
  };
}

export interface Fixture {
  strapi: Core.Strapi;
  /** Strapi's HTTP server (routes mounted, not listening: supertest listens per request). */
  http: Server;
  /** The plugin's service (undefined when booted without the plugin). */
  agentReady: AgentReadyService;
  /** A full-access API token for the REST API. */
  apiToken: string;
  database: FixtureDatabase;
  /** What Strapi logged as warnings from its creation on (`strapi.log.warn`), in order. */
  warnings: string[];
  /** Shuts Strapi down; drops the database unless `keepDatabase`. */
  stop(options?: { keepDatabase?: boolean }): Promise<void>;
}

export interface BootOptions {
  dialect?: DialectName;
  /** Plugin config (default FIXTURE_CONFIG); `null`: no `config` in config/plugins at all. */
  config?: unknown;
  /** Boot without the plugin (default true: with it). */
  plugin?: boolean;
  /** Reuse a database (e.g. one a previous boot filled). */
  database?: FixtureDatabase;
  /** Serve the admin panel built into the app's `build/` (the browser test). Default false. */
  serveAdminPanel?: boolean;
}

/** Keeps the text of every warning Strapi logs, still logging it (the logger exists from creation). */
function recordWarnings(strapi: Core.Strapi): string[] {
  const warnings: string[] = [];
  const log = strapi.log as unknown as { warn(message: unknown, ...rest: unknown[]): unknown };
  const warn = log.warn.bind(log);
  log.warn = (message, ...rest) => {
    warnings.push(String(message));
    return warn(message, ...rest);
  };
  return warnings;
}

/**
 * Boots the fixture app in this process with the built plugin (`dist/`), the way an installed
 * copy is loaded. One boot per test file: `strapi.destroy()` removes every process listener.
 */
export async function bootFixture(options: BootOptions = {}): Promise<Fixture> {
  const database = options.database ?? (await createFixtureDatabase(options.dialect ?? 'sqlite'));
  const env: Record<string, string> = {
    ...database.env,
    AGENT_READY: options.plugin === false ? 'off' : 'on',
    AGENT_READY_CONFIG:
      options.config === null ? '' : JSON.stringify(options.config ?? FIXTURE_CONFIG),
    STRAPI_TELEMETRY_DISABLED: 'true',
  };
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  const restoreEnv = () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  const strapi = createStrapi({
    appDir: APP_DIR,
    distDir: APP_DIR,
    serveAdminPanel: options.serveAdminPanel ?? false,
  });
  const warnings = recordWarnings(strapi);
  try {
    await strapi.load();
  } catch (error) {
    await strapi.destroy().catch(() => undefined);
    restoreEnv();
    if (!options.database) await database.drop();
    throw error;
  }
  strapi.server.mount();
  const fixture = (strapi as unknown as { fixture: { apiToken: string } }).fixture;
  return {
    strapi,
    http: strapi.server.httpServer,
    agentReady:
      options.plugin === false
        ? (undefined as unknown as AgentReadyService)
        : (strapi.plugin('agent-ready').service('agent-ready') as unknown as AgentReadyService),
    apiToken: fixture.apiToken,
    database,
    warnings,
    async stop(stopOptions = {}) {
      try {
        await strapi.destroy();
      } finally {
        restoreEnv();
        if (!stopOptions.keepDatabase) await database.drop();
      }
    },
  };
}
