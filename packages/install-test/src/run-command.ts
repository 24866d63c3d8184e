import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { pnpmCommand, withPathPrefix } from '../../../scripts/pnpm.mjs';
import { strangerEnv } from './stranger-env';

export interface CommandOptions {
  cwd: string;
  env?: Record<string, string | undefined>;
  /** Every line goes here, as it comes (the step's log file). */
  log: string;
  /** Exit codes that count as success (default [0]). */
  ok?: number[];
}

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end, its output kept in the log; throws with the log's tail on failure. */
export function runCommand(
  command: string,
  args: readonly string[],
  options: CommandOptions,
): Promise<CommandResult> {
  appendFileSync(options.log, `\n$ (${options.cwd}) ${command} ${args.join(' ')}\n`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: strangerEnv(options.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      appendFileSync(options.log, chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      appendFileSync(options.log, chunk);
    });
    child.once('error', reject);
    child.once('close', (code) => {
      const result = { code: code ?? 1, stdout, stderr };
      if ((options.ok ?? [0]).includes(result.code)) resolve(result);
      else
        reject(
          new Error(
            `${command} ${args.join(' ')} exited ${result.code} in ${options.cwd}:\n${(stdout + stderr).slice(-3000)}`,
          ),
        );
    });
  });
}

/**
 * pnpm as the repository pins it (scripts/pnpm.mjs), never `pnpm` by name: a fresh machine has
 * only Node and npm. Children that start pnpm by name (turbo) find the same one on PATH.
 */
export function runPnpm(args: readonly string[], options: CommandOptions): Promise<CommandResult> {
  const pnpm = pnpmCommand(args);
  const { PATH } = withPathPrefix(strangerEnv(options.env), pnpm.pathPrefix);
  return runCommand(pnpm.command, pnpm.args, { ...options, env: { ...options.env, PATH } });
}
