// Times short-lived processes from a small parent: `node time-process-starts.mjs < spec.json`.
// Spawning costs more from a big parent (its address space is copied; about 10 ms more per run
// from a 250 MB process than from a 45 MB one, measured), and a scenario's process is big, so
// start-up times are taken from here, as a shell would start the command.
// Spec: { rounds, warmUpRounds, runs: [{ id, command, args, input? }] }. Every round runs each
// command once, in order, so load from other work on the machine falls on all of them alike.
// Prints { [id]: milliseconds[] } as JSON.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const spec = JSON.parse(readFileSync(0, 'utf8'));

function timeRun({ command, args, input }) {
  const start = process.hrtime.bigint();
  const run = spawnSync(command, args, { input: input ?? '', stdio: ['pipe', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (run.error) throw run.error;
  if (run.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} exited ${run.status}: ${String(run.stderr)}`);
  }
  return ms;
}

const samples = Object.fromEntries(spec.runs.map((run) => [run.id, []]));
for (let round = 0; round < spec.warmUpRounds + spec.rounds; round++) {
  for (const run of spec.runs) {
    const ms = timeRun(run);
    if (round >= spec.warmUpRounds) samples[run.id].push(ms);
  }
}
process.stdout.write(`${JSON.stringify(samples)}\n`);
