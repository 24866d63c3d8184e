import {
  parseContent,
  parseMarkdown,
  parseStrapiBlocks,
  renderMarkdown,
} from '@agent-ready/core/content';
import { bodyFromEntry } from './body-from-entry';
import type { BodySource } from './resolve-content-types';

const blocks = (...texts: string[]) =>
  texts.map((text) => ({ type: 'paragraph', children: [{ type: 'text', text }] }));

const QUOTE: BodySource['componentFields'] = {
  'shared.quote': [
    { name: 'quote', format: 'text' },
    { name: 'more', format: 'blocks' },
  ],
  'shared.rich': [{ name: 'body', format: 'richtext' }],
};

describe('bodyFromEntry', () => {
  it('hands one field over in its own format', () => {
    const value = blocks('One.');
    expect(bodyFromEntry({ c: value }, [{ attribute: 'c', type: 'blocks' }])).toEqual({
      format: 'strapi-blocks',
      value,
    });
    expect(bodyFromEntry({ c: '# Hi' }, [{ attribute: 'c', type: 'richtext' }])).toEqual({
      format: 'markdown',
      value: '# Hi',
    });
    expect(bodyFromEntry({ c: 'plain *text*' }, [{ attribute: 'c', type: 'text' }])).toEqual({
      format: 'text',
      value: 'plain *text*',
    });
  });

  it('has no body for empty values', () => {
    for (const value of [null, undefined, '', '   ', []]) {
      expect(bodyFromEntry({ c: value }, [{ attribute: 'c', type: 'blocks' }])).toBeUndefined();
    }
    expect(
      bodyFromEntry({ dz: [] }, [{ attribute: 'dz', type: 'dynamiczone', componentFields: QUOTE }]),
    ).toBeUndefined();
  });

  it('concatenates a dynamic zone in order, each component’s text fields in schema order', () => {
    const body = bodyFromEntry(
      {
        dz: [
          { __component: 'shared.rich', body: '## Title\n\nRich *text*.' },
          { __component: 'shared.quote', quote: 'Said *plainly*.', more: blocks('And more.') },
          { __component: 'shared.unknown', quote: 'never read' },
          { __component: 'shared.quote', quote: null, more: blocks('Only blocks.') },
        ],
      },
      [{ attribute: 'dz', type: 'dynamiczone', componentFields: QUOTE }],
    )!;
    expect(body.format).toBe('markdown');
    // What the Markdown reads back as: the pieces' trees, concatenated.
    expect(parseMarkdown(body.value as string)).toEqual({
      children: [
        ...parseMarkdown('## Title\n\nRich *text*.').children,
        { type: 'paragraph', children: [{ type: 'text', value: 'Said *plainly*.' }] },
        ...parseStrapiBlocks(blocks('And more.')).children,
        ...parseStrapiBlocks(blocks('Only blocks.')).children,
      ],
    });
  });

  it('concatenates several fields, components (single or repeatable) included', () => {
    const body = bodyFromEntry(
      {
        intro: 'Intro.',
        hero: { quote: 'Hero quote.' },
        quotes: [{ quote: 'First.' }, { quote: 'Second.' }],
      },
      [
        { attribute: 'intro', type: 'richtext' },
        {
          attribute: 'hero',
          type: 'component',
          componentFields: { 'shared.quote': QUOTE['shared.quote']! },
        },
        {
          attribute: 'quotes',
          type: 'component',
          componentFields: { 'shared.quote': QUOTE['shared.quote']! },
        },
      ],
    )!;
    expect(body).toEqual({
      format: 'markdown',
      value: renderMarkdown(parseMarkdown('Intro.\n\nHero quote.\n\nFirst.\n\nSecond.')),
    });
    expect(parseContent(body as never).children).toHaveLength(4);
  });
});
