import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';

/**
 * `text` formatted as lint wants the file at `path`, by Prettier's own command (its API loads
 * plugins by dynamic import, which jest's VM refuses).
 */
export function formatWithPrettier(text: string, path: string): string {
  const bin = join(
    dirname(createRequire(__filename).resolve('prettier/package.json')),
    'bin',
    'prettier.cjs',
  );
  return execFileSync(process.execPath, [bin, '--stdin-filepath', path], {
    input: text,
    encoding: 'utf8',
  });
}

/** Set to write the README instead of comparing it (the packages' `docs:options` scripts). */
export const UPDATE_README_ENV = 'UPDATE_README_TABLES';

/**
 * Holds a README to its generated parts: `regenerate` rewrites them (the options tables,
 * rendered from the schemas), Prettier formats the result as lint wants it, and the README must
 * equal it. Throws naming the first line that differs and `command`, which rewrites the README
 * (it runs this with UPDATE_README_TABLES=1).
 */
export function checkGeneratedReadme(
  path: string,
  regenerate: (markdown: string) => string,
  command: string,
): void {
  const current = readFileSync(path, 'utf8');
  const expected = formatWithPrettier(regenerate(current), path);
  if (process.env[UPDATE_README_ENV] === '1') {
    if (expected !== current) writeFileSync(path, expected);
    return;
  }
  if (expected === current) return;
  const [have, want] = [current.split('\n'), expected.split('\n')];
  const line = have.findIndex((text, i) => text !== want[i]);
  const at = line === -1 ? have.length : line;
  throw new Error(
    [
      `${relative(process.cwd(), path)} differs from what its schemas render (line ${at + 1}).`,
      `  README:    ${have[at] ?? '(end)'}`,
      `  generated: ${want[at] ?? '(end)'}`,
      `Regenerate it with: ${command}`,
    ].join('\n'),
  );
}
