import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import { ValidationError } from '../errors';
import type { BlockNode, ContentTree } from './content-tree';
import { parseContent } from './parse-content';
import { parseContentTree } from './parse-content-tree';
import { parseMarkdown } from './parse-markdown';
import { renderMarkdown } from './render-markdown';

const resolveUrl = (reference: string): string | undefined =>
  reference.startsWith('blocked:') ? undefined : new URL(reference, 'https://site.example/a/').href;

describe('parseContentTree', () => {
  it('normalizes a tree an adapter built and resolves its URLs', () => {
    // A list of a link to a page and an image on a CDN: only the page's URL is resolved.
    const list = (contact: string): BlockNode => ({
      type: 'list',
      ordered: false,
      items: [
        [
          {
            type: 'paragraph',
            children: [
              { type: 'link', url: contact, children: [{ type: 'text', value: 'Talk to us' }] },
            ],
          },
        ],
        [{ type: 'image', url: 'https://cdn.example.net/a.png', alt: 'A chart' }],
      ],
    });
    const tree: ContentTree = {
      children: [
        { type: 'heading', level: 2, children: [{ type: 'text', value: '  Our  plans ' }] },
        list('/contact'),
        { type: 'image', url: 'blocked:x', alt: 'gone' },
        {
          type: 'paragraph',
          children: [
            { type: 'link', url: 'blocked:y', children: [{ type: 'text', value: 'kept text' }] },
          ],
        },
      ],
    };
    expect(parseContentTree(tree, { resolveUrl })).toEqual({
      children: [
        { type: 'heading', level: 2, children: [{ type: 'text', value: 'Our plans' }] },
        list('https://site.example/contact'),
        { type: 'paragraph', children: [{ type: 'text', value: 'kept text' }] },
      ],
    });
  });

  it('is a format of parseContent', () => {
    const tree = { children: [{ type: 'paragraph', children: [{ type: 'text', value: 'Hi' }] }] };
    expect(parseContent({ format: 'content-tree', value: tree })).toEqual(tree);
  });

  it('refuses what is not a tree, naming the path, and trees past the size limit', () => {
    expect(() => parseContentTree({ children: [{ type: 'nope' }] })).toThrow(ValidationError);
    expect(() => parseContentTree('text')).toThrow(/must be an object/);
    const big = {
      children: Array.from({ length: 200 }, () => ({
        type: 'paragraph',
        children: [{ type: 'text', value: 'x' }],
      })),
    };
    expect(() => parseContentTree(big, { maxLength: 1000 })).toThrow(/more than 100 nodes/);
  });

  it('gives the tree Markdown of the same tree reads back as (fuzzed)', () => {
    const text = fc.stringMatching(/^[A-Za-z0-9 .,*_#\-[\]()]{1,30}$/);
    const inline = fc.oneof(
      text.map((value) => ({ type: 'text' as const, value })),
      fc.tuple(text, fc.constantFrom('/a', 'https://x.example/b')).map(([value, url]) => ({
        type: 'link' as const,
        url,
        children: [{ type: 'text' as const, value }],
      })),
    );
    const block = fc.oneof(
      fc.array(inline, { minLength: 1, maxLength: 3 }).map((children) => ({
        type: 'paragraph' as const,
        children,
      })),
      fc.tuple(fc.integer({ min: 1, max: 6 }), text).map(([level, value]) => ({
        type: 'heading' as const,
        level: level as 1,
        children: [{ type: 'text' as const, value }],
      })),
      fc
        .array(
          fc
            .array(inline, { minLength: 1, maxLength: 2 })
            .map((children) => [{ type: 'paragraph' as const, children }]),
          { minLength: 1, maxLength: 3 },
        )
        .map((items) => ({ type: 'list' as const, ordered: false, items })),
    );
    fc.assert(
      fc.property(fc.array(block, { maxLength: 6 }), (children) => {
        const tree = parseContentTree({ children }, { resolveUrl });
        expect(parseMarkdown(renderMarkdown(tree), { resolveUrl })).toEqual(tree);
      }),
      propertyRuns(100),
    );
  });
});
