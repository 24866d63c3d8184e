import { defineConfig } from 'tsup';

/**
 * The published type declarations of the plugin's two entries, one self-contained file per
 * module system: `index.d.ts` (CommonJS, this package's type) and `index.d.mts` (ESM), so each
 * condition of `exports` names types of its own kind (arethetypeswrong: no "masquerading as
 * CJS"), and `typesVersions` points Strapi's `moduleResolution: "Node"` apps at the same files.
 * `strapi-plugin build` writes the JavaScript; this runs after it.
 */
export default defineConfig([
  {
    entry: { index: 'server/src/index.ts' },
    outDir: 'dist/server',
    tsconfig: 'server/tsconfig.build.json',
    format: ['cjs', 'esm'],
    dts: { only: true },
    clean: false,
  },
  {
    entry: { index: 'admin/src/index.ts' },
    outDir: 'dist/admin',
    tsconfig: 'admin/tsconfig.build.json',
    format: ['cjs', 'esm'],
    dts: { only: true },
    clean: false,
  },
]);
