// Unit tests sit beside the server modules; integration suites in tests/ boot the fixture Strapi
// app with the built plugin (turbo runs `build` before `test`), one boot per file, two files at a
// time (`--maxWorkers=2`): each has its own database and ports, and only the browser test writes
// into the app's folder (its admin build).
module.exports = {
  ...require('../../jest.preset.cjs'),
  testMatch: ['<rootDir>/server/src/**/*.test.ts', '<rootDir>/tests/**/*.test.ts'],
  globalSetup: '<rootDir>/node_modules/@agent-ready/test-support/src/global-setup.ts',
  testTimeout: 120_000,
};
