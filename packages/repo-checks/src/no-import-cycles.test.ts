import { join } from 'node:path';
import madge from 'madge';
import { productSourceRoots, REPO_ROOT } from './product-sources';

// No import cycles in product code, type-only imports included: a cycle makes module order
// matter (a value read before its module ran is undefined) and ties modules that should be
// layered (docs/ARCHITECTURE.md). madge walks each package's imports as its tsconfig resolves
// them; tests are left out (a test may import anything).

describe('import cycles in product code', () => {
  const roots = productSourceRoots();

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
      const graph = await madge(join(REPO_ROOT, root.dir), {
        fileExtensions: ['ts', 'tsx'],
        tsConfig: root.tsconfig,
        excludeRegExp: [/\.test\.tsx?$/, /\.d\.ts$/],
      });
      expect(graph.circular()).toEqual([]);
    },
    120_000,
  );
});
