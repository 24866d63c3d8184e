import type { BenchScenario } from '../measurement';
import { normalizeTextScenario } from './normalize-text';

/** Every scenario `pnpm bench` runs, in report order. Each runs in its own process. */
export const scenarios: BenchScenario[] = [normalizeTextScenario];
