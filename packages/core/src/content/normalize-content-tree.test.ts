import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { ValidationError } from '../errors';
import type { ContentTree, InlineNode } from './content-tree';
import { contentTreeArbitrary } from '../../test/support/content-arbitraries';
import { normalizeContentTree } from './normalize-content-tree';

const paragraph = (...children: InlineNode[]): ContentTree => ({
  children: [{ type: 'paragraph', children }],
});
const text = (value: string): InlineNode => ({ type: 'text', value });

function inlinesOf(tree: ContentTree): unknown {
  const [first] = normalizeContentTree(tree).children;
  return first?.type === 'paragraph' ? first.children : first;
}

describe('normalizeContentTree', () => {
  it('collapses whitespace like a browser and trims block edges and breaks', () => {
    expect(
      inlinesOf(
        paragraph(text('  a \t\n b '), { type: 'break' }, text('  c  '), { type: 'break' }),
      ),
    ).toEqual([text('a b'), { type: 'break' }, text('c')]);
  });

  it('keeps non-ASCII whitespace such as NBSP and turns U+2028/U+2029 into spaces', () => {
    expect(inlinesOf(paragraph(text('\u00A0a\u2028b\u00A0')))).toEqual([text('\u00A0a b\u00A0')]);
  });

  it('removes control characters', () => {
    expect(inlinesOf(paragraph(text('a\u0000b\u0007c\u007F')))).toEqual([text('abc')]);
  });

  it('moves edge spaces and breaks out of formatting and merges what then touches', () => {
    expect(
      inlinesOf(
        paragraph(
          text('a'),
          { type: 'strong', children: [text(' b '), { type: 'break' }] },
          { type: 'strong', children: [text('c')] },
          { type: 'emphasis', children: [{ type: 'strong', children: [text(' d')] }] },
        ),
      ),
    ).toEqual([
      text('a '),
      { type: 'strong', children: [text('b')] },
      { type: 'break' },
      { type: 'strong', children: [text('c')] },
      text(' '),
      { type: 'emphasis', children: [{ type: 'strong', children: [text('d')] }] },
    ]);
  });

  it('merges adjacent equal wrappers, links with the same target and code spans', () => {
    expect(
      inlinesOf(
        paragraph(
          { type: 'strong', children: [text('a')] },
          { type: 'strong', children: [text('b')] },
          { type: 'link', url: '/x', children: [text('c')] },
          { type: 'link', url: '/x', children: [text('d')] },
          { type: 'link', url: '/y', children: [text('e')] },
          { type: 'inlineCode', value: 'f' },
          { type: 'inlineCode', value: 'g' },
        ),
      ),
    ).toEqual([
      { type: 'strong', children: [text('ab')] },
      { type: 'link', url: '/x', children: [text('cd')] },
      { type: 'link', url: '/y', children: [text('e')] },
      { type: 'inlineCode', value: 'fg' },
    ]);
  });

  it('unwraps formatting inside the same formatting and links inside links', () => {
    expect(
      inlinesOf(
        paragraph({
          type: 'link',
          url: '/out',
          children: [
            { type: 'strong', children: [{ type: 'strong', children: [text('a')] }] },
            { type: 'link', url: '/in', children: [text('b')] },
          ],
        }),
      ),
    ).toEqual([
      {
        type: 'link',
        url: '/out',
        children: [{ type: 'strong', children: [text('a')] }, text('b')],
      },
    ]);
  });

  it('keeps only one break in a row and none at the edges', () => {
    expect(
      inlinesOf(
        paragraph(
          { type: 'break' },
          text('a'),
          { type: 'break' },
          text(' '),
          { type: 'break' },
          text('b'),
          {
            type: 'break',
          },
        ),
      ),
    ).toEqual([text('a'), { type: 'break' }, text('b')]);
  });

  it('drops unsafe and empty link targets but keeps the words; drops such media', () => {
    const tree: ContentTree = {
      children: [
        {
          type: 'paragraph',
          children: [
            { type: 'link', url: 'javascript:alert(1)', children: [text('a')] },
            { type: 'link', url: ' \n', children: [text('b')] },
            { type: 'link', url: 'jav\tascript:x', children: [text('c')] },
          ],
        },
        { type: 'image', url: 'data:image/png;base64,AAAA', alt: 'x' },
        { type: 'video', url: 'VBScript:x' },
        { type: 'audio', url: '' },
      ],
    };
    expect(normalizeContentTree(tree)).toEqual(paragraph(text('abc')));
  });

  it('drops empty blocks and clamps numbers', () => {
    const tree = {
      children: [
        { type: 'paragraph', children: [text('  ')] },
        { type: 'heading', level: 9, children: [text('h')] },
        { type: 'heading', level: 0.2, children: [text('h')] },
        {
          type: 'list',
          ordered: true,
          start: -4,
          items: [[], [{ type: 'paragraph', children: [text('i')] }]],
        },
        {
          type: 'list',
          ordered: false,
          start: 7,
          items: [[{ type: 'paragraph', children: [text('j')] }]],
        },
        {
          type: 'list',
          ordered: true,
          start: 1,
          items: [[{ type: 'paragraph', children: [text('k')] }]],
        },
        { type: 'list', ordered: false, items: [[]] },
        { type: 'quote', children: [], citation: 'nobody' },
        { type: 'code', value: '\n \n' },
      ],
    } as unknown as ContentTree;
    expect(normalizeContentTree(tree).children).toEqual([
      { type: 'heading', level: 6, children: [text('h')] },
      { type: 'heading', level: 1, children: [text('h')] },
      {
        type: 'list',
        ordered: true,
        start: 0,
        items: [[{ type: 'paragraph', children: [text('i')] }]],
      },
      { type: 'list', ordered: false, items: [[{ type: 'paragraph', children: [text('j')] }]] },
      { type: 'list', ordered: true, items: [[{ type: 'paragraph', children: [text('k')] }]] },
    ]);
  });

  it('normalizes code: LF line endings, no trailing blank lines, one-word language', () => {
    expect(
      normalizeContentTree({
        children: [{ type: 'code', value: '\r\n  a\r\n\tb\r\r\n  \n', language: ' js title="x" ' }],
      }).children,
    ).toEqual([{ type: 'code', value: '\n  a\n\tb', language: 'js' }]);
  });

  it('pads table rows, removes empty rows and an empty header', () => {
    expect(
      normalizeContentTree({
        children: [
          {
            type: 'table',
            header: [[text(' ')], []],
            rows: [[[text('a')]], [[], []], [[text('b')], [text('c')], [text('d')]]],
          },
        ],
      }).children,
    ).toEqual([
      {
        type: 'table',
        rows: [
          [[text('a')], [], []],
          [[text('b')], [text('c')], [text('d')]],
        ],
      },
    ]);
  });

  it.each([
    ['a tree that is not an object', null, 'tree'],
    ['children that are not an array', { children: 'x' }, 'children'],
    ['an unknown block type', { children: [{ type: 'banner' }] }, 'children[0].type'],
    [
      'an inline node with a wrong value',
      { children: [{ type: 'paragraph', children: [{ type: 'text', value: 3 }] }] },
      'children[0].children[0].value',
    ],
    ['a list without ordered', { children: [{ type: 'list', items: [] }] }, 'children[0].ordered'],
    [
      'a heading level that is not a number',
      { children: [{ type: 'heading', level: 'x', children: [] }] },
      'children[0].level',
    ],
  ])('rejects %s with a ValidationError naming the path', (_name, tree, field) => {
    try {
      normalizeContentTree(tree as unknown as ContentTree);
      throw new Error('expected a ValidationError');
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).field).toBe(field);
    }
  });

  it('rejects absurd nesting instead of overflowing the stack', () => {
    let inline: InlineNode = text('x');
    for (let i = 0; i < 10_000; i += 1)
      inline = { type: i % 2 ? 'strong' : 'emphasis', children: [inline] };
    expect(() => normalizeContentTree(paragraph(inline))).toThrow(/nested deeper than 256/);
  });

  it('is idempotent and deterministic', () => {
    fc.assert(
      fc.property(contentTreeArbitrary, (tree) => {
        const once = normalizeContentTree(tree);
        expect(normalizeContentTree(once)).toEqual(once);
        expect(normalizeContentTree(tree)).toEqual(once);
      }),
      propertyRuns(300),
    );
  });
});
