import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The script a package's bin runs, at its real place in pnpm's store (`node_modules/.pnpm/…`),
 * resolved once while the install test reads the checkout. `node_modules/.bin` is not used:
 * `npm test` starts with `pnpm install`, which relinks those shims while the test runs beside it
 * (CI once saw `spawn …/.bin/attw ENOENT`); the store's files stay where they are.
 */
export function resolveBinScript(packageDir: string, name: string, bin = name): string {
  const real = realpathSync(join(packageDir, 'node_modules', name));
  const manifest = JSON.parse(readFileSync(join(real, 'package.json'), 'utf8')) as {
    bin?: string | Record<string, string>;
  };
  const script = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[bin];
  if (!script) throw new Error(`${name} has no bin named ${bin}`);
  return join(real, script);
}
