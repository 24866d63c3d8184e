// jest `setupFilesAfterEnv` of every package: fixed seeds in `npm test`, random ones and case
// counts in `npm run fuzz` (see property-runs.ts).
import { appendFileSync } from 'node:fs';
import { configureProperties, FUZZING } from './property-runs';

const report = process.env.AGENT_READY_FUZZ_REPORT;
configureProperties(
  FUZZING && report ? (run) => appendFileSync(report, `${JSON.stringify(run)}\n`) : undefined,
);
