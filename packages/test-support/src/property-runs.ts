import fc from 'fast-check';

/**
 * Property tests run two ways. `npm test`: a fixed seed and each test's own run count, so a
 * fresh clone passes or fails the same way every time. `npm run fuzz` (AGENT_READY_FUZZ=1): a
 * random seed and at least AGENT_READY_FUZZ_RUNS cases per property (20,000 by default, so that
 * every parser's properties together get at least 100,000), for developers and the scheduled job. Either way a failure prints the seed and path; replay it with
 * `AGENT_READY_FC_SEED=<seed> AGENT_READY_FC_PATH=<path> npx jest <file> -t '<test name>'`.
 */
export const FUZZING = process.env.AGENT_READY_FUZZ === '1';

/** The seed of every property in `npm test` unless AGENT_READY_FC_SEED says otherwise. */
export const FIXED_SEED = 20_261_124;

const FUZZ_RUNS = Number(process.env.AGENT_READY_FUZZ_RUNS ?? 20_000);

/**
 * The run count for one property: `numRuns` in `npm test`; in a fuzz run at least
 * AGENT_READY_FUZZ_RUNS, or a hundredth of it for a `costly` property (one that compresses,
 * signs or boots something per case), which keeps a full fuzz run within the hour.
 */
export function propertyRuns(numRuns: number, options: { costly?: boolean } = {}) {
  if (!FUZZING) return { numRuns };
  const floor = options.costly ? Math.ceil(FUZZ_RUNS / 100) : FUZZ_RUNS;
  return { numRuns: Math.max(numRuns, floor) };
}

/** The seed this process uses: fixed in `npm test`, given or random in a fuzz run. */
export function propertySeed(): number {
  const given = process.env.AGENT_READY_FC_SEED;
  if (given !== undefined && given !== '') return Number(given);
  return FUZZING ? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0 : FIXED_SEED;
}

export interface PropertyRunRecord {
  testPath: string;
  testName: string;
  numRuns: number;
  failed: boolean;
  seed: number;
}

/**
 * Sets fast-check's global parameters for this test file (jest `setupFilesAfterEnv`). In a fuzz
 * run every property also reports how many cases it ran to `record`, for the case counts
 * `npm run fuzz` prints.
 */
export function configureProperties(record?: (run: PropertyRunRecord) => void): void {
  const seed = propertySeed();
  const path = process.env.AGENT_READY_FC_PATH || undefined;
  fc.configureGlobal({
    seed,
    // Properties that name no run count get the fuzz floor too.
    ...(FUZZING ? { numRuns: FUZZ_RUNS } : {}),
    ...(path === undefined ? {} : { path }),
    ...(record === undefined
      ? {}
      : {
          reporter(details) {
            const state = expect.getState();
            record({
              testPath: state.testPath ?? '',
              testName: state.currentTestName ?? '',
              numRuns: details.numRuns,
              failed: details.failed,
              seed: details.seed,
            });
            if (details.failed) throw new Error(fc.defaultReportMessage(details));
          },
        }),
  });
}
