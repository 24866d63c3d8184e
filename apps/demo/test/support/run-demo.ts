import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { repositoryRoot } from '@agent-ready/test-support';

// From the repository root, not __dirname: the benchmarks (ES modules) start the demo with this too.
const DEMO_DIR = join(repositoryRoot() ?? process.cwd(), 'apps', 'demo');

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

function parseSummary(output: string): DemoSummary {
  const rows = new Map<string, string>();
  const lines = output.split('\n');
  const first = lines.findIndex((line) => line.startsWith('The agent-ready demo is running.'));
  for (const line of lines.slice(first + 1)) {
    const match = /^ {2}(\S.*?) {2,}(\S.*)$/.exec(line);
    if (match && !line.includes('curl ')) rows.set(match[1]!, match[2]!);
  }
  const curl = /curl -sI -H 'If-None-Match: ("[^"]+")' (\S+)/.exec(output);
  const cmsPid = /Starting Strapi on .*pid (\d+)\)/.exec(output);
  const sitePid = /Starting the site on .*\(pid (\d+)\)/.exec(output);
  if (!curl || !cmsPid || !sitePid) throw new Error(`unexpected demo output:\n${output}`);
  return {
    rows,
    curl: { etag: curl[1]!, url: curl[2]! },
    pids: { cms: Number(cmsPid[1]), site: Number(sitePid[1]) },
  };
}

/**
 * Starts the demo exactly as `npm run demo` does after its build step (`node
 * scripts/start-demo.mjs`), with `env` added, and waits for its summary.
 */
export function runDemo(env: Record<string, string>, timeoutMs = 280_000): Promise<RunningDemo> {
  const child = spawn(process.execPath, [join(DEMO_DIR, 'scripts', 'start-demo.mjs')], {
    cwd: DEMO_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
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
    const check = () => {
      if (!/curl -sI .*\n/.test(output)) return;
      clearTimeout(timer);
      child.stdout!.off('data', check);
      try {
        resolve({ ...demo, summary: parseSummary(output) });
      } catch (error) {
        reject(error);
      }
    };
    child.stdout!.on('data', check);
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
