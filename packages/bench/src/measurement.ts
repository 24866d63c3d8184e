/**
 * What a benchmark scenario reports. Every figure stands beside a baseline measured in the same
 * run on the same machine (never a wall-clock constant), so the ratio is what matters.
 */
export interface BenchFigure {
  /** Stable id, e.g. `core.normalize.throughput`. */
  id: string;
  title: string;
  unit: string;
  /** Median of `samples`. */
  value: number;
  samples: number[];
  betterIs: 'higher' | 'lower';
  baseline?: { title: string; value: number; samples: number[] };
  /** The goal an issue names, as a ratio to the baseline (e.g. 0.7 = "at least 70% of it"). */
  goalRatio?: number;
  /**
   * An absolute budget an issue names, in `unit` ("starts in under 100 ms"): reported as kept or
   * not, never enforced. It describes this machine only; the ratio is what carries over.
   */
  budget?: number;
  notes?: string;
}

/** The machine a run measured on. */
export interface BenchMachine {
  node: string;
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  platform: string;
}

/** When and where a result was measured: a partial run keeps other scenarios' older results. */
export interface BenchRun {
  date: string;
  quick: boolean;
  machine: BenchMachine;
}

export interface ScenarioResult {
  scenario: string;
  title: string;
  figures: BenchFigure[];
  /** The run that measured it (absent from results written before runs were recorded). */
  run?: BenchRun;
  /** Why the scenario measured nothing on this machine (e.g. a tool it compares with is absent). */
  skipped?: string;
  /** Peak resident set size of the scenario's own process, in MiB. */
  peakRssMiB: number;
  durationSeconds: number;
}

export interface BenchScenario {
  id: string;
  title: string;
  run(options: { quick: boolean }): Promise<BenchFigure[]>;
}

/** Thrown by a scenario that cannot run on this machine; the report says why instead of failing. */
export class ScenarioSkipped extends Error {}

/** Whether `value` keeps within `limit`, for a figure where `betterIs` says which way is good. */
export function withinLimit(
  f: Pick<BenchFigure, 'betterIs'>,
  value: number,
  limit: number,
): boolean {
  return f.betterIs === 'higher' ? value >= limit : value <= limit;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The value below which `p` percent of `values` fall (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `fn` `repeats` times (after one warm-up) and returns each run's result. */
export async function repeat<T>(repeats: number, fn: () => Promise<T> | T): Promise<T[]> {
  await fn();
  const results: T[] = [];
  for (let i = 0; i < repeats; i++) results.push(await fn());
  return results;
}

/** Measures how many times per second `fn` runs over roughly `seconds`. */
export async function opsPerSecond(fn: () => unknown, seconds: number): Promise<number> {
  const deadline = process.hrtime.bigint() + BigInt(Math.round(seconds * 1e9));
  const start = process.hrtime.bigint();
  let count = 0;
  let now = start;
  while (now < deadline) {
    for (let i = 0; i < 64; i++) await fn();
    count += 64;
    now = process.hrtime.bigint();
  }
  return count / (Number(now - start) / 1e9);
}

export function figure(
  fields: Omit<BenchFigure, 'value' | 'baseline'> & {
    baseline?: { title: string; samples: number[] };
  },
): BenchFigure {
  const { baseline, ...rest } = fields;
  return {
    ...rest,
    value: median(rest.samples),
    ...(baseline ? { baseline: { ...baseline, value: median(baseline.samples) } } : {}),
  };
}
