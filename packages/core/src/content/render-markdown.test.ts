import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import type { BlockNode, ContentTree, InlineNode } from './content-tree';
import { contentTreeArbitrary } from '../../test/support/content-arbitraries';
import { normalizeContentTree } from './normalize-content-tree';
import { parseMarkdown } from './parse-markdown';
import { renderMarkdown } from './render-markdown';

const text = (value: string): InlineNode => ({ type: 'text', value });
const para = (...children: InlineNode[]): BlockNode => ({ type: 'paragraph', children });
const md = (...children: BlockNode[]): string => renderMarkdown({ children });

/** Renders, checks that parsing the result gives the tree back, returns the Markdown. */
function roundTrip(...children: BlockNode[]): string {
  const tree: ContentTree = { children };
  const markdown = renderMarkdown(tree);
  expect(parseMarkdown(markdown)).toEqual(normalizeContentTree(tree));
  return markdown;
}

describe('renderMarkdown', () => {
  it('writes the basic syntax', () => {
    expect(
      roundTrip(
        { type: 'heading', level: 3, children: [text('Head')] },
        para(
          text('a '),
          { type: 'strong', children: [text('b')] },
          text(' '),
          { type: 'emphasis', children: [text('c')] },
          text(' '),
          { type: 'strikethrough', children: [text('d')] },
          text(' '),
          { type: 'inlineCode', value: 'e' },
          text(' '),
          { type: 'link', url: 'https://example.com/f', title: 'F', children: [text('f')] },
          { type: 'break' },
          text('g'),
        ),
        { type: 'thematicBreak' },
        { type: 'image', url: '/i.png', alt: 'I', title: 'T' },
      ),
    ).toBe(
      '### Head\n\na **b** *c* ~~d~~ `e` [f](https://example.com/f "F")\\\ng\n\n---\n\n![I](/i.png "T")\n',
    );
  });

  it('escapes text so it stays text', () => {
    expect(
      roundTrip(
        para(text('# not a heading')),
        para(text('1. not a list, 2) neither')),
        para(
          text('- no'),
          { type: 'break' },
          text('+ no'),
          { type: 'break' },
          text('> no'),
          { type: 'break' },
          text('---'),
        ),
        para(text('*a* _b_ `c` [d](e) <f> |g| ~h~ \\i &amp; &#65; & j')),
        para(text('https://example.com www.example.com mail@example.com')),
        para(text('0.5 kg, -5 °C, a+b, #tag, 3.14 =')),
      ),
    ).toBe(
      [
        '\\# not a heading',
        '',
        '1\\. not a list, 2) neither',
        '',
        '\\- no\\',
        '\\+ no\\',
        '\\> no\\',
        '\\---',
        '',
        '\\*a\\* \\_b\\_ \\`c\\` \\[d\\](e) \\<f> \\|g\\| \\~h\\~ \\\\i \\&amp; \\&#65; & j',
        '',
        'https\\://example.com www\\.example.com mail\\@example.com',
        '',
        '0.5 kg, -5 °C, a+b, #tag, 3.14 =',
        '',
      ].join('\n'),
    );
  });

  it('fences code with more backticks than any run inside, tildes when the language has one', () => {
    expect(roundTrip({ type: 'code', value: 'a ``` b\n````', language: 'md' })).toBe(
      '`````md\na ``` b\n````\n`````\n',
    );
    expect(roundTrip({ type: 'code', value: 'x', language: 'we`ird' })).toBe('~~~we`ird\nx\n~~~\n');
  });

  it('writes code spans safely', () => {
    expect(
      roundTrip(
        para({ type: 'inlineCode', value: ' padded ' }),
        para({ type: 'inlineCode', value: 'C:\\' }),
      ),
    ).toBe('`  padded  `\n\n` C:\\ `\n');
    expect(roundTrip(para(text('x '), { type: 'inlineCode', value: 'a`b' }))).toBe(
      'x <code>a\\`b</code>\n',
    );
  });

  it('puts URLs with spaces, parentheses or brackets in angle brackets', () => {
    expect(
      roundTrip(
        para({ type: 'link', url: 'https://example.com/a b', children: [text('x')] }),
        para({
          type: 'link',
          url: 'https://en.wikipedia.org/wiki/Pi_(letter)',
          children: [text('y')],
        }),
        { type: 'image', url: '/a<b>.png', alt: 'z', title: 'say "hi" (\\)' },
      ),
    ).toBe(
      [
        '[x](<https://example.com/a b>)',
        '',
        '[y](<https://en.wikipedia.org/wiki/Pi_\\(letter\\)>)',
        '',
        '![z](</a\\<b\\>.png> "say &#34;hi&#34; &#40;&#92;&#41;")',
        '',
      ].join('\n'),
    );
  });

  it('writes GFM tables, escaping pipes and writing breaks as <br>', () => {
    expect(
      roundTrip({
        type: 'table',
        header: [[text('a|b')], [text('c')]],
        rows: [[[text('1'), { type: 'break' }, text('2')], [{ type: 'inlineCode', value: 'x|y' }]]],
      }),
    ).toBe('| a\\|b | c |\n| --- | --- |\n| 1<br>2 | <code>x\\|y</code> |\n');
    expect(roundTrip({ type: 'table', rows: [[[text('no header')]]] })).toBe(
      '|  |\n| --- |\n| no header |\n',
    );
  });

  it('nests lists, keeps ordered starts and keeps adjacent lists apart', () => {
    const item = (value: string, ...more: BlockNode[]): BlockNode[] => [para(text(value)), ...more];
    expect(
      roundTrip(
        {
          type: 'list',
          ordered: true,
          start: 9,
          items: [
            item('nine', { type: 'list', ordered: false, items: [item('sub')] }),
            item('ten'),
          ],
        },
        { type: 'list', ordered: true, items: [item('a')] },
        { type: 'list', ordered: false, items: [item('b')] },
        { type: 'list', ordered: false, items: [[{ type: 'thematicBreak' }], item('c')] },
      ),
    ).toBe('9. nine\n   - sub\n10. ten\n\n1) a\n\n- b\n\n* ___\n* c\n');
  });

  it('writes quotes with their citation, and video/audio as HTML elements', () => {
    expect(
      roundTrip(
        { type: 'quote', children: [para(text('Q'))], citation: 'Ann' },
        { type: 'video', url: '/v.mp4?a=1&b=2', title: 'A "clip"' },
        { type: 'audio', url: '/a.mp3' },
      ),
    ).toBe(
      '> Q\n>\n> \u2014 Ann\n\n<video controls src="/v.mp4?a=1&amp;b=2" title="A &quot;clip&quot;"></video>\n\n<audio controls src="/a.mp3"></audio>\n',
    );
  });

  it('falls back to inline HTML where delimiters would not read back', () => {
    expect(
      roundTrip(
        para(text('a'), { type: 'strong', children: [text('"b"')] }, text('c')),
        para(
          { type: 'strong', children: [{ type: 'emphasis', children: [text('both')] }] },
          text('.'),
        ),
      ),
    ).toBe('a<strong>"b"</strong>c\n\n**_both_**.\n');
  });

  it('writes edge whitespace that Markdown would trim as character references', () => {
    expect(roundTrip(para(text('\u00A0indented\u3000')))).toBe('&#xA0;indented&#x3000;\n');
  });

  it('renders nothing for an empty tree and the same bytes every time', () => {
    expect(md()).toBe('');
    fc.assert(
      fc.property(contentTreeArbitrary, (tree) => {
        expect(renderMarkdown(tree)).toBe(renderMarkdown(structuredClone(tree)));
      }),
      propertyRuns(100),
    );
  });

  it('parses back to the same normalized tree (exact equality, not just the same text)', () => {
    fc.assert(
      fc.property(contentTreeArbitrary, (tree) => {
        expect(parseMarkdown(renderMarkdown(tree))).toEqual(normalizeContentTree(tree));
      }),
      propertyRuns(300),
    );
  });
});
