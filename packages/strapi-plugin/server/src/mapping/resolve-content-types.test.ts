import { ValidationError } from '@agent-ready/core/errors';
import { resolveContentTypes } from './resolve-content-types';
import type { SchemaLookup, StrapiSchema } from '../schema/strapi-schema';

const article: StrapiSchema = {
  kind: 'collectionType',
  info: { singularName: 'article', pluralName: 'articles' },
  options: { draftAndPublish: true },
  pluginOptions: { i18n: { localized: true } },
  attributes: {
    title: { type: 'string' },
    slug: { type: 'uid' },
    excerpt: { type: 'text' },
    body: { type: 'richtext' },
    content: { type: 'blocks' },
    sections: { type: 'dynamiczone', components: ['shared.quote', 'shared.media'] },
    hero: { type: 'component', component: 'shared.quote', repeatable: false },
    category: { type: 'relation', relation: 'manyToOne', target: 'api::category.category' },
    tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' },
    owner: { type: 'relation', relation: 'oneToOne', target: 'admin::user' },
    secret: { type: 'string', private: true },
    password: { type: 'password' },
    views: { type: 'integer' },
    price: { type: 'decimal' },
    date: { type: 'date' },
    createdBy: { type: 'relation', relation: 'oneToOne', target: 'admin::user', private: true },
    updatedAt: { type: 'datetime' },
    locale: { type: 'string' },
  },
};

const schemas: Record<string, StrapiSchema> = {
  'api::article.article': article,
  'api::category.category': {
    info: { singularName: 'category', pluralName: 'categories' },
    attributes: { slug: { type: 'uid' }, notes: { type: 'text', private: true } },
  },
  'api::home.home': {
    kind: 'singleType',
    info: { singularName: 'home', pluralName: 'homes' },
    attributes: { name: { type: 'string' }, intro: { type: 'blocks' } },
  },
  // Strapi's example Article: its text is in a dynamic zone, no blocks or rich-text field.
  'api::post.post': {
    info: { singularName: 'post', pluralName: 'posts' },
    attributes: {
      title: { type: 'string' },
      slug: { type: 'uid' },
      blocks: { type: 'dynamiczone', components: ['shared.quote', 'shared.media'] },
    },
  },
  'api::bare.bare': {
    info: { singularName: 'bare', pluralName: 'bares' },
    attributes: { label: { type: 'string' }, code: { type: 'integer' } },
  },
};

const components: Record<string, StrapiSchema> = {
  'shared.quote': {
    info: { singularName: 'quote', pluralName: 'quotes' },
    attributes: {
      quote: { type: 'text' },
      cite: { type: 'string' },
      remark: { type: 'richtext', private: true },
      more: { type: 'blocks' },
    },
  },
  'shared.media': {
    info: { singularName: 'media', pluralName: 'medias' },
    attributes: { file: { type: 'media' } },
  },
};

const lookup: SchemaLookup = {
  contentType: (uid) => schemas[uid],
  component: (uid) => components[uid],
  privateAttributes: ['views'],
};

function problems(contentTypes: Parameters<typeof resolveContentTypes>[0]): string {
  try {
    resolveContentTypes(contentTypes, lookup);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return (error as Error).message;
  }
  throw new Error('expected a ValidationError');
}

describe('resolveContentTypes', () => {
  it('`true` finds title, description and the uid slug, and extracts every text attribute', () => {
    const type = resolveContentTypes({ 'api::article.article': true }, lookup).get(
      'api::article.article',
    )!;
    expect(type).toMatchObject({
      single: false,
      localized: true,
      draftAndPublish: true,
      titles: [['title']],
      descriptions: [['excerpt']],
      section: 'articles',
      urlSource: '/{locale}/articles/{slug}/',
    });
    const kinds = Object.fromEntries(type.body.map((field) => [field.name, field.kind]));
    expect(kinds).toMatchObject({
      title: 'dropped',
      excerpt: 'dropped',
      body: 'text',
      content: 'text',
      sections: 'zone',
      hero: 'component',
      secret: 'dropped',
      password: 'dropped',
      views: 'dropped',
      price: 'number',
      date: 'dropped',
      owner: 'dropped',
      createdBy: 'dropped',
    });
    // The relations: to types that are not exposed, never read.
    expect(type.body.find((field) => field.name === 'category')).toMatchObject({
      kind: 'dropped',
      reason: 'not-exposed',
    });
    // Only what is extracted is read: no private field, no password, no admin user.
    const read = JSON.stringify(type.query);
    for (const never of ['secret', 'password', 'views', 'owner', 'createdBy', 'remark', 'notes'])
      expect(read).not.toContain(`"${never}"`);
    expect(type.query.fields.sort()).toEqual(
      ['body', 'content', 'excerpt', 'locale', 'price', 'slug', 'title', 'updatedAt'].sort(),
    );
    expect(type.query.populate).toEqual({
      hero: { fields: ['quote', 'cite', 'more'] },
      sections: {
        on: {
          'shared.quote': { fields: ['quote', 'cite', 'more'] },
          'shared.media': {
            fields: [],
            populate: {
              file: { fields: ['url', 'alternativeText', 'caption', 'mime', 'name'] },
            },
          },
        },
      },
    });
  });

  it('links related entries of types with pages, and folds those without pages in place', () => {
    const types = resolveContentTypes(
      { 'api::article.article': true, 'api::category.category': true, 'api::home.home': true },
      lookup,
    );
    const article = types.get('api::article.article')!;
    // A category has a uid: pages of its own; a relation names and links it.
    expect(article.body.find((field) => field.name === 'category')).toMatchObject({
      kind: 'relation',
      target: { show: 'link', uid: 'api::category.category' },
    });
    expect(article.query.populate.category).toEqual({ fields: ['slug'] });
    // A single type without a URL has no pages of its own.
    expect(types.get('api::home.home')).toMatchObject({ urlSource: false, page: { kind: 'none' } });
  });

  it('compiles a component once for every type that uses it where it is used alike', () => {
    const types = resolveContentTypes(
      { 'api::article.article': true, 'api::post.post': true },
      lookup,
    );
    const quoteIn = (uid: string, zone: string) => {
      const field = types.get(uid)!.body.find((candidate) => candidate.name === zone);
      return field?.kind === 'zone' ? field.components['shared.quote'] : undefined;
    };
    expect(quoteIn('api::article.article', 'sections')).toMatchObject({ uid: 'shared.quote' });
    expect(quoteIn('api::post.post', 'blocks')).toBe(quoteIn('api::article.article', 'sections'));
  });

  it('single types and types without a uid have no pages unless given a url', () => {
    const types = resolveContentTypes(
      {
        'api::home.home': { url: '/' },
        'api::bare.bare': { title: 'label' },
        'api::post.post': { url: false },
      },
      { ...lookup, privateAttributes: [] },
    );
    expect(types.get('api::home.home')).toMatchObject({ single: true, titles: [['name']] });
    expect(types.get('api::home.home')!.urlSource).toBe('/');
    expect(types.get('api::bare.bare')!.page).toEqual({ kind: 'none' });
    expect(types.get('api::post.post')!.page).toEqual({ kind: 'none' });
    // No title attribute is no problem: the title falls back (SEO title, first heading, id).
    expect(
      resolveContentTypes({ 'api::bare.bare': true }, { ...lookup, privateAttributes: [] }).get(
        'api::bare.bare',
      )!.titles,
    ).toEqual([]);
  });

  it('reads relation and component paths through a minimal populate', () => {
    const type = resolveContentTypes(
      {
        'api::article.article': {
          url: '/{locale}/{category.slug}/{slug}/',
          author: 'hero.cite',
          body: ['content', 'sections', 'hero'],
          published: 'date',
          section: 'blog',
        },
      },
      lookup,
    ).get('api::article.article')!;
    expect(type.query.populate).toMatchObject({
      category: { fields: ['slug'] },
      hero: { fields: ['cite', 'quote', 'more'] },
    });
    expect(type.body.filter((b) => b.kind !== 'dropped').map((b) => [b.name, b.kind])).toEqual([
      ['content', 'text'],
      ['sections', 'zone'],
      ['hero', 'component'],
    ]);
    expect(type.body.find((b) => b.name === 'body')).toMatchObject({
      kind: 'dropped',
      reason: 'not-in-body',
      inner: { kind: 'text', format: 'markdown' },
    });
    // The text left out of the body is read by the coverage only.
    expect(type.query.fields).not.toContain('body');
    expect(type.coverageQuery.fields).toContain('body');
    expect(type.published).toEqual(['date']);
  });

  it('names every attribute that does not exist, is private, or has the wrong type', () => {
    const message = problems({
      'api::article.article': {
        title: 'headline',
        body: ['content', 'secret', 'views', 'category', 'nothing'],
        description: 'password',
        author: 'category.notes',
        url: '/{tags.slug}/{createdBy.email}/{slug}/{owner.email}/',
        published: 'title',
        fields: { secret: 'text', price: 'heading', nope: 'skip' },
        seo: 'title',
      },
      'api::nothing.nothing': true,
      'admin::user': true,
    });
    const key = 'contentTypes["api::article.article"]';
    for (const expected of [
      `${key}.title: no such attribute: headline`,
      `${key}.body[1]: secret is a private attribute`,
      `${key}.body[2]: views is a private attribute`,
      `${key}.body[4]: no such attribute: nothing`,
      `${key}.description: password is of type password`,
      `${key}.author: category.notes is a private attribute`,
      `${key}.url: tags must be a to-one relation`,
      `${key}.url: createdBy is a private attribute`,
      `${key}.url: owner points at admin users`,
      `${key}.published: title is of type string; expected date, datetime`,
      `${key}.seo: title is not a single component`,
      `${key}.fields.secret: secret is a private attribute: never read`,
      `${key}.fields.price: price is of type decimal: its role can be skip`,
      `${key}.fields.nope: no such attribute: nope`,
      'contentTypes["api::nothing.nothing"]: no such content type',
      'contentTypes["admin::user"]: only the app\'s content types (api::…) and listed plugin types can be exposed',
    ]) {
      expect(message).toContain(expected);
    }
  });

  it('resolves llmindex roles to the attributes they read, checking their types', () => {
    const types = resolveContentTypes(
      {
        'api::article.article': {
          llmindex: { role: 'product', availability: 'excerpt', price: 'price', id: 'slug' },
        },
        'api::home.home': { llmindex: { role: 'about' } },
      },
      lookup,
    );
    const article = types.get('api::article.article')!;
    expect(article.llmindex).toEqual({
      role: 'product',
      attributes: { availability: ['excerpt'], price: ['price'], id: ['slug'] },
    });
    expect(article.query.fields).toEqual(expect.arrayContaining(['excerpt', 'price', 'slug']));
    expect(types.get('api::home.home')!.llmindex).toEqual({ role: 'about' });
    const message = problems({
      'api::article.article': {
        llmindex: { role: 'product', availability: 'stock', price: 'title', brand: 'secret' },
      },
      'api::home.home': { llmindex: { role: 'faq', topic: 'intro' } },
    });
    const key = 'contentTypes["api::article.article"]';
    for (const expected of [
      `${key}.llmindex.availability: no such attribute: stock`,
      `${key}.llmindex.price: title is of type string; expected integer, biginteger, float, decimal`,
      `${key}.llmindex.brand: secret is a private attribute`,
      'contentTypes["api::home.home"].llmindex.topic: intro is of type blocks',
    ]) {
      expect(message).toContain(expected);
    }
  });

  it('refuses {locale} on a type that is not localized, and bad patterns', () => {
    expect(problems({ 'api::home.home': { url: '/{locale}/' } })).toContain(
      'contentTypes["api::home.home"].url: {locale} is used but the content type is not localized',
    );
    expect(problems({ 'api::home.home': { url: '/{a}{b}/' } })).toContain(
      'contentTypes["api::home.home"].url: two placeholders must be separated',
    );
  });
});
