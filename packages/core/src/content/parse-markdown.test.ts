import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { ValidationError } from '../errors';
import type { BlockNode } from './content-tree';
import { ContentParseError } from './content-errors';
import {
  markupSource,
  parseOrTypedError,
  readFixture,
  thrown,
} from '../../test/support/content-helpers';
import { parseMarkdown } from './parse-markdown';
import { renderMarkdown } from './render-markdown';
import { renderPlainText } from './render-plain-text';

const blocks = (markdown: string): BlockNode[] => parseMarkdown(markdown).children;
const paragraph = (value: string): BlockNode => ({
  type: 'paragraph',
  children: [{ type: 'text', value }],
});

describe('parseMarkdown', () => {
  it('renders a realistic article to the expected plain text and Markdown', () => {
    const tree = parseMarkdown(readFixture('markdown-article.md'));
    expect(`${renderPlainText(tree)}\n`).toBe(readFixture('markdown-article.expected.txt'));
    expect(renderMarkdown(tree)).toBe(readFixture('markdown-article.expected.md'));
    expect(parseMarkdown(renderMarkdown(tree))).toEqual(tree);
  });

  it('reads headings, emphasis, code spans, hard breaks and entities', () => {
    expect(
      blocks('## A *b* **c** ~~d~~ `e`\n\nx &amp; &copy; &#65; &nosuch; &copy y\\\nz  \nw'),
    ).toEqual([
      {
        type: 'heading',
        level: 2,
        children: [
          { type: 'text', value: 'A ' },
          { type: 'emphasis', children: [{ type: 'text', value: 'b' }] },
          { type: 'text', value: ' ' },
          { type: 'strong', children: [{ type: 'text', value: 'c' }] },
          { type: 'text', value: ' ' },
          { type: 'strikethrough', children: [{ type: 'text', value: 'd' }] },
          { type: 'text', value: ' ' },
          { type: 'inlineCode', value: 'e' },
        ],
      },
      {
        type: 'paragraph',
        children: [
          { type: 'text', value: 'x & © A &nosuch; &copy y' },
          { type: 'break' },
          { type: 'text', value: 'z' },
          { type: 'break' },
          { type: 'text', value: 'w' },
        ],
      },
    ]);
  });

  it('splits a paragraph around an inline image; images in table cells become their alt', () => {
    expect(
      blocks('Before ![a *b*](/i.png "T") after\n\n| x |\n|---|\n| ![cell alt](/c.png) |'),
    ).toEqual([
      paragraph('Before'),
      { type: 'image', url: '/i.png', alt: 'a b', title: 'T' },
      paragraph('after'),
      {
        type: 'table',
        header: [[{ type: 'text', value: 'x' }]],
        rows: [[[{ type: 'text', value: 'cell alt' }]]],
      },
    ]);
  });

  it('reads nested lists with their start number, fenced code with its language, quotes', () => {
    expect(
      blocks('3. a\n   - b\n4. c\n\n~~~ts {1}\nlet x;\n~~~\n\n> q\n>\n> \u2014 Someone'),
    ).toEqual([
      {
        type: 'list',
        ordered: true,
        start: 3,
        items: [
          [paragraph('a'), { type: 'list', ordered: false, items: [[paragraph('b')]] }],
          [paragraph('c')],
        ],
      },
      { type: 'code', value: 'let x;', language: 'ts' },
      { type: 'quote', children: [paragraph('q')], citation: 'Someone' },
    ]);
  });

  it('reads GFM tables, task lists (without the checkbox) and autolinks', () => {
    expect(
      blocks('| a | b |\n|---|:-:|\n| 1 \\| 2 | `x\\|y` |\n\n- [x] done\n\nsee www.example.com'),
    ).toEqual([
      {
        type: 'table',
        header: [[{ type: 'text', value: 'a' }], [{ type: 'text', value: 'b' }]],
        rows: [[[{ type: 'text', value: '1 | 2' }], [{ type: 'inlineCode', value: 'x|y' }]]],
      },
      { type: 'list', ordered: false, items: [[paragraph('done')]] },
      {
        type: 'paragraph',
        children: [
          { type: 'text', value: 'see ' },
          {
            type: 'link',
            url: 'http://www.example.com',
            children: [{ type: 'text', value: 'www.example.com' }],
          },
        ],
      },
    ]);
  });

  it('strips inline HTML tags, keeps their text, maps formatting tags and drops scripts', () => {
    expect(
      blocks(
        'a <span class="x">b</span> <b>c</b> <script>d()</script>e<br>f <a href="/g">g</a> <kbd>Ctrl</kbd> <!-- h -->',
      ),
    ).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', value: 'a b ' },
          { type: 'strong', children: [{ type: 'text', value: 'c' }] },
          { type: 'text', value: ' e' },
          { type: 'break' },
          { type: 'text', value: 'f ' },
          { type: 'link', url: '/g', children: [{ type: 'text', value: 'g' }] },
          { type: 'text', value: ' ' },
          { type: 'inlineCode', value: 'Ctrl' },
        ],
      },
    ]);
  });

  it('parses block HTML with the HTML parser', () => {
    expect(
      blocks('<div class="note">\n<p>Hi <em>there</em></p>\n<img src="/x.png">\n</div>\n\nafter'),
    ).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', value: 'Hi ' },
          { type: 'emphasis', children: [{ type: 'text', value: 'there' }] },
        ],
      },
      { type: 'image', url: '/x.png', alt: '' },
      paragraph('after'),
    ]);
  });

  it('applies resolveUrl to links, images and media, and never keeps unsafe URLs', () => {
    const resolveUrl = (reference: string): string | undefined =>
      reference.startsWith('/hidden')
        ? undefined
        : new URL(reference, 'https://example.com/docs/').href;
    expect(
      parseMarkdown(
        '[a](b) [c](/hidden) [d](javascript:alert(1)) [e](javascript&#58;x)\n\n![f](/hidden.png)\n\n<video src="v.mp4"></video>',
        {
          resolveUrl,
        },
      ).children,
    ).toEqual([
      {
        type: 'paragraph',
        children: [
          {
            type: 'link',
            url: 'https://example.com/docs/b',
            children: [{ type: 'text', value: 'a' }],
          },
          { type: 'text', value: ' c d e' },
        ],
      },
      { type: 'video', url: 'https://example.com/docs/v.mp4' },
    ]);
  });

  it('rejects a value that is not a string, or is too long, with a ValidationError', () => {
    expect(thrown(() => parseMarkdown(42 as unknown as string))).toMatchObject({
      code: 'content.not_text',
      field: 'content',
    });
    const error = thrown(() => parseMarkdown('abc', { maxLength: 2, field: 'body' }));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({ code: 'content.too_large', field: 'body' });
  });

  it('turns a lexer stack overflow into a ContentParseError', () => {
    expect(thrown(() => parseMarkdown(`${'>'.repeat(100_000)} x`))).toBeInstanceOf(
      ContentParseError,
    );
  });

  it('keeps very long inline runs as text instead of lexing them', () => {
    const long = `${'*a'.repeat(6_000)}`;
    expect(renderPlainText(parseMarkdown(long))).toBe(long);
  });

  it('is not affected by extensions registered on the global marked instance', async () => {
    const { marked } = await import('marked');
    const before = blocks('a ==b==');
    marked.use({
      extensions: [
        {
          name: 'mark',
          level: 'inline',
          start: (src: string) => src.indexOf('=='),
          tokenizer: (src: string) => {
            const match = /^==([^=]+)==/.exec(src);
            return match ? { type: 'mark', raw: match[0], text: match[1] as string } : undefined;
          },
          renderer: () => '',
        },
      ],
    });
    expect(blocks('a ==b==')).toEqual(before);
    expect(before).toEqual([paragraph('a ==b==')]);
  });

  it('throws nothing but typed errors on arbitrary input, is deterministic, and round-trips', () => {
    fc.assert(
      fc.property(markupSource, (source) => {
        const tree = parseOrTypedError(() => parseMarkdown(source));
        if (tree === undefined) return;
        expect(parseMarkdown(source)).toEqual(tree);
        expect(parseMarkdown(renderMarkdown(tree))).toEqual(tree);
      }),
      propertyRuns(400),
    );
  });
});
