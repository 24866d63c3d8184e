import type { Options } from 'tsup';

/**
 * The build every published package shares: ESM and CommonJS (Strapi loads plugins through
 * `require`), with type declarations and source maps, for Node 20. A package's
 * `tsup.config.ts` passes its entries and whatever it does differently. The maps name the
 * TypeScript file and line (`node --enable-source-maps` stack traces) without embedding the
 * sources: the tarballs ship no `src/`, and the sources were half of core's unpacked size.
 */
export function packageBuild(options: Options = {}): Options {
  return {
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'node20',
    esbuildOptions(esbuild) {
      esbuild.sourcesContent = false;
    },
    ...options,
  };
}
