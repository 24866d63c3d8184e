import { ValidationError } from '../errors';
import { thrown } from '../../test/support/content-helpers';
import { parseContent } from './parse-content';
import { parsePlainText } from './parse-plain-text';

describe('parseContent', () => {
  it('dispatches on the format', () => {
    const expected = {
      children: [{ type: 'paragraph', children: [{ type: 'text', value: 'Hi' }] }],
    };
    expect(parseContent({ format: 'markdown', value: 'Hi' })).toEqual(expected);
    expect(parseContent({ format: 'html', value: '<p>Hi</p>' })).toEqual(expected);
    expect(parseContent({ format: 'text', value: 'Hi' })).toEqual(expected);
    expect(
      parseContent({
        format: 'strapi-blocks',
        value: [{ type: 'paragraph', children: [{ type: 'text', text: 'Hi' }] }],
      }),
    ).toEqual(expected);
  });

  it('passes the options on', () => {
    const tree = parseContent(
      { format: 'markdown', value: '[a](/b)' },
      { resolveUrl: (reference) => `https://example.com${reference}` },
    );
    expect(tree.children[0]).toEqual({
      type: 'paragraph',
      children: [
        { type: 'link', url: 'https://example.com/b', children: [{ type: 'text', value: 'a' }] },
      ],
    });
  });

  it('rejects an unknown format and a value of the wrong type', () => {
    const unknown = thrown(() => parseContent({ format: 'rtf' as 'text', value: '' }));
    expect(unknown).toBeInstanceOf(ValidationError);
    expect(unknown).toMatchObject({ code: 'content.unsupported_format', field: 'format' });
    expect(
      thrown(() => parseContent(null as unknown as { format: 'text'; value: '' })),
    ).toBeInstanceOf(ValidationError);
    expect(thrown(() => parseContent({ format: 'html', value: ['<p>'] }))).toMatchObject({
      code: 'content.not_text',
    });
    expect(thrown(() => parseContent({ format: 'strapi-blocks', value: '[]' }))).toMatchObject({
      code: 'content.not_blocks',
    });
  });
});

describe('parsePlainText', () => {
  it('splits paragraphs on blank lines and keeps single line breaks, without reading markup', () => {
    expect(
      parsePlainText('  # Not a heading \r\n*second* line\n \t\n\n<b>third</b>\n\n\n').children,
    ).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', value: '# Not a heading' },
          { type: 'break' },
          { type: 'text', value: '*second* line' },
        ],
      },
      { type: 'paragraph', children: [{ type: 'text', value: '<b>third</b>' }] },
    ]);
  });
});
