import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { runCommand } from './run-command';

const MODULE = 'better-sqlite3';
const BINARY = join('build', 'Release', 'better_sqlite3.node');

interface PackageJson {
  name: string;
  version: string;
}
type PrebuildRc = (pkg: PackageJson) => Record<string, unknown>;
interface PrebuildUtil {
  getDownloadUrl(opts: Record<string, unknown>): string;
  cachedPrebuild(url: string): string;
}

/**
 * A stranger's `npm install better-sqlite3` gets a prebuilt binary from the project's GitHub
 * releases (prebuild-install); GitHub cannot be reached here, so every app would compile it from
 * source instead (over a minute of CPU each). prebuild-install looks in npm's cache
 * (`<cache>/_prebuilds`) before it downloads: this puts there, under the name that download is
 * cached as, the binary the workspace's own install built (same version, same Node ABI), so an
 * app that resolves that version installs as a stranger's does. An app that resolves another
 * version (Strapi pins its own) finds nothing and compiles. Returns the version seeded, if any.
 */
export async function seedPrebuildCache(
  repo: string,
  cache: string,
  log: string,
): Promise<string | undefined> {
  const fromStore = createRequire(join(repo, 'packages', 'store', 'package.json'));
  const moduleDir = dirname(fromStore.resolve(`${MODULE}/package.json`));
  if (!existsSync(join(moduleDir, BINARY))) return undefined;
  const pkg = JSON.parse(readFileSync(join(moduleDir, 'package.json'), 'utf8')) as PackageJson;
  // The URL exactly as the apps' prebuild-install forms it: its own rc (ABI, platform, libc).
  const fromModule = createRequire(join(moduleDir, 'package.json'));
  const rc = fromModule('prebuild-install/rc') as PrebuildRc;
  const util = fromModule('prebuild-install/util') as PrebuildUtil;
  const url = util.getDownloadUrl({ ...rc(pkg), pkg });
  const target = join(cache, '_prebuilds', basename(util.cachedPrebuild(url)));
  mkdirSync(dirname(target), { recursive: true });
  await runCommand('tar', ['-czf', target, '-C', moduleDir, BINARY], { cwd: moduleDir, log });
  return pkg.version;
}
