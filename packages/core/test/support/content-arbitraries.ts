import fc from 'fast-check';
import type { BlockNode, ContentTree, InlineNode } from '../../src/content/content-tree';

/**
 * fast-check generators for content trees, shared by the content tests. The text alphabet is
 * biased towards characters that mean something in Markdown and HTML.
 */
const MARKUP_CHARS = [
  ...'\\`*_[]<>|~#+-=:!.()&;@/"\'{}',
  ' ',
  ' ',
  ' ',
  '\t',
  '\n',
  '\u00A0',
  '\u3000',
  'é',
  '😀',
  '1',
  '9',
  ')',
];
const WORDS = [
  'a',
  'b',
  'word',
  'x',
  'https://',
  'www.',
  'mail@host.io',
  '&amp;',
  '&copy;',
  '1.',
  '- ',
  '# ',
  '> ',
  '---',
  '***',
  '```',
  '~~~',
  '<b>',
  '</b>',
  '<br>',
  '<!--',
  'A',
];

const textUnit = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('a', 'b', 'c', 'Z', '0') },
  { weight: 2, arbitrary: fc.constantFrom(...MARKUP_CHARS) },
);

export const markupText = fc.oneof(
  { weight: 4, arbitrary: fc.string({ unit: textUnit, minLength: 1, maxLength: 12 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 })
      .map((words) => words.join(' ')),
  },
);

export const contentUrl = fc.oneof(
  fc.webUrl(),
  fc.constantFrom(
    '/a/b',
    'rel/path.png',
    '#frag',
    '?q=1&amp;r=2',
    'https://x.io/a b',
    'https://x.io/(p)',
    'a<b>c',
    'a\\b',
    'mailto:x@y.io',
    'https://x.io/a|b',
    'https://x.io/~t_*x*',
  ),
);

const title = fc.option(markupText, { nil: undefined });

export function inlineArbitrary(maxDepth: number): fc.Arbitrary<InlineNode[]> {
  const { inlines } = fc.letrec<{ inline: InlineNode; inlines: InlineNode[] }>((tie) => ({
    inline: fc.oneof(
      { depthSize: 'small', withCrossShrink: true, maxDepth },
      { weight: 6, arbitrary: markupText.map((value): InlineNode => ({ type: 'text', value })) },
      {
        weight: 1,
        arbitrary: markupText.map((value): InlineNode => ({ type: 'inlineCode', value })),
      },
      { weight: 1, arbitrary: fc.constant<InlineNode>({ type: 'break' }) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom('strong', 'emphasis', 'strikethrough' as const), tie('inlines'))
          .map(([type, children]) => ({ type, children }) as InlineNode),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(contentUrl, title, tie('inlines'))
          .map(([url, linkTitle, children]): InlineNode => ({
            type: 'link',
            url,
            ...(linkTitle === undefined ? {} : { title: linkTitle }),
            children,
          })),
      },
    ),
    inlines: fc.array(tie('inline') as fc.Arbitrary<InlineNode>, { minLength: 1, maxLength: 4 }),
  }));
  return inlines;
}

const codeValue = fc.string({
  unit: fc.oneof(
    fc.constantFrom('a', 'b', ' ', '\n', '\t', '`', '~', '<', '&amp;', '\\', '|', '#', '</pre>'),
    fc.constantFrom('x'),
  ),
  minLength: 1,
  maxLength: 20,
});

export function blockArbitrary(maxDepth: number, inlineDepth = 2): fc.Arbitrary<BlockNode[]> {
  const inlines = inlineArbitrary(inlineDepth);
  const { blocks } = fc.letrec<{ block: BlockNode; blocks: BlockNode[] }>((tie) => ({
    block: fc.oneof(
      { depthSize: 'small', withCrossShrink: true, maxDepth },
      {
        weight: 5,
        arbitrary: inlines.map((children): BlockNode => ({ type: 'paragraph', children })),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(fc.integer({ min: 1, max: 6 }), inlines)
          .map(([level, children]) => ({ type: 'heading', level, children }) as BlockNode),
      },
      {
        weight: 2,
        arbitrary: fc
          .tuple(
            fc.boolean(),
            fc.option(
              fc.oneof(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 2_000_000_000 })),
              { nil: undefined },
            ),
            fc.array(tie('blocks') as fc.Arbitrary<BlockNode[]>, { minLength: 1, maxLength: 3 }),
          )
          .map(([ordered, start, items]): BlockNode => ({
            type: 'list',
            ordered,
            ...(ordered && start !== undefined ? { start } : {}),
            items,
          })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            codeValue,
            fc.option(fc.constantFrom('js', 'c++', 'a`b', 'x&amp;y', 'p\\q'), { nil: undefined }),
          )
          .map(([value, language]): BlockNode => ({
            type: 'code',
            value,
            ...(language === undefined ? {} : { language }),
          })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            tie('blocks') as fc.Arbitrary<BlockNode[]>,
            fc.option(markupText, { nil: undefined }),
          )
          .map(([children, citation]): BlockNode => ({
            type: 'quote',
            children,
            ...(citation === undefined ? {} : { citation }),
          })),
      },
      {
        weight: 1,
        arbitrary: fc
          .integer({ min: 1, max: 3 })
          .chain((columns) =>
            fc.tuple(
              fc.option(fc.array(inlineArbitrary(1), { minLength: columns, maxLength: columns }), {
                nil: undefined,
              }),
              fc.array(fc.array(inlineArbitrary(1), { minLength: columns, maxLength: columns }), {
                minLength: 1,
                maxLength: 3,
              }),
            ),
          )
          .map(([header, rows]): BlockNode => ({
            type: 'table',
            ...(header === undefined ? {} : { header }),
            rows,
          })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(contentUrl, markupText, title)
          .map(([url, alt, imageTitle]): BlockNode => ({
            type: 'image',
            url,
            alt,
            ...(imageTitle === undefined ? {} : { title: imageTitle }),
          })),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom('video', 'audio' as const), contentUrl, title)
          .map(([type, url, mediaTitle]): BlockNode => ({
            type,
            url,
            ...(mediaTitle === undefined ? {} : { title: mediaTitle }),
          })),
      },
      { weight: 1, arbitrary: fc.constant<BlockNode>({ type: 'thematicBreak' }) },
    ),
    blocks: fc.array(tie('block') as fc.Arbitrary<BlockNode>, { minLength: 1, maxLength: 4 }),
  }));
  return blocks;
}

export const contentTreeArbitrary: fc.Arbitrary<ContentTree> = blockArbitrary(3).map(
  (children) => ({ children }),
);
