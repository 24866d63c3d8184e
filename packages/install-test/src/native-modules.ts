import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The packages under `node_modules` that compile a native addon at install (a `binding.gyp`),
 * by `name@path`: compared before and after installing the plugin, they show what it added.
 */
export function nativeModules(appDir: string): string[] {
  const found: string[] = [];
  const visit = (modules: string, depth: number) => {
    if (!existsSync(modules) || depth > 6) return;
    for (const entry of readdirSync(modules)) {
      if (entry.startsWith('.')) continue;
      const dirs = entry.startsWith('@')
        ? readdirSync(join(modules, entry)).map((name) => join(modules, entry, name))
        : [join(modules, entry)];
      for (const dir of dirs) {
        if (existsSync(join(dir, 'binding.gyp'))) found.push(dir.slice(appDir.length + 1));
        visit(join(dir, 'node_modules'), depth + 1);
      }
    }
  };
  visit(join(appDir, 'node_modules'), 0);
  return found.sort();
}
