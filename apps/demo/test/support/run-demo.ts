import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { repositoryRoot } from '@agent-ready/test-support';

// From the repository root, not __dirname: the benchmarks (ES modules) start the demo with this too.
export const DEMO_DIR = join(repositoryRoot() ?? process.cwd(), 'apps', 'demo');

export { freePort } from '@agent-ready/test-support';

/** What the start script printed once both servers were up. */
export interface DemoSummary {
  /** Label → value, as printed (`Site (public origin)`, `An M-URL`, …). */
  rows: Map<string, string>;
  curl: { etag: string; url: string };
  pids: { cms: number; site: number };
}

export interface RunningDemo {
  process: ChildProcess;
  summary: DemoSummary;
  output(): string;
  /** Sends `signal` to the start script and resolves with its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

interface ReadyMessage {
  type: 'ready';
  rows: [string, string][];
  curl: { etag: string; url: string };
  pids: { cms: number; site: number };
}

const isReady = (message: unknown): message is ReadyMessage =>
  (message as { type?: unknown } | null)?.type === 'ready';

/**
 * Starts the demo exactly as `npm run demo` does after its build step (`node
 * scripts/start-demo.mjs`), with `env` added, and waits for its summary.
 */
/**
 * How long the demo may take to start: its admin build alone took 250 s once on a 2-core machine
 * busy with other work (about a minute when idle). A deadline, not a wait: the test goes on as
 * soon as the demo says it is ready.
 */
export const DEMO_START_DEADLINE_MS = 600_000;

export function runDemo(
  env: Record<string, string>,
  timeoutMs = DEMO_START_DEADLINE_MS,
): Promise<RunningDemo> {
  const child = spawn(process.execPath, [join(DEMO_DIR, 'scripts', 'start-demo.mjs')], {
    cwd: DEMO_DIR,
    env: { ...process.env, ...env },
    // The summary arrives over IPC; stdout/stderr are only what a user would read.
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const demo = {
    process: child,
    output: () => output,
    stop: async (signal: NodeJS.Signals = 'SIGINT') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`the demo did not start within ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    child.on('message', (message) => {
      if (!isReady(message)) return;
      clearTimeout(timer);
      resolve({
        ...demo,
        summary: { rows: new Map(message.rows), curl: message.curl, pids: message.pids },
      });
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the demo exited (${code}) before it was ready:\n${output}`));
    });
  });
}

/** Whether a process with this id still exists. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
