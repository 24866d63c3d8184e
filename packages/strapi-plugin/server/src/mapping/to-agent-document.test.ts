import { ValidationError } from '@agent-ready/core/errors';
import { resolveContentTypes } from './resolve-content-types';
import type { SchemaLookup, StrapiSchema } from './strapi-schema';
import { documentKey, toAgentDocument } from './to-agent-document';

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
  { 'api::post.post': { author: 'writer.name', published: 'date', section: 'news' } },
  lookup,
).get('api::post.post')!;

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
    notes: 'never read',
    updatedAt: '2025-10-01T12:00:00.123Z',
    publishedAt: '2025-10-02T00:00:00.000Z',
  };

  it('maps the configured fields and nothing else', () => {
    expect(toAgentDocument(entry, post)).toEqual({
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
    expect(JSON.stringify(toAgentDocument(entry, post))).not.toContain('never read');
  });

  it("carries the type's usage preferences, which override the site's", () => {
    const paid = resolveContentTypes(
      { 'api::post.post': { usage: { trainAi: false, search: true } } },
      lookup,
    ).get('api::post.post')!;
    expect(toAgentDocument(entry, paid).usage).toEqual({ trainAi: false, search: true });
    expect(toAgentDocument(entry, post)).not.toHaveProperty('usage');
  });

  it('leaves out empty optional fields', () => {
    const doc = toAgentDocument(
      { ...entry, summary: ' ', writer: null, date: null, text: '' },
      post,
    );
    expect(doc).not.toHaveProperty('description');
    expect(doc).not.toHaveProperty('author');
    expect(doc).not.toHaveProperty('published');
    expect(doc).not.toHaveProperty('body');
  });

  it('throws a ValidationError when the URL cannot be built', () => {
    expect(() => toAgentDocument({ ...entry, slug: null }, post)).toThrow(ValidationError);
    expect(() => toAgentDocument({ ...entry, documentId: undefined }, post)).toThrow(
      ValidationError,
    );
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
    expect(toAgentDocument(withOffer, product).llmindex).toEqual({
      role: 'product',
      product: { availability: 'in_stock', price: 12.5, currency: 'EUR', brand: 'Anne' },
    });
    // No availability: still a document, but no product offer to list.
    const withoutStock = toAgentDocument({ ...withOffer, notes: null }, product);
    expect(withoutStock.url).toBe('/fr/posts/bonjour/');
    expect(withoutStock).not.toHaveProperty('llmindex');

    const faq = resolveContentTypes(
      { 'api::post.post': { llmindex: { role: 'faq', topic: 'summary' } } },
      lookup,
    ).get('api::post.post')!;
    expect(toAgentDocument(entry, faq).llmindex).toEqual({ role: 'faq', topic: 'Un résumé.' });
    expect(toAgentDocument({ ...entry, summary: null }, faq).llmindex).toEqual({ role: 'faq' });
    expect(toAgentDocument(entry, post)).not.toHaveProperty('llmindex');
  });

  it('keys documents by content type and documentId', () => {
    expect(documentKey('api::post.post', 'abc123')).toBe('api::post.post:abc123');
  });
});
