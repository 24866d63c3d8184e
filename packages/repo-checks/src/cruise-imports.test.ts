import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { cruiseImports, type CruisedImports, mutualFolders } from './cruise-imports';
import { PACKAGE_LAYERS, renderLayers } from './package-layers';
import { productSourceRoots, REPO_ROOT, type SourceRoot } from './product-sources';

// The imports of product code, read once per source folder by dependency-cruiser (type-only
// imports included, tests left out: a test may import anything), held to three rules:
//
// No import cycles: a cycle makes module order matter (a value read before its module ran is
// undefined) and ties modules that should be layered (docs/ARCHITECTURE.md).
//
// Folders of a package import one another one way: a folder below another never imports it
// (issue 47). Two folders that import each other (through any of their files) cannot be read,
// tested or moved apart; nobody can tell which is below. `(root)` is the files directly under
// the source folder: the facade, and ground files that belong in a folder of their own. Issue 47
// paid off the pairs there were; package-layers.ts now places each package's folders in layers,
// which says more, and this check stays for the packages without declared layers.
//
// Each package's folders in layers (package-layers.ts): an import that does not go down a layer
// is a violation, named with the rule it breaks. Every folder must be placed in a layer, so a new
// folder is checked the day it exists; ARCHITECTURE prints the same layers.

/** Each source root's imports, cruised once for all three checks. */
const cruised = new Map<string, CruisedImports>();
function importsOf(root: SourceRoot): CruisedImports {
  let imports = cruised.get(root.dir);
  if (!imports) {
    imports = cruiseImports(root.dir, root.tsconfig);
    cruised.set(root.dir, imports);
  }
  return imports;
}

const roots = productSourceRoots();
const layered = roots.filter((root) => root.dir in PACKAGE_LAYERS);

let scratch: string;
beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'cruise-imports-'));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Writes a package made for a test; its source folder as a root. */
function toyPackage(name: string, sources: Record<string, string>): SourceRoot {
  const dir = join(scratch, name);
  const files: Record<string, string> = {
    'package.json': `{"name":"${name}","private":true}`,
    'tsconfig.json': '{"compilerOptions":{"module":"commonjs","strict":true},"include":["src"]}',
    ...Object.fromEntries(Object.entries(sources).map(([path, text]) => [`src/${path}`, text])),
  };
  for (const [path, text] of Object.entries(files)) {
    const file = join(dir, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return { dir: relative(REPO_ROOT, join(dir, 'src')), tsconfig: join(dir, 'tsconfig.json') };
}

describe('import cycles in product code', () => {
  it('finds every published package', () => {
    const dirs = roots.map((root) => root.dir);
    for (const expected of [
      'packages/core/src',
      'packages/store/src',
      'packages/strapi-plugin/server/src',
    ])
      expect(dirs).toContain(expected);
  });

  it.each(roots.map((root) => [root.dir, root] as const))(
    '%s has none',
    (_dir, root) => {
      expect(importsOf(root).cycles).toEqual([]);
    },
    120_000,
  );
});

describe('folders import one another one way', () => {
  it.each(roots.map((root) => [root.dir, root] as const))(
    '%s: no two folders import each other',
    (_dir, root) => {
      expect(mutualFolders(importsOf(root).imports)).toEqual([]);
    },
    120_000,
  );
});

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

  it.each(layered.map((root) => [root.dir, root] as const))(
    '%s: imports go down the layers only (dependency-cruiser)',
    (_dir, root) => {
      expect(importsOf(root).layerViolations).toEqual([]);
    },
    120_000,
  );

  it('ARCHITECTURE prints the same layers', () => {
    const architecture = readFileSync(join(REPO_ROOT, 'docs', 'ARCHITECTURE.md'), 'utf8');
    for (const dir of Object.keys(PACKAGE_LAYERS))
      expect(architecture).toContain(renderLayers(dir));
  });
});

describe('the checks catch what they forbid', () => {
  it('an import cycle and two folders importing each other', () => {
    // `a` and `b` import each other, `b` by a type-only import; `c1` imports `d1` and `d2`
    // imports `c2` (folders in a loop, files not); `x` and `y` in one folder import each other.
    const toy = toyPackage('toy-cycles', {
      'a/a.ts': "import { b } from '../b/b';\nexport const a = b;\n",
      'b/b.ts': "import type {} from '../a/a';\nexport const b = 1;\n",
      'c/c1.ts': "import { d1 } from '../d/d1';\nexport const c1 = d1;\n",
      'c/c2.ts': 'export const c2 = 1;\n',
      'd/d1.ts': 'export const d1 = 1;\n',
      'd/d2.ts': "import { c2 } from '../c/c2';\nexport const d2 = c2;\n",
      'e/x.ts': "import { y } from './y';\nexport const x = () => y;\n",
      'e/y.ts': "import { x } from './x';\nexport const y = () => x;\n",
    });
    const { cycles, imports } = cruiseImports(toy.dir, toy.tsconfig);
    // One import of each cycle is named, the cycle after it.
    expect(cycles.sort()).toEqual([
      'src/a/a.ts → src/b/b.ts (no-circular: src/a/a.ts → src/b/b.ts → src/a/a.ts)',
      'src/e/x.ts → src/e/y.ts (no-circular: src/e/x.ts → src/e/y.ts → src/e/x.ts)',
    ]);
    expect(mutualFolders(imports)).toEqual(['a <-> b', 'c <-> d']);
  }, 60_000);

  it('an import that goes up or sideways', () => {
    // The layer rules, on a package made for it: `low` imports `high`, `side` imports `side2`
    // beside it, `high` imports the facade.
    const toy = toyPackage('toy-layers', {
      'index.ts': "export * from './high/high';\n",
      'low/low.ts': "import { high } from '../high/high';\nexport const low = high;\n",
      'side/side.ts': "import { side2 } from '../side2/side2';\nexport const side = side2;\n",
      'side2/side2.ts': 'export const side2 = 1;\n',
      'high/high.ts': "import type {} from '../index';\nexport const high = 1;\n",
    });
    (PACKAGE_LAYERS as Record<string, string[][]>)[toy.dir] = [
      ['low'],
      ['side', 'side2'],
      ['high'],
    ];
    try {
      const { cycles, layerViolations } = cruiseImports(toy.dir, toy.tsconfig);
      expect(layerViolations.sort()).toEqual([
        'src/high/high.ts → src/index.ts (high-imports-down)',
        'src/low/low.ts → src/high/high.ts (low-imports-down)',
        'src/side/side.ts → src/side2/side2.ts (side-imports-down)',
      ]);
      // `high` and the facade import each other: a cycle, told apart from the layer rules.
      expect(cycles).toEqual([
        'src/high/high.ts → src/index.ts (no-circular: src/high/high.ts → src/index.ts → src/high/high.ts)',
      ]);
    } finally {
      delete (PACKAGE_LAYERS as Record<string, string[][]>)[toy.dir];
    }
  }, 60_000);
});
