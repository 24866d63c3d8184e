import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.preset';

export default defineConfig(
  packageBuild({
    // `text`, `json` and `uri` are also entries of their own: batch tools that only normalize
    // text, canonicalize JSON or normalize URIs start without loading every protocol (the CLI's
    // batch commands start in a fraction of the time the whole barrel takes to load).
    entry: {
      index: 'src/index.ts',
      text: 'src/text/index.ts',
      json: 'src/json/index.ts',
      uri: 'src/uri/normalize-compare-resolve.ts',
    },
    // import.meta.url in the CommonJS build (createRequire for the optional native zstd).
    shims: true,
  }),
);
