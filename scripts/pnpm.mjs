#!/usr/bin/env node
// pnpm as this repository pins it, on a machine with only Node and npm. Every script and test
// that runs pnpm goes through here, never `pnpm` by name (a fresh machine has none):
//   node scripts/pnpm.mjs <pnpm arguments>       runs it, with its exit code
//   pnpmCommand(args)                            the command to spawn, for scripts and tests
// Under pnpm (a script pnpm runs: `npm_execpath` is pnpm) that same pnpm runs; otherwise
// `npx -y pnpm@<version>`, the version read from package.json's `packageManager` (the only place
// it is written).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `pnpm@<version>` from the `packageManager` field of the root package.json.
 * @param {string} [root] the repository (this script's by default)
 */
export function pinnedPnpm(root = ROOT) {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  // `pnpm@10.34.8`, possibly followed by corepack's `+sha512.<hash>`.
  const match = /^pnpm@(\d+\.\d+\.\d+(?:-[\w.]+)?)(?:\+.*)?$/.exec(manifest.packageManager ?? '');
  if (!match)
    throw new Error(
      `${join(root, 'package.json')}: "packageManager" names no pnpm version (${JSON.stringify(manifest.packageManager)})`,
    );
  return `pnpm@${match[1]}`;
}

/**
 * The pnpm this process runs under, if any: `npm_execpath` (pnpm sets it for the scripts it runs)
 * naming pnpm, and a folder where `pnpm` is that same pnpm, which its children need on PATH
 * (turbo starts the package manager by name).
 * @param {NodeJS.ProcessEnv} env
 */
function runningPnpm(env) {
  const execPath = env.npm_execpath;
  if (!execPath || !/^pnpm(\.c?js)?$/.test(basename(execPath))) return undefined;
  // Standalone pnpm is the command itself; npm installs (npx, global) link it in `.bin`
  // beside the package: node_modules/pnpm/bin/pnpm.cjs -> node_modules/.bin/pnpm.
  const bin = [dirname(execPath), join(dirname(execPath), '..', '..', '.bin')].find((dir) =>
    existsSync(join(dir, 'pnpm')),
  );
  return bin === undefined ? undefined : { execPath, bin };
}

/**
 * How to start pnpm with `args`: `command` and `args` for a spawn, and `pathPrefix`, a folder
 * to put first on the child's PATH when the child (turbo, a script) must find this pnpm by name
 * (npx puts its own there).
 * @param {readonly string[]} args
 * @param {NodeJS.ProcessEnv} [env] where to look for the running pnpm (this process's)
 * @param {string} [root] the repository whose pinned version npx fetches
 * @returns {{ command: string, args: string[], pathPrefix?: string }}
 */
export function pnpmCommand(args, env = process.env, root = ROOT) {
  const running = runningPnpm(env);
  if (running === undefined) return { command: 'npx', args: ['-y', pinnedPnpm(root), ...args] };
  const script = /\.c?js$/.test(running.execPath);
  return {
    command: script ? process.execPath : running.execPath,
    args: script ? [running.execPath, ...args] : [...args],
    pathPrefix: running.bin,
  };
}

/**
 * `env` with `pathPrefix` first on its PATH (when there is one).
 * @param {NodeJS.ProcessEnv} env
 * @param {string | undefined} pathPrefix
 * @returns {NodeJS.ProcessEnv}
 */
export function withPathPrefix(env, pathPrefix) {
  if (pathPrefix === undefined) return env;
  return { ...env, PATH: env.PATH ? `${pathPrefix}${delimiter}${env.PATH}` : pathPrefix };
}

function main() {
  const { command, args, pathPrefix } = pnpmCommand(process.argv.slice(2));
  const child = spawn(command, args, {
    stdio: 'inherit',
    env: withPathPrefix(process.env, pathPrefix),
  });
  // Ctrl-C reaches the whole foreground group; a signal sent to this process alone is passed on.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
    process.on(signal, () => child.kill(signal));
  child.once('error', (error) => {
    process.stderr.write(`scripts/pnpm.mjs: ${command}: ${error.message}\n`);
    process.exit(1);
  });
  child.once('exit', (code, signal) => {
    if (signal === null) process.exit(code ?? 1);
    // Ended by a signal: end the same way, so the caller sees it.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
