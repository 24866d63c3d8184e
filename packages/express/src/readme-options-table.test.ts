import { join } from 'node:path';
import { optionsOf, undocumentedOptions } from '@agent-ready/core/options';
import { checkGeneratedReadme } from '@agent-ready/test-support';
import { agentReadyOptionsSchema } from './agent-ready-options';
import { README_OPTION_ROWS, renderReadmeOptions } from './readme-options-table';

describe('the README options table', () => {
  it('has a row for every option, each documented in the schema', () => {
    expect([...README_OPTION_ROWS].sort()).toEqual(
      Object.keys(optionsOf(agentReadyOptionsSchema)).sort(),
    );
    expect(undocumentedOptions(agentReadyOptionsSchema)).toEqual([]);
  });

  it('is the one the schema renders', () => {
    checkGeneratedReadme(
      join(__dirname, '..', 'README.md'),
      renderReadmeOptions,
      'npm --prefix packages/express run docs:options',
    );
  });
});
