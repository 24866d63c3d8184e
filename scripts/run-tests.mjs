#!/usr/bin/env node
// `npm test`: every package's type check and tests, and ESLint and Prettier once over the
// workspace (the root's `lint:workspace`, turbo's package `//`), through turbo, as many at once as
// the machine has cores, the longest started first.
//
// Why not one `turbo run typecheck lint:workspace test`: turbo starts tasks in the order they
// become ready, first in, first out, and among tasks ready together in no set order. The Strapi
// plugin's suite, the longest (about a third of the run), waited for its build, which waited
// behind other packages' tests; it started last and ran alone for its last nine minutes or so
// (2-core CI, a 33-minute run). So: every build first (`turbo run build`), then one lane per core,
// each one `turbo run typecheck lint:workspace test --only --concurrency=1` over the packages dealt
// to it, heaviest first to the lane with the least weight so far (the weights below). A turbo run
// costs several seconds of CPU (starting pnpm, hashing the workspace), so a lane is one run, not
// one per package. A lane runs one task at a time: the run holds as many suites (and database
// connections, docs/testing.md) at once as before. A failing lane does not stop the other; the
// exit code is the first failure's. `npm test` starts this under pnpm (`test:packages`), so the
// install and every turbo start below run that pnpm, not one more `npx -y pnpm@…` each (about
// 5 s of CPU apiece; `npm test` was `npm run bootstrap && … run test:packages`, two starts).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { pnpmCommand, withPathPrefix } from './pnpm.mjs';

/**
 * Seconds a package's checks (type check, tests) take on a 2-core machine (2026-12-03, rounded; a
 * package not named weighs `OTHER`; `//` is the root's ESLint and Prettier run). The lanes end
 * together only as far as these hold: update them when a suite's time changes much (each
 * package's jest prints its time).
 */
const WEIGHTS = {
  '@agent-ready/strapi-plugin': 900,
  '@agent-ready/store': 500,
  '@agent-ready/demo': 340,
  '@agent-ready/core': 280,
  '@agent-ready/express': 230,
  '@agent-ready/cli': 100,
  '@agent-ready/repo-checks': 90,
  '//': 80,
  '@agent-ready/client': 80,
  '@agent-ready/mcp': 60,
  '@agent-ready/install-test': 40,
  '@agent-ready/example-headless': 30,
};
const OTHER = 15;

/** The tasks `npm test` runs (turbo.json); `build` runs first, for all of them. */
const TASKS = ['typecheck', 'lint:workspace', 'test'];

/** Runs pnpm with `args`; resolves with its exit code. */
function pnpm(args) {
  const { command, args: pnpmArgs, pathPrefix } = pnpmCommand(args);
  return new Promise((resolve, reject) => {
    const child = spawn(command, pnpmArgs, {
      stdio: 'inherit',
      env: withPathPrefix(process.env, pathPrefix),
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** The workspace packages that have one of `TASKS`, from turbo's own plan. */
async function packagesWithChecks() {
  const { command, args, pathPrefix } = pnpmCommand([
    'exec',
    'turbo',
    'run',
    ...TASKS,
    '--only',
    '--dry=json',
  ]);
  const output = await new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: withPathPrefix(process.env, pathPrefix),
    });
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (text += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`turbo --dry=json exited with ${code}`)),
    );
  });
  const plan = JSON.parse(output.slice(output.indexOf('{')));
  const packages = plan.tasks
    .filter((task) => task.command !== '<NONEXISTENT>')
    .map((task) => task.package);
  return [...new Set(packages)];
}

/**
 * `packages` dealt to `count` lanes: heaviest first, each to the lane with the least weight so
 * far (ties by name, so every run deals the same).
 */
function dealToLanes(packages, count, weights = WEIGHTS) {
  const weightOf = (name) => weights[name] ?? OTHER;
  const lanes = Array.from({ length: count }, () => ({ weight: 0, packages: [] }));
  const heaviestFirst = [...packages].sort((a, b) => weightOf(b) - weightOf(a) || (a < b ? -1 : 1));
  for (const name of heaviestFirst) {
    const lightest = lanes.reduce((min, lane) => (lane.weight < min.weight ? lane : min));
    lightest.packages.push(name);
    lightest.weight += weightOf(name);
  }
  return lanes.filter((lane) => lane.packages.length > 0);
}

/** Runs turbo with `args`; resolves with its exit code. */
const turbo = (args) => pnpm(['exec', 'turbo', ...args]);

async function main() {
  // The root's `bootstrap`, through this pnpm: on a fresh clone nothing is installed yet.
  const installed = await pnpm(['install', '--frozen-lockfile']);
  if (installed !== 0) process.exit(installed);
  // The plan is read while the packages build: neither needs the other.
  // `--force=false` overrides TURBO_FORCE for the build alone: a build turbo has cached is the
  // output of the same inputs (content-hashed), so replaying it hides nothing, where a cached
  // test would hide a flake. On a fresh clone under `.ci/run`, the install test beside has just
  // built every package; a forced second build cost about 110 s of CPU before the first test.
  const [built, packages] = await Promise.all([
    turbo(['run', 'build', '--force=false']),
    packagesWithChecks(),
  ]);
  if (built !== 0) process.exit(built);
  const lanes = dealToLanes(packages, availableParallelism());
  const codes = await Promise.all(
    lanes.map((lane) =>
      turbo([
        'run',
        ...TASKS,
        '--only',
        '--concurrency=1',
        ...lane.packages.map((name) => `--filter=${name}`),
      ]),
    ),
  );
  process.exit(codes.find((code) => code !== 0) ?? 0);
}

await main();
