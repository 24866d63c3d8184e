import { connect } from 'node:net';

/** The Redis every machine of this project runs; overridable for other set-ups. */
export const REDIS_URL = process.env.AGENT_READY_REDIS_URL ?? 'redis://127.0.0.1:6379';

const AVAILABILITY_ENV = 'AGENT_READY_REDIS_AVAILABLE';

/** Undefined when Redis answers PING within 3 s; else why not. */
function redisProblem(): Promise<string | undefined> {
  const url = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port || 6379), url.hostname);
    const done = (problem: string | undefined) => {
      socket.destroy();
      resolve(problem);
    };
    socket.setTimeout(3000, () => done('no answer within 3 s'));
    socket.on('error', (error) => done(error.message));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) =>
      done(data.toString().startsWith('+PONG') ? undefined : `answered ${data.toString().trim()}`),
    );
  });
}

/**
 * Run once per jest run (globalSetup, beside `probeDatabases`): whether Redis answers, recorded
 * for the workers. `redis` in `AGENT_READY_REQUIRE_DATABASES` turns a missing one into a failure.
 */
export async function probeRedis(): Promise<void> {
  if (process.env[AVAILABILITY_ENV] !== undefined) return;
  const problem = await redisProblem();
  const required = (process.env.AGENT_READY_REQUIRE_DATABASES ?? '').split(',');
  if (problem !== undefined && required.includes('redis'))
    throw new Error(
      `redis is required (AGENT_READY_REQUIRE_DATABASES) but unreachable: ${problem}`,
    );
  if (problem !== undefined)
    process.stderr.write(
      `\n[test-support] redis unreachable, its suites are skipped: ${problem}\n`,
    );
  process.env[AVAILABILITY_ENV] = problem === undefined ? '1' : '0';
}

/** `describe` when Redis answers (see `probeRedis`); else a skipped suite that says why. */
export function describeWithRedis(name: string, body: () => void): void {
  if (process.env[AVAILABILITY_ENV] === '1') describe(name, body);
  else describe.skip(`${name} (skipped: redis unreachable at ${REDIS_URL})`, body);
}
