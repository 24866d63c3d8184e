import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ts from 'typescript';

// The public surface of @agent-ready/store: what its two entries export, type and value names
// alike, held to `public-surface.json`, so that adding or removing a name is a change someone
// reviews (and a changeset names), never a side effect of an `export *`. `.` is for sites;
// `./internal` for agent-ready's own packages (the bench's bulk loading, tests). Regenerate the
// file after a deliberate change with `npm run surface:update` in packages/store.

const SRC = __dirname;
const SURFACE_FILE = join(SRC, 'public-surface.json');
const UPDATE_ENV = 'UPDATE_PUBLIC_SURFACE';

type Surface = Record<string, string[]>;

/** Each entry of package.json `exports`, by the name of its file in src/ and dist/. */
const ENTRIES = { '.': 'index', './internal': 'internal' } as const;
const entryFile = (name: string) => join(SRC, `${name}.ts`);

function surfaceProgram(): { program: ts.Program; checker: ts.TypeChecker } {
  const config = ts.getParsedCommandLineOfConfigFile(join(SRC, '..', 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  const program = ts.createProgram(Object.values(ENTRIES).map(entryFile), {
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

/** Modules that would exist only for tests: fixtures, arbitraries, helpers, stand-ins. */
const TEST_SUPPORT = /(-test-|-arbitraries\.ts$|-fixtures\.ts$|\/__fixtures__\/|\/in-memory-)/;

describe('the public surface of @agent-ready/store', () => {
  const { program, checker } = surfaceProgram();
  const actual: Surface = Object.fromEntries(
    Object.entries(ENTRIES).map(([entry, file]) => [
      entry,
      exportedNames(program, checker, entryFile(file)),
    ]),
  );

  it('package.json exports each entry with import, require and types', () => {
    const manifest = JSON.parse(readFileSync(join(SRC, '..', 'package.json'), 'utf8')) as {
      exports: Record<string, unknown>;
    };
    const conditions = (file: string) => ({
      import: { types: `./dist/${file}.d.ts`, default: `./dist/${file}.js` },
      require: { types: `./dist/${file}.d.cts`, default: `./dist/${file}.cjs` },
    });
    expect(manifest.exports).toEqual({
      ...Object.fromEntries(Object.entries(ENTRIES).map(([key, file]) => [key, conditions(file)])),
      './package.json': './package.json',
    });
  });

  it('each entry exports the names public-surface.json lists, no more, no fewer', () => {
    if (process.env[UPDATE_ENV] === '1') writeSurface(actual);
    const expected = JSON.parse(readFileSync(SURFACE_FILE, 'utf8')) as Surface;
    // A difference here is a name added or removed: when deliberate, regenerate the file
    // (`npm run surface:update`) and say so in a changeset (a removal from `.` breaks users).
    expect(surfaceChanges(expected, actual)).toEqual([]);
  });

  it('a name is in one entry only: internal never repeats what is public', () => {
    const shared = actual['.']!.filter((name) => actual['./internal']!.includes(name));
    expect(shared).toEqual([]);
  });

  it('no module under src/ exists only for the tests (doubles and fixtures live in test/)', () => {
    const modules = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter(
      (path) => path.endsWith('.ts') && !path.endsWith('.test.ts'),
    );
    // The pattern names such modules (core's of old, say): the check is not vacuous.
    const doubles = ['serve/in-memory-content-source.ts', 'content/content-arbitraries.ts'];
    expect(doubles.filter((path) => TEST_SUPPORT.test(`/${path}`))).toEqual(doubles);
    expect(modules.filter((path) => TEST_SUPPORT.test(`/${path}`))).toEqual([]);
  });
});
