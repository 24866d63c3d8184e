import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import {
  dualPackageExports,
  exportedSurface,
  packageExportsOf,
  publicSurfaceChanges,
  surfaceUnion,
  TEST_SUPPORT_MODULE as TEST_SUPPORT,
} from '@agent-ready/test-support';

// The public surface of @agent-ready/core: what each entry exports, type and value names alike,
// held to `public-surface.json` (see test-support's public-surface), so that adding or removing
// a public name is a change someone reviews (and a changeset names), never a side effect of an
// `export *`. Regenerate the file after a deliberate change with `npm run surface:update` in
// packages/core.

const SRC = __dirname;
const SURFACE_FILE = join(SRC, 'public-surface.json');

/** Every directory of src/ is an area, published as `@agent-ready/core/<area>`. */
const areas = readdirSync(SRC, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const entryFile = (area: string) => join(SRC, area, 'index.ts');
const ROOT_FILE = join(SRC, 'index.ts');

/** The src/ modules a module imports (relative specifiers only: packages are not ours). */
function importedModules(file: string): string[] {
  return ts
    .preProcessFile(readFileSync(file, 'utf8'), true, true)
    .importedFiles.map(({ fileName }) => fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => {
      const base = join(dirname(file), specifier);
      const found = [`${base}.ts`, join(base, 'index.ts')].find((candidate) =>
        existsSync(candidate),
      );
      if (found === undefined) throw new Error(`${file}: cannot resolve ${specifier}`);
      return found;
    });
}

/** Every src/ module loading `entry` loads, `entry` included. */
function reachableModules(entry: string): Set<string> {
  const seen = new Set<string>([entry]);
  for (const file of seen) for (const imported of importedModules(file)) seen.add(imported);
  return seen;
}

describe('the public surface of @agent-ready/core', () => {
  // One type checker over the root and every area (the root under a key no area can have).
  const { '/': root, ...actual } = exportedSurface(join(SRC, '..', 'tsconfig.json'), {
    '/': ROOT_FILE,
    ...Object.fromEntries(areas.map((area) => [area, entryFile(area)])),
  });

  it('every directory of src/ is an entry in package.json, with import, require and types', () => {
    expect(packageExportsOf(SRC)).toEqual(
      dualPackageExports({
        '.': 'index',
        ...Object.fromEntries(areas.map((area) => [`./${area}`, area])),
      }),
    );
  });

  it('each entry exports the names public-surface.json lists, no more, no fewer', () => {
    // A difference here is a public name added or removed: when deliberate, regenerate the
    // file (`npm run surface:update`) and say so in a changeset (a removal breaks users).
    expect(publicSurfaceChanges(SURFACE_FILE, actual)).toEqual([]);
  });

  it('the root entry exports every entry and nothing else', () => {
    expect(root).toEqual(surfaceUnion(actual));
  });

  it('no entry reaches a module that exists for the tests', () => {
    const testSupport = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .map((path) => join(SRC, path))
      .filter((file) => TEST_SUPPORT.test(file));
    // The pattern still names the test-support modules (the check below is not vacuous).
    expect(testSupport.map((file) => relative(SRC, file))).toEqual(
      expect.arrayContaining([
        'content/content-arbitraries.ts',
        'content/content-test-helpers.ts',
        'llmindex/llmindex-test-manifests.ts',
        'scp/scp-test-fixtures.ts',
        'serve/in-memory-content-source.ts',
        'serve/serve-test-fixtures.ts',
      ]),
    );
    // The walk follows imports all the way down (a module several imports deep is in it).
    expect(reachableModules(ROOT_FILE)).toContain(join(SRC, 'text', 'case-folding.generated.ts'));
    const reached = [ROOT_FILE, ...areas.map(entryFile)].flatMap((entry) =>
      [...reachableModules(entry)]
        .filter((file) => TEST_SUPPORT.test(file))
        .map((file) => `${relative(SRC, entry)} -> ${relative(SRC, file)}`),
    );
    expect(reached).toEqual([]);
  });
});
