import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCommand } from './run-command';

const MODULE = 'better-sqlite3';

const versionOf = (dir: string) =>
  (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;

/** Every installed copy of better-sqlite3 under `root` (nested node_modules included). */
function copiesUnder(root: string, depth = 0): string[] {
  const modules = join(root, 'node_modules');
  if (!existsSync(modules) || depth > 4) return [];
  const found: string[] = [];
  for (const entry of readdirSync(modules)) {
    const dirs = entry.startsWith('@')
      ? readdirSync(join(modules, entry)).map((name) => join(modules, entry, name))
      : [join(modules, entry)];
    for (const dir of dirs) {
      if (dir.endsWith(`/${MODULE}`)) found.push(dir);
      found.push(...copiesUnder(dir, depth + 1));
    }
  }
  return found;
}

/**
 * Gives the copies of better-sqlite3 an install made with `--ignore-scripts` the binary an
 * earlier app installed (same version, same Node), or compiles them (`npm rebuild`) when the
 * versions differ. The binary, not the install, is what differs from a stranger's `npm install`:
 * the first app (Express 5) gets it as they would, a prebuilt download (seed-prebuild-cache.ts).
 */
export async function reuseNativeBuild(builtApp: string, root: string, log: string): Promise<void> {
  const built = join(builtApp, 'node_modules', MODULE);
  for (const copy of copiesUnder(root)) {
    if (existsSync(join(copy, 'build', 'Release', 'better_sqlite3.node'))) continue;
    if (versionOf(copy) === versionOf(built)) {
      mkdirSync(join(copy, 'build', 'Release'), { recursive: true });
      const binary = join('build', 'Release', 'better_sqlite3.node');
      cpSync(join(built, binary), join(copy, binary));
    } else await runCommand('npm', ['rebuild'], { cwd: copy, log });
  }
}
