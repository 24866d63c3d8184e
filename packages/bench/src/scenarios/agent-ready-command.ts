import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const requireFromHere = createRequire(import.meta.url);

/** The built `agent-ready` command (`npm run bench` builds every package first). */
export const AGENT_READY_BIN = join(
  dirname(requireFromHere.resolve('@agent-ready/cli/package.json')),
  'dist',
  'bin.js',
);

/**
 * Runs a process to its end and returns its wall time in milliseconds, from spawn to exit, as a
 * user waiting for it sees it. A run that fails is an error: its time would mean nothing.
 */
export function timeProcess(command: string, args: string[], options: SpawnSyncOptions): number {
  const start = process.hrtime.bigint();
  const run = spawnSync(command, args, { maxBuffer: 256 * 1024 * 1024, ...options });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (run.error) throw run.error;
  if (run.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${run.status}: ${String(run.stderr)}`);
  }
  return ms;
}
