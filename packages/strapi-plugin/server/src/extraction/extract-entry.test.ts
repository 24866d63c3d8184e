import { parseContentTree, renderMarkdown, renderPlainText } from '@agent-ready/core/content';
import type { SchemaLookup, StrapiSchema } from '../mapping/strapi-schema';
import { compileBodyPlan, type PlanSite } from './compile-extraction-plan';
import { extractBlocks, extractBody, type TextSink } from './extract-entry';
import { mediaUrlResolver } from './media-url';

// Shapes of a LaunchPad-like marketing site: sections of `string` fields, buttons, cards,
// repeatable steps, an FAQ section whose answers live in FAQ entries.
const components: Record<string, StrapiSchema> = {
  'shared.button': {
    info: { displayName: 'Button' },
    attributes: {
      text: { type: 'string' },
      URL: { type: 'string' },
      target: { type: 'enumeration' },
      variant: { type: 'enumeration' },
    },
  },
  'shared.steps': {
    info: { displayName: 'Steps' },
    attributes: { title: { type: 'string' }, description: { type: 'string' } },
  },
  'dynamic-zone.hero': {
    info: { displayName: 'Hero' },
    attributes: {
      heading: { type: 'string' },
      sub_heading: { type: 'string' },
      icon: { type: 'string' },
      CTAs: { type: 'component', component: 'shared.button', repeatable: true },
      image: { type: 'media' },
      note: { type: 'text', private: true },
    },
  },
  'dynamic-zone.how-it-works': {
    info: { displayName: 'How it works' },
    attributes: {
      heading: { type: 'string' },
      steps: { type: 'component', component: 'shared.steps', repeatable: true },
    },
  },
  'dynamic-zone.faq': {
    info: { displayName: 'FAQ' },
    attributes: {
      heading: { type: 'string' },
      faqs: { type: 'relation', relation: 'oneToMany', target: 'api::faq.faq' },
    },
  },
  'dynamic-zone.related-articles': {
    info: { displayName: 'Related articles' },
    attributes: {
      heading: { type: 'string' },
      articles: { type: 'relation', relation: 'oneToMany', target: 'api::article.article' },
    },
  },
};

const types: Record<string, StrapiSchema> = {
  'api::page.page': {
    info: { singularName: 'page', pluralName: 'pages', displayName: 'Page' },
    attributes: {
      slug: { type: 'uid' },
      dynamic_zone: {
        type: 'dynamiczone',
        components: [
          'dynamic-zone.hero',
          'dynamic-zone.how-it-works',
          'dynamic-zone.faq',
          'dynamic-zone.related-articles',
        ],
      },
      createdBy: { type: 'relation', relation: 'oneToOne', target: 'admin::user', private: true },
    },
  },
  'api::faq.faq': {
    info: { singularName: 'faq', pluralName: 'faqs', displayName: 'FAQ' },
    attributes: { question: { type: 'string' }, answer: { type: 'text' } },
  },
  'api::article.article': {
    info: { singularName: 'article', pluralName: 'articles', displayName: 'Article' },
    attributes: { title: { type: 'string' }, slug: { type: 'uid' } },
  },
};

const lookup: SchemaLookup = {
  contentType: (uid) => types[uid],
  component: (uid) => components[uid],
};

function site(overrides: Partial<PlanSite> = {}): PlanSite {
  return {
    lookup,
    components: {},
    exposure: (uid) =>
      uid === 'api::faq.faq' ? { pages: false } : types[uid] ? { pages: true } : undefined,
    problem: (key, message) => {
      throw new Error(`${key}: ${message}`);
    },
    ...overrides,
  };
}

const pagePlan = (planSite = site()) =>
  compileBodyPlan(
    {
      uid: 'api::page.page',
      schema: types['api::page.page']!,
      used: new Set(),
      key: 'contentTypes["api::page.page"]',
    },
    planSite,
  );

const page = {
  documentId: 'p1',
  slug: 'homepage',
  dynamic_zone: [
    {
      __component: 'dynamic-zone.hero',
      heading: 'Build faster',
      sub_heading: 'The platform for teams',
      icon: 'IconRocket',
      note: 'PRIVATE-MARKER',
      CTAs: [
        { text: 'Get started', URL: '/sign-up', target: '_self', variant: 'primary' },
        { text: 'Talk to sales', URL: 'https://sales.example/contact', variant: 'outline' },
      ],
      image: {
        url: '/uploads/hero.png',
        alternativeText: 'A dashboard',
        caption: null,
        mime: 'image/png',
      },
    },
    {
      __component: 'dynamic-zone.how-it-works',
      heading: 'How it works',
      steps: [
        { title: 'Sign up', description: 'Create an account in a minute.' },
        { title: 'Ship', description: 'Publish your first page.' },
      ],
    },
    {
      __component: 'dynamic-zone.faq',
      heading: 'Questions',
      faqs: [
        { documentId: 'f1', question: 'Is it free?', answer: 'Yes, for small teams.' },
        { documentId: 'f2', question: 'Can I export?', answer: 'Any time.\n\nAs JSON.' },
      ],
    },
    {
      __component: 'dynamic-zone.related-articles',
      heading: 'Read more',
      articles: [{ documentId: 'a1', title: 'Launch notes', slug: 'launch-notes' }],
    },
  ],
};

const context = {
  mediaUrl: mediaUrlResolver('https://cms.example.com'),
  linkUrl: (_uid: string, target: { slug?: unknown }) => `/blog/${String(target.slug)}`,
};

describe('extracting a dynamic-zone page', () => {
  it('keeps every section in order, with structure, and nothing technical or private', () => {
    const tree = parseContentTree({ children: extractBlocks(page, pagePlan(), context) });
    expect(renderMarkdown(tree)).toBe(
      [
        '## Build faster',
        '',
        'The platform for teams',
        '',
        '- [Get started](/sign-up)',
        '- [Talk to sales](https://sales.example/contact)',
        '',
        '![A dashboard](https://cms.example.com/uploads/hero.png)',
        '',
        '## How it works',
        '',
        '- **Sign up**',
        '',
        '  Create an account in a minute.',
        '- **Ship**',
        '',
        '  Publish your first page.',
        '',
        '## Questions',
        '',
        '### Is it free?',
        '',
        'Yes, for small teams.',
        '',
        '### Can I export?',
        '',
        'Any time.',
        '',
        'As JSON.',
        '',
        '## Read more',
        '',
        'Articles: [Launch notes](/blog/launch-notes)',
        '',
      ].join('\n'),
    );
    expect(JSON.stringify(tree)).not.toMatch(/PRIVATE-MARKER|IconRocket|primary|_self/);
  });

  it('counts every string it meets, and whose it is (a folded FAQ is the FAQ’s)', () => {
    const seen: { text: string; owner?: string; emitted: boolean }[] = [];
    const sink: TextSink = {
      text: (text, _path, emitted, owner) =>
        seen.push({ text, emitted, ...(owner ? { owner: owner.documentId } : {}) }),
    };
    extractBlocks(page, pagePlan(), { ...context, sink });
    expect(seen.filter((s) => !s.owner).map((s) => s.text)).toEqual([
      'Build faster',
      'The platform for teams',
      'Get started',
      'Talk to sales',
      'A dashboard',
      'How it works',
      'Sign up',
      'Create an account in a minute.',
      'Ship',
      'Publish your first page.',
      'Questions',
      'Read more',
    ]);
    expect(seen.filter((s) => s.owner === 'f2').map((s) => s.text)).toEqual([
      'Can I export?',
      'Any time.',
      'As JSON.',
    ]);
  });

  it('leaves out what the settings turn off, still counting its text as dropped', () => {
    const plan = pagePlan(
      site({
        components: {
          'shared.steps': { fields: { description: 'skip' } },
          'dynamic-zone.faq': false,
        },
      }),
    );
    const seen: { text: string; emitted: boolean }[] = [];
    const text = renderPlainText({
      children: extractBlocks(page, plan, {
        ...context,
        sink: { text: (t, _p, emitted) => seen.push({ text: t, emitted }) },
      }),
    });
    expect(text).not.toContain('Create an account');
    expect(text).not.toContain('Is it free?');
    expect(seen).toContainEqual({ text: 'Create an account in a minute.', emitted: false });
    expect(seen).toContainEqual({ text: 'Questions', emitted: false });
  });

  it('shows media by their words when Strapi’s public URL is unknown, never on the front end', () => {
    const blocks = extractBlocks(page, pagePlan(), {
      ...context,
      mediaUrl: mediaUrlResolver(undefined),
    });
    expect(renderPlainText({ children: blocks })).toContain('A dashboard');
    expect(JSON.stringify(blocks)).not.toContain('/uploads/hero.png');
    expect(mediaUrlResolver(undefined)('https://cdn.example.net/a.png')).toBe(
      'https://cdn.example.net/a.png',
    );
  });

  it('hands one rich field over in its own format', () => {
    const plan = compileBodyPlan(
      {
        uid: 'api::note.note',
        schema: { info: {}, attributes: { content: { type: 'blocks' }, slug: { type: 'uid' } } },
        used: new Set(),
        key: 'contentTypes["api::note.note"]',
      },
      site(),
    );
    const value = [{ type: 'paragraph', children: [{ type: 'text', text: 'Hi' }] }];
    expect(extractBody({ content: value }, plan, context)).toEqual({
      format: 'strapi-blocks',
      value,
    });
    expect(extractBody({ content: [] }, plan, context)).toBeUndefined();
  });
});
