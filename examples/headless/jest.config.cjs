module.exports = {
  ...require('../../jest.preset.cjs'),
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testTimeout: 120_000,
};
