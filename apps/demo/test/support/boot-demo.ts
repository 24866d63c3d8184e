import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPostgresDatabase,
  dropPostgresDatabase,
  POSTGRES_URL,
  uniqueServerName,
} from '@agent-ready/test-support';
import { freePort, runDemo, type RunningDemo } from './run-demo';

export type DemoDialect = 'sqlite' | 'postgres';

/** A demo started for a test, on a database and ports of its own. */
export interface BootedDemo {
  demo: RunningDemo;
  /** The site's origin (`http://localhost:<port>`), also its public origin. */
  site: string;
  /** Strapi's origin. */
  cms: string;
  /** What the demo was started with: start it again on the same database and ports. */
  env: Record<string, string>;
  /** Stops the demo (SIGTERM, if it still runs) and removes its database. */
  shutdown(): Promise<void>;
}

/** A database of the demo's own: a temp SQLite file and media folder, or a fresh PostgreSQL database. */
async function demoDatabase(dialect: DemoDialect) {
  const dir = mkdtempSync(join(tmpdir(), 'agent-ready-demo-'));
  const env: Record<string, string> = { DEMO_PUBLIC_DIR: join(dir, 'public') };
  let drop = async () => rmSync(dir, { recursive: true, force: true });
  if (dialect === 'sqlite') {
    Object.assign(env, { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: join(dir, 'data.db') });
  } else {
    const name = uniqueServerName();
    await createPostgresDatabase(name);
    const url = new URL(POSTGRES_URL);
    Object.assign(env, {
      DATABASE_CLIENT: 'postgres',
      DATABASE_HOST: url.hostname,
      DATABASE_PORT: url.port || '5432',
      DATABASE_NAME: name,
      DATABASE_USERNAME: decodeURIComponent(url.username),
      DATABASE_PASSWORD: decodeURIComponent(url.password),
    });
    const removeDir = drop;
    drop = async () => {
      await dropPostgresDatabase(name);
      await removeDir();
    };
  }
  return { env, drop };
}

/**
 * Starts the demo as a newcomer runs it (`runDemo`), on free ports with a database of its own,
 * never the developer's demo data. `settings` (DEMO_* variables) go over the defaults. If the
 * demo does not start, its database is removed before the error is thrown.
 */
export async function bootDemo(
  dialect: DemoDialect,
  settings: Record<string, string> = {},
): Promise<BootedDemo> {
  const database = await demoDatabase(dialect);
  try {
    const [sitePort, cmsPort] = [await freePort(), await freePort()];
    const env = {
      // The developer's own demo settings must not leak into the test's demo.
      DEMO_ORIGIN: '',
      DEMO_SKIP_ADMIN_BUILD: '',
      DEMO_ADMIN_EMAIL: '',
      DEMO_ADMIN_PASSWORD: '',
      ...settings,
      ...database.env,
      DEMO_SITE_PORT: String(sitePort),
      DEMO_CMS_PORT: String(cmsPort),
    };
    const demo = await runDemo(env);
    return {
      demo,
      site: `http://localhost:${sitePort}`,
      cms: `http://localhost:${cmsPort}`,
      env,
      shutdown: async () => {
        try {
          await demo.stop('SIGTERM');
        } finally {
          await database.drop();
        }
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}
