import type { BenchScenario } from '../measurement';
import { uriNormalizeScenario } from './uri-normalize';

/** Every scenario `pnpm bench` runs, in report order. Each runs in its own process. */
export const scenarios: BenchScenario[] = [uriNormalizeScenario];
