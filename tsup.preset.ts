import type { Options } from 'tsup';

/**
 * The build every published package shares: ESM and CommonJS (Strapi loads plugins through
 * `require`), with type declarations and source maps, for Node 20. A package's
 * `tsup.config.ts` passes its entries and whatever it does differently.
 */
export function packageBuild(options: Options = {}): Options {
  return {
    entry: ['src/index.ts'],
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'node20',
    ...options,
  };
}
