import { spawn } from 'node:child_process';
import { strangerEnv } from './stranger-env';
import { appendFileSync } from 'node:fs';

export { freePort } from '@agent-ready/test-support/src/free-port';

export interface RunningProcess {
  /** Ends the process (and waits for it). */
  stop(): Promise<void>;
  /** Rejects when the process exits before `stop()`. */
  exited: Promise<never>;
}

/** Starts a long-running command (a server), its output in the log. */
export function startProcess(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: Record<string, string>; log: string },
): RunningProcess {
  appendFileSync(options.log, `\n$ (${options.cwd}) ${command} ${args.join(' ')} &\n`);
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: strangerEnv(options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: `npm run start` runs Strapi in a child, stopped with it.
    detached: true,
  });
  child.stdout.on('data', (chunk: Buffer) => appendFileSync(options.log, chunk));
  child.stderr.on('data', (chunk: Buffer) => appendFileSync(options.log, chunk));
  let stopping = false;
  const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
  const exited = closed.then((code) => {
    if (!stopping) throw new Error(`${command} ${args.join(' ')} exited ${code} (see the log)`);
    return new Promise<never>(() => undefined);
  });
  exited.catch(() => undefined);
  return {
    exited,
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      await closed;
    },
  };
}

/** `wait` unless the process dies first. */
export function unlessExited<T>(process: RunningProcess, wait: Promise<T>): Promise<T> {
  return Promise.race([wait, process.exited]);
}
