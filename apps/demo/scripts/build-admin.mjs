// @ts-check
// Builds Strapi's admin panel (`strapi build`, about 30 s) when its output is missing or older
// than what goes into it: Strapi's version, the plugins' admin code, the app's admin settings.
// `node scripts/build-admin.mjs [--force]`, or `buildAdmin()` from another script or test.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const CMS_DIR = dirname(require.resolve('@agent-ready/demo-cms/package.json'));
const BUILD_DIR = join(CMS_DIR, 'build');
const STAMP = join(BUILD_DIR, '.demo-build-stamp');
/** Held while a build runs, so two processes (a test and `npm run demo`) never build at once. */
const LOCK = join(CMS_DIR, '.admin-build.lock');
/** A lock older than this was left by a build that crashed. */
const STALE_LOCK_MS = 10 * 60_000;

/** @param {string} path @returns {string[]} every file under path (or path itself), sorted */
function filesUnder(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => filesUnder(join(path, name)));
}

/** A hash of everything the admin build is made from. */
export function adminBuildFingerprint() {
  /** @param {string} name */
  const resolveFrom = (name) => require.resolve(`${name}/package.json`, { paths: [CMS_DIR] });
  const strapi = resolveFrom('@strapi/strapi');
  const plugin = dirname(resolveFrom('@agent-ready/strapi-plugin'));
  const inputs = [
    strapi,
    join(CMS_DIR, 'package.json'),
    join(CMS_DIR, 'config', 'admin.js'),
    join(CMS_DIR, 'config', 'plugins.js'),
    ...filesUnder(join(CMS_DIR, 'src', 'admin')),
    ...filesUnder(join(plugin, 'dist', 'admin')),
  ];
  const hash = createHash('sha256');
  for (const file of inputs) {
    hash.update(`${relative(CMS_DIR, file)}\0`);
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Whether `strapi build` has to run. */
export function adminBuildIsStale() {
  if (!existsSync(join(BUILD_DIR, 'index.html')) || !existsSync(STAMP)) return true;
  return readFileSync(STAMP, 'utf8').trim() !== adminBuildFingerprint();
}

/**
 * Whether a process with this id exists.
 * @param {number} pid
 */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Takes the build lock (a directory holding the owner's pid); clears a lock whose owner is
 * gone or that is older than any build, e.g. from a process stopped in the middle of a build.
 */
function takeLock() {
  try {
    mkdirSync(LOCK);
    writeFileSync(join(LOCK, 'pid'), String(process.pid));
    return true;
  } catch {
    let owner = 0;
    try {
      owner = Number(readFileSync(join(LOCK, 'pid'), 'utf8'));
    } catch {
      // just created by its owner, or just removed: look again on the next round
    }
    const age = Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if ((owner > 0 && !isAlive(owner)) || age > STALE_LOCK_MS) {
      rmSync(LOCK, { recursive: true, force: true });
    }
    return false;
  }
}

/**
 * Runs `strapi build` in the CMS folder unless the build is up to date (or `force`).
 * @param {{ force?: boolean, log?: (line: string) => void, env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<{ built: boolean, ms: number }>}
 */
export async function buildAdmin({ force = false, log = console.log, env = process.env } = {}) {
  const started = Date.now();
  if (!force && !adminBuildIsStale()) return { built: false, ms: 0 };
  let waited = false;
  while (!takeLock()) {
    if (!waited) log('Waiting for another admin panel build to finish…');
    waited = true;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  try {
    // Another process may have built it while this one waited.
    if (!force && !adminBuildIsStale()) return { built: false, ms: 0 };
    return await runStrapiBuild(log, env, started);
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/**
 * @param {(line: string) => void} log
 * @param {NodeJS.ProcessEnv} env
 * @param {number} started
 */
async function runStrapiBuild(log, env, started) {
  log('Building the Strapi admin panel (strapi build, about 30 s; only when it changed)…');
  const fingerprint = adminBuildFingerprint();
  const strapiBin = join(
    dirname(require.resolve('@strapi/strapi/package.json', { paths: [CMS_DIR] })),
    'bin',
    'strapi.js',
  );
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [strapiBin, 'build'], {
      cwd: CMS_DIR,
      env: { ...env, STRAPI_TELEMETRY_DISABLED: 'true' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(undefined);
      else reject(new Error(`strapi build failed (${signal ?? `exit code ${code}`})`));
    });
  });
  if (!existsSync(join(BUILD_DIR, 'index.html'))) {
    throw new Error(
      `strapi build finished but ${relative(CMS_DIR, BUILD_DIR)}/index.html is missing`,
    );
  }
  writeFileSync(STAMP, `${fingerprint}\n`);
  return { built: true, ms: Date.now() - started };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildAdmin({ force: process.argv.includes('--force') }).then(
    ({ built, ms }) =>
      console.log(
        built ? `Admin panel built in ${(ms / 1000).toFixed(1)} s.` : 'Admin panel is up to date.',
      ),
    (error) => {
      console.error(error.message);
      process.exitCode = 1;
    },
  );
}
