import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scenarios } from './scenarios';
import type { BenchRun, ScenarioResult } from './measurement';
import { renderReport, type BenchReport } from './render-report';
import { renderScenarioChart } from './render-chart';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../..');

function runScenario(id: string, quick: boolean): ScenarioResult {
  const stdout = execFileSync(
    process.execPath,
    ['--import', 'tsx', '--expose-gc', join(here, 'run-scenario.ts'), id, quick ? '--quick' : ''],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 },
  );
  const lastLine = stdout.trimEnd().split('\n').pop() ?? '';
  return JSON.parse(lastLine) as ScenarioResult;
}

/** docs/BENCHMARKS.md from the stored results and the notes, with nothing measured again. */
function writeReport(report: BenchReport, outDir: string): void {
  const charts: Record<string, string> = {};
  for (const result of report.results) {
    const svg = renderScenarioChart(result);
    if (!svg) continue;
    const file = `${result.scenario}.svg`;
    writeFileSync(join(outDir, file), svg);
    charts[result.scenario] = `benchmarks/${file}`;
  }
  const notesDir = join(outDir, 'notes');
  const notes: Record<string, string> = {};
  for (const result of report.results) {
    const file = join(notesDir, `${result.scenario}.md`);
    if (existsSync(file)) notes[result.scenario] = readFileSync(file, 'utf8');
  }
  writeFileSync(join(repoRoot, 'docs', 'BENCHMARKS.md'), renderReport(report, charts, notes));
}

function main(): void {
  const args = process.argv.slice(2);
  if (args.includes('--render-only')) {
    // After a note changed (docs/benchmarks/notes/<scenario>.md): the report, not a new run.
    const outDir = join(repoRoot, 'docs', 'benchmarks');
    const stored = JSON.parse(readFileSync(join(outDir, 'results.json'), 'utf8')) as BenchReport;
    writeReport(stored, outDir);
    process.stderr.write('bench: wrote docs/BENCHMARKS.md from docs/benchmarks/results.json\n');
    return;
  }
  const quick = args.includes('--quick');
  const only = args.filter((a) => !a.startsWith('--'));
  const selected = scenarios.filter(
    (s) => only.length === 0 || only.some((o) => s.id.startsWith(o)),
  );
  const results: ScenarioResult[] = [];
  for (const scenario of selected) {
    process.stderr.write(`bench: ${scenario.id} (${scenario.title})…\n`);
    const result = runScenario(scenario.id, quick);
    if (result.skipped) process.stderr.write(`bench: ${scenario.id} skipped: ${result.skipped}\n`);
    results.push(result);
  }
  const run: BenchRun = {
    date: new Date().toISOString(),
    quick,
    machine: {
      node: process.version,
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      platform: `${process.platform}-${process.arch}`,
    },
  };
  for (const result of results) result.run = run;
  const report: BenchReport = { ...run, results };
  const outDir = join(repoRoot, 'docs', 'benchmarks');
  mkdirSync(outDir, { recursive: true });
  // A partial run (`npm run bench -- store`) updates its scenarios and keeps the others' last results.
  const previousFile = join(outDir, 'results.json');
  if (only.length > 0 && existsSync(previousFile)) {
    const previous = JSON.parse(readFileSync(previousFile, 'utf8')) as BenchReport;
    const fresh = new Map(results.map((r) => [r.scenario, r]));
    const order = scenarios.map((s) => s.id);
    // Kept results say which run measured them, so the report never puts them under this one.
    const { date, quick: previousQuick, machine } = previous;
    const kept = previous.results
      .filter((r) => !fresh.has(r.scenario))
      .map((r) => ({ ...r, run: r.run ?? { date, quick: previousQuick, machine } }));
    const merged = [...kept, ...results];
    merged.sort((a, b) => order.indexOf(a.scenario) - order.indexOf(b.scenario));
    report.results = merged;
  }
  writeFileSync(join(outDir, 'results.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeReport(report, outDir);
  process.stderr.write('bench: wrote docs/benchmarks/results.json and docs/BENCHMARKS.md\n');
}

main();
