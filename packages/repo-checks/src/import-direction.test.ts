import { join } from 'node:path';
import madge from 'madge';
import { productSourceRoots, REPO_ROOT, type SourceRoot } from './product-sources';

// No import cycles in product code, type-only imports included: a cycle makes module order
// matter (a value read before its module ran is undefined) and ties modules that should be
// layered (docs/ARCHITECTURE.md). madge walks each package's imports as its tsconfig resolves
// them; tests are left out (a test may import anything).
//
// Folders of a package import one another one way: a folder below another never imports it
// (issue 47). Two folders that import each other (through any of their files) cannot be read,
// tested or moved apart; nobody can tell which is below. `(root)` is the files directly under
// the source folder: the facade, and ground files that belong in a folder of their own.
//
// Issue 47 paid off the pairs there were (a ratchet listed them while it did); package-layers.ts
// now places each package's folders in layers, which says more. This check stays for the
// packages without declared layers.

const folderOf = (file: string) => (file.includes('/') ? file.split('/')[0]! : '(root)');

/** Each source root's import graph, built once for both checks. */
const graphs = new Map<string, ReturnType<typeof madge>>();
function importGraph(root: SourceRoot): ReturnType<typeof madge> {
  let graph = graphs.get(root.dir);
  if (!graph) {
    graph = madge(join(REPO_ROOT, root.dir), {
      fileExtensions: ['ts', 'tsx'],
      tsConfig: root.tsconfig,
      excludeRegExp: [/\.test\.tsx?$/, /\.d\.ts$/],
    });
    graphs.set(root.dir, graph);
  }
  return graph;
}

/** The pairs of folders under `root` that import each other, as `a <-> b` (a before b). */
async function mutualFolders(root: SourceRoot): Promise<string[]> {
  const graph = await importGraph(root);
  const imports = new Map<string, Set<string>>();
  for (const [file, dependencies] of Object.entries(graph.obj())) {
    const from = folderOf(file);
    for (const dependency of dependencies) {
      const to = folderOf(dependency);
      if (from === to) continue;
      if (!imports.has(from)) imports.set(from, new Set());
      imports.get(from)!.add(to);
    }
  }
  const pairs: string[] = [];
  for (const [from, targets] of imports)
    for (const to of targets)
      if (from < to && imports.get(to)?.has(from)) pairs.push(`${from} <-> ${to}`);
  return pairs.sort();
}

const roots = productSourceRoots();

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
    async (_dir, root) => {
      expect((await importGraph(root)).circular()).toEqual([]);
    },
    120_000,
  );
});

describe('folders import one another one way', () => {
  it.each(roots.map((root) => [root.dir, root] as const))(
    '%s: no two folders import each other',
    async (_dir, root) => {
      expect(await mutualFolders(root)).toEqual([]);
    },
    120_000,
  );
});
