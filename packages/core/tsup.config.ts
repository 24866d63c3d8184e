import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.preset';

// One entry per directory of `src/` (its `index.ts` is that area's public surface), named as
// in `package.json` `exports`, which is the one list: `@agent-ready/core/<area>` is built from
// `src/<area>/index.ts`, the root `.` from `src/index.ts`. A light entry lets a batch tool load
// one protocol without the rest (the CLI's `normalize text` loads `text` only).
const exportsMap = JSON.parse(readFileSync('package.json', 'utf8')).exports as Record<
  string,
  unknown
>;
const areas = Object.keys(exportsMap)
  .filter((key) => key !== '.' && key !== './package.json')
  .map((key) => key.slice(2));

export default defineConfig(
  packageBuild({
    entry: {
      index: 'src/index.ts',
      ...Object.fromEntries(areas.map((area) => [area, `src/${area}/index.ts`])),
    },
    // Shared chunks under `require` too, as under `import`: an entry is then a small file over
    // modules every entry shares, so a class taken from `@agent-ready/core/errors` is the one
    // `@agent-ready/core/serve` throws (`instanceof` holds across entries), and the entries
    // together are no bigger than the root alone.
    splitting: true,
    // import.meta.url in the CommonJS build (createRequire for the optional native zstd).
    shims: true,
  }),
);
