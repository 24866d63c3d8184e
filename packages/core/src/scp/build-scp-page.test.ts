import { buildScpBlock, buildScpPage, serializeScpPage, type ScpPageInput } from './build-scp-page';
import { checkScpBlock } from './check-scp-block';
import { ScpValidationError } from './scp-errors';

const page: ScpPageInput = {
  url: 'https://example.com/blog/web-protocols',
  title: 'Understanding Web Protocols',
  description: 'A guide',
  modified: '2000-01-20T14:22:00Z',
  language: 'en',
  content: [{ type: 'text', text: 'Hello' }],
};

const video = {
  type: 'video',
  name: 'Video Title',
  url: [
    { href: 'https://example.com/video.mp4', mediaType: 'video/mp4' },
    { href: 'https://youtube.com/watch?v=xyz123', mediaType: 'text/html', rel: 'alternate' },
  ],
  duration: 'PT5M20S',
  width: 1920,
  height: 1080,
  icon: { type: 'Image', url: 'https://example.com/thumbnail.jpg' },
  summary: 'Video description',
  captions: [{ language: 'en', url: 'https://example.com/captions-en.vtt', label: 'English' }],
  chapters: [
    { time: 0, title: 'Introduction' },
    { time: 60, title: 'Main Content' },
  ],
  transcript: 'Full text',
};

const audio = {
  type: 'audio',
  name: 'Episode 42',
  url: [{ href: 'https://example.com/podcast.mp3', mediaType: 'audio/mpeg' }],
  duration: 'PT1H',
  icon: { type: 'Image', url: 'https://example.com/cover.jpg' },
  summary: 'Discussion',
  attributedTo: 'Tech Podcast',
  partOf: 'Season 3',
  chapters: [{ time: 300, title: 'Main Discussion' }],
  transcript: 'Full text',
};

describe('buildScpBlock (strict, spec content-block schemas)', () => {
  it.each([
    [{ type: 'text', text: 'Paragraph content' }],
    [{ type: 'heading', level: 6, text: 'Heading text' }],
    [
      {
        type: 'link',
        url: 'https://example.com/',
        text: 'Link text',
        rel: ['nofollow', 'sponsored'],
      },
    ],
    [{ type: 'image', url: 'https://example.com/image.jpg', alt: 'Alt text' }],
    [{ type: 'list', ordered: false, items: ['Item 1', 'Item 2'] }],
    [{ type: 'code', language: 'python', code: "print('Hello')" }],
    [{ type: 'code', code: 'x' }],
    [
      {
        type: 'table',
        rows: [
          ['Header 1', 'Header 2'],
          ['Cell 1', 'Cell 2'],
        ],
      },
    ],
    [{ type: 'quote', text: 'Quote text', citation: 'Source' }],
    [video],
    [{ type: 'video', name: 'v', url: 'https://example.com/v.mp4', duration: 'PT1.5S' }],
    [audio],
  ])('keeps a valid %j unchanged', (block) => {
    expect(buildScpBlock(block)).toEqual(block);
  });

  it('writes members in the fixed order whatever the input order', () => {
    const block = buildScpBlock({ text: 'Hi', level: 2, type: 'heading' });
    expect(JSON.stringify(block)).toBe('{"type":"heading","level":2,"text":"Hi"}');
    const code = buildScpBlock({ code: 'x', type: 'code', language: 'js' });
    expect(JSON.stringify(code)).toBe('{"type":"code","language":"js","code":"x"}');
  });

  it('drops members the schema does not define', () => {
    expect(buildScpBlock({ type: 'text', text: 'a', style: 'bold' })).toEqual({
      type: 'text',
      text: 'a',
    });
  });

  it('normalizes URLs', () => {
    expect(buildScpBlock({ type: 'image', url: 'HTTPS://Example.COM/a.jpg', alt: '' })).toEqual({
      type: 'image',
      url: 'https://example.com/a.jpg',
      alt: '',
    });
  });

  it.each([
    [{ type: 'text' }, 'block.text'],
    [{ type: 'text', text: 5 }, 'block.text'],
    [{ type: 'heading', level: 0, text: 'x' }, 'block.level'],
    [{ type: 'heading', level: 7, text: 'x' }, 'block.level'],
    [{ type: 'heading', level: 1.5, text: 'x' }, 'block.level'],
    [{ type: 'link', url: 'javascript:alert(1)', text: 'x' }, 'block.url'],
    [{ type: 'link', url: 'mailto:a@example.com', text: 'x' }, 'block.url'],
    [{ type: 'link', url: 'https://example.com/', text: 'x', rel: 'nofollow' }, 'block.rel'],
    [{ type: 'image', url: 'https://example.com/a.jpg' }, 'block.alt'],
    [{ type: 'list', ordered: 'yes', items: [] }, 'block.ordered'],
    [{ type: 'list', ordered: true, items: ['a', 1] }, 'block.items[1]'],
    [{ type: 'table', rows: [['a'], 'b'] }, 'block.rows[1]'],
    [{ type: 'quote', text: 'q', citation: null }, 'block.citation'],
    [{ ...video, url: [] }, 'block.url'],
    [{ ...video, url: [{ href: 'https://example.com/v.mp4' }] }, 'block.url[0].mediaType'],
    [{ ...video, duration: '5 minutes' }, 'block.duration'],
    [{ ...video, duration: 'PT' }, 'block.duration'],
    [{ ...video, width: -1 }, 'block.width'],
    [{ ...video, icon: { type: 'Video' } }, 'block.icon.type'],
    [{ ...video, chapters: [{ time: 1.5, title: 'x' }] }, 'block.chapters[0].time'],
    [
      { ...video, captions: [{ language: 'en', url: 'https://example.com/c.vtt' }] },
      'block.captions[0].label',
    ],
    [{ ...audio, attributedTo: { name: 'x' } }, 'block.attributedTo'],
    [{ type: 'text', text: 'lone \ud800 surrogate' }, 'block.text'],
    [{ type: 'structured', data: {} }, 'block.type'],
    [{ text: 'no type' }, 'block.type'],
    ['text', 'block'],
  ])('rejects %j at %s', (block, field) => {
    try {
      buildScpBlock(block);
      throw new Error('no error');
    } catch (error) {
      expect(error).toBeInstanceOf(ScpValidationError);
      expect((error as ScpValidationError).field).toBe(field);
    }
  });
});

describe('checkScpBlock (lenient, crawler)', () => {
  it('clamps a heading level outside 1-6 and says so', () => {
    const low = checkScpBlock({ type: 'heading', level: 0, text: 'x' }, 'content[0]', 'lenient');
    const high = checkScpBlock({ type: 'heading', level: 99, text: 'x' }, 'content[0]', 'lenient');
    expect(low).toMatchObject({
      ok: true,
      block: { level: 1 },
      notes: [{ code: 'heading.level_clamped' }],
    });
    expect(high).toMatchObject({ ok: true, block: { level: 6 } });
  });

  it('reports an unknown type as such, and a broken required member as invalid', () => {
    expect(checkScpBlock({ type: 'structured', data: {} }, 'c', 'lenient')).toMatchObject({
      ok: false,
      unknownType: true,
      problem: { code: 'block.unknown_type' },
    });
    expect(
      checkScpBlock({ type: 'image', url: 'javascript:x', alt: '' }, 'c', 'lenient'),
    ).toMatchObject({
      ok: false,
      unknownType: false,
      problem: { code: 'block.invalid', field: 'c.url' },
    });
  });

  it('drops a broken optional member and keeps the block', () => {
    const check = checkScpBlock({ type: 'code', language: 42, code: 'x' }, 'c', 'lenient');
    expect(check).toMatchObject({
      ok: true,
      block: { type: 'code', code: 'x' },
      notes: [{ code: 'member.dropped', field: 'c.language' }],
    });
    expect(check.ok && 'language' in check.block).toBe(false);
  });

  it('keeps URLs as published (no rewriting)', () => {
    const check = checkScpBlock(
      { type: 'link', url: 'HTTPS://Example.com/x', text: 't' },
      'c',
      'lenient',
    );
    expect(check.ok && check.block).toEqual({
      type: 'link',
      url: 'HTTPS://Example.com/x',
      text: 't',
    });
  });
});

describe('buildScpPage', () => {
  it('gives the fixed member order, UTC times, canonical language case and normalized URLs', () => {
    const built = buildScpPage({
      content: [{ type: 'heading', level: 1, text: 'T' }],
      schema: { '@context': 'https://schema.org', '@type': 'BlogPosting' },
      canonical: 'HTTPS://EXAMPLE.com/blog/post',
      language: 'en-us',
      modified: '2025-01-20T16:22:00+02:00',
      published: new Date(Date.UTC(2025, 0, 15, 10, 30)),
      author: 'Jane',
      description: 'D',
      title: 'T',
      url: 'https://example.com:443/blog/./post',
    });
    expect(serializeScpPage(built)).toBe(
      '{"url":"https://example.com/blog/post","title":"T","description":"D","author":"Jane",' +
        '"published":"2025-01-15T10:30:00Z","modified":"2025-01-20T14:22:00Z","language":"en-US",' +
        '"canonical":"https://example.com/blog/post","schema":{"@context":"https://schema.org","@type":"BlogPosting"},' +
        '"content":[{"type":"heading","level":1,"text":"T"}]}',
    );
  });

  it('is deterministic: same input, same bytes', () => {
    expect(serializeScpPage(buildScpPage(page))).toBe(serializeScpPage(buildScpPage({ ...page })));
  });

  it.each([
    [{ ...page, url: 'ftp://example.com/' }, 'url'],
    [{ ...page, url: 'javascript:alert(1)' }, 'url'],
    [{ ...page, url: '/relative' }, 'url'],
    [{ ...page, title: undefined }, 'title'],
    [{ ...page, description: 3 }, 'description'],
    [{ ...page, modified: '2025-02-30T00:00:00Z' }, 'modified'],
    [{ ...page, modified: undefined }, 'modified'],
    [{ ...page, published: 'last week' }, 'published'],
    [{ ...page, language: 'english' }, 'language'],
    [{ ...page, language: 'en_US' }, 'language'],
    [{ ...page, canonical: 'not a url' }, 'canonical'],
    [{ ...page, schema: [] }, 'schema'],
    [{ ...page, schema: { when: new Date() } }, 'schema.when'],
    [{ ...page, content: [] }, 'content'],
    [{ ...page, content: 'text' }, 'content'],
    [{ ...page, content: [{ type: 'text', text: 'ok' }, { type: 'nope' }] }, 'content[1].type'],
    [
      { ...page, content: Array.from({ length: 1001 }, () => ({ type: 'text', text: 'x' })) },
      'content',
    ],
  ])('rejects page case %#', (input, field) => {
    try {
      buildScpPage(input as ScpPageInput);
      throw new Error('no error');
    } catch (error) {
      expect(error).toBeInstanceOf(ScpValidationError);
      expect((error as ScpValidationError).field).toBe(field);
    }
  });

  it('accepts exactly 1000 blocks and a lower configured cap', () => {
    const content = Array.from({ length: 1000 }, () => ({ type: 'text', text: 'x' }));
    expect(buildScpPage({ ...page, content }).content).toHaveLength(1000);
    expect(() => buildScpPage({ ...page, content }, { maxBlocksPerPage: 10 })).toThrow(
      ScpValidationError,
    );
  });

  it('copies the schema so later changes to the input do not leak in', () => {
    const schema = { '@type': 'Product', name: 'A' };
    const built = buildScpPage({ ...page, schema });
    schema.name = 'B';
    expect(built.schema).toEqual({ '@type': 'Product', name: 'A' });
  });
});
