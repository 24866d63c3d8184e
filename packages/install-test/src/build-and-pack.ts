import { join } from 'node:path';
import { packPackages, type PackedPackage } from './pack-packages';
import { runPnpm } from './run-command';

/**
 * The start-up's reading of the checkout: its packages built as they are now (turbo's cache makes
 * this a no-op right after `npm test`) and packed, as published, into `<work>/tarballs`. pnpm
 * and turbo are started as on a machine with only Node and npm (scripts/pnpm.mjs).
 */
export async function buildAndPack(
  repo: string,
  work: string,
): Promise<Map<string, PackedPackage>> {
  await runPnpm(['exec', 'turbo', 'run', 'build', '--filter=./packages/*'], {
    cwd: repo,
    log: join(work, 'logs', 'build.log'),
  });
  return packPackages(repo, join(work, 'tarballs'), join(work, 'logs', 'pack.log'));
}
