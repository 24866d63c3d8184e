import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';

// The built package as a user gets it: from a project of its own that has @agent-ready/core in
// node_modules, every entry of package.json `exports` is required (CommonJS, as Strapi loads
// plugins) and imported (ESM), and resolved by TypeScript under both conditions; each must give
// what public-surface.json lists for it. Reads dist/: turbo builds core before its tests; by
// hand, run `npx tsup` first.

const PACKAGE = join(__dirname, '..');
const manifest = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
};
const surface = JSON.parse(readFileSync(join(__dirname, 'public-surface.json'), 'utf8')) as Record<
  string,
  string[]
>;

/** Every entry's specifier (`@agent-ready/core`, `@agent-ready/core/tct`, …), the root first. */
const entries = Object.keys(manifest.exports)
  .filter((key) => key !== './package.json')
  .map((key) => `@agent-ready/core${key.slice(1)}`);
const areaOf = (specifier: string) => specifier.slice('@agent-ready/core/'.length);

/** Names (`type Name` for types) an entry must export: its area's, or for the root all of them. */
function expectedNames(specifier: string): string[] {
  const names =
    specifier === '@agent-ready/core'
      ? [...new Set(Object.values(surface).flat())]
      : surface[areaOf(specifier)]!;
  return [...names].sort();
}
const valueNames = (specifier: string) =>
  expectedNames(specifier).filter((name) => !name.startsWith('type '));

const run = promisify(execFile);

/** A user's project: its own folder, @agent-ready/core linked into its node_modules. */
function userProject(): string {
  const project = join(tmpdir(), 'user-project');
  mkdirSync(join(project, 'node_modules', '@agent-ready'), { recursive: true });
  symlinkSync(PACKAGE, join(project, 'node_modules', '@agent-ready', 'core'), 'dir');
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'user-project' }));
  return project;
}

/** Runs `source` with node in `project` (as `file`) and parses what it prints as JSON. */
async function runInProject(project: string, file: string, source: string): Promise<unknown> {
  writeFileSync(join(project, file), source);
  const { stdout } = await run(process.execPath, [file], { cwd: project });
  return JSON.parse(stdout);
}

// What the scripts check beyond names: one error class across entries (shared chunks), so an
// error thrown under one entry is caught as the class another entry gives.
const CLASS_IDENTITY_CHECK = `
  const identity = {
    sameClass: errors.ValidationError === root.ValidationError,
    caughtAcrossEntries: (() => {
      try { serve.validateAgentSiteOptions({ origin: 1 }); } catch (error) { return error instanceof errors.ValidationError; }
      return 'nothing thrown';
    })(),
  };`;

describe('the published entries, from a project of its own', () => {
  let project: string;

  beforeAll(() => {
    if (!existsSync(join(PACKAGE, 'dist', 'index.js'))) {
      throw new Error('packages/core/dist is missing: build core first (npx tsup)');
    }
    project = userProject();
  });

  it('lists a file for every condition of every entry, and the file exists', () => {
    const files = Object.values(manifest.exports).flatMap((conditions) =>
      typeof conditions === 'string'
        ? [conditions]
        : Object.values(conditions as Record<string, Record<string, string>>).flatMap(
            Object.values,
          ),
    );
    expect(files.filter((file) => !existsSync(join(PACKAGE, file)))).toEqual([]);
    expect(files).toHaveLength(entries.length * 4 + 1);
  });

  it('require gives each entry its public values, and one error class across entries', async () => {
    const loaded = await runInProject(
      project,
      'require-entries.cjs',
      `const entries = ${JSON.stringify(entries)};
      const exported = Object.fromEntries(entries.map((entry) => [entry, Object.keys(require(entry)).sort()]));
      const [root, errors, serve] = ['@agent-ready/core', '@agent-ready/core/errors', '@agent-ready/core/serve'].map(require);
      ${CLASS_IDENTITY_CHECK}
      process.stdout.write(JSON.stringify({ exported, identity }));`,
    );
    expect(loaded).toEqual({
      exported: Object.fromEntries(entries.map((entry) => [entry, valueNames(entry)])),
      identity: { sameClass: true, caughtAcrossEntries: true },
    });
  });

  it('import gives each entry its public values, and one error class across entries', async () => {
    const loaded = await runInProject(
      project,
      'import-entries.mjs',
      `const entries = ${JSON.stringify(entries)};
      const exported = {};
      for (const entry of entries) exported[entry] = Object.keys(await import(entry)).sort();
      const [root, errors, serve] = await Promise.all(['@agent-ready/core', '@agent-ready/core/errors', '@agent-ready/core/serve'].map((entry) => import(entry)));
      ${CLASS_IDENTITY_CHECK}
      process.stdout.write(JSON.stringify({ exported, identity }));`,
    );
    expect(loaded).toEqual({
      exported: Object.fromEntries(entries.map((entry) => [entry, valueNames(entry)])),
      identity: { sameClass: true, caughtAcrossEntries: true },
    });
  });

  it('TypeScript resolves each entry under import and require to its public names', () => {
    const importer = join(project, 'consumer.mts');
    const requirer = join(project, 'consumer.cts');
    writeFileSync(
      importer,
      entries.map((entry, i) => `import * as entry${i} from '${entry}';`).join('\n'),
    );
    writeFileSync(
      requirer,
      entries.map((entry, i) => `import entry${i} = require('${entry}');`).join('\n'),
    );
    const program = ts.createProgram([importer, requirer], {
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    });
    const checker = program.getTypeChecker();
    const declared = (consumer: string) =>
      Object.fromEntries(
        program
          .getSourceFile(consumer)!
          .statements.filter(
            (statement): statement is ts.ImportDeclaration | ts.ImportEqualsDeclaration =>
              ts.isImportDeclaration(statement) || ts.isImportEqualsDeclaration(statement),
          )
          .map((statement, i) => {
            const specifier = ts.isImportDeclaration(statement)
              ? statement.moduleSpecifier
              : (statement.moduleReference as ts.ExternalModuleReference).expression;
            const module = checker.getSymbolAtLocation(specifier);
            const names = module
              ? checker.getExportsOfModule(module).map((symbol) => {
                  const target =
                    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
                  return target.flags & ts.SymbolFlags.Value ? symbol.name : `type ${symbol.name}`;
                })
              : ['(not resolved)'];
            return [entries[i]!, names.sort()];
          }),
      );
    const problems = [importer, requirer].flatMap((consumer) =>
      program
        .getSemanticDiagnostics(program.getSourceFile(consumer))
        .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
    );
    expect(problems).toEqual([]);
    const expected = Object.fromEntries(entries.map((entry) => [entry, expectedNames(entry)]));
    expect(declared(importer)).toEqual(expected);
    expect(declared(requirer)).toEqual(expected);
  });
});
