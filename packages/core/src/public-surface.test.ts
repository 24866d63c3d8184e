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

/** Where test doubles, arbitraries and fixtures are: beside src/, in neither the build nor the package. */
const TEST_DIR = join(SRC, '..', 'test');

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

  it('no test double, arbitrary or fixture lives under src/ (they are in test/, never built)', () => {
    const inTest = readdirSync(TEST_DIR, { recursive: true, encoding: 'utf8' });
    // The pattern names the test-support modules (the check below is not vacuous).
    expect(inTest.filter((path) => TEST_SUPPORT.test(`/${path}`)).sort()).toEqual(
      expect.arrayContaining([
        'support/content-arbitraries.ts',
        'support/content-helpers.ts',
        'support/in-memory-content-source.ts',
        'support/llmindex-manifests.ts',
        'support/scp-fixtures.ts',
        'support/serve-fixtures.ts',
      ]),
    );
    const inSrc = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
      (path) => TEST_SUPPORT.test(`/${path}`) && !path.endsWith('.test.ts'),
    );
    expect(inSrc).toEqual([]);
    // And no entry reaches into test/ (the walk follows imports all the way down).
    expect(reachableModules(ROOT_FILE)).toContain(join(SRC, 'text', 'case-folding.generated.ts'));
    const reached = [ROOT_FILE, ...areas.map(entryFile)].flatMap((entry) =>
      [...reachableModules(entry)]
        .filter((file) => !file.startsWith(SRC))
        .map((file) => `${relative(SRC, entry)} -> ${relative(SRC, file)}`),
    );
    expect(reached).toEqual([]);
  });
});
