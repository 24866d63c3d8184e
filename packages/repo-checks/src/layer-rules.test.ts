import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { layerRules, PACKAGE_LAYERS, renderLayers } from './package-layers';
import { productSourceRoots, REPO_ROOT } from './product-sources';

// Each package's folders in layers (package-layers.ts), checked by dependency-cruiser over the
// product code, type-only imports included: an import that does not go down a layer is a
// violation, named with the rule it breaks. Every folder must be placed in a layer, so a new
// folder is checked the day it exists; ARCHITECTURE prints the same layers.

// Its package exports no package.json to resolve: the link pnpm makes beside this package.
const CRUISER = join(
  __dirname,
  '..',
  'node_modules',
  'dependency-cruiser',
  'bin',
  'dependency-cruise.mjs',
);

interface CruiseViolation {
  from: string;
  to: string;
  rule: { name: string };
}

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'layer-rules-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs dependency-cruiser over `dir` with its layer rules; its violations as `from → to (rule)`. */
function cruise(dir: string, tsconfig: string): string[] {
  // Run beside the tsconfig (where its `extends` resolves): paths are relative to it.
  const packageDir = dirname(tsconfig);
  const source = relative(packageDir, join(REPO_ROOT, dir));
  const config = join(scratch, `${dir.replace(/\//g, '_')}.cjs`);
  writeFileSync(
    config,
    `module.exports = ${JSON.stringify({
      forbidden: layerRules(dir, `${source}/`),
      options: {
        tsPreCompilationDeps: true,
        doNotFollow: { path: 'node_modules' },
        exclude: { path: '\\.test\\.tsx?$|\\.d\\.ts$' },
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
  const result = JSON.parse(run.stdout) as {
    summary: { violations: CruiseViolation[]; totalCruised: number };
  };
  expect(result.summary.totalCruised).toBeGreaterThan(0);
  return result.summary.violations.map((v) => `${v.from} → ${v.to} (${v.rule.name})`);
}

const layered = productSourceRoots().filter((root) => root.dir in PACKAGE_LAYERS);

describe('package layers', () => {
  it('declares the layers of core, store, the plugin (server and admin), client and mcp', () => {
    expect(layered.map((root) => root.dir).sort()).toEqual(Object.keys(PACKAGE_LAYERS).sort());
  });

  it.each(layered.map((root) => [root.dir] as const))('%s: every folder is in a layer', (dir) => {
    const folders = readdirSync(join(REPO_ROOT, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('__'))
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual([...PACKAGE_LAYERS[dir]!.flat()].sort());
  });

  it.each(layered.map((root) => [root.dir, root.tsconfig] as const))(
    '%s: imports go down the layers only (dependency-cruiser)',
    (dir, tsconfig) => {
      expect(cruise(dir, tsconfig)).toEqual([]);
    },
    120_000,
  );

  it('ARCHITECTURE prints the same layers', () => {
    const architecture = readFileSync(join(REPO_ROOT, 'docs', 'ARCHITECTURE.md'), 'utf8');
    for (const dir of Object.keys(PACKAGE_LAYERS))
      expect(architecture).toContain(renderLayers(dir));
  });

  it('the rules catch an import that goes up or sideways', () => {
    // The rules themselves, on a package made for it: `low` imports `high`, `side` imports
    // `side2` beside it, `high` imports the facade.
    const dir = join(scratch, 'toy');
    const files: Record<string, string> = {
      'package.json': '{"name":"toy","private":true}',
      'tsconfig.json': '{"compilerOptions":{"module":"commonjs","strict":true},"include":["src"]}',
      'src/index.ts': "export * from './high/high';\n",
      'src/low/low.ts': "import { high } from '../high/high';\nexport const low = high;\n",
      'src/side/side.ts': "import { side2 } from '../side2/side2';\nexport const side = side2;\n",
      'src/side2/side2.ts': 'export const side2 = 1;\n',
      'src/high/high.ts': "import type {} from '../index';\nexport const high = 1;\n",
    };
    for (const [path, text] of Object.entries(files)) {
      const file = join(dir, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    const key = relative(REPO_ROOT, join(dir, 'src'));
    (PACKAGE_LAYERS as Record<string, string[][]>)[key] = [['low'], ['side', 'side2'], ['high']];
    try {
      expect(cruise(key, join(dir, 'tsconfig.json')).sort()).toEqual([
        'src/high/high.ts → src/index.ts (high-imports-down)',
        'src/low/low.ts → src/high/high.ts (low-imports-down)',
        'src/side/side.ts → src/side2/side2.ts (side-imports-down)',
      ]);
    } finally {
      delete (PACKAGE_LAYERS as Record<string, string[][]>)[key];
    }
  }, 60_000);
});
