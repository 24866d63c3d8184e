import { file, files, to, type SeedDocument, type SeedFile } from './seed-documents';

/**
 * Content for the `create-strapi-app --example` model (tests/fixtures/example), in the shape its
 * own seed data has: articles whose text is all in the `blocks` dynamic zone (rich text, quotes,
 * media, sliders), authors, categories, the about page, the global settings. One draft article.
 */

export const DRAFT_MARKER = 'EXAMPLE-DRAFT-NEVER-SHOWN';

export const FILES: SeedFile[] = [
  {
    key: 'coffee',
    url: '/uploads/coffee_beans_1a2b.jpg',
    alternativeText: 'Coffee beans roasting in a drum',
    caption: 'Roasted on Tuesday',
    mime: 'image/jpeg',
  },
  {
    key: 'pizza',
    url: '/uploads/we_love_pizza_3c4d.jpg',
    alternativeText: 'A wood-fired pizza fresh from the oven',
    mime: 'image/jpeg',
  },
  {
    key: 'shadow',
    url: 'https://res.cloudinary.example/demo/coffee_shadow.jpg',
    alternativeText: 'Shadow of a coffee cup on a table',
    mime: 'image/jpeg',
  },
  {
    // As the example's own seed script uploads its images: the file's name as the caption.
    key: 'coffee-art',
    url: '/uploads/coffee_art_7a8b.jpg',
    alternativeText: 'An image uploaded to Strapi called coffee-art',
    caption: 'coffee-art',
    mime: 'image/jpeg',
  },
  {
    key: 'first-order',
    url: '/uploads/first_order_9c0d.jpg',
    alternativeText: 'iPhone',
    caption: '10:30',
    mime: 'image/jpeg',
  },
  {
    key: 'david',
    url: '/uploads/daviddoe_5e6f.jpg',
    alternativeText: 'David Doe smiling',
    mime: 'image/jpeg',
  },
];

export const DOCUMENTS: SeedDocument[] = [
  {
    key: 'author-david',
    uid: 'api::author.author',
    status: 'published',
    locales: { '': { name: 'David Doe', email: 'daviddoe@strapi.io', avatar: file('david') } },
  },
  {
    key: 'category-food',
    uid: 'api::category.category',
    status: 'published',
    locales: {
      '': { name: 'Food', slug: 'food', description: 'Recipes, restaurants and what we cook.' },
    },
  },
  {
    key: 'category-ecommerce',
    uid: 'api::category.category',
    status: 'published',
    locales: {
      '': { name: 'e-commerce', slug: 'e-commerce', description: 'Selling what we roast, online.' },
    },
  },
  {
    key: 'article-coffee',
    uid: 'api::article.article',
    status: 'published',
    locales: {
      '': {
        title: 'The secret of good coffee',
        description: 'Beans, water and patience.',
        slug: 'the-secret-of-good-coffee',
        cover: file('coffee'),
        author: to('author-david'),
        category: to('category-food'),
        blocks: [
          {
            __component: 'shared.rich-text',
            body: '## Start with the beans\n\nBuy them whole, grind them **just before** brewing.\n\n- Keep them dry\n- Keep them dark',
          },
          {
            __component: 'shared.quote',
            title: 'Our roaster',
            body: 'Coffee is a fruit: treat it like one.',
          },
          { __component: 'shared.media', file: file('shadow') },
          { __component: 'shared.slider', files: files('coffee', 'pizza') },
          {
            __component: 'shared.rich-text',
            body: 'Water matters as much as the beans.',
          },
        ],
      },
    },
  },
  {
    key: 'article-pizza',
    uid: 'api::article.article',
    status: 'published',
    locales: {
      '': {
        title: 'We love pizza',
        description: 'A dough that waits two days.',
        slug: 'we-love-pizza',
        author: to('author-david'),
        category: to('category-food'),
        blocks: [
          {
            __component: 'shared.rich-text',
            body: 'Let the dough rest for **48 hours** in the fridge.',
          },
          { __component: 'shared.quote', title: 'Naples', body: 'Simple things, done right.' },
        ],
      },
    },
  },
  {
    key: 'article-shop',
    uid: 'api::article.article',
    status: 'published',
    locales: {
      '': {
        title: 'Our beans, sold online',
        description: 'The first week of our shop.',
        slug: 'our-beans-sold-online',
        author: to('author-david'),
        category: to('category-ecommerce'),
        blocks: [
          {
            __component: 'shared.rich-text',
            body: 'We opened the shop on a Monday and waited.',
          },
          // The first order, photographed on the phone it came in on, and when it came.
          { __component: 'shared.media', file: file('first-order') },
          {
            __component: 'shared.quote',
            title: 'eBay',
            body: 'Coffee is one of the categories growing fastest on our marketplace.',
          },
          { __component: 'shared.slider', files: files('coffee-art', 'coffee') },
        ],
      },
    },
  },
  {
    key: 'article-draft',
    uid: 'api::article.article',
    status: 'draft',
    locales: { '': { title: `Draft ${DRAFT_MARKER}`, slug: 'draft-article' } },
  },
  {
    key: 'about',
    uid: 'api::about.about',
    status: 'published',
    locales: {
      '': {
        title: 'About us',
        blocks: [
          {
            __component: 'shared.quote',
            title: 'Our motto',
            body: 'Write about what you love.',
          },
          {
            __component: 'shared.rich-text',
            body: 'We are a small team of food writers.',
          },
        ],
      },
    },
  },
  {
    key: 'global',
    uid: 'api::global.global',
    status: 'published',
    locales: {
      '': {
        siteName: 'Strapi Blog',
        siteDescription: 'A blog made with Strapi',
        defaultSeo: { metaTitle: 'Page', metaDescription: 'A blog made with Strapi' },
      },
    },
  },
];
