import { file, to, type SeedDocument, type SeedFile } from './seed-documents';

/**
 * The content of the pages-tree fixture (tests/fixtures/pages-tree): a company site as the
 * Strapi + Next.js starters with nested pages hold it. Every page names its slug and its parent
 * only; the app's own middleware works out its fullPath (`/about/team/careers`) when it is
 * written, in each locale (English, the default, and Czech). A draft page and a draft edit carry
 * the MARKER, which no agent endpoint may ever show. The test derives the URLs the front end
 * has from these objects (`slug`, `parent`), not from the app's or the plugin's output.
 */

/** Text no agent endpoint may ever carry: drafts. */
export const MARKER = 'NEVER-SHOWN';

export const FILES: SeedFile[] = [
  {
    key: 'studio',
    url: '/uploads/studio_a1b2.jpg',
    alternativeText: 'Our studio in Brno, seen from the courtyard',
    mime: 'image/jpeg',
  },
  {
    key: 'team-photo',
    url: '/uploads/team_c3d4.jpg',
    alternativeText: 'The whole team on the studio roof',
    mime: 'image/jpeg',
  },
  {
    key: 'og',
    url: '/uploads/og_default_e5f6.png',
    alternativeText: 'Northwind Studio logo on a dark background',
    mime: 'image/png',
  },
];

const html = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');
const pageLink = (label: string, key: string) => ({ type: 'page', label, page: to(key) });
const externalLink = (label: string, href: string) => ({
  type: 'external',
  label,
  href,
  newTab: true,
});

/** A page of the tree: its slug and parent (a seed key) per locale, and what it shows. */
function page(
  key: string,
  locales: Record<
    'en' | 'cs',
    { title: string; slug: string; parent?: string } & Record<string, unknown>
  >,
  extra: Partial<SeedDocument> = {},
): SeedDocument {
  return {
    key,
    uid: 'api::page.page',
    status: 'published',
    locales: Object.fromEntries(
      Object.entries(locales).map(([locale, { parent, ...data }]) => [
        locale,
        { breadcrumbTitle: data.title, ...data, ...(parent ? { parent: to(parent) } : {}) },
      ]),
    ),
    ...extra,
  };
}

/** A section of plain CKEditor text. */
const text = (...paragraphs: string[]) => ({
  __component: 'utilities.ck-editor-content',
  content: html(...paragraphs),
});

/** Top-level pages that exist to be moved under (each with a line of its own). */
const SECTIONS: [string, string, string, string, string][] = [
  ['page-solutions', 'solutions', 'Solutions', 'reseni', 'Řešení'],
  ['page-work', 'work', 'Our work', 'reference', 'Reference'],
  ['page-industries', 'industries', 'Industries', 'obory', 'Obory'],
  ['page-partners', 'partners', 'Partners', 'partneri', 'Partneři'],
  ['page-resources', 'resources', 'Resources', 'zdroje', 'Zdroje'],
  ['page-labs', 'labs', 'Labs', 'laborator', 'Laboratoř'],
];

export const DOCUMENTS: SeedDocument[] = [
  page('page-home', {
    en: {
      title: 'Homepage',
      slug: '/',
      seo: {
        metaTitle: 'Northwind Studio: websites that grow with you',
        metaDescription: 'A design and engineering studio building content-driven websites.',
        metaImage: file('og'),
        og: { title: 'Northwind Studio', siteName: 'Northwind Studio', image: file('og') },
      },
      content: [
        {
          __component: 'sections.hero',
          title: '<h1><strong>Websites that grow with your content</strong></h1>',
          description: html(
            'We design, build and run content-driven sites for teams of every size.',
          ),
          links: [
            pageLink('What we do', 'page-services'),
            externalLink('Our code on GitHub', 'https://github.example/northwind'),
          ],
        },
        {
          __component: 'sections.features-list',
          title: '<h2>Why teams choose us</h2>',
          description: html('Three things our clients mention first.'),
          listStyle: 'grid',
          features: [
            {
              title: '<h3>One team</h3>',
              description: html('Design, engineering and content under one roof.'),
              image: { media: file('studio'), alt: 'Our studio in Brno' },
            },
            {
              title: '<h3>Editors first</h3>',
              description: html('Every section is a block your editors can rearrange.'),
            },
          ],
        },
        {
          __component: 'sections.cta-banner',
          title: '<h2>Ready to start?</h2>',
          description: html('Tell us about your project and we answer within a day.'),
          links: [pageLink('Contact us', 'page-contact')],
        },
      ],
    },
    cs: {
      title: 'Hlavní stránka',
      slug: '/',
      content: [
        {
          __component: 'sections.hero',
          title: '<h1><strong>Weby, které rostou s vaším obsahem</strong></h1>',
          description: html('Navrhujeme, stavíme a provozujeme weby pro týmy všech velikostí.'),
          links: [pageLink('Co děláme', 'page-services')],
        },
      ],
    },
  }),
  page('page-about', {
    en: {
      title: 'About us',
      slug: 'about',
      parent: 'page-home',
      seo: {
        metaTitle: 'About Northwind Studio',
        metaDescription: 'Who we are and how we work.',
      },
      content: [
        text(
          'Northwind Studio was founded in Brno in 2014 by two developers and a designer.',
          'Today we are twenty people who like well-structured content.',
        ),
      ],
    },
    cs: {
      title: 'O nás',
      slug: 'o-nas',
      parent: 'page-home',
      content: [text('Northwind Studio vzniklo v Brně v roce 2014.')],
    },
  }),
  page('page-team', {
    en: {
      title: 'Our team',
      slug: 'team',
      parent: 'page-about',
      content: [
        {
          __component: 'sections.features-list',
          title: '<h2>The people behind the studio</h2>',
          listStyle: 'boxGrid',
          features: [
            {
              title: '<h3>Jana Horáková</h3>',
              description: html('Design lead, twelve years of interfaces.'),
              image: { media: file('team-photo'), alt: 'Jana at her desk' },
            },
            {
              title: '<h3>Petr Novák</h3>',
              description: html('Engineering lead, Strapi since v3.'),
            },
          ],
        },
      ],
    },
    cs: {
      title: 'Náš tým',
      slug: 'tym',
      parent: 'page-about',
      content: [text('Lidé, kteří za studiem stojí.')],
    },
  }),
  page('page-careers', {
    en: {
      title: 'Careers',
      slug: 'careers',
      parent: 'page-team',
      content: [
        {
          __component: 'sections.faq',
          title: 'Working with us',
          subTitle: 'What candidates ask before they apply.',
          accordions: [
            {
              question: 'Can I work remotely?',
              answer: 'Yes: most of the team works from home three days a week.',
            },
            {
              question: 'How long does hiring take?',
              answer: 'Two interviews over about two weeks.',
            },
          ],
        },
        {
          __component: 'sections.cta-banner',
          title: '<h2>See an opening you like?</h2>',
          links: [externalLink('Open positions', 'https://jobs.example/northwind')],
        },
      ],
    },
    cs: {
      title: 'Kariéra',
      slug: 'kariera',
      parent: 'page-team',
      content: [text('Hledáme vývojáře a designéry.')],
    },
  }),
  page('page-history', {
    en: {
      title: 'Our history',
      slug: 'history',
      parent: 'page-about',
      content: [text('From a shared office to a studio of twenty, in ten years.')],
    },
    cs: {
      title: 'Naše historie',
      slug: 'historie',
      parent: 'page-about',
      content: [text('Od sdílené kanceláře ke studiu s dvaceti lidmi.')],
    },
  }),
  page('page-services', {
    en: {
      title: 'Services',
      slug: 'services',
      parent: 'page-home',
      content: [
        {
          __component: 'sections.hero',
          title: '<h1>What we do</h1>',
          description: html('Design, engineering and hosting for content-heavy sites.'),
          links: [pageLink('Web design', 'page-web-design')],
        },
      ],
    },
    cs: {
      title: 'Služby',
      slug: 'sluzby',
      parent: 'page-home',
      content: [text('Design, vývoj a provoz webů s hodně obsahem.')],
    },
  }),
  page('page-web-design', {
    en: {
      title: 'Web design',
      slug: 'web-design',
      parent: 'page-services',
      content: [
        text('Interfaces your visitors understand at first sight.'),
        {
          __component: 'sections.faq',
          title: 'Web design questions',
          accordions: [
            {
              question: 'Do you design in Figma?',
              answer: 'Yes, and we hand over every component as a design token set.',
            },
          ],
        },
      ],
    },
    cs: {
      title: 'Tvorba webu',
      slug: 'tvorba-webu',
      parent: 'page-services',
      content: [text('Rozhraní, kterým návštěvníci rozumí na první pohled.')],
    },
  }),
  page('page-e-commerce', {
    en: {
      title: 'E-commerce',
      slug: 'e-commerce',
      parent: 'page-web-design',
      content: [text('Shops that editors can run without a developer.')],
    },
    cs: {
      title: 'E-shopy',
      slug: 'e-shopy',
      parent: 'page-web-design',
      content: [text('Obchody, které editoři zvládnou bez vývojáře.')],
    },
  }),
  page('page-headless', {
    en: {
      title: 'Headless commerce',
      slug: 'headless',
      parent: 'page-e-commerce',
      content: [text('A storefront in Next.js, the catalogue in Strapi.')],
    },
    cs: {
      title: 'Headless obchod',
      slug: 'headless-obchod',
      parent: 'page-e-commerce',
      content: [text('Výloha v Next.js, katalog ve Strapi.')],
    },
  }),
  page(
    'page-consulting',
    {
      en: {
        title: 'Consulting',
        slug: 'consulting',
        parent: 'page-services',
        content: [text('Audits of content models and editorial workflows.')],
      },
      cs: {
        title: 'Konzultace',
        slug: 'konzultace',
        parent: 'page-services',
        content: [text('Audity obsahových modelů a redakčních procesů.')],
      },
    },
    { draftEdit: { content: [text(`A draft paragraph ${MARKER}-draft-edit`)] } },
  ),
  ...SECTIONS.map(([key, en, enTitle, cs, csTitle]) =>
    page(key, {
      en: {
        title: enTitle,
        slug: en,
        parent: 'page-home',
        content: [text(`${enTitle}: a section of the Northwind site.`)],
      },
      cs: {
        title: csTitle,
        slug: cs,
        parent: 'page-home',
        content: [text(`${csTitle}: část webu Northwind.`)],
      },
    }),
  ),
  page('page-contact', {
    en: {
      title: 'Contact us',
      slug: 'contact-us',
      parent: 'page-home',
      // What the starter's editors put there: the page's path (its front end adds the locale).
      seo: { metaTitle: 'Contact Northwind Studio', canonicalUrl: '/contact-us' },
      content: [
        {
          __component: 'sections.faq',
          title: 'Before you write',
          accordions: [{ question: 'How fast do you answer?', answer: 'Within one working day.' }],
        },
      ],
    },
    cs: {
      title: 'Kontakt',
      slug: 'kontakt',
      parent: 'page-home',
      content: [text('Odpovídáme do jednoho pracovního dne.')],
    },
  }),
  {
    key: 'page-draft',
    uid: 'api::page.page',
    status: 'draft',
    locales: {
      en: {
        title: `Coming soon ${MARKER}-draft-page`,
        slug: 'coming-soon',
        parent: to('page-services'),
        content: [text(`${MARKER}-draft-page`)],
      },
    },
  },
  {
    key: 'navbar',
    uid: 'api::navbar.navbar',
    status: 'published',
    locales: {
      en: {
        links: [
          pageLink('About', 'page-about'),
          pageLink('Services', 'page-services'),
          pageLink('Contact', 'page-contact'),
        ],
      },
      cs: { links: [pageLink('O nás', 'page-about'), pageLink('Kontakt', 'page-contact')] },
    },
  },
];
