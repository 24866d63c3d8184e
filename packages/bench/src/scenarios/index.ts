import type { BenchScenario } from '../measurement';
import { scpParseScenario } from './scp-parse';
import { scpWriteScenario } from './scp-write';

/** Every scenario `pnpm bench` runs, in report order. Each runs in its own process. */
export const scenarios: BenchScenario[] = [scpWriteScenario, scpParseScenario];
