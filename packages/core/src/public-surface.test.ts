import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

// The public surface of @agent-ready/core: what each entry exports, type and value names alike,
// held to `public-surface.json`, so that adding or removing a public name is a change someone
// reviews (and a changeset names), never a side effect of an `export *`. Regenerate the file
// after a deliberate change with `npm run surface:update` in packages/core.

const SRC = __dirname;
const SURFACE_FILE = join(SRC, 'public-surface.json');
const UPDATE_ENV = 'UPDATE_PUBLIC_SURFACE';

type Surface = Record<string, string[]>;

/** Every directory of src/ is an area, published as `@agent-ready/core/<area>`. */
const areas = readdirSync(SRC, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const entryFile = (area: string) => join(SRC, area, 'index.ts');
const ROOT_FILE = join(SRC, 'index.ts');

/** One program over every entry (a type checker: type names are public surface too). */
function surfaceProgram(): { program: ts.Program; checker: ts.TypeChecker } {
  const config = ts.getParsedCommandLineOfConfigFile(join(SRC, '..', 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  const program = ts.createProgram([ROOT_FILE, ...areas.map(entryFile)], {
    ...config!.options,
    noEmit: true,
  });
  return { program, checker: program.getTypeChecker() };
}

/** Orders `name` and `type Name` entries by the name alone. */
function byName(a: string, b: string): number {
  const [x, y] = [a.replace(/^type /, ''), b.replace(/^type /, '')];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** `name` for a value (also a class), `type Name` for a type only; sorted by name. */
function exportedNames(program: ts.Program, checker: ts.TypeChecker, file: string): string[] {
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
}

/** `+ area: name` for what `actual` adds to `expected`, `- area: name` for what it lacks. */
function surfaceChanges(expected: Surface, actual: Surface): string[] {
  const changes: string[] = [];
  for (const area of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    const [before, after] = [new Set(expected[area] ?? []), new Set(actual[area] ?? [])];
    for (const name of after) if (!before.has(name)) changes.push(`+ ${area}: ${name}`);
    for (const name of before) if (!after.has(name)) changes.push(`- ${area}: ${name}`);
  }
  return changes;
}

/** Writes the surface file as lint wants it (Prettier's command: its API needs a dynamic import). */
function writeSurface(surface: Surface): void {
  const prettier = join(
    dirname(createRequire(__filename).resolve('prettier/package.json')),
    'bin',
    'prettier.cjs',
  );
  const formatted = execFileSync(process.execPath, [prettier, '--stdin-filepath', SURFACE_FILE], {
    input: JSON.stringify(surface),
    encoding: 'utf8',
  });
  writeFileSync(SURFACE_FILE, formatted);
}

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

/** Modules that exist for core's own tests: fixtures, arbitraries, helpers, stand-ins. */
const TEST_SUPPORT =
  /(-test-|-arbitraries\.ts$|-fixtures\.ts$|-helpers\.ts$|-manifests\.ts$|\/__fixtures__\/|\/in-memory-)/;
/** Where they are: beside src/, in neither the build nor the package. */
const TEST_DIR = join(SRC, '..', 'test');

describe('the public surface of @agent-ready/core', () => {
  const { program, checker } = surfaceProgram();
  const actual: Surface = Object.fromEntries(
    areas.map((area) => [area, exportedNames(program, checker, entryFile(area))]),
  );

  it('every directory of src/ is an entry in package.json, with import, require and types', () => {
    const manifest = JSON.parse(readFileSync(join(SRC, '..', 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
    };
    const conditions = (file: string) => ({
      import: { types: `./dist/${file}.d.ts`, default: `./dist/${file}.js` },
      require: { types: `./dist/${file}.d.cts`, default: `./dist/${file}.cjs` },
    });
    expect(manifest.exports).toEqual({
      '.': conditions('index'),
      ...Object.fromEntries(areas.map((area) => [`./${area}`, conditions(area)])),
      './package.json': './package.json',
    });
  });

  it('each entry exports the names public-surface.json lists, no more, no fewer', () => {
    if (process.env[UPDATE_ENV] === '1') writeSurface(actual);
    const expected = JSON.parse(readFileSync(SURFACE_FILE, 'utf8')) as Surface;
    // A difference here is a public name added or removed: when deliberate, regenerate the
    // file (`npm run surface:update`) and say so in a changeset (a removal breaks users).
    expect(surfaceChanges(expected, actual)).toEqual([]);
  });

  it('the root entry exports every entry and nothing else', () => {
    const union = [...new Set(Object.values(actual).flat())].sort(byName);
    expect(exportedNames(program, checker, ROOT_FILE)).toEqual(union);
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
