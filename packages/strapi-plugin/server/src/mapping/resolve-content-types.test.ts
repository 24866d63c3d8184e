import { ValidationError } from '@agent-ready/core/errors';
import { resolveContentTypes } from './resolve-content-types';
import type { SchemaLookup, StrapiSchema } from './strapi-schema';

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
  it('`true` finds title, description, the first blocks/richtext body and the uid slug', () => {
    const type = resolveContentTypes({ 'api::article.article': true }, lookup).get(
      'api::article.article',
    )!;
    expect(type).toMatchObject({
      single: false,
      localized: true,
      draftAndPublish: true,
      title: ['title'],
      description: ['excerpt'],
      body: [{ attribute: 'body', type: 'richtext' }],
      section: 'articles',
    });
    expect(type.url.source).toBe('/{locale}/articles/{slug}/');
    expect(type.query.fields.sort()).toEqual(
      ['body', 'excerpt', 'locale', 'slug', 'title', 'updatedAt'].sort(),
    );
    expect(type.query.populate).toEqual({});
  });

  it('`true` takes the first dynamic zone as the body when there is no blocks/richtext field', () => {
    const type = resolveContentTypes({ 'api::post.post': true }, lookup).get('api::post.post')!;
    expect(type.body).toMatchObject([{ attribute: 'blocks', type: 'dynamiczone' }]);
    expect(type.url.source).toBe('/posts/{slug}/');
  });

  it('single types default to /{singularName}/; no uid attribute means {documentId}', () => {
    const types = resolveContentTypes(
      { 'api::home.home': true, 'api::bare.bare': { title: 'label' } },
      { ...lookup, privateAttributes: [] },
    );
    expect(types.get('api::home.home')).toMatchObject({ single: true, title: ['name'] });
    expect(types.get('api::home.home')!.url.source).toBe('/home/');
    expect(() =>
      resolveContentTypes({ 'api::bare.bare': true }, { ...lookup, privateAttributes: [] }),
    ).toThrow(/contentTypes\["api::bare\.bare"\]\.title: no title or name attribute/);
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
    expect(type.query.populate).toEqual({
      category: { fields: ['slug'] },
      hero: { fields: ['cite', 'quote', 'more'] },
      sections: { on: { 'shared.quote': { fields: ['quote', 'more'] } } },
    });
    expect(type.body.map((b) => [b.attribute, b.type])).toEqual([
      ['content', 'blocks'],
      ['sections', 'dynamiczone'],
      ['hero', 'component'],
    ]);
    expect(type.body[1]!.componentFields).toEqual({
      'shared.quote': [
        { name: 'quote', format: 'text' },
        { name: 'more', format: 'blocks' },
      ],
      'shared.media': [],
    });
    expect(type.published).toEqual(['date']);
  });

  it('names every attribute that does not exist, is private, or has the wrong type', () => {
    const message = problems({
      'api::article.article': {
        title: 'headline',
        body: ['content', 'secret', 'views', 'category'],
        description: 'password',
        author: 'category.notes',
        url: '/{tags.slug}/{createdBy.email}/{slug}/{owner.email}/',
        published: 'title',
      },
      'api::nothing.nothing': true,
      'admin::user': true,
    });
    const key = 'contentTypes["api::article.article"]';
    for (const expected of [
      `${key}.title: no such attribute: headline`,
      `${key}.body[1]: secret is a private attribute`,
      `${key}.body[2]: views is a private attribute`,
      `${key}.body[3]: category is of type relation`,
      `${key}.description: password is of type password`,
      `${key}.author: category.notes is a private attribute`,
      `${key}.url: tags must be a to-one relation`,
      `${key}.url: createdBy is a private attribute`,
      `${key}.url: owner points at admin users`,
      `${key}.published: title is of type string; expected date, datetime`,
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
