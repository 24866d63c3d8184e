import { ValidationError } from '../errors';
import { readTct03MUrl } from '../tct/read-tct03-document';
import { TCT_03 } from '../tct/tct-profile';
import { sha256Hex } from '../crypto';
import { documentRenderKey, prepareDocument } from './prepare-document';

const site = { origin: 'https://example.com', language: 'en' };
const article = {
  id: 'a1',
  url: '/blog/hello/',
  title: 'Hello',
  body: {
    format: 'markdown' as const,
    value: '# Intro\n\nSome **bold** text with a [link](/about/).\n\n![A cat](/cat.png)',
  },
  description: 'A first post',
  modified: '2025-10-01T12:00:00.000Z',
};

describe('prepareDocument', () => {
  it('serves no control, bidirectional override or unpaired surrogate, from any field or format', () => {
    const hostile = '\ud800\u0000\u202e<x>\u0085\u2066';
    const forbidden =
      /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/;
    for (const body of [
      { format: 'text' as const, value: `Text ${hostile} end` },
      {
        format: 'markdown' as const,
        value: `# Head ${hostile}\n\nPara ${hostile}\n\n    code ${hostile}`,
      },
      { format: 'html' as const, value: `<p>Para ${hostile}</p><pre>code ${hostile}</pre>` },
      {
        format: 'strapi-blocks' as const,
        value: [{ type: 'paragraph', children: [{ type: 'text', text: `Para ${hostile}` }] }],
      },
    ]) {
      const doc = prepareDocument(
        {
          id: 'h',
          url: '/h/',
          title: `Title ${hostile}`,
          description: `Description ${hostile}`,
          author: `Author ${hostile}`,
          body,
          llmindex: { role: 'product', product: { availability: 'in stock', brand: hostile } },
        },
        site,
      );
      const rendered = doc.render('2025-10-01T12:00:00.000Z');
      const served = [
        JSON.stringify(JSON.parse(rendered.body.toString('utf8'))),
        rendered.markdown,
        rendered.scpLine,
        doc.title,
        doc.description ?? '',
        JSON.stringify(doc.llmindex),
      ];
      for (const text of served)
        expect([body.format, forbidden.exec(text)?.[0]]).toEqual([body.format, undefined]);
      expect(doc.title).toBe('Title \ufffd<x>');
      expect(JSON.parse(rendered.body.toString('utf8')).content).toContain('\ufffd<x>');
    }
  });

  it('says the description once in the twin: not again when the body opens with it', () => {
    const twin = (description: string, body: string) =>
      prepareDocument(
        { id: 'd', url: '/d/', title: 'D', description, body: { format: 'markdown', value: body } },
        site,
      ).render('2025-10-01T12:00:00.000Z').markdown;
    expect(twin('A thumb-sized board.', 'A thumb-sized board.\n\nMore.')).toBe(
      '# D\n\nA thumb-sized board.\n\nMore.\n',
    );
    // Spacing and case aside, the same text is the same.
    expect(twin('A  thumb-sized Board.', 'A thumb-sized board.\n\nMore.')).toBe(
      '# D\n\nA thumb-sized board.\n\nMore.\n',
    );
    expect(twin('An excerpt.', 'The body.')).toBe('# D\n\nAn excerpt.\n\nThe body.\n');
  });

  it('says the description once in the M-URL too: kept when it says something the body does not', () => {
    const mUrl = (description: string, body: string) =>
      JSON.parse(
        prepareDocument(
          {
            id: 'd',
            url: '/d/',
            title: 'D',
            description,
            body: { format: 'markdown', value: body },
          },
          site,
        )
          .render('2025-10-01T12:00:00.000Z')
          .body.toString('utf8'),
      ) as { content: string; description?: string };
    const repeated = mUrl('A thumb-sized board.', '**A thumb-sized** board.\n\nMore.');
    expect(repeated.content).toBe('D\n\nA thumb-sized board.\n\nMore.');
    expect(repeated).not.toHaveProperty('description');
    expect(mUrl('A  thumb-sized Board.', 'A thumb-sized board.')).not.toHaveProperty('description');
    expect(mUrl('An excerpt.', 'The body.')).toMatchObject({
      content: 'D\n\nThe body.',
      description: 'An excerpt.',
    });
    // Said later in the body is not said first: kept.
    expect(mUrl('More.', 'The body.\n\nMore.')).toHaveProperty('description', 'More.');
  });

  it('derives URLs, plain text content with images, and an SCP page from one parse', () => {
    const doc = prepareDocument(article, site);
    expect(doc).toMatchObject({
      key: 'a1',
      locale: '',
      cUrl: 'https://example.com/blog/hello/',
      mUrl: 'https://example.com/blog/hello/llm.json',
      mPath: '/blog/hello/llm.json',
      section: 'pages',
      language: 'en',
      sourceModified: '2025-10-01T12:00:00.000Z',
    });
    const out = doc.render('2025-10-01T12:00:00.000Z');
    const body = JSON.parse(out.body.toString('utf8'));
    expect(body.content).toBe('Hello\n\nIntro\n\nSome bold text with a link.\n\n[Image: A cat]');
    expect(body.hash).toBe(out.hash);
    const page = JSON.parse(out.scpLine);
    expect(page.url).toBe('https://example.com/blog/hello/');
    expect(page.content.map((b: { type: string }) => b.type)).toEqual([
      'heading',
      'text',
      'link',
      'image',
    ]);
    expect(page.content[3]).toMatchObject({ url: 'https://example.com/cat.png', alt: 'A cat' });
  });

  it('keeps the fingerprint for semantic no-ops and changes it for real edits', () => {
    const base = prepareDocument(article, site).fingerprint;
    const respaced = {
      ...article,
      body: { format: 'markdown' as const, value: article.body.value.replace('Some', 'Some  ') },
    };
    const recased = { ...article, title: 'HELLO' };
    const edited = {
      ...article,
      body: { format: 'markdown' as const, value: article.body.value.replace('bold', 'brave') },
    };
    const html = {
      ...article,
      body: {
        format: 'html' as const,
        value:
          '<h1>Intro</h1><p>Some <b>bold</b> text with a <a href="/about/">link</a>.</p><p><img src="/cat.png" alt="A cat"></p>',
      },
    };
    expect(prepareDocument(respaced, site).fingerprint).toBe(base);
    expect(prepareDocument(recased, site).fingerprint).toBe(base);
    expect(prepareDocument(edited, site).fingerprint).not.toBe(base);
    // The same content from another format is the same document to an agent.
    expect(prepareDocument(html, site).fingerprint).toBe(base);
  });

  it('keeps what a document was made from as a sorted set, outside the fingerprint', () => {
    const plain = prepareDocument(article, site);
    const made = prepareDocument({ ...article, dependsOn: ['file-2', 'faq-1', 'file-2'] }, site);
    expect(made.dependsOn).toEqual(['faq-1', 'file-2']);
    expect(made.fingerprint).toBe(plain.fingerprint);
    expect(plain.dependsOn).toBeUndefined();
    expect(prepareDocument({ ...article, dependsOn: [] }, site).dependsOn).toBeUndefined();
    // Each is kept in an indexed column of 191 characters: longer, or no string, is refused.
    for (const dependsOn of [['x'.repeat(192)], [''], [3], 'faq-1'])
      expect(() =>
        prepareDocument({ ...article, dependsOn: dependsOn as unknown as string[] }, site),
      ).toThrow(ValidationError);
  });

  it('changes the render key with the settings, not with the content', () => {
    const a = prepareDocument(article, site);
    // The site's key, known without a document: a store tells stale rows by it.
    expect(a.renderKey).toBe(documentRenderKey(site));
    expect(prepareDocument(article, { ...site, profile: TCT_03 }).renderKey).toBe(
      documentRenderKey({ ...site, profile: TCT_03 }),
    );
    expect(a.profile).toBe('tct-1');
    expect(prepareDocument({ ...article, title: 'Other' }, site).renderKey).toBe(a.renderKey);
    expect(prepareDocument(article, { ...site, mUrl: { suffix: 'llm/' } }).renderKey).not.toBe(
      a.renderKey,
    );
  });

  it.each([
    [{ url: 'https://elsewhere.example/x/' }, 'url'],
    [{ url: 'javascript:alert(1)' }, 'url'],
    [{ title: '  ' }, 'title'],
    [{ id: '' }, 'id'],
    [{ section: 'no spaces please' }, 'section'],
    [{ modified: 'last tuesday' }, 'modified'],
  ])('rejects %j with a field-level error', (patch, field) => {
    expect(() => prepareDocument({ ...article, ...patch }, site)).toThrow(ValidationError);
    expect(() => prepareDocument({ ...article, ...patch }, site)).toThrow(
      expect.objectContaining({ field }),
    );
  });

  it('refuses an oversized document when rendering, with the cap in the message', () => {
    const big = prepareDocument(
      { ...article, body: { format: 'text', value: 'x'.repeat(20_000) } },
      { ...site, maxDocumentBytes: 10_000 },
    );
    expect(() => big.render('2025-10-01T12:00:00Z')).toThrow(/cap is 10000/);
  });

  it('renders tct-1 bytes exactly as before the profile option existed', () => {
    const doc = prepareDocument(article, site);
    const out = doc.render('2025-10-01T12:00:00.000Z');
    expect(out.body.toString('utf8')).toBe(
      '{"canonical_url":"https://example.com/blog/hello/","content":"Hello\\n\\nIntro\\n\\nSome bold text with a link.\\n\\n[Image: A cat]","description":"A first post","hash":"sha256-758423d473c9dfa935f1f8417738ed2d848d71dfb28f55038736fc09e3b7e693","language":"en","modified":"2025-10-01T12:00:00.000Z","profile":"tct-1","title":"Hello"}',
    );
    expect(out.hash).toBe(
      'sha256-758423d473c9dfa935f1f8417738ed2d848d71dfb28f55038736fc09e3b7e693',
    );
    expect(doc.renderKey).toBe(
      'sha256-e03bbbac4964ba7d28875079faf6699f326f1f27d1a227210f7a10747623fb91',
    );
  });

  it('renders the same document in the -03 profile: same content, -03 members, hash of the body', () => {
    const tct1 = prepareDocument(article, site);
    const doc = prepareDocument(article, { ...site, profile: TCT_03 });
    const out = doc.render('2025-10-01T12:00:00.000Z');
    const body = readTct03MUrl(out.body);
    expect(body).toEqual({
      profile: TCT_03.id,
      canonical_url: 'https://example.com/blog/hello/',
      title: 'Hello',
      content: 'Hello\n\nIntro\n\nSome bold text with a link.\n\n[Image: A cat]',
      description: 'A first post',
      language: 'en',
      lastModified: '2025-10-01T12:00:00.000Z',
      content_media_type: 'text/plain; charset=utf-8',
    });
    expect(out.hash).toBe(`sha256-${sha256Hex(out.body)}`);
    // What an agent could notice is the same document; the bytes are the profile's.
    expect(doc.fingerprint).toBe(tct1.fingerprint);
    expect(doc.renderKey).not.toBe(tct1.renderKey);
    expect(out.scpLine).toBe(tct1.render('2025-10-01T12:00:00.000Z').scpLine);
  });
});
