import { defineConfig } from 'tsup';

// The site's server, one ESM file; workspace packages and express stay external.
export default defineConfig({
  entry: { server: 'site/src/server.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  tsconfig: 'site/tsconfig.json',
});
