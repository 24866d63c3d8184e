import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.preset';

export default defineConfig([
  packageBuild(),
  // The command: ESM only, built beside the library (so neither cleans the other's output).
  packageBuild({
    entry: ['src/bin.ts'],
    format: ['esm'],
    dts: false,
    clean: false,
    banner: { js: '#!/usr/bin/env node' },
  }),
]);
