import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkCli } from './cli-global';
import { checkExpressApp, type AppContext } from './express-apps';
import { lintPackages, type Linters } from './lint-packages';
import { resolveBinScript } from './resolve-bin-script';
import { buildAndPack } from './build-and-pack';
import { tarballsFor, type PackedPackage } from './pack-packages';
import { seedPrebuildCache } from './seed-prebuild-cache';
import { checkNewestStrapiResolves, checkStrapiApp } from './strapi-app';
import { exitWith } from './exit-with';

/**
 * A stranger's first hour, automated (docs/testing.md): every public package packed, publint
 * and arethetypeswrong on each tarball, then fresh apps installed from the tarballs running the
 * READMEs' marked code blocks: Express 5 (ESM, CommonJS, TypeScript under node16 and bundler),
 * Express 4, a create-strapi-app TypeScript app of the oldest Strapi the plugin claims (pinning
 * an older SQLite driver), the CLI installed globally; and the newest Strapi's app resolved with
 * the plugin. Everything it
 * installs and caches lives in one temp folder, removed at the end unless something failed
 * (then its logs tell what) or AGENT_READY_INSTALL_TEST_KEEP=1.
 */
const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..', '..');

async function timed(name: string, run: () => Promise<string[]>): Promise<string[]> {
  const started = Date.now();
  process.stdout.write(`install-test: ${name}…\n`);
  try {
    const problems = await run();
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    process.stdout.write(
      `install-test: ${name} ${problems.length === 0 ? 'ok' : `${problems.length} problem(s)`} (${seconds} s)\n`,
    );
    return problems.map((problem) => `${name}: ${problem}`);
  } catch (error) {
    process.stdout.write(`install-test: ${name} failed\n`);
    return [`${name}: ${(error as Error).stack ?? String(error)}`];
  }
}

/** What the install test took from the checkout: the packed tarballs, in its own temp folder. */
export interface PreparedInstallTest {
  work: string;
  packed: Map<string, PackedPackage>;
  linters: Linters;
}

/**
 * The only step that reads the checkout: the packages built and packed into the test's temp
 * folder (build-and-pack.ts), and the workspace's SQLite driver binary put in the npm cache as the
 * prebuilt download. From here on the test needs nothing of the checkout but its READMEs, so it
 * can run beside `npm test`.
 */
export async function prepareInstallTest(): Promise<PreparedInstallTest> {
  const work = mkdtempSync(join(tmpdir(), 'agent-ready-install-test-'));
  mkdirSync(join(work, 'logs'));
  const packed = await buildAndPack(repo, work);
  await seedPrebuildCache(repo, join(work, 'npm-cache'), join(work, 'logs', 'pack.log'));
  const packageDir = join(repo, 'packages', 'install-test');
  const linters: Linters = {
    publint: resolveBinScript(packageDir, 'publint'),
    attw: resolveBinScript(packageDir, '@arethetypeswrong/cli', 'attw'),
  };
  return { work, packed, linters };
}

/** The tarballs linted, then the fresh apps installed from them: 0 when nothing was wrong. */
export async function runInstallTest({
  work,
  packed,
  linters,
}: PreparedInstallTest): Promise<number> {
  const started = Date.now();
  const log = (name: string) => join(work, 'logs', `${name}.log`);
  const problems: string[] = [];
  try {
    const ctx = (name: string): AppContext => ({
      repo,
      work,
      cache: join(work, 'npm-cache'),
      log: log(name),
      tarballsFor: (names) => tarballsFor(packed, names),
    });
    problems.push(
      ...(await timed('publint and attw', () => lintPackages(packed, linters, log('lint')))),
    );
    // Strapi (the longest) beside the rest: two cores, mostly network; Strapi's pinned SQLite
    // driver is the one native module compiled (the others get the workspace's, see
    // seed-prebuild-cache.ts and reuse-native-build.ts).
    const results = await Promise.all([
      timed('strapi app', () => checkStrapiApp(ctx('strapi'))),
      (async () => [
        ...(await timed('express 5 app', () => checkExpressApp(ctx('express5'), 5))),
        ...(await timed('cli and client', () => checkCli(ctx('cli'), packed))),
        ...(await timed('express 4 app', () => checkExpressApp(ctx('express4'), 4))),
        ...(await timed('newest strapi resolves', () =>
          checkNewestStrapiResolves(ctx('strapi-newest')),
        )),
      ])(),
    ]);
    problems.push(...results.flat());
  } finally {
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    process.stdout.write(`install-test: ${problems.length} problem(s) in ${seconds} s\n`);
    for (const problem of problems) process.stdout.write(`\n✗ ${problem}\n`);
    if (process.env.AGENT_READY_INSTALL_TEST_KEEP === '1' || problems.length > 0)
      process.stdout.write(`\nlogs and apps: ${work}\n`);
    else rmSync(work, { recursive: true, force: true });
  }
  return problems.length === 0 ? 0 : 1;
}

// Run as a script (`test:install`): prepared and run in one go.
if (process.argv[1] === fileURLToPath(import.meta.url))
  exitWith(async () => runInstallTest(await prepareInstallTest()));
