import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { layerRules } from './package-layers';
import { REPO_ROOT } from './product-sources';

/**
 * The imports of one source folder's product code, read by dependency-cruiser once (parsing a
 * package is what these checks cost): its graph, the imports in a cycle and the imports that
 * break the package's layer rules (package-layers.ts). Type-only imports count; tests and
 * declaration files are left out (a test may import anything).
 */
export interface CruisedImports {
  /**
   * Each product file (path from the source folder) and the files it imports, a file of another
   * package imported by path (`../../server/src/…`) included.
   */
  imports: Map<string, string[]>;
  /** One import of each cycle, as `from → to (no-circular: from → to → … → from)`. */
  cycles: string[];
  /** The imports that break a layer rule, as `from → to (rule)`. */
  layerViolations: string[];
}

// Its package exports no package.json to resolve: the link pnpm makes beside this package.
const CRUISER = join(
  __dirname,
  '..',
  'node_modules',
  'dependency-cruiser',
  'bin',
  'dependency-cruise.mjs',
);
const CYCLE_RULE = 'no-circular';

interface CruiseResult {
  modules: {
    source: string;
    coreModule?: boolean;
    couldNotResolve?: boolean;
    dependencies: { resolved: string }[];
  }[];
  summary: {
    violations: {
      from: string;
      to: string;
      rule: { name: string };
      cycle?: { name: string }[];
    }[];
  };
}

/** Runs dependency-cruiser over `dir` (from the repository's root) as `tsconfig` resolves it. */
export function cruiseImports(dir: string, tsconfig: string): CruisedImports {
  // Run beside the tsconfig (where its `extends` resolves): paths are relative to it.
  const packageDir = dirname(tsconfig);
  const source = relative(packageDir, join(REPO_ROOT, dir));
  const scratch = mkdtempSync(join(tmpdir(), 'cruise-imports-'));
  let result: CruiseResult;
  try {
    const config = join(scratch, 'config.cjs');
    writeFileSync(
      config,
      `module.exports = ${JSON.stringify({
        forbidden: [
          { name: CYCLE_RULE, severity: 'error', from: {}, to: { circular: true } },
          ...layerRules(dir, `${source}/`),
        ],
        options: {
          tsPreCompilationDeps: true,
          // Source files only, the folder's and those of a package beside it that it imports by
          // path (the plugin's admin imports types of its server): neither node_modules nor a
          // workspace package's build, which a package name resolves to, is read.
          exclude: { path: '\\.test\\.tsx?$|\\.d\\.ts$|node_modules/|^(\\.\\./)+[^/]+/dist/' },
        },
      })};\n`,
    );
    const run = spawnSync(
      process.execPath,
      [
        CRUISER,
        '--config',
        config,
        '--ts-config',
        relative(packageDir, tsconfig),
        '--output-type',
        'json',
        source,
      ],
      { cwd: packageDir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
    );
    if (run.status !== 0 && !run.stdout.startsWith('{'))
      throw new Error(`dependency-cruiser failed on ${dir}: ${run.stderr}`);
    result = JSON.parse(run.stdout) as CruiseResult;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  if (result.modules.length === 0) throw new Error(`dependency-cruiser found no files in ${dir}`);

  // Paths from the source folder (`../../server/src/…` for a file of another package); Node's
  // own modules and names left unresolved (a package's subpath) are no files here.
  const files = result.modules.filter((module) => !module.coreModule && !module.couldNotResolve);
  const listed = new Set(files.map((module) => module.source));
  const fromSource = (path: string) => relative(join(packageDir, source), join(packageDir, path));
  const imports = new Map(
    files.map((module) => [
      fromSource(module.source),
      module.dependencies
        .filter((dependency) => listed.has(dependency.resolved))
        .map((dependency) => fromSource(dependency.resolved)),
    ]),
  );
  const cycles: string[] = [];
  const layerViolations: string[] = [];
  for (const violation of result.summary.violations) {
    const named = `${violation.from} → ${violation.to} (${violation.rule.name}`;
    if (violation.rule.name === CYCLE_RULE)
      cycles.push(
        `${named}: ${[violation.from, ...violation.cycle!.map((step) => step.name)].join(' → ')})`,
      );
    else layerViolations.push(`${named})`);
  }
  return { imports, cycles, layerViolations };
}

const folderOf = (file: string) => (file.includes('/') ? file.split('/')[0]! : '(root)');

/**
 * The pairs of folders that import each other (through any of their files), as `a <-> b`
 * (a before b). `(root)` is the files directly under the source folder, `..` those of another
 * package.
 */
export function mutualFolders(imports: ReadonlyMap<string, readonly string[]>): string[] {
  const folderImports = new Map<string, Set<string>>();
  for (const [file, dependencies] of imports) {
    const from = folderOf(file);
    for (const dependency of dependencies) {
      const to = folderOf(dependency);
      if (from === to) continue;
      if (!folderImports.has(from)) folderImports.set(from, new Set());
      folderImports.get(from)!.add(to);
    }
  }
  const pairs: string[] = [];
  for (const [from, targets] of folderImports)
    for (const to of targets)
      if (from < to && folderImports.get(to)?.has(from)) pairs.push(`${from} <-> ${to}`);
  return pairs.sort();
}
