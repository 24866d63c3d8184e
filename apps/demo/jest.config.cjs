module.exports = {
  ...require('../../jest.preset.cjs'),
  testMatch: ['<rootDir>/site/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  globalSetup: '<rootDir>/node_modules/@agent-ready/test-support/src/global-setup.ts',
  testTimeout: 120_000,
};
