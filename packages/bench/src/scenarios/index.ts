import type { BenchScenario } from '../measurement';
import { buildMUrlScenario } from './build-m-url';
import { storeUpsertScenario } from './store-upsert';

/** Every scenario `pnpm bench` runs, in report order. Each runs in its own process. */
export const scenarios: BenchScenario[] = [buildMUrlScenario, storeUpsertScenario];
