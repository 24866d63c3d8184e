import { defineConfig } from 'tsup';

export default defineConfig({
  // `text` is also its own entry: batch tools that only normalize text start without loading
  // every protocol (the CLI's `normalize text` starts in a fraction of the time).
  entry: { index: 'src/index.ts', text: 'src/text/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  // import.meta.url in the CommonJS build (createRequire for the optional native zstd).
  shims: true,
});
