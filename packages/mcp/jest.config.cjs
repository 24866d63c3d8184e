module.exports = {
  ...require('../../jest.preset.cjs'),
  globalSetup: '<rootDir>/node_modules/@agent-ready/test-support/src/global-setup.ts',
  testTimeout: 120_000,
};
