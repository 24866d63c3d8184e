import { defineConfig } from 'tsup';
import { packageBuild } from '../../tsup.preset';

// import.meta.url in the CommonJS build (createRequire for the optional better-sqlite3).
export default defineConfig(packageBuild({ shims: true }));
