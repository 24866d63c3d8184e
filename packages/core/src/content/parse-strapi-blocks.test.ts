import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { ValidationError } from '../errors';
import { parseOrTypedError, readFixture, thrown } from '../../test/support/content-helpers';
import { parseMarkdown } from './parse-markdown';
import { parseStrapiBlocks } from './parse-strapi-blocks';
import { renderMarkdown } from './render-markdown';
import { renderPlainText } from './render-plain-text';

const resolveUrl = (reference: string): string =>
  new URL(reference, 'https://coffee.example/blog/').href;

describe('parseStrapiBlocks', () => {
  const article = JSON.parse(readFixture('strapi-article.json')) as unknown;

  it('renders a document with every node type to the expected plain text and Markdown', () => {
    const tree = parseStrapiBlocks(article, { resolveUrl });
    expect(`${renderPlainText(tree)}\n`).toBe(readFixture('strapi-article.expected.txt'));
    expect(renderMarkdown(tree)).toBe(readFixture('strapi-article.expected.md'));
    expect(parseMarkdown(renderMarkdown(tree))).toEqual(tree);
  });

  it('maps modifiers, links, soft breaks, nested lists, code and images', () => {
    const tree = parseStrapiBlocks(article, { resolveUrl });
    expect(tree.children[1]).toEqual({
      type: 'paragraph',
      children: [
        { type: 'text', value: 'Good coffee needs ' },
        { type: 'strong', children: [{ type: 'text', value: 'fresh beans' }] },
        { type: 'text', value: ', ' },
        { type: 'emphasis', children: [{ type: 'text', value: 'clean water' }] },
        { type: 'text', value: ' and ' },
        {
          type: 'strong',
          children: [{ type: 'emphasis', children: [{ type: 'text', value: 'patience' }] }],
        },
        { type: 'text', value: '. Skip the ' },
        { type: 'strikethrough', children: [{ type: 'text', value: 'pre-ground' }] },
        { type: 'text', value: ' bags; set the grinder to ' },
        { type: 'inlineCode', value: 'medium-fine' },
        { type: 'text', value: '. Underlined words stay plain. Read the ' },
        {
          type: 'link',
          url: 'https://coffee.example/guides/grinders',
          children: [
            { type: 'text', value: 'grinder ' },
            { type: 'strong', children: [{ type: 'text', value: 'guide' }] },
          ],
        },
        { type: 'text', value: ' first.' },
      ],
    });
    expect(tree.children[2]).toEqual({
      type: 'paragraph',
      children: [
        { type: 'text', value: 'Line one' },
        { type: 'break' },
        { type: 'text', value: 'Line two after a soft break' },
      ],
    });
    const list = tree.children[4];
    expect(list?.type === 'list' && list.items[1]).toEqual([
      { type: 'paragraph', children: [{ type: 'text', value: 'A scale' }] },
      {
        type: 'list',
        ordered: false,
        items: [
          [{ type: 'paragraph', children: [{ type: 'text', value: '0.1 g resolution' }] }],
          [{ type: 'paragraph', children: [{ type: 'text', value: 'with a timer' }] }],
        ],
      },
    ]);
    expect(
      tree.children.filter((block) => block.type === 'code' || block.type === 'image'),
    ).toEqual([
      {
        type: 'code',
        value: 'ratio = water_g / coffee_g\nprint(f"{ratio:.1f}")',
        language: 'python',
      },
      {
        type: 'image',
        url: 'https://coffee.example/uploads/pour_over_1a2b3c.jpg',
        alt: 'A pour-over cone on a glass carafe',
        title: 'Pour-over, step 3',
      },
      { type: 'image', url: 'https://coffee.example/uploads/no_alt.png', alt: '' },
    ]);
  });

  it('keeps URLs as written without a resolver and drops images the resolver rejects', () => {
    const blocks = [
      {
        type: 'paragraph',
        children: [{ type: 'link', url: '/a', children: [{ type: 'text', text: 'a' }] }],
      },
      { type: 'image', image: { url: '/private/b.png', alternativeText: 'b' } },
    ];
    expect(parseStrapiBlocks(blocks).children).toEqual([
      {
        type: 'paragraph',
        children: [{ type: 'link', url: '/a', children: [{ type: 'text', value: 'a' }] }],
      },
      { type: 'image', url: '/private/b.png', alt: 'b' },
    ]);
    const onlyPublic = (reference: string): string | undefined =>
      reference.startsWith('/private/') ? undefined : `https://example.com${reference}`;
    expect(parseStrapiBlocks(blocks, { resolveUrl: onlyPublic }).children).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'link', url: 'https://example.com/a', children: [{ type: 'text', value: 'a' }] },
        ],
      },
    ]);
  });

  it.each([null, undefined, 'text', 42, { type: 'paragraph' }])(
    'rejects %j (not an array) with a ValidationError naming the field',
    (value) => {
      const error = thrown(() => parseStrapiBlocks(value, { field: 'body' }));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error).toMatchObject({ code: 'content.not_blocks', field: 'body' });
    },
  );

  it('skips malformed nodes and keeps the text of unknown ones', () => {
    expect(
      parseStrapiBlocks([
        { type: 'paragraph', children: 'not an array' },
        { type: 'heading', children: [{ type: 'text', text: 'no level' }] },
        {
          type: 'list',
          format: 'weird',
          children: [null, { type: 'list-item' }, { type: 'text', text: 'loose' }],
        },
        {
          type: 'quote',
          children: [
            { type: 'text', text: 1 },
            { type: 'mention', children: [{ text: '@ann' }] },
          ],
        },
        { type: 'code', children: [{ type: 'text', text: 'x', bold: true }, 'junk'] },
        { type: 'image', image: { alternativeText: 'no url' } },
        { type: 'list-item', children: [{ type: 'text', text: 'orphan item' }] },
        { type: 'embed', text: 'leaf text' },
        [1, 2],
      ]).children,
    ).toEqual([
      { type: 'heading', level: 1, children: [{ type: 'text', value: 'no level' }] },
      {
        type: 'list',
        ordered: false,
        items: [[{ type: 'paragraph', children: [{ type: 'text', value: 'loose' }] }]],
      },
      {
        type: 'quote',
        children: [{ type: 'paragraph', children: [{ type: 'text', value: '@ann' }] }],
      },
      { type: 'code', value: 'x' },
      { type: 'paragraph', children: [{ type: 'text', value: 'orphan item' }] },
      { type: 'paragraph', children: [{ type: 'text', value: 'leaf text' }] },
    ]);
  });

  it('keeps the text of absurdly deep nesting without overflowing the stack', () => {
    let node: unknown = { type: 'text', text: 'deep' };
    for (let i = 0; i < 50_000; i += 1) node = { type: 'link', url: '/x', children: [node] };
    const tree = parseStrapiBlocks([{ type: 'paragraph', children: [node] }]);
    expect(renderPlainText(tree)).toBe('deep');
  });

  it('stops at the node limit when shared subtrees would multiply the work', () => {
    let node: unknown = { type: 'text', text: 'x' };
    for (let i = 0; i < 40; i += 1) node = { type: 'link', url: '/x', children: [node, node] };
    expect(() => parseStrapiBlocks([{ type: 'paragraph', children: [node] }])).toThrow(
      /more than 100000 nodes/,
    );
  });

  it('throws nothing but typed errors on arbitrary JSON, and is deterministic', () => {
    const strapiish = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue(),
        fc.record(
          {
            type: fc.constantFrom(
              'paragraph',
              'heading',
              'list',
              'list-item',
              'quote',
              'code',
              'image',
              'text',
              'link',
              'x',
            ),
            children: fc.array(tie('node'), { maxLength: 4 }),
            text: fc.string(),
            level: fc.oneof(fc.integer(), fc.double(), fc.string()),
            format: fc.constantFrom('ordered', 'unordered', 7),
            url: fc.oneof(fc.webUrl(), fc.string()),
            image: fc.anything(),
            bold: fc.anything(),
            code: fc.boolean(),
          },
          { requiredKeys: ['type'] },
        ),
      ),
    })).node;
    fc.assert(
      fc.property(fc.oneof(fc.array(strapiish, { maxLength: 5 }), fc.anything()), (value) => {
        const tree = parseOrTypedError(() => parseStrapiBlocks(value));
        if (tree !== undefined) expect(parseStrapiBlocks(value)).toEqual(tree);
      }),
      propertyRuns(300),
    );
  });
});
