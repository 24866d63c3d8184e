import { defineConfig } from 'tsup';

/**
 * The published type declarations of the plugin's two entries, one self-contained file per
 * module system: `index.d.ts` (CommonJS, this package's type) and `index.d.mts` (ESM), so each
 * condition of `exports` names types of its own kind (arethetypeswrong: no "masquerading as
 * CJS"), and `typesVersions` points Strapi's `moduleResolution: "Node"` apps at the same files.
 * `strapi-plugin build` writes the JavaScript; this runs after it.
 */
const typesOf = (side: 'server' | 'admin') => ({
  entry: { index: `${side}/src/index.ts` },
  outDir: `dist/${side}`,
  tsconfig: `${side}/tsconfig.build.json`,
  format: ['cjs' as const, 'esm' as const],
  dts: { only: true },
  clean: false,
});

export default defineConfig([typesOf('server'), typesOf('admin')]);
