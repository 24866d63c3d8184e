import { writeFileSync } from 'node:fs';
import { copyCheckoutForRelease, runReleaseDryRun } from './run-release-dry-run';
import { prepareInstallTest, runInstallTest } from './run-install-test';
import { exitWith } from './exit-with';

/**
 * What `.ci/run` runs beside `npm test` (`test:beside`): the install test and the release dry run.
 * Each reads the checkout only while it starts (the packages built and packed, the tracked files
 * and `dist/` folders copied); once both have, it writes the file named by its first argument,
 * which tells `.ci/run` that `npm test` may start (its build step writes `dist/` again, replayed
 * from turbo's cache or built). Then both run in their own temp folders, mostly waiting on the
 * network and on one compiler each, while the suites use the cores.
 */
async function main(): Promise<number> {
  const ready = process.argv[2];
  const prepared = await prepareInstallTest();
  const release = await copyCheckoutForRelease();
  if (ready) writeFileSync(ready, 'ready\n');
  const [install, released] = await Promise.all([
    runInstallTest(prepared),
    runReleaseDryRun(release),
  ]);
  return install === 0 && released === 0 ? 0 : 1;
}

exitWith(main);
