// Child-process entry: runs one scenario and prints its result as JSON on the last line, so the
// peak RSS measured belongs to that scenario alone.
import { scenarios } from './scenarios';
import type { ScenarioResult } from './measurement';

async function main(): Promise<void> {
  const [id, quickFlag] = process.argv.slice(2);
  const scenario = scenarios.find((s) => s.id === id);
  if (!scenario) throw new Error(`unknown scenario ${id}`);
  const started = process.hrtime.bigint();
  const figures = await scenario.run({ quick: quickFlag === '--quick' });
  const result: ScenarioResult = {
    scenario: scenario.id,
    title: scenario.title,
    figures,
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
    durationSeconds: Number(process.hrtime.bigint() - started) / 1e9,
  };
  process.stdout.write(`\n${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
