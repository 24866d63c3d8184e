import { spawn } from 'node:child_process';
import { strangerEnv } from './stranger-env';
import { appendFileSync } from 'node:fs';

export { freePort } from '@agent-ready/test-support/src/free-port';

export interface RunningProcess {
  /** Ends the process (and waits for it). */
  stop(): Promise<void>;
  /** Rejects when the process exits before `stop()`. */
  exited: Promise<never>;
  /** The last few kilobytes it printed (stdout and stderr), for an error message. */
  outputTail(): string;
}

/** How much of a server's output an error quotes: its last lines, where the cause usually is. */
const TAIL_BYTES = 4096;

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
  let tail = '';
  const keep = (chunk: Buffer) => {
    appendFileSync(options.log, chunk);
    tail = (tail + chunk.toString('utf8')).slice(-TAIL_BYTES);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let stopping = false;
  const closed = new Promise<number | null>((resolve) => child.once('close', resolve));
  const exited = closed.then((code) => {
    if (!stopping) throw new Error(`${command} ${args.join(' ')} exited ${code} (see the log)`);
    return new Promise<never>(() => undefined);
  });
  exited.catch(() => undefined);
  return {
    exited,
    outputTail: () => tail,
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      await closed;
    },
  };
}

/**
 * `wait` unless the process dies first; either failure quotes what the process printed last
 * (the CI's log of the run is all there is afterwards).
 */
export async function unlessExited<T>(process: RunningProcess, wait: Promise<T>): Promise<T> {
  try {
    return await Promise.race([wait, process.exited]);
  } catch (error) {
    const output = process.outputTail().trim();
    if (error instanceof Error && output) error.message += `\n  its output ends:\n${output}`;
    throw error;
  }
}
