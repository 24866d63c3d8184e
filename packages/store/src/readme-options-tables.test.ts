import { join } from 'node:path';
import { undocumentedOptions } from '@agent-ready/core/options';
import { checkGeneratedReadme } from '@agent-ready/test-support';
import { README_OPTION_TABLES, renderReadmeOptions } from './readme-options-tables';

describe('the README options tables', () => {
  it('document every option in the schemas', () => {
    for (const { schema } of README_OPTION_TABLES) expect(undocumentedOptions(schema)).toEqual([]);
  });

  it('are the ones the schemas render', () => {
    checkGeneratedReadme(
      join(__dirname, '..', 'README.md'),
      renderReadmeOptions,
      'npm --prefix packages/store run docs:options',
    );
  });
});
