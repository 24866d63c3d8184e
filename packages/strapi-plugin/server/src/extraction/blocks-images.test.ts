import { withMediaUrls } from './blocks-images';
import { mediaUrlResolver } from './media-url';

const onStrapi = mediaUrlResolver('https://cms.example.com');
const unknownBase = mediaUrlResolver(undefined);

/** An image block as Strapi's blocks editor stores it: the media library's file, copied in. */
const image = (file: Record<string, unknown>) => ({
  type: 'image',
  image: { name: 'shot.png', width: 1200, height: 800, mime: 'image/png', ...file },
  children: [{ type: 'text', text: '' }],
});
const paragraph = (text: string) => ({ type: 'paragraph', children: [{ type: 'text', text }] });

describe('withMediaUrls', () => {
  it('puts uploads on Strapi’s public URL and keeps an upload provider’s absolute URL', () => {
    const blocks = [
      paragraph('Before'),
      image({ url: '/uploads/shot_1a2b.png', alternativeText: 'The dashboard' }),
      image({ url: 'https://cdn.example.net/shot.png', alternativeText: 'On a CDN' }),
      image({ url: '//cdn.example.net/relative.png', alternativeText: 'Protocol-relative' }),
    ];
    const out = withMediaUrls(blocks, onStrapi) as (typeof blocks)[number][];
    expect(out.map((node) => (node as { image?: { url: string } }).image?.url)).toEqual([
      undefined,
      'https://cms.example.com/uploads/shot_1a2b.png',
      'https://cdn.example.net/shot.png',
      'https://cdn.example.net/relative.png',
    ]);
    // The rest of the file is kept (alt text, size...), and the editor's value is not touched.
    expect(out[1]).toMatchObject({ image: { alternativeText: 'The dashboard', width: 1200 } });
    expect(blocks[1]).toMatchObject({ image: { url: '/uploads/shot_1a2b.png' } });
    expect(out[0]).toBe(blocks[0]);
    expect(out[2]).toBe(blocks[2]);
  });

  it('gives an image no URL it does not know: its alt text and caption stay, as words', () => {
    const blocks = [
      image({ url: '/uploads/a.png', alternativeText: 'Team photo', caption: 'Lyon, 2025' }),
      image({ url: '/uploads/b.png', alternativeText: 'Same', caption: 'Same' }),
      image({ url: '/uploads/c.png', alternativeText: null, caption: null }),
      image({ url: 'https://cdn.example.net/d.png', alternativeText: 'Kept' }),
    ];
    expect(withMediaUrls(blocks, unknownBase)).toEqual([
      paragraph('Team photo — Lyon, 2025'),
      paragraph('Same'),
      blocks[3],
    ]);
  });

  it('reaches images inside lists, as core shows them, and returns a value without any as is', () => {
    const nested = {
      type: 'list',
      format: 'unordered',
      children: [
        { type: 'list-item', children: [{ type: 'text', text: 'Step one' }] },
        {
          type: 'list',
          format: 'ordered',
          children: [image({ url: '/uploads/deep.png', alternativeText: 'Deep' })],
        },
      ],
    };
    const [list] = withMediaUrls([nested], onStrapi) as [typeof nested];
    expect(JSON.stringify(list)).toContain('"url":"https://cms.example.com/uploads/deep.png"');
    expect(list.children[0]).toBe(nested.children[0]);
    const plain = [paragraph('No images'), { type: 'list', children: [] }];
    expect(withMediaUrls(plain, onStrapi)).toBe(plain);
  });

  it('leaves malformed nodes to core, and rewrites shared subtrees once', () => {
    const odd = [null, 'text', { type: 'image' }, { type: 'image', image: 'x' }, [1]];
    expect(withMediaUrls(odd, onStrapi)).toBe(odd);
    let list: unknown = { type: 'list', children: [image({ url: '/uploads/x.png' })] };
    for (let i = 0; i < 60; i += 1) list = { type: 'list', children: [list, list] };
    const [out] = withMediaUrls([list], onStrapi) as [{ children: unknown[] }];
    expect(out.children[0]).toBe(out.children[1]);
    // Nesting far past core's limit (where it keeps only text) stays off the stack's limit.
    let deep: unknown = image({ url: '/uploads/deep.png' });
    for (let i = 0; i < 50_000; i += 1) deep = { type: 'list', children: [deep] };
    expect(() => withMediaUrls([deep], onStrapi)).not.toThrow();
  });
});
