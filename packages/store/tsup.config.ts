import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.preset';

// Two entries, named as in `package.json` `exports`: the public surface (`.`) and what only
// agent-ready's own packages use (`./internal`). Shared chunks under `require` too, as under
// `import`, so both entries load one copy of each module (a class from one is the other's).
export default defineConfig(
  packageBuild({
    entry: { index: 'src/index.ts', internal: 'src/internal.ts' },
    splitting: true,
  }),
);
