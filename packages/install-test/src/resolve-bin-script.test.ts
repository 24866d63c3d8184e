import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { resolveBinScript } from './resolve-bin-script';

const packageDir = resolve(__dirname, '..');

test('the linters resolve to their scripts in the store, not the .bin shims', () => {
  for (const [name, bin] of [
    ['publint', 'publint'],
    ['@arethetypeswrong/cli', 'attw'],
  ] as const) {
    const script = resolveBinScript(packageDir, name, bin);
    expect(script).toContain(join('node_modules', '.pnpm'));
    expect(existsSync(script)).toBe(true);
    expect(readFileSync(script, 'utf8').length).toBeGreaterThan(0);
  }
});

test('a bin the package does not have is an error naming it', () => {
  expect(() => resolveBinScript(packageDir, 'publint', 'nope')).toThrow(
    'publint has no bin named nope',
  );
});
