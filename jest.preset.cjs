// Shared jest settings: TypeScript through SWC (no type-check at test time; `lint` runs tsc),
// tests colocated beside the module they test (`*.test.ts`) plus integration suites in `test/`.
/** @type {import('jest').Config} */
module.exports = {
  // Node's environment, plus a temp folder and a database schema per test file, removed when the
  // file ends (test-support/test-environment).
  testEnvironment: '<rootDir>/node_modules/@agent-ready/test-support/src/test-environment.ts',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: { target: 'es2022', parser: { syntax: 'typescript', tsx: true } },
        module: { type: 'commonjs' },
      },
    ],
  },
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'cjs', 'mjs', 'json'],
  // Fixed fast-check seeds in `npm test`, random ones in `pnpm fuzz` (test-support/property-runs).
  setupFilesAfterEnv: ['<rootDir>/node_modules/@agent-ready/test-support/src/fast-check-setup.ts'],
  testTimeout: 30_000,
};
