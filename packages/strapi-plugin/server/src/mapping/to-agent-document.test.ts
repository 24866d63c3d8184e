import { ValidationError } from '@agent-ready/core/errors';
import { resolveContentTypes } from './resolve-content-types';
import type { SchemaLookup, StrapiEntry, StrapiSchema } from '../schema/strapi-schema';
import type { TextSink } from '../extraction/extract-entry';
import { mediaUrlResolver } from '../extraction/media-url';
import type { UrlRules } from './page-url';
import {
  documentKey,
  relatedDocumentIds,
  toAgentDocument,
  type MappingContext,
} from './to-agent-document';

const schemas: Record<string, StrapiSchema> = {
  'api::post.post': {
    info: { singularName: 'post', pluralName: 'posts' },
    pluginOptions: { i18n: { localized: true } },
    attributes: {
      title: { type: 'string' },
      slug: { type: 'uid' },
      summary: { type: 'text' },
      text: { type: 'richtext' },
      writer: { type: 'relation', relation: 'manyToOne', target: 'api::person.person' },
      date: { type: 'date' },
      notes: { type: 'text' },
      secret: { type: 'text', private: true },
      locale: { type: 'string' },
      updatedAt: { type: 'datetime' },
    },
  },
  'api::person.person': {
    info: { singularName: 'person', pluralName: 'people' },
    attributes: { name: { type: 'string' } },
  },
};
const lookup: SchemaLookup = { contentType: (uid) => schemas[uid], component: () => undefined };
const post = resolveContentTypes(
  {
    'api::post.post': {
      author: 'writer.name',
      published: 'date',
      section: 'news',
      body: 'text',
    },
  },
  lookup,
).get('api::post.post')!;
const rules: UrlRules = {
  homeSlugs: ['homepage', 'home'],
  localePrefix: 'always',
  defaultLocale: 'en',
};
const context: MappingContext = {
  origin: 'https://site.example',
  rules,
  mediaUrl: mediaUrlResolver('https://cms.example.com'),
  types: new Map([['api::post.post', post]]),
};
const map = (entry: StrapiEntry, type = post, ctx = context) => toAgentDocument(entry, type, ctx);

describe('toAgentDocument', () => {
  const entry = {
    id: 7,
    documentId: 'abc123',
    locale: 'fr',
    title: 'Bonjour',
    slug: 'bonjour',
    summary: '  Un résumé.  ',
    text: 'Le *texte*.',
    writer: { name: 'Anne' },
    date: '2025-09-30',
    notes: 'not in the body',
    secret: 'never read',
    updatedAt: '2025-10-01T12:00:00.123Z',
    publishedAt: '2025-10-02T00:00:00.000Z',
  };

  it('maps the configured fields and nothing else', () => {
    expect(map(entry)).toEqual({
      id: 'api::post.post:abc123',
      locale: 'fr',
      url: '/fr/posts/bonjour/',
      title: 'Bonjour',
      body: { format: 'markdown', value: 'Le *texte*.' },
      description: 'Un résumé.',
      author: 'Anne',
      published: '2025-09-30T00:00:00.000Z',
      modified: '2025-10-01T12:00:00.123Z',
      section: 'news',
    });
    const all = JSON.stringify(map(entry));
    expect(all).not.toContain('never read');
    expect(all).not.toContain('not in the body');
  });

  it("carries the type's usage preferences, which override the site's", () => {
    const paid = resolveContentTypes(
      { 'api::post.post': { usage: { trainAi: false, search: true } } },
      lookup,
    ).get('api::post.post')!;
    expect(map(entry, paid).usage).toEqual({ trainAi: false, search: true });
    expect(map(entry)).not.toHaveProperty('usage');
  });

  it('leaves out empty optional fields', () => {
    const doc = map({ ...entry, summary: ' ', writer: null, date: null, text: '' });
    expect(doc).not.toHaveProperty('description');
    expect(doc).not.toHaveProperty('author');
    expect(doc).not.toHaveProperty('published');
    expect(doc).not.toHaveProperty('body');
  });

  it('makes the same document with the coverage’s sink, which only observes', () => {
    // One rich text field and nothing else: handed over in its own format, sink or not.
    const seen: { text: string; path: string; emitted: boolean }[] = [];
    const sink: TextSink = {
      text: (text, path, emitted) => void seen.push({ text, path, emitted }),
    };
    const served = map(entry);
    expect(served.body).toEqual({ format: 'markdown', value: 'Le *texte*.' });
    expect(map(entry, post, { ...context, sink })).toEqual(served);
    expect(seen).toEqual([
      { text: 'Le texte.', path: 'text', emitted: true },
      { text: 'not in the body', path: 'notes', emitted: false },
    ]);
    // An entry that cannot be served still shows the coverage what it says.
    seen.length = 0;
    expect(() => map({ ...entry, slug: null }, post, { ...context, sink })).toThrow(
      ValidationError,
    );
    expect(seen.map((found) => found.text)).toEqual(['Le texte.', 'not in the body']);
  });

  it('throws a ValidationError when the URL cannot be built', () => {
    expect(() => map({ ...entry, slug: null })).toThrow(ValidationError);
    expect(() => map({ ...entry, documentId: undefined })).toThrow(ValidationError);
  });

  it('adds the llmindex role with the values it names', () => {
    const product = resolveContentTypes(
      {
        'api::post.post': {
          llmindex: {
            role: 'product',
            availability: 'notes',
            price: 'price',
            currency: 'summary',
            brand: 'writer.name',
          },
        },
      },
      {
        ...lookup,
        contentType: (uid) =>
          uid === 'api::post.post'
            ? {
                ...schemas[uid]!,
                attributes: { ...schemas[uid]!.attributes, price: { type: 'decimal' } },
              }
            : schemas[uid],
      },
    ).get('api::post.post')!;
    const withOffer = { ...entry, notes: 'in_stock', price: '12.50', summary: 'EUR' };
    expect(map(withOffer, product).llmindex).toEqual({
      role: 'product',
      product: { availability: 'in_stock', price: 12.5, currency: 'EUR', brand: 'Anne' },
    });
    // No availability: still a document, but no product offer to list.
    const withoutStock = map({ ...withOffer, notes: null }, product);
    expect(withoutStock.url).toBe('/fr/posts/bonjour/');
    expect(withoutStock).not.toHaveProperty('llmindex');

    const faq = resolveContentTypes(
      { 'api::post.post': { llmindex: { role: 'faq', topic: 'summary' } } },
      lookup,
    ).get('api::post.post')!;
    expect(map(entry, faq).llmindex).toEqual({ role: 'faq', topic: 'Un résumé.' });
    expect(map({ ...entry, summary: null }, faq).llmindex).toEqual({ role: 'faq' });
    expect(map(entry)).not.toHaveProperty('llmindex');
  });

  it('names what the entry was made from: every related entry and file its read populated', () => {
    const entry = {
      documentId: 'page-1',
      hero: { image: { documentId: 'file-1', url: '/uploads/a.png' } },
      sections: [
        { __component: 'blocks.faq', faqs: [{ documentId: 'faq-1' }, { documentId: 'faq-2' }] },
        {
          __component: 'blocks.related',
          articles: [{ documentId: 'a-1', category: { documentId: 'c-1' } }],
        },
      ],
      parent: { documentId: 'page-1' },
    };
    expect(relatedDocumentIds(entry).sort()).toEqual(['a-1', 'c-1', 'faq-1', 'faq-2', 'file-1']);
    expect(relatedDocumentIds({ documentId: 'x', title: 'Alone' })).toEqual([]);
  });

  it('keys documents by content type and documentId', () => {
    expect(documentKey('api::post.post', 'abc123')).toBe('api::post.post:abc123');
  });

  describe('a page without a title attribute (LaunchPad): the SEO component and fallbacks', () => {
    const seoLookup: SchemaLookup = {
      contentType: (uid) =>
        uid === 'api::landing.landing'
          ? {
              info: { singularName: 'landing', pluralName: 'landings', displayName: 'Landing' },
              attributes: {
                seo: { type: 'component', component: 'shared.seo' },
                slug: { type: 'uid' },
                sections: { type: 'dynamiczone', components: ['blocks.hero'] },
              },
            }
          : undefined,
      component: (uid) =>
        (<Record<string, StrapiSchema>>{
          'shared.seo': {
            info: {},
            attributes: {
              metaTitle: { type: 'string' },
              metaDescription: { type: 'text' },
              canonicalURL: { type: 'string' },
              keywords: { type: 'text' },
            },
          },
          'blocks.hero': { info: {}, attributes: { heading: { type: 'string' } } },
        })[uid],
    };
    const landing = resolveContentTypes(
      { 'api::landing.landing': { url: '/{slug}' } },
      seoLookup,
    ).get('api::landing.landing')!;
    const withTypes = { ...context, types: new Map([['api::landing.landing', landing]]) };
    const base = {
      documentId: 'l1',
      slug: 'pricing',
      sections: [{ __component: 'blocks.hero', heading: 'Plans for every team' }],
    };

    const seo = {
      metaTitle: 'Pricing',
      metaDescription: 'What it costs.',
      canonicalURL: 'https://site.example/plans',
      keywords: 'never, shown',
    };

    it('takes the SEO title and description; the page stays at its route, whatever the canonical', () => {
      // A canonical URL an editor left (an old slug, say) does not hold the page at another URL
      // than the front end's route.
      const doc = map({ ...base, seo }, landing, withTypes);
      expect(doc).toMatchObject({
        title: 'Pricing',
        description: 'What it costs.',
        url: '/pricing',
      });
      expect(JSON.stringify(doc)).not.toContain('never, shown');
      const guessed = resolveContentTypes({ 'api::landing.landing': true }, seoLookup).get(
        'api::landing.landing',
      )!;
      const types = { ...context, types: new Map([['api::landing.landing', guessed]]) };
      expect(map({ ...base, seo }, guessed, types)).toMatchObject({ url: '/landings/pricing/' });
    });

    it('ignores a canonical URL off the origin, then falls back to the first heading and the id', () => {
      const offOrigin = map(
        { ...base, seo: { canonicalURL: 'https://elsewhere.example/x' } },
        landing,
        withTypes,
      );
      expect(offOrigin).toMatchObject({ url: '/pricing', title: 'Plans for every team' });
      // The heading that became the title is not said twice.
      expect(offOrigin).not.toHaveProperty('body');
      expect(map({ ...base, sections: [] }, landing, withTypes).title).toBe('Landing l1');
    });
  });
});
