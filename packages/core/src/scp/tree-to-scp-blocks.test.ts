import type { ContentTree } from '../content';
import { buildScpPage } from './build-scp-page';
import { treeToScpBlocks } from './tree-to-scp-blocks';

const t = (value: string) => ({ type: 'text' as const, value });

describe('treeToScpBlocks', () => {
  it('turns paragraphs into text blocks, inline links into link blocks right after', () => {
    const tree: ContentTree = {
      children: [
        {
          type: 'paragraph',
          children: [
            t('Read   the\n'),
            { type: 'strong', children: [t('spec')] },
            t(' at '),
            {
              type: 'link',
              url: 'https://Example.com/spec',
              children: [{ type: 'emphasis', children: [t('the site')] }],
            },
            t(', or '),
            { type: 'link', url: 'mailto:team@example.com', children: [t('mail us')] },
            t(' or run '),
            { type: 'inlineCode', value: 'npm test' },
            { type: 'break' },
            t('  second line '),
          ],
        },
        { type: 'paragraph', children: [t('Next.')] },
      ],
    };
    expect(treeToScpBlocks(tree)).toEqual([
      { type: 'text', text: 'Read the spec at the site, or mail us or run npm test\nsecond line' },
      { type: 'link', url: 'https://example.com/spec', text: 'the site' },
      { type: 'text', text: 'Next.' },
    ]);
  });

  it('keeps headings, code with its language, quotes with citation, images with alt', () => {
    const tree: ContentTree = {
      children: [
        {
          type: 'heading',
          level: 2,
          children: [t('HTTP '), { type: 'inlineCode', value: 'ETag' }],
        },
        { type: 'code', value: 'print("hi")\n  indented', language: 'python' },
        { type: 'code', value: 'plain', language: '  ' },
        {
          type: 'quote',
          citation: ' RFC 9110 ',
          children: [
            { type: 'paragraph', children: [t('A strong validator…')] },
            { type: 'paragraph', children: [t('…changes with the bytes.')] },
          ],
        },
        { type: 'image', url: 'https://example.com/a.png', alt: 'A  diagram', title: 'ignored' },
        { type: 'image', url: 'javascript:alert(1)', alt: 'dropped' },
        { type: 'thematicBreak' },
      ],
    };
    expect(treeToScpBlocks(tree)).toEqual([
      { type: 'heading', level: 2, text: 'HTTP ETag' },
      { type: 'code', language: 'python', code: 'print("hi")\n  indented' },
      { type: 'code', code: 'plain' },
      {
        type: 'quote',
        text: 'A strong validator…\n…changes with the bytes.',
        citation: 'RFC 9110',
      },
      { type: 'image', url: 'https://example.com/a.png', alt: 'A diagram' },
    ]);
  });

  it('flattens nested lists into indented lines inside their parent item', () => {
    const tree: ContentTree = {
      children: [
        {
          type: 'list',
          ordered: false,
          items: [
            [
              { type: 'paragraph', children: [t('Fruit')] },
              {
                type: 'list',
                ordered: true,
                start: 3,
                items: [
                  [
                    {
                      type: 'paragraph',
                      children: [
                        { type: 'link', url: 'https://example.com/apple', children: [t('Apple')] },
                      ],
                    },
                  ],
                  [
                    { type: 'paragraph', children: [t('Pear')] },
                    {
                      type: 'list',
                      ordered: false,
                      items: [[{ type: 'paragraph', children: [t('Conference')] }]],
                    },
                  ],
                ],
              },
            ],
            [
              { type: 'paragraph', children: [t('Vegetables')] },
              { type: 'image', url: 'https://example.com/veg.jpg', alt: 'Veg' },
            ],
            [],
          ],
        },
      ],
    };
    expect(treeToScpBlocks(tree)).toEqual([
      {
        type: 'list',
        ordered: false,
        items: ['Fruit\n  3. Apple\n  4. Pear\n    - Conference', 'Vegetables'],
      },
      { type: 'link', url: 'https://example.com/apple', text: 'Apple' },
      { type: 'image', url: 'https://example.com/veg.jpg', alt: 'Veg' },
    ]);
  });

  it('puts the header row first in tables', () => {
    const tree: ContentTree = {
      children: [
        {
          type: 'table',
          header: [[t('Name')], [t('Value')]],
          rows: [
            [[t('a')], [{ type: 'strong', children: [t('1')] }]],
            [[t('b')], []],
          ],
        },
        { type: 'table', rows: [] },
      ],
    };
    expect(treeToScpBlocks(tree)).toEqual([
      {
        type: 'table',
        rows: [
          ['Name', 'Value'],
          ['a', '1'],
          ['b', ''],
        ],
      },
    ]);
  });

  it("gives video and audio the spec's shape", () => {
    const tree: ContentTree = {
      children: [
        { type: 'video', url: 'https://example.com/media/intro%20film.mp4' },
        { type: 'audio', url: 'https://example.com/ep42.mp3', title: 'Episode 42' },
        { type: 'video', url: 'data:video/mp4;base64,AAAA' },
      ],
    };
    expect(treeToScpBlocks(tree)).toEqual([
      { type: 'video', name: 'intro film.mp4', url: 'https://example.com/media/intro%20film.mp4' },
      { type: 'audio', name: 'Episode 42', url: 'https://example.com/ep42.mp3' },
    ]);
  });

  it('drops empty paragraphs and headings; a link without text uses its title or URL', () => {
    const tree: ContentTree = {
      children: [
        { type: 'paragraph', children: [t('   ')] },
        { type: 'heading', level: 1, children: [] },
        {
          type: 'paragraph',
          children: [{ type: 'link', url: 'https://example.com/x', title: 'X page', children: [] }],
        },
        {
          type: 'paragraph',
          children: [{ type: 'link', url: 'https://example.com/y', children: [] }],
        },
      ],
    };
    expect(treeToScpBlocks(tree)).toEqual([
      { type: 'link', url: 'https://example.com/x', text: 'X page' },
      { type: 'link', url: 'https://example.com/y', text: 'https://example.com/y' },
    ]);
  });

  it('produces blocks a page accepts, identically every time', () => {
    const tree: ContentTree = {
      children: [
        { type: 'heading', level: 1, children: [t('Title')] },
        {
          type: 'paragraph',
          children: [
            t('Body '),
            { type: 'link', url: 'https://example.com/', children: [t('home')] },
          ],
        },
      ],
    };
    const blocks = treeToScpBlocks(tree);
    expect(JSON.stringify(treeToScpBlocks(tree))).toBe(JSON.stringify(blocks));
    const page = buildScpPage({
      url: 'https://example.com/p',
      title: 'T',
      description: '',
      modified: '2025-01-01T00:00:00Z',
      language: 'en',
      content: blocks,
    });
    expect(page.content).toEqual(blocks);
  });
});
