import type { BenchScenario } from '../measurement';
import { buildMUrlScenario } from './build-m-url';
import { storeUpsertScenario } from './store-upsert';
import { uriNormalizeScenario } from './uri-normalize';

/** Every scenario `pnpm bench` runs, in report order. Each runs in its own process. */
export const scenarios: BenchScenario[] = [
  buildMUrlScenario,
  uriNormalizeScenario,
  storeUpsertScenario,
];
