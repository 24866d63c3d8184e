import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
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
/** A marketing site modelled on Strapi's LaunchPad starter (tests/marketing-site.test.ts). */
export const MARKETING_APP_DIR = resolve(__dirname, '..', 'fixtures', 'marketing');
/** The content model of `create-strapi-app --example` (tests/example-app.test.ts). */
export const EXAMPLE_APP_DIR = resolve(__dirname, '..', 'fixtures', 'example');
/** A site built as a tree of pages whose fullPath the app keeps (tests/pages-tree.test.ts). */
export const PAGES_TREE_APP_DIR = resolve(__dirname, '..', 'fixtures', 'pages-tree');

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
    'api::page.page': true as const,
    'api::home.home': { url: '/', body: ['intro', 'sections'] },
  },
};

/** A database of its own for one Strapi app: a temp SQLite file or a fresh server database. */
export interface FixtureDatabase {
  dialect: DialectName;
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** A SQLite database in a temp folder of its own: a copy of `from`, or a new file. */
function sqliteDatabase(from?: string): FixtureDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'agent-ready-strapi-'));
  const filename = join(dir, 'data.db');
  if (from) copyFileSync(from, filename);
  return {
    dialect: 'sqlite',
    env: { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: filename },
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Every file under `dir` (none when it does not exist). */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * A hash of files' paths (relative to `base`, so alike in every clone) and contents: the key of
 * something built from them. Same key, the last build is still right.
 */
export function keyOfFiles(base: string, files: string[]): string {
  const hash = createHash('sha256');
  for (const file of [...files].sort())
    hash.update(relative(base, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

const TEMPLATE_PREFIX = 'template-';

/**
 * A SQLite database the fixture app, booted once without the plugin, made its own tables in
 * (Strapi's, the content types', its roles and locales), for every SQLite fixture to start from
 * a copy of: on a new file Strapi spends about a second of CPU per boot creating and seeding
 * them, over some forty boots a run. The plugin's tables are not in it: each boot is still the
 * plugin's first start on an existing Strapi app. Kept in the fixture app's `.tmp/` across test
 * files and runs under a key of what Strapi makes it from (the app's config and code, Strapi's
 * version); written under another name and renamed, so a file that exists is complete.
 */
async function sqliteTemplate(appDir: string): Promise<string> {
  // The other fixture apps take most of their config from the main one's.
  const key = keyOfFiles(APP_DIR, [
    ...filesUnder(join(appDir, 'config')),
    ...filesUnder(join(appDir, 'src')),
    ...(appDir === APP_DIR ? [] : filesUnder(join(APP_DIR, 'config'))),
    require.resolve('@strapi/strapi/package.json'),
  ]);
  // Outlives a test file (each has its own temp folder); `.tmp/` is ignored by git.
  const templateDir = join(appDir, '.tmp');
  const template = join(templateDir, `${TEMPLATE_PREFIX}${key.slice(0, 16)}.db`);
  if (existsSync(template)) return template;
  const database = sqliteDatabase();
  const fixture = await bootFixture({ plugin: false, database, appDir });
  await fixture.stop({ keepDatabase: true });
  // Templates of earlier fixture code (never a file another worker is writing now).
  mkdirSync(templateDir, { recursive: true });
  for (const name of readdirSync(templateDir))
    if (name.startsWith(TEMPLATE_PREFIX) && name.endsWith('.db') && name !== basename(template))
      rmSync(join(templateDir, name), { force: true });
  const written = `${template}.${process.pid}`;
  copyFileSync(database.env.DATABASE_FILENAME!, written);
  renameSync(written, template);
  await database.drop();
  return template;
}

export async function createFixtureDatabase(
  dialect: DialectName,
  appDir = APP_DIR,
): Promise<FixtureDatabase> {
  if (dialect === 'sqlite') return sqliteDatabase(await sqliteTemplate(appDir));
  // Named like every test database, so a run removes what a killed one left behind.
  const name = uniqueServerName();
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
  /** Another folder as the app's `public/` (Strapi's `server.dirs.public`). */
  publicDir?: string;
  /** The fixture app to boot (default APP_DIR, the main one). */
  appDir?: string;
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
  const appDir = options.appDir ?? APP_DIR;
  const database =
    options.database ?? (await createFixtureDatabase(options.dialect ?? 'sqlite', appDir));
  const env: Record<string, string> = {
    ...database.env,
    AGENT_READY: options.plugin === false ? 'off' : 'on',
    AGENT_READY_CONFIG:
      options.config === null ? '' : JSON.stringify(options.config ?? FIXTURE_CONFIG),
    STRAPI_TELEMETRY_DISABLED: 'true',
    ...(options.publicDir ? { PUBLIC_DIR: options.publicDir } : {}),
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
    appDir,
    distDir: appDir,
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
  // The main app hands over a full-access API token (its bootstrap); the others have none.
  const fixture = (strapi as unknown as { fixture?: { apiToken: string } }).fixture;
  return {
    strapi,
    http: strapi.server.httpServer,
    agentReady:
      options.plugin === false
        ? (undefined as unknown as AgentReadyService)
        : (strapi.plugin('agent-ready').service('agent-ready') as unknown as AgentReadyService),
    apiToken: fixture?.apiToken ?? '',
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
