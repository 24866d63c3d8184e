import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repositoryRoot } from './conformance';
import { freePort } from './free-port';
import { waitForState } from './wait-for-state';

/** The VCL the project ships (docs/edge.md), read by the tests that run it. */
export function shippedVclPath(): string {
  const root = repositoryRoot();
  if (root === undefined) throw new Error('not inside the agent-ready repository');
  return join(root, 'docs', 'edge', 'varnish.vcl');
}

/** Set (to anything) where a missing `varnishd` is a failure, not a skip (CI sets it). */
export const REQUIRE_VARNISH_ENV = 'AGENT_READY_REQUIRE_VARNISH';

/** Why Varnish cannot run here, or undefined when `varnishd` is on the PATH and starts. */
export function varnishMissing(): string | undefined {
  const probe = spawnSync('varnishd', ['-V'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    return 'no varnishd on the PATH (Debian: apt-get install varnish varnish-modules)';
  }
  return undefined;
}

/**
 * `describe` for suites that need a real `varnishd`: a skipped suite that says why where it is
 * missing, a failing one when AGENT_READY_REQUIRE_VARNISH is set.
 */
export function describeWithVarnish(name: string, body: () => void): void {
  const missing = varnishMissing();
  if (missing === undefined) {
    describe(name, body);
  } else if (process.env[REQUIRE_VARNISH_ENV]) {
    describe(name, () => {
      it('needs varnishd', () => {
        throw new Error(`${missing}; ${REQUIRE_VARNISH_ENV} is set`);
      });
    });
  } else {
    describe.skip(`${name} (skipped: ${missing})`, () => {
      it('needs varnishd', () => undefined);
    });
  }
}

export interface VarnishOptions {
  /** The VCL's text: the shipped one unless given. */
  vcl?: string;
  /** Where the VCL's `backend default` points. */
  backend: { host?: string; port: number };
  /** Fills the shipped VCL's purge token (vcl_init); empty: none. */
  purgeToken?: string;
  /** Cache storage, `-s malloc,<size>`. */
  storage?: string;
}

export interface VarnishInstance {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  port: number;
  /** Counters by name (`MAIN.cache_hit`, `MAIN.cache_miss`, ...), from `varnishstat -j`. */
  stats(): Promise<Record<string, number>>;
  /** Everything varnishd wrote so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The VCL with its backend (and purge token) filled in. Each replaced line must be there once:
 * a change to the shipped file's shape fails here, not as a Varnish pointing elsewhere.
 */
export function fillVcl(vcl: string, options: Pick<VarnishOptions, 'backend' | 'purgeToken'>) {
  const replaceOnce = (text: string, pattern: RegExp, replacement: string, what: string) => {
    const matches = text.match(new RegExp(pattern.source, `${pattern.flags}g`)) ?? [];
    if (matches.length !== 1) throw new Error(`the VCL has ${matches.length} ${what}, not one`);
    return text.replace(pattern, replacement);
  };
  let filled = replaceOnce(
    vcl,
    /(backend default \{[^}]*?\.host = )"[^"]*";/,
    `$1"${options.backend.host ?? '127.0.0.1'}";`,
    'backend default .host',
  );
  filled = replaceOnce(
    filled,
    /(backend default \{[^}]*?\.port = )"[^"]*";/,
    `$1"${options.backend.port}";`,
    'backend default .port',
  );
  if (options.purgeToken !== undefined) {
    if (!/^[\x21\x23-\x7e]*$/.test(options.purgeToken)) throw new Error('purge token: no quotes');
    filled = replaceOnce(
      filled,
      /var\.global_set\("agent_ready_purge_token", "[^"]*"\);/,
      `var.global_set("agent_ready_purge_token", "${options.purgeToken}");`,
      'purge token',
    );
  }
  return filled;
}

/** Whether something answers HTTP on the port: a request without Host gets a status line. */
function answersHttp(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    const finish = (answered: boolean) => {
      socket.destroy();
      done(answered);
    };
    socket.setTimeout(5000, () => finish(false));
    socket.on('error', () => finish(false));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      if (received.includes('\r\n')) finish(received.startsWith('HTTP/1.1 '));
    });
    socket.on('connect', () => socket.write('GET / HTTP/1.1\r\nConnection: close\r\n\r\n'));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolveExit) => {
    if (child.exitCode !== null || child.signalCode !== null) resolveExit();
    else child.once('exit', () => resolveExit());
  });
}

/**
 * A real `varnishd` in the foreground (`-F`), with its own working directory in the test's temp
 * folder, listening on a free loopback port, with the VCL's backend filled in and a small
 * malloc storage. Resolves once it answers HTTP (a request without Host: builtin.vcl's 400,
 * which no backend sees); rejects with its output if it exits first (a VCL that does not
 * compile). `stop()` ends it with SIGTERM and waits for the exit.
 */
export async function startVarnish(options: VarnishOptions): Promise<VarnishInstance> {
  const workDir = mkdtempSync(join(tmpdir(), 'varnish-'));
  const vclPath = join(workDir, 'agent-ready.vcl');
  const vcl = options.vcl ?? readFileSync(shippedVclPath(), 'utf8');
  writeFileSync(vclPath, fillVcl(vcl, options));
  const port = await freePort();
  const child = spawn(
    'varnishd',
    [
      '-F',
      // Root would switch to the varnish users, who cannot enter the test's private temp folder.
      '-j',
      'none',
      '-n',
      join(workDir, 'instance'),
      '-a',
      `127.0.0.1:${port}`,
      '-f',
      vclPath,
      '-s',
      `malloc,${options.storage ?? '32m'}`,
      // A handful of threads: tests send a few requests at a time on a shared 2-core machine.
      '-p',
      'thread_pools=1',
      '-p',
      'thread_pool_min=5',
      '-p',
      'thread_pool_max=50',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const gone = exited(child);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await gone;
  };
  try {
    await waitForState('varnishd to answer', async () => {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`varnishd exited (${child.exitCode ?? child.signalCode}):\n${output}`);
      }
      return (await answersHttp(port)) ? true : undefined;
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    output: () => output,
    async stats() {
      const run = spawnSync('varnishstat', ['-n', join(workDir, 'instance'), '-1', '-j'], {
        encoding: 'utf8',
      });
      if (run.status !== 0) throw new Error(`varnishstat failed: ${run.stderr}`);
      const parsed = JSON.parse(run.stdout) as {
        counters?: Record<string, { value: number }>;
      } & Record<string, unknown>;
      // Varnish 6.5+ nests the counters; older versions list them at the top level.
      const counters = (parsed.counters ?? parsed) as Record<string, { value?: number }>;
      return Object.fromEntries(
        Object.entries(counters)
          .filter(([, counter]) => typeof counter?.value === 'number')
          .map(([name, counter]) => [name, counter.value!]),
      );
    },
    stop,
  };
}
