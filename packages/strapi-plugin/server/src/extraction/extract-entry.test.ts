import { parseContentTree, renderMarkdown, renderPlainText } from '@agent-ready/core/content';
import { prepareDocument } from '@agent-ready/core/document';
import type { SchemaLookup, StrapiSchema } from '../schema/strapi-schema';
import { PlanCompiler, type PlanSite } from './compile-extraction-plan';
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
      categories: { type: 'relation', relation: 'manyToMany', target: 'api::category.category' },
      createdBy: { type: 'relation', relation: 'oneToOne', target: 'admin::user', private: true },
    },
  },
  'api::category.category': {
    info: { singularName: 'category', pluralName: 'categories', displayName: 'Category' },
    attributes: { name: { type: 'string' } },
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
      uid === 'api::faq.faq' || uid === 'api::category.category'
        ? { pages: false }
        : types[uid]
          ? { pages: true }
          : undefined,
    problem: (key, message) => {
      throw new Error(`${key}: ${message}`);
    },
    ...overrides,
  };
}

const pagePlan = (planSite = site()) =>
  new PlanCompiler(planSite).bodyPlan({
    uid: 'api::page.page',
    schema: types['api::page.page']!,
    used: new Set(),
    key: 'contentTypes["api::page.page"]',
  });

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
    const plan = new PlanCompiler(site()).bodyPlan({
      uid: 'api::note.note',
      schema: { info: {}, attributes: { content: { type: 'blocks' }, slug: { type: 'uid' } } },
      used: new Set(),
      key: 'contentTypes["api::note.note"]',
    });
    const value = [{ type: 'paragraph', children: [{ type: 'text', text: 'Hi' }] }];
    expect(extractBody({ content: value }, plan, context)).toEqual({
      format: 'strapi-blocks',
      value,
    });
    expect(extractBody({ content: [] }, plan, context)).toBeUndefined();
  });
});

describe('words that look like identifiers, numbers or times', () => {
  // What editors of a shop's site write: product names, e-commerce, a rating, an agenda.
  const launch = {
    documentId: 'p2',
    slug: 'launch-day',
    dynamic_zone: [
      {
        __component: 'dynamic-zone.hero',
        heading: 'e-commerce',
        sub_heading: 'eBay',
        CTAs: [{ text: 'iPhone', URL: '/shop/iphone' }],
        image: {
          url: '/uploads/phone_3c4d.png',
          alternativeText: 'iPhone',
          caption: '10:30',
          mime: 'image/png',
        },
      },
      {
        __component: 'dynamic-zone.how-it-works',
        heading: '10:30',
        steps: [
          { title: '09:00', description: 'e-commerce' },
          { title: '3.5', description: 'v2.0' },
        ],
      },
      {
        __component: 'dynamic-zone.faq',
        heading: 'Questions',
        faqs: [{ documentId: 'f3', question: 'eBay', answer: 'Yes.' }],
      },
      {
        __component: 'dynamic-zone.related-articles',
        heading: 'Read more',
        articles: [{ documentId: 'a2', title: 'iPhone', slug: 'iphone' }],
      },
      {
        __component: 'dynamic-zone.hero',
        // A link's target typed into a text field: not prose, left out (and counted as such).
        heading: 'Setup guide',
        sub_heading: 'https://docs.example/setup',
        image: {
          url: '/uploads/setup_guide_5e6f.pdf',
          name: 'setup_guide.pdf',
          mime: 'application/pdf',
        },
      },
    ],
    categories: [{ documentId: 'c1', name: 'e-commerce' }],
  };

  it('shows them wherever text is: headings, lines, list items, alt texts, captions, names', () => {
    const tree = parseContentTree({ children: extractBlocks(launch, pagePlan(), context) });
    expect(renderMarkdown(tree)).toBe(
      [
        '## e-commerce',
        '',
        'eBay',
        '',
        '- [iPhone](/shop/iphone)',
        '',
        '![iPhone](https://cms.example.com/uploads/phone_3c4d.png "10:30")',
        '',
        '## 10:30',
        '',
        '- **09:00**',
        '',
        '  e-commerce',
        '- **3.5**',
        '',
        '  v2.0',
        '',
        '## Questions',
        '',
        '### eBay',
        '',
        'Yes.',
        '',
        '## Read more',
        '',
        'Articles: [iPhone](/blog/iphone)',
        '',
        '## Setup guide',
        '',
        // A file without an alt text or caption: linked under its name, as uploaded.
        '[setup\\_guide.pdf](https://cms.example.com/uploads/setup_guide_5e6f.pdf)',
        '',
        'Categories: e-commerce',
        '',
      ].join('\n'),
    );
  });

  it('counts each of them as shown, and a value left out for its shape as dropped', () => {
    const seen: {
      text: string;
      path: string;
      emitted: boolean;
      owner?: string;
      shape?: boolean;
    }[] = [];
    extractBlocks(launch, pagePlan(), {
      ...context,
      sink: {
        text: (text, path, emitted, owner, shape) =>
          seen.push({
            text,
            path,
            emitted,
            ...(owner ? { owner: owner.documentId } : {}),
            ...(shape ? { shape } : {}),
          }),
      },
    });
    expect(seen.filter((s) => !s.emitted)).toEqual([
      {
        text: 'https://docs.example/setup',
        path: 'dynamic_zone[dynamic-zone.hero].sub_heading',
        emitted: false,
        shape: true,
      },
    ]);
    expect(seen.filter((s) => !s.owner).map((s) => s.text)).toEqual([
      'e-commerce',
      'eBay',
      'iPhone',
      'iPhone',
      '10:30',
      '10:30',
      '09:00',
      'e-commerce',
      '3.5',
      'v2.0',
      'Questions',
      'Read more',
      'Setup guide',
      'https://docs.example/setup',
    ]);
    // A folded entry's name is its own text: the FAQ's question, the category's name.
    expect(seen.filter((s) => s.owner).map((s) => [s.owner, s.text])).toEqual([
      ['f3', 'eBay'],
      ['f3', 'Yes.'],
      ['c1', 'e-commerce'],
    ]);
  });
});

describe('images in a blocks field', () => {
  // An article whose text is a blocks field (LaunchPad's `content`), alone in the body (handed
  // to core as blocks) or beside other fields (walked into a content tree).
  const notePlan = (alone: boolean) =>
    new PlanCompiler(site()).bodyPlan({
      uid: 'api::note.note',
      schema: {
        info: {},
        attributes: {
          content: { type: 'blocks' },
          slug: { type: 'uid' },
          ...(alone ? {} : { sub_heading: { type: 'string' } }),
        },
      },
      used: new Set(),
      key: 'contentTypes["api::note.note"]',
    });
  const imageBlock = (url: string, alternativeText: string, caption: string | null) => ({
    type: 'image',
    image: { name: 'team.jpg', url, alternativeText, caption, mime: 'image/jpeg', width: 1600 },
    children: [{ type: 'text', text: '' }],
  });
  const note = {
    documentId: 'n1',
    sub_heading: 'Notes from the team',
    content: [
      { type: 'paragraph', children: [{ type: 'text', text: 'We launched on Tuesday.' }] },
      imageBlock('/uploads/team_9f8e.jpg', 'The team at the launch party', 'Lyon, March 2025'),
      imageBlock('https://media.cdn.example/site/stage.jpg', 'The stage', null),
    ],
  };
  /** What agents get of the note at a page of `https://site.example`: M-URL, twin, SCP line. */
  const served = (alone: boolean, mediaUrl = context.mediaUrl) => {
    const body = extractBody(note, notePlan(alone), { ...context, mediaUrl });
    const rendered = prepareDocument(
      { id: 'n1', url: '/en/blog/launch', title: 'Launch notes', ...(body ? { body } : {}) },
      { origin: 'https://site.example' },
    ).render('2026-01-01T00:00:00.000Z');
    const { content } = JSON.parse(rendered.body.toString('utf8')) as { content: string };
    return { body, content, markdown: rendered.markdown, scp: rendered.scpLine };
  };

  it.each([
    ['alone in the body, handed to core as blocks', true, 'strapi-blocks'],
    ['beside other fields, in a content tree', false, 'content-tree'],
  ])('puts uploads on Strapi’s public URL, never the page’s: %s', (_name, alone, format) => {
    const { body, content, markdown, scp } = served(alone);
    expect(body?.format).toBe(format);
    expect(markdown).toContain(
      '![The team at the launch party](https://cms.example.com/uploads/team_9f8e.jpg "Lyon, March 2025")',
    );
    expect(markdown).toContain('![The stage](https://media.cdn.example/site/stage.jpg)');
    expect(content).toContain('[Image: The team at the launch party]\nLyon, March 2025');
    expect(scp).toContain('"url":"https://cms.example.com/uploads/team_9f8e.jpg"');
    expect(scp).toContain('"url":"https://media.cdn.example/site/stage.jpg"');
    for (const text of [content, markdown, scp]) expect(text).not.toContain('site.example/uploads');
    // The editor's value is left as Strapi returned it.
    expect(note.content[1]).toMatchObject({ image: { url: '/uploads/team_9f8e.jpg' } });
  });

  it.each([true, false])(
    'gives an upload no invented URL when Strapi’s public URL is unknown (alone: %s)',
    (alone) => {
      const { content, markdown, scp } = served(alone, mediaUrlResolver(undefined));
      expect(content).toContain('The team at the launch party — Lyon, March 2025');
      expect(markdown).toContain('The team at the launch party — Lyon, March 2025');
      expect(markdown).toContain('![The stage](https://media.cdn.example/site/stage.jpg)');
      for (const text of [content, markdown, scp]) expect(text).not.toContain('/uploads/');
    },
  );

  it('counts an image’s alt text and caption as the coverage finds them served', () => {
    const seen: string[] = [];
    extractBlocks(note, notePlan(false), {
      ...context,
      mediaUrl: mediaUrlResolver(undefined),
      sink: { text: (text) => seen.push(text) },
    });
    expect(seen).toContain('The team at the launch party — Lyon, March 2025');
    expect(served(false, mediaUrlResolver(undefined)).content).toContain(
      'The team at the launch party — Lyon, March 2025',
    );
  });
});
