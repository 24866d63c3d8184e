import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkServedSite, waitForStatus } from './check-served-site';
import type { AppContext } from './express-apps';
import { nativeModules } from './native-modules';
import { npm, withTarballs } from './npm-install';
import { readmeBlock, readmeBlocks, servedPaths, shellCommands } from './readme-blocks';
import { runCommand } from './run-command';
import { createStrapiApp } from './create-strapi-app';
import { freePort, startProcess, unlessExited } from './start-process';
import { strapiReleases } from './strapi-releases';

const ARTICLE = 'api::article.article';

/**
 * The SQLite driver the app pins in place of create-strapi-app's: what a public Strapi 5 starter
 * pins (apps keep an older driver through Strapi upgrades). The plugin installs beside it with no
 * flag and runs on it; the workspace runs on 12.
 */
const OLDER_SQLITE_DRIVER = '11.7.0';

/** `name` pinned to `version` in the app's package.json, where create-strapi-app put it. */
function pinDependency(dir: string, name: string, version: string): void {
  const file = join(dir, 'package.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
    dependencies: Record<string, string>;
  };
  if (!manifest.dependencies[name]) throw new Error(`${file} has no ${name} to pin`);
  manifest.dependencies[name] = version;
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
}

/** The README's pool hook, put where it says: beside `useNullAsDefault: true` of SQLite. */
function addPoolHook(databaseTs: string, hook: string): string {
  const anchor = 'useNullAsDefault: true,';
  if (!databaseTs.includes(anchor)) throw new Error(`config/database.ts has no "${anchor}"`);
  return databaseTs.replace(anchor, `${anchor}\n${hook}`);
}

async function adminApi(
  origin: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * The app's Strapi packages held at its release, as the lockfile of an app made then holds them.
 * Strapi's packages ask for each other by ranges (`@strapi/admin` ^5.0.0 from the content
 * manager, the upload plugin...), so a fresh install of an older release today brings the
 * newest of some of them beside the release's own, and the admin panel's build fails on the mix
 * (a 5.40.0 app got `@strapi/admin` 5.54.0). Every `@strapi/*` dependency of `@strapi/strapi` at
 * that release is pinned beside it.
 */
async function pinStrapiRelease(dir: string, release: string, log: string): Promise<void> {
  const { stdout } = await runCommand(
    'npm',
    ['view', `@strapi/strapi@${release}`, 'dependencies', '--json'],
    { cwd: dir, log },
  );
  const dependencies = JSON.parse(stdout) as Record<string, string>;
  const file = join(dir, 'package.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
    dependencies: Record<string, string>;
  };
  for (const [name, version] of Object.entries(dependencies))
    if (name.startsWith('@strapi/')) manifest.dependencies[name] ??= version;
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * A Strapi app made by create-strapi-app (TypeScript, SQLite, the example content types, no
 * example data) of the oldest release the plugin's peer range claims, pinning an older SQLite
 * driver than Strapi's own (installed with no flag, as a stranger does), the plugin installed
 * from the tarballs and configured as the README says,
 * built and started with `npm run build` / `npm run start`; an editor's publish, unpublish and
 * delete through the admin API, and what agents then get; Check now with the defaults. The
 * plugin must add no native module to the app (compared before and after its install).
 */
export async function checkStrapiApp(ctx: AppContext): Promise<string[]> {
  const { oldest } = strapiReleases(ctx.repo);
  const readme = join(ctx.repo, 'packages/strapi-plugin/README.md');
  const blocks = readmeBlocks(readme);
  const dir = join(ctx.work, 'strapi-app');
  const env = { STRAPI_TELEMETRY_DISABLED: 'true', npm_config_cache: ctx.cache };
  // The app's SQLite driver (a version the workspace does not build, so seed-prebuild-cache.ts
  // has no binary for it) is compiled from source where a stranger downloads a prebuilt one. At
  // -O0: the binary stands in for that download, its speed does not matter here (the app runs a
  // few hundred queries), and SQLite's amalgamation then compiles in about a third less CPU than
  // at -O1 (20 s against 30 s on a 2-core machine, 2026-12-04), itself a third of the default's.
  const createEnv = { ...env, CFLAGS: '-O0', CXXFLAGS: '-O0' };
  await createStrapiApp(oldest, 'strapi-app', { cwd: ctx.work, env: createEnv, log: ctx.log });
  await pinStrapiRelease(dir, oldest, ctx.log);
  pinDependency(dir, 'better-sqlite3', OLDER_SQLITE_DRIVER);
  await npm(['install'], { cwd: dir, cache: ctx.cache, log: ctx.log, env: createEnv });
  process.stdout.write(`  Strapi ${oldest}, better-sqlite3 ${OLDER_SQLITE_DRIVER}\n`);
  const problems: string[] = [];
  const nativeBefore = nativeModules(dir);
  for (const command of shellCommands(readmeBlock(blocks, 'install', readme))) {
    await npm(withTarballs(command.slice(1), ctx.tarballsFor), {
      cwd: dir,
      cache: ctx.cache,
      log: ctx.log,
    });
  }
  const added = nativeModules(dir).filter((module) => !nativeBefore.includes(module));
  if (added.length > 0) problems.push(`the plugin added native modules: ${added.join(', ')}`);

  writeFileSync(join(dir, 'config/plugins.ts'), readmeBlock(blocks, 'config/plugins.ts', readme));
  const databaseTs = join(dir, 'config/database.ts');
  const hook = readmeBlock(blocks, 'config/database.ts sqlite pool', readme);
  writeFileSync(databaseTs, addPoolHook(readFileSync(databaseTs, 'utf8'), hook));
  await runCommand('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], { cwd: dir, log: ctx.log });
  await runCommand('npm', ['run', 'build'], { cwd: dir, env, log: ctx.log });

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const strapi = startProcess('npm', ['run', 'start'], {
    cwd: dir,
    env: { ...env, HOST: '127.0.0.1', PORT: String(port) },
    log: ctx.log,
  });
  try {
    await unlessExited(strapi, waitForStatus(origin, '/llm-sitemap.json', 200, 180_000));
    const registered = await fetch(`${origin}/admin/register-admin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstname: 'Install',
        lastname: 'Test',
        email: 'install-test@example.com',
        password: 'Install-test-2026',
      }),
    });
    const token = ((await registered.json()) as { data: { token: string } }).data.token;
    const publish = async (slug: string) => {
      const created = await adminApi(
        origin,
        token,
        'POST',
        `/content-manager/collection-types/${ARTICLE}/actions/publish`,
        {
          title: `Hello ${slug}`,
          slug,
          description: 'A first article.',
          blocks: [{ __component: 'shared.rich-text', body: `The **${slug}** article.` }],
        },
      );
      return (created.data as { documentId: string }).documentId;
    };
    const hello = await publish('hello');
    const gone = await publish('gone');
    const mPath = '/articles/hello/llm.json';
    await waitForStatus(origin, mPath, 200);
    await waitForStatus(origin, '/articles/gone/llm.json', 200);
    problems.push(
      ...(await checkServedSite(origin, mPath, servedPaths(readmeBlock(blocks, 'served', readme)))),
    );
    const twin = await fetch(`${origin}/articles/hello/index.html.md`);
    const twinText = await twin.text();
    if (twin.status !== 200 || !twinText.includes('**hello**'))
      problems.push(`Markdown twin: ${twin.status} ${twinText.slice(0, 200)}`);

    const check = (await adminApi(origin, token, 'POST', '/agent-ready/check', {})) as {
      target: string;
      reason: string;
      report: {
        summary: { pass: number; fail: number; notTested: number };
        checks: { id: string; status: string; evidence?: { detail?: string } }[];
      };
    };
    const { summary } = check.report;
    const failed = check.report.checks
      .filter((c) => c.status === 'fail')
      .map((c) => `${c.id}: ${c.evidence?.detail ?? ''}`);
    if (check.target !== 'server' || summary.pass <= summary.notTested || failed.length > 0)
      problems.push(
        `Check now with the defaults: ${JSON.stringify({ ...check, report: summary, failed })}`,
      );
    process.stdout.write(`  Check now: ${check.target}, ${JSON.stringify(summary)}\n`);

    const base = `/content-manager/collection-types/${ARTICLE}`;
    await adminApi(origin, token, 'POST', `${base}/${hello}/actions/unpublish`, {});
    await waitForStatus(origin, mPath, 404);
    await adminApi(origin, token, 'DELETE', `${base}/${gone}`);
    await waitForStatus(origin, '/articles/gone/llm.json', 410);
  } finally {
    await strapi.stop();
  }
  return problems;
}

/**
 * A fresh app of the Strapi release the workspace pins (its own SQLite driver pin, 12) with the
 * plugin as the README installs it, resolved by npm without any flag: `npm install --dry-run`,
 * no download of the packages, no build. The plugin's own suites run on this release.
 */
export async function checkNewestStrapiResolves(ctx: AppContext): Promise<string[]> {
  const { newest } = strapiReleases(ctx.repo);
  const readme = join(ctx.repo, 'packages/strapi-plugin/README.md');
  const blocks = readmeBlocks(readme);
  const env = { STRAPI_TELEMETRY_DISABLED: 'true', npm_config_cache: ctx.cache };
  await createStrapiApp(newest, 'strapi-newest', { cwd: ctx.work, env, log: ctx.log });
  for (const command of shellCommands(readmeBlock(blocks, 'install', readme)))
    await npm([...withTarballs(command.slice(1), ctx.tarballsFor), '--dry-run'], {
      cwd: join(ctx.work, 'strapi-newest'),
      cache: ctx.cache,
      log: ctx.log,
    });
  process.stdout.write(`  Strapi ${newest} resolves the plugin\n`);
  return [];
}
