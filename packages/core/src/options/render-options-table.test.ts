import { z } from 'zod';
import { booleanOption, documented, optionsObject } from './option-schemas';
import {
  renderOptionsTable,
  replaceGeneratedTable,
  undocumentedOptions,
} from './render-options-table';

const schema = optionsObject({
  site: documented(
    optionsObject({
      origin: documented(z.string(), { description: 'Public origin.' }),
      language: documented(z.string().optional(), { description: 'Language.', default: 'none' }),
    }),
    { description: 'The site: `{ origin }`.' },
  ),
  mode: documented(z.enum(['a', 'b']).optional(), {
    description: "`'a' | 'b'`: the mode.",
    default: "`'a'`",
  }),
  scp: documented(
    z.union([z.literal(false), optionsObject({ on: booleanOption().optional() })]).optional(),
    { description: 'SCP.', default: 'on' },
  ),
});

describe('renderOptionsTable', () => {
  it('renders one row per option from its documentation, pipes escaped', () => {
    expect(
      renderOptionsTable(schema, {
        headings: ['option', 'default', 'what'],
        rows: ['site', 'mode'],
        required: 'default-column',
      }),
    ).toBe(
      [
        '| option | default | what |',
        '| --- | --- | --- |',
        '| `site` | required | The site: `{ origin }`. |',
        "| `mode` | `'a'` | `'a' \\| 'b'`: the mode. |",
      ].join('\n'),
    );
  });

  it('renders nested options, a required one marked after its name', () => {
    expect(
      renderOptionsTable(schema, {
        headings: ['Key', 'Default', 'Meaning'],
        rows: ['site.origin', 'site.language'],
        required: 'after-key',
      }).split('\n'),
    ).toEqual([
      '| Key | Default | Meaning |',
      '| --- | --- | --- |',
      '| `site.origin` (required) |  | Public origin. |',
      '| `site.language` | none | Language. |',
    ]);
  });

  it('refuses a row that names no option or one without documentation', () => {
    const table = (rows: string[]) =>
      renderOptionsTable(schema, { headings: ['a', 'b', 'c'], rows, required: 'after-key' });
    expect(() => table(['site.name'])).toThrow('no option site.name');
    expect(() => table(['scp.on'])).toThrow('option scp.on has no documentation');
    expect(undocumentedOptions(schema)).toEqual(['scp.on']);
  });
});

describe('replaceGeneratedTable', () => {
  it('replaces what is between the markers, and only that', () => {
    const markdown =
      'Intro\n\n<!-- options-table: x -->\n\nold\n\n<!-- /options-table -->\n\nEnd\n';
    expect(replaceGeneratedTable(markdown, 'x', 'new')).toBe(
      'Intro\n\n<!-- options-table: x -->\n\nnew\n\n<!-- /options-table -->\n\nEnd\n',
    );
    expect(() => replaceGeneratedTable(markdown, 'y', 'new')).toThrow('options-table: y');
  });
});
