// Child-process entry: runs one scenario and prints its result as JSON on the last line, so the
// peak RSS measured belongs to that scenario alone.
import { scenarios } from './scenarios';
import { ScenarioSkipped, type BenchFigure, type ScenarioResult } from './measurement';

async function main(): Promise<void> {
  const [id, quickFlag] = process.argv.slice(2);
  const scenario = scenarios.find((s) => s.id === id);
  if (!scenario) throw new Error(`unknown scenario ${id}`);
  const started = process.hrtime.bigint();
  let figures: BenchFigure[] = [];
  let skipped: string | undefined;
  try {
    figures = await scenario.run({ quick: quickFlag === '--quick' });
  } catch (error) {
    if (!(error instanceof ScenarioSkipped)) throw error;
    skipped = error.message;
  }
  const result: ScenarioResult = {
    scenario: scenario.id,
    title: scenario.title,
    figures,
    ...(skipped === undefined ? {} : { skipped }),
    peakRssMiB: process.resourceUsage().maxRSS / 1024,
    durationSeconds: Number(process.hrtime.bigint() - started) / 1e9,
  };
  process.stdout.write(`\n${JSON.stringify(result)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
