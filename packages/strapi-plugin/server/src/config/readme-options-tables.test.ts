import { join } from 'node:path';
import { optionsOf, undocumentedOptions } from '@agent-ready/core/options';
import { checkGeneratedReadme } from '@agent-ready/test-support';
import { contentTypeMappingSchema, pluginConfigSchema } from './plugin-config';
import {
  README_MAPPING_ROWS,
  README_SETTING_ROWS,
  renderReadmeOptions,
} from './readme-options-tables';

describe('the README settings and mapping tables', () => {
  it('cover every option, each documented in the schema', () => {
    const covered = (key: string) =>
      README_SETTING_ROWS.some((row) => row === key || row.startsWith(`${key}.`));
    // `protect` is refused by the plugin (public content only): there is nothing to set.
    expect(Object.keys(optionsOf(pluginConfigSchema)).filter((key) => !covered(key))).toEqual([
      'protect',
    ]);
    expect(undocumentedOptions(pluginConfigSchema)).toEqual([]);
    expect([...README_MAPPING_ROWS].sort()).toEqual(
      Object.keys(optionsOf(contentTypeMappingSchema)).sort(),
    );
  });

  it('are the ones the schemas render', () => {
    checkGeneratedReadme(
      join(__dirname, '..', '..', '..', 'README.md'),
      renderReadmeOptions,
      'npm --prefix packages/strapi-plugin run docs:options',
    );
  });
});
