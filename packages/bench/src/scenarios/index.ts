import type { BenchScenario } from '../measurement';

/** Every scenario `pnpm bench` runs, in report order. Each runs in its own process. */
export const scenarios: BenchScenario[] = [];
