const preset = require('../../jest.preset.cjs');

// The preset, plus the repository's plain-JavaScript modules (scripts/pnpm.mjs) through SWC too.
module.exports = {
  ...preset,
  transform: { ...preset.transform, '^.+\\.mjs$': preset.transform['^.+\\.(t|j)sx?$'] },
};
