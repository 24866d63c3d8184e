import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = dirname(fileURLToPath(import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  path: string;
  etag: string;
  /** A server that serves a second variant prints its port too. */
  otherPort?: number;
}

/** Starts one of `src/servers/*` in its own process, so load generation and serving don't share a CPU queue. */
export async function startServer(script: string, args: string[]): Promise<ServerProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(here, 'servers', script), ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /ready (\d+) (\S+) (\S+)(?: (\d+))?\n/.exec(out);
      if (match)
        resolve({
          child,
          port: Number(match[1]),
          path: match[2]!,
          etag: match[3]!,
          ...(match[4] ? { otherPort: Number(match[4]) } : {}),
        });
    });
    child.on('exit', (code) => reject(new Error(`server ${script} exited with ${code}`)));
  });
}

export function stopServer(server: ServerProcess): void {
  server.child.removeAllListeners('exit');
  server.child.kill();
}

/** Requests per second of GETs on `path` (with `headers`), over loopback. */
export async function requestsPerSecond(
  port: number,
  path: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<number> {
  const errors = new Map<string, number>();
  // Without a callback autocannon returns its run as a promise that is also an event emitter.
  const instance = autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections: 16,
    pipelining: 1,
    duration: seconds,
    headers,
  }) as Promise<autocannon.Result> & autocannon.Instance;
  instance.on('reqError', (error: Error) =>
    errors.set(error.message, (errors.get(error.message) ?? 0) + 1),
  );
  const result = await instance;
  if (result.non2xx > 0 && !headers['if-none-match'])
    throw new Error(`${result.non2xx} non-2xx responses`);
  if (result.requests.total === 0) {
    const seen = [...errors].map(([message, count]) => `${count}× ${message}`).join('; ');
    throw new Error(
      `no request completed on port ${port}: ${result.errors} errors (${seen}), ${result.timeouts} timeouts`,
    );
  }
  return result.requests.average;
}
