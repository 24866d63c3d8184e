import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createAdminUser, editorRoleId, superAdminRoleId, ADMIN_PASSWORD } from './admin-users';
import {
  APP_DIR,
  bootFixture,
  filesUnder,
  FIXTURE_CONFIG,
  keyOfFiles,
  type Fixture,
} from './fixture-app';
import { freePort } from '@agent-ready/test-support';

/** A Strapi app with its admin panel served, listening on a local port, with two admin users. */
export interface BrowserApp {
  /** `http://127.0.0.1:<port>`: the admin panel is under `/admin`. */
  baseUrl: string;
  /** A super admin (every action of the plugin). */
  admin: { email: string; password: string };
  /** Strapi's Editor role: content, none of the plugin's actions. */
  editor: { email: string; password: string };
  /** Resolves once every accepted change has reached the served artifacts. */
  whenIdle(): Promise<void>;
  stop(): Promise<void>;
}

const PLUGIN_DIR = resolve(__dirname, '..', '..');
const BUILD_DIR = join(APP_DIR, 'build');
const BUILD_KEY_FILE = join(BUILD_DIR, '.agent-ready-build-key');

/**
 * What the admin build depends on: the plugin's admin bundle, the app's config and schemas,
 * and the Strapi version. Same key: the last build is still right.
 */
function adminBuildKey(): string {
  return keyOfFiles(PLUGIN_DIR, [
    ...filesUnder(join(PLUGIN_DIR, 'dist', 'admin')),
    ...filesUnder(join(APP_DIR, 'config')),
    ...filesUnder(join(APP_DIR, 'src')),
    join(APP_DIR, 'package.json'),
    require.resolve('@strapi/strapi/package.json'),
  ]);
}

/** `strapi build` for the fixture app (about 40 s), skipped when its inputs did not change. */
async function buildAdminPanel(): Promise<void> {
  const key = adminBuildKey();
  if (existsSync(BUILD_KEY_FILE) && readFileSync(BUILD_KEY_FILE, 'utf8') === key) return;
  const cli = join(PLUGIN_DIR, 'node_modules', '@strapi', 'strapi', 'bin', 'strapi.js');
  await new Promise<void>((done, fail) => {
    const child = spawn(process.execPath, [cli, 'build', '--silent'], {
      cwd: APP_DIR,
      env: { ...process.env, STRAPI_TELEMETRY_DISABLED: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`strapi build exited with ${code}:\n${output}`)),
    );
  });
  writeFileSync(BUILD_KEY_FILE, key);
}

export interface BrowserAppOptions {
  /**
   * Start the plugin "not configured": config/plugins sets the public origin only, so the pages
   * say what is missing and the settings page can supply the rest.
   */
  notConfigured?: boolean;
}

/**
 * Builds the admin panel and starts the plugin's fixture app with it served, with Strapi as the
 * public origin (so "check now" checks this very server), some published content, a super admin
 * and an editor.
 *
 * This is the one place that knows which app the browser test drives; the test talks to it over
 * HTTP only. To drive `apps/demo` instead, build and start the demo here (its admin build, then
 * its start on a free port with its public origin on that port, the super admin and an editor
 * created through its own set-up or `POST /admin/register-admin`) and return the same fields.
 */
export async function startAppForBrowser(options: BrowserAppOptions = {}): Promise<BrowserApp> {
  await buildAdminPanel();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const fixture: Fixture = await bootFixture({
    serveAdminPanel: true,
    config: options.notConfigured
      ? { site: { origin: baseUrl }, rebuild: FIXTURE_CONFIG.rebuild, llmsTxt: { full: false } }
      : {
          ...FIXTURE_CONFIG,
          site: { ...FIXTURE_CONFIG.site, origin: baseUrl, summary: 'A fixture site.' },
          llmsTxt: { full: false },
          rootPage: 'agent-index',
          metrics: { stats: 'protected' },
          // SCP collections on: the page says when their next snapshot comes.
          scp: {},
        },
  });
  const { strapi } = fixture;
  try {
    const blocks = (text: string) => [{ type: 'paragraph', children: [{ type: 'text', text }] }];
    await strapi.documents('api::home.home' as never).create({
      data: { title: 'Fixture', intro: 'What this site is about.' },
      status: 'published',
    } as never);
    for (const n of [1, 2, 3]) {
      await strapi.documents('api::article.article' as never).create({
        data: { title: `Article ${n}`, slug: `article-${n}`, content: blocks(`Body ${n}.`) },
        status: 'published',
      } as never);
    }
    await fixture.agentReady.whenIdle();
    const admin = { email: 'admin@example.com', password: ADMIN_PASSWORD };
    const editor = { email: 'editor@example.com', password: ADMIN_PASSWORD };
    await createAdminUser(strapi, admin.email, [await superAdminRoleId(strapi)]);
    await createAdminUser(strapi, editor.email, [await editorRoleId(strapi)]);
    await new Promise<void>((done) => fixture.http.listen(port, '127.0.0.1', done));
  } catch (error) {
    await fixture.stop();
    throw error;
  }
  return {
    baseUrl,
    admin: { email: 'admin@example.com', password: ADMIN_PASSWORD },
    editor: { email: 'editor@example.com', password: ADMIN_PASSWORD },
    whenIdle: () => fixture.agentReady.whenIdle(),
    stop: () => fixture.stop(),
  };
}
