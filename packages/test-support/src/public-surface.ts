import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { formatWithPrettier } from './check-generated-readme';

// What a package's entries export, type and value names alike, for the tests that pin a
// package's public surface to a JSON file (core's and the store's `public-surface.test.ts`), so
// that adding or removing a public name is a change someone reviews, never a side effect of an
// `export *`.

/** Per entry, its exported names: `name` for a value (also a class), `type Name` for a type. */
export type Surface = Record<string, string[]>;

/** Set to write the surface file instead of comparing it (the packages' `surface:update`). */
export const UPDATE_SURFACE_ENV = 'UPDATE_PUBLIC_SURFACE';

/** Modules that exist only for tests: fixtures, arbitraries, helpers, stand-ins. */
export const TEST_SUPPORT_MODULE =
  /(-test-|-arbitraries\.ts$|-fixtures\.ts$|-helpers\.ts$|-manifests\.ts$|\/__fixtures__\/|\/in-memory-)/;

/** Orders `name` and `type Name` entries by the name alone. */
function byName(a: string, b: string): number {
  const [x, y] = [a.replace(/^type /, ''), b.replace(/^type /, '')];
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * What each entry file exports (`entries`: entry name → file), read by one type checker over
 * them all under the package's `tsconfig`; names sorted.
 */
export function exportedSurface(tsconfig: string, entries: Record<string, string>): Surface {
  const config = ts.getParsedCommandLineOfConfigFile(tsconfig, undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  const program = ts.createProgram(Object.values(entries), { ...config!.options, noEmit: true });
  const checker = program.getTypeChecker();
  const namesOf = (file: string): string[] => {
    const module = checker.getSymbolAtLocation(program.getSourceFile(file)!);
    if (module === undefined) return [];
    return checker
      .getExportsOfModule(module)
      .map((symbol) => {
        const target =
          symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
        return target.flags & ts.SymbolFlags.Value ? symbol.name : `type ${symbol.name}`;
      })
      .sort(byName);
  };
  return Object.fromEntries(Object.entries(entries).map(([entry, file]) => [entry, namesOf(file)]));
}

/** `+ entry: name` for what `actual` adds to `expected`, `- entry: name` for what it lacks. */
function surfaceChanges(expected: Surface, actual: Surface): string[] {
  const changes: string[] = [];
  for (const entry of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    const [before, after] = [new Set(expected[entry] ?? []), new Set(actual[entry] ?? [])];
    for (const name of after) if (!before.has(name)) changes.push(`+ ${entry}: ${name}`);
    for (const name of before) if (!after.has(name)) changes.push(`- ${entry}: ${name}`);
  }
  return changes;
}

/**
 * How `actual` differs from the surface `file` lists: `+ entry: name` added, `- entry: name`
 * removed; empty when they agree. With UPDATE_PUBLIC_SURFACE=1 the file is written first (as
 * Prettier formats it), so it agrees.
 */
export function publicSurfaceChanges(file: string, actual: Surface): string[] {
  if (process.env[UPDATE_SURFACE_ENV] === '1')
    writeFileSync(file, formatWithPrettier(JSON.stringify(actual), file));
  return surfaceChanges(JSON.parse(readFileSync(file, 'utf8')) as Surface, actual);
}

/**
 * The `exports` of a package.json whose entries (`./<name>` → file name in dist/) are each built
 * dual, ESM and CommonJS, with their types: what the tests hold each manifest to.
 */
export function dualPackageExports(entries: Record<string, string>): Record<string, unknown> {
  const conditions = (file: string) => ({
    import: { types: `./dist/${file}.d.ts`, default: `./dist/${file}.js` },
    require: { types: `./dist/${file}.d.cts`, default: `./dist/${file}.cjs` },
  });
  return {
    ...Object.fromEntries(Object.entries(entries).map(([key, file]) => [key, conditions(file)])),
    './package.json': './package.json',
  };
}

/** The package.json `exports` of the package whose `src/` is `src`. */
export function packageExportsOf(src: string): unknown {
  return (JSON.parse(readFileSync(join(src, '..', 'package.json'), 'utf8')) as { exports: unknown })
    .exports;
}

/** The sorted union of every entry's names (what a root entry re-exporting them all has). */
export function surfaceUnion(surface: Surface): string[] {
  return [...new Set(Object.values(surface).flat())].sort(byName);
}

/** A package whose public surface a test pins (see `describePublicSurface`). */
export interface PinnedPackage {
  /** As published: the describe's title. */
  name: string;
  /** The package's root folder. */
  root: string;
  /**
   * Each entry of its package.json `exports`, by its source file (relative to `root`), checked
   * under `tsconfig.json` or the tsconfig given for it (a Strapi plugin's admin and server
   * halves have one each).
   */
  entries: Record<string, string | { file: string; tsconfig: string }>;
  /** Its `exports` are the dual ESM/CommonJS shape (`dualPackageExports`) of these dist names. */
  dualExports?: Record<string, string>;
}

/**
 * The two tests that pin a package's public surface to its `src/public-surface.json` (or
 * `public-surface.json` beside its entries): every entry exports exactly the listed names, and
 * (for a dual package) its manifest exports each entry as built. Adding or removing a public
 * name is then a reviewed change (`surface:update`, and a changeset), never a side effect.
 */
export function describePublicSurface(pinned: PinnedPackage, surfaceFile: string): void {
  describe(`the public surface of ${pinned.name}`, () => {
    if (pinned.dualExports) {
      const dual = pinned.dualExports;
      it('package.json exports each entry with import, require and types', () => {
        const manifest = JSON.parse(readFileSync(join(pinned.root, 'package.json'), 'utf8')) as {
          exports: unknown;
        };
        expect(manifest.exports).toEqual(dualPackageExports(dual));
      });
    }

    it('each entry exports the names public-surface.json lists, no more, no fewer', () => {
      const actual: Surface = {};
      for (const [entry, source] of Object.entries(pinned.entries)) {
        const { file, tsconfig } =
          typeof source === 'string' ? { file: source, tsconfig: 'tsconfig.json' } : source;
        Object.assign(
          actual,
          exportedSurface(join(pinned.root, tsconfig), { [entry]: join(pinned.root, file) }),
        );
      }
      // A difference is a name added or removed: when deliberate, regenerate the file
      // (`npm run surface:update`) and say so in a changeset (a removal breaks users).
      expect(publicSurfaceChanges(surfaceFile, actual)).toEqual([]);
    });
  });
}
