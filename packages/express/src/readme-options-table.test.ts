import { join } from 'node:path';
import { undocumentedOptions } from '@agent-ready/core/options';
import { checkGeneratedReadme } from '@agent-ready/test-support';
import { agentReadyOptionsSchema } from './agent-ready-options';
import { renderReadmeOptions } from './readme-options-table';

describe('the README options table', () => {
  it('documents every option in the schema', () => {
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
