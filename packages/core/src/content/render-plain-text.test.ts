import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { ValidationError } from '../errors';
import type { ContentTree } from './content-tree';
import { contentTreeArbitrary } from '../../test/support/content-arbitraries';
import { addsAngleBrackets, thrown } from '../../test/support/content-helpers';
import { renderDocumentText, renderPlainText } from './render-plain-text';

const tree: ContentTree = {
  children: [
    { type: 'heading', level: 2, children: [{ type: 'text', value: 'Title' }] },
    {
      type: 'paragraph',
      children: [
        { type: 'text', value: '  Some ' },
        { type: 'strong', children: [{ type: 'text', value: 'bold' }] },
        { type: 'text', value: ' and a ' },
        { type: 'link', url: 'https://example.com', children: [{ type: 'text', value: 'link' }] },
        { type: 'text', value: ' with ' },
        { type: 'inlineCode', value: '<b>' },
        { type: 'break' },
        { type: 'text', value: 'second line ' },
      ],
    },
    { type: 'thematicBreak' },
    {
      type: 'list',
      ordered: false,
      items: [
        [
          { type: 'paragraph', children: [{ type: 'text', value: 'one' }] },
          {
            type: 'list',
            ordered: true,
            start: 9,
            items: [
              [{ type: 'paragraph', children: [{ type: 'text', value: 'nine' }] }],
              [{ type: 'paragraph', children: [{ type: 'text', value: 'ten' }] }],
            ],
          },
        ],
        [{ type: 'paragraph', children: [{ type: 'text', value: 'two' }] }],
      ],
    },
    { type: 'code', value: '\n\n  indented()\n    more()', language: 'js' },
    {
      type: 'quote',
      children: [{ type: 'paragraph', children: [{ type: 'text', value: 'Quoted.' }] }],
      citation: 'Someone',
    },
    {
      type: 'table',
      header: [[{ type: 'text', value: 'A' }], [{ type: 'text', value: 'B' }], []],
      rows: [
        [
          [{ type: 'text', value: '1' }],
          [{ type: 'text', value: 'x' }, { type: 'break' }, { type: 'text', value: 'y' }],
          [],
        ],
      ],
    },
    { type: 'image', url: '/a.png', alt: 'An apple' },
    { type: 'image', url: '/b.png', alt: '', title: 'Caption' },
    { type: 'video', url: '/v.mp4', title: 'Demo' },
    { type: 'audio', url: '/a.mp3' },
  ],
};

describe('renderPlainText', () => {
  it('renders every block type without markup', () => {
    expect(renderPlainText(tree)).toBe(
      [
        'Title',
        '',
        'Some bold and a link with <b>',
        'second line',
        '',
        'one',
        '  9. nine',
        '  10. ten',
        'two',
        '',
        '  indented()',
        '    more()',
        '',
        'Quoted.',
        '\u2014 Someone',
        '',
        'A\tB',
        '1\tx y',
        '',
        '[Image: An apple]',
        '',
        '[Image]',
        'Caption',
        '',
        '[Video: Demo]',
        '',
        '[Audio]',
      ].join('\n'),
    );
  });

  it('renders an empty tree as the empty string', () => {
    expect(renderPlainText({ children: [] })).toBe('');
    expect(renderPlainText({ children: [{ type: 'thematicBreak' }] })).toBe('');
  });

  it('rejects what is not a content tree', () => {
    expect(
      thrown(() => renderPlainText({ children: [{ type: 'marquee' }] } as unknown as ContentTree)),
    ).toBeInstanceOf(ValidationError);
  });

  it('drops an image title of Unicode spaces only (fast-check counterexample, seed-independent)', () => {
    const tree = {
      children: [{ type: 'image', url: '/a/b', alt: 'a', title: '\u3000' }],
    } as ContentTree;
    expect(renderPlainText(tree)).toBe('[Image: a]');
    const padded = {
      children: [
        { type: 'image', url: '/a/b', alt: '\u00a0a\u3000', title: '\u3000Caption\u2003' },
      ],
    } as ContentTree;
    expect(renderPlainText(padded)).toBe('[Image: a]\nCaption');
  });

  it('is deterministic and adds no tags of its own', () => {
    fc.assert(
      fc.property(contentTreeArbitrary, (generated) => {
        const text = renderPlainText(generated);
        expect(renderPlainText(generated)).toBe(text);
        expect(addsAngleBrackets(text, generated)).toBe(false);
        // Blocks are trimmed (code keeps its indentation), so no blank line at either end.
        expect(text).not.toMatch(/^\s*\n|\n\s*$/);
      }),
      propertyRuns(300),
    );
  });
});

describe('renderDocumentText', () => {
  const body: ContentTree = {
    children: [{ type: 'paragraph', children: [{ type: 'text', value: 'Body.' }] }],
  };

  it('is the title, a blank line, then the body', () => {
    expect(renderDocumentText({ title: ' Hello\n  World ', tree: body })).toBe(
      'Hello World\n\nBody.',
    );
  });

  it('is just the title when the body is empty, just the body when the title is', () => {
    expect(renderDocumentText({ title: 'Hello', tree: { children: [] } })).toBe('Hello');
    expect(renderDocumentText({ title: '  ', tree: body })).toBe('Body.');
  });

  it('matches the TCT golden vector content', () => {
    expect(
      renderDocumentText({
        title: 'Hello World',
        tree: { children: [] },
      }),
    ).toBe('Hello World');
  });

  it('rejects a title that is not a string', () => {
    expect(
      thrown(() => renderDocumentText({ title: 3 as unknown as string, tree: body })),
    ).toMatchObject({
      code: 'content.invalid_title',
    });
  });
});
