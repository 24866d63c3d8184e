import {
  blocks,
  file,
  files,
  imageBlock,
  to,
  type SeedDocument,
  type SeedFile,
} from './seed-documents';

/**
 * The content of the marketing fixture (tests/fixtures/marketing, LaunchPad's model): what an
 * editor of such a site writes, in two locales, with drafts and private fields that must never
 * reach agents (their text carries a MARKER). The test derives the strings agents must get from
 * these very objects and the schemas, not from the plugin's output.
 */

/**
 * The plugin's config for this site as the README gives it: the URLs its front end has, nothing
 * more (LaunchPad's Next.js routes: `/[locale]`, `/[locale]/[slug]`, `/[locale]/blog/[slug]`...).
 */
export const MARKETING_CONFIG = {
  site: { origin: 'https://site.example', name: 'Northwind Sites', language: 'en' },
  rebuild: { debounceMs: 10, healIntervalMs: 0 },
  contentTypes: {
    'api::page.page': { url: '/{locale}/{slug}' },
    'api::article.article': { url: '/{locale}/blog/{slug}' },
    'api::product.product': { url: '/{locale}/products/{slug}' },
    'api::blog-page.blog-page': { url: '/{locale}/blog' },
    'api::product-page.product-page': { url: '/{locale}/products' },
    'api::faq.faq': true,
    'api::testimonial.testimonial': true,
    'api::plan.plan': true,
    'api::category.category': true,
  },
} as const;

/** Text no agent endpoint may ever carry: private fields, drafts, admin users. */
export const MARKER = 'NEVER-SHOWN';

/** An admin user Strapi records as the pages' creator: never shown to agents. */
export const CREATOR = {
  user: {
    email: 'never-shown-admin@site.example',
    firstname: `${MARKER}-admin-first`,
    lastname: `${MARKER}-admin-last`,
    isActive: true,
  },
  table: 'pages',
  uid: 'api::page.page',
};

/** A photo an editor put into an article's text (a blocks field), from the media library. */
export const LAUNCH_TEAM: SeedFile = {
  key: 'launch-team',
  url: '/uploads/launch_team_9a8b.jpg',
  alternativeText: 'The launch team around one laptop',
  caption: 'Day five: the site goes live',
  mime: 'image/jpeg',
};

export const FILES: SeedFile[] = [
  {
    key: 'dashboard',
    url: '/uploads/dashboard_a1b2.png',
    alternativeText: 'The analytics dashboard with weekly totals',
    mime: 'image/png',
  },
  {
    key: 'launch',
    url: '/uploads/launch_c3d4.jpg',
    alternativeText: 'Rocket lifting off at dawn',
    caption: 'Our first launch, March 2025',
    mime: 'image/jpeg',
  },
  {
    key: 'cdn-shot',
    // An upload provider's CDN: an absolute URL, kept as it is.
    url: 'https://media.cdn-provider.example/site/product-shot.webp',
    alternativeText: 'The starter kit laid out on a desk',
    mime: 'image/webp',
  },
  {
    key: 'avatar',
    url: '/uploads/avatar_e5f6.jpg',
    alternativeText: 'Portrait of Dana Whitfield',
    mime: 'image/jpeg',
  },
  {
    key: 'guide-pdf',
    url: '/uploads/setup_guide.pdf',
    caption: 'Setup guide for new teams',
    mime: 'application/pdf',
  },
  LAUNCH_TEAM,
  {
    key: 'phone-shot',
    url: '/uploads/storefront_iphone_2f3a.png',
    // Editors' alt texts are often one word, a product's name among them.
    alternativeText: 'iPhone',
    mime: 'image/png',
  },
];

const cta = (text: string, URL: string) => ({ text, URL, target: '_self', variant: 'primary' });

export const DOCUMENTS: SeedDocument[] = [
  {
    key: 'faq-free',
    uid: 'api::faq.faq',
    status: 'published',
    locales: {
      en: {
        question: 'Is there a free plan?',
        answer: 'Yes: the Starter plan is free for teams of up to three.',
      },
      fr: {
        question: 'Existe-t-il une offre gratuite ?',
        answer: "Oui : l'offre Starter est gratuite jusqu'à trois personnes.",
      },
    },
  },
  {
    key: 'faq-export',
    uid: 'api::faq.faq',
    status: 'published',
    locales: {
      en: {
        question: 'Can I export my data?',
        answer: 'Any time, from the settings.\n\nExports come as CSV or JSON files.',
      },
    },
  },
  {
    key: 'testimonial-dana',
    uid: 'api::testimonial.testimonial',
    status: 'published',
    locales: {
      en: {
        text: 'We shipped our new site in a week instead of a quarter.',
        user: {
          firstname: 'Dana',
          lastname: 'Whitfield',
          job: 'Head of Marketing at Northwind',
          image: file('avatar'),
        },
      },
    },
  },
  {
    key: 'testimonial-draft',
    uid: 'api::testimonial.testimonial',
    status: 'draft',
    locales: {
      en: { text: `A draft testimonial ${MARKER}-draft-testimonial`, user: { firstname: 'Draft' } },
    },
  },
  {
    key: 'plan-starter',
    uid: 'api::plan.plan',
    status: 'published',
    locales: {
      en: {
        name: 'Starter',
        price: 0,
        sub_text: 'For small teams getting going',
        CTA: cta('Start for free', '/sign-up'),
        perks: [{ text: 'Three seats included' }, { text: 'Community support' }],
        additional_perks: [{ text: 'Unlimited pages' }],
        product: to('product-kit'),
      },
    },
  },
  {
    key: 'plan-pro',
    uid: 'api::plan.plan',
    status: 'published',
    locales: {
      en: {
        name: 'Professional',
        price: 49,
        sub_text: 'For growing marketing teams',
        featured: true,
        CTA: cta('Upgrade to Professional', 'https://billing.site.example/checkout'),
        perks: [{ text: 'Twenty seats included' }, { text: 'Priority email support' }],
        product: to('product-kit'),
      },
    },
  },
  {
    key: 'category-guides',
    uid: 'api::category.category',
    status: 'published',
    locales: { en: { name: 'Guides' }, fr: { name: 'Guides pratiques' } },
  },
  {
    key: 'category-news',
    uid: 'api::category.category',
    status: 'published',
    locales: { en: { name: 'Company news' } },
  },
  {
    key: 'category-ecommerce',
    uid: 'api::category.category',
    status: 'published',
    locales: { en: { name: 'e-commerce' } },
  },
  {
    key: 'logo-acme',
    uid: 'api::logo.logo',
    status: 'published',
    locales: { '': { company: 'Acme Corporation', image: file('dashboard') } },
  },
  {
    key: 'product-kit',
    uid: 'api::product.product',
    status: 'published',
    locales: {
      en: {
        name: 'Starter Kit',
        price: 129,
        description: 'Everything a team needs to launch a site in a week',
        slug: 'starter-kit',
        images: files('cdn-shot', 'launch'),
        perks: [{ text: 'Ten page templates' }, { text: 'A year of updates' }],
        categories: to('category-guides'),
        supplier_password: `${MARKER}-password`,
        dynamic_zone: [
          {
            __component: 'dynamic-zone.cta',
            heading: 'Ready to build?',
            sub_heading: 'Order the kit and start today.',
            CTAs: [cta('Order the kit', '/checkout/starter-kit')],
          },
        ],
      },
    },
  },
  {
    key: 'product-pro',
    uid: 'api::product.product',
    status: 'published',
    locales: {
      en: {
        name: 'Pro Bundle',
        price: 499,
        description: 'The kit, onboarding and a year of support',
        slug: 'pro-bundle',
        images: files('phone-shot'),
        // Where the bundle's shops sell: names and words shaped like identifiers.
        perks: [
          { text: 'Onboarding call with our team' },
          { text: 'eBay' },
          { text: 'e-commerce' },
        ],
        categories: to('category-ecommerce'),
        dynamic_zone: [
          {
            __component: 'dynamic-zone.related-products',
            heading: 'Also worth a look',
            sub_heading: 'Kits other teams start from.',
            products: to('product-kit'),
          },
        ],
      },
    },
  },
  {
    key: 'article-launch',
    uid: 'api::article.article',
    status: 'published',
    locales: {
      en: {
        title: 'How we launched in seven days',
        description: 'A week-long launch, day by day.',
        slug: 'launched-in-seven-days',
        image: file('launch'),
        categories: to('category-guides', 'category-news'),
        seo: {
          metaTitle: 'Launch week, day by day',
          metaDescription: 'How a small team launched a new marketing site within one week.',
          canonicalURL: 'https://site.example/en/blog/launched-in-seven-days',
        },
        content: [
          ...blocks('Day one was all about the content model.'),
          { type: 'heading', level: 2, children: [{ type: 'text', text: 'What we learned' }] },
          ...blocks('Ship sections, not pages.'),
          imageBlock(LAUNCH_TEAM),
          {
            type: 'list',
            format: 'unordered',
            children: [
              { type: 'list-item', children: [{ type: 'text', text: 'Write copy before design' }] },
              {
                type: 'list-item',
                children: [{ type: 'text', text: 'Review every section on mobile' }],
              },
            ],
          },
        ],
        dynamic_zone: [
          {
            __component: 'dynamic-zone.related-articles',
            heading: 'Keep reading',
            sub_heading: 'More from the launch team.',
            articles: to('article-seo'),
          },
          {
            __component: 'dynamic-zone.cta',
            heading: 'Launch your own',
            sub_heading: 'Start with a free plan.',
            CTAs: [cta('Create an account', '/sign-up')],
          },
        ],
      },
      fr: {
        title: 'Lancés en sept jours',
        description: 'Une semaine de lancement, jour après jour.',
        slug: 'lances-en-sept-jours',
        categories: to('category-guides'),
        content: blocks('Le premier jour, nous avons défini le modèle de contenu.'),
      },
    },
    draftEdit: { content: blocks(`Draft paragraph ${MARKER}-draft-edit`) },
  },
  {
    key: 'article-seo',
    uid: 'api::article.article',
    status: 'published',
    locales: {
      en: {
        title: 'Meta tags that matter',
        description: 'The three SEO fields worth your time.',
        slug: 'meta-tags-that-matter',
        content: blocks('Titles, descriptions and canonical URLs.'),
      },
    },
  },
  {
    key: 'article-draft',
    uid: 'api::article.article',
    status: 'draft',
    locales: {
      en: { title: `Unpublished ${MARKER}-draft-article`, slug: 'unpublished-article' },
    },
  },
  {
    key: 'page-home',
    uid: 'api::page.page',
    status: 'published',
    locales: {
      en: {
        slug: 'homepage',
        seo: {
          metaTitle: 'Northwind Sites: marketing sites in a week',
          metaDescription: 'Launch and grow your marketing site with sections your team can edit.',
          metaRobots: 'index, follow',
          keywords: 'marketing, sites',
          canonicalURL: 'https://site.example/en',
        },
        internal_notes: `${MARKER}-private-notes`,
        dynamic_zone: [
          {
            __component: 'dynamic-zone.hero',
            heading: 'Marketing sites your team can run',
            sub_heading: 'Compose pages from sections, publish in minutes.',
            icon: 'IconRocket',
            CTAs: [cta('Get started', '/sign-up'), cta('See pricing', '/en/pricing')],
            image: file('dashboard'),
            editor_note: `${MARKER}-editor-note`,
            reviewer_notes: `${MARKER}-reviewer`,
          },
          {
            __component: 'dynamic-zone.features',
            heading: 'Everything in one place',
            sub_heading: 'The tools marketing teams ask for.',
            globe_card: {
              title: 'Global delivery',
              description: 'Pages served close to every visitor',
              span: 'two',
            },
            graph_card: {
              title: 'Analytics built in',
              description: 'See what every section earns',
              highlighted_text: 'Conversions up 32%',
              span: 'one',
              top_items: [
                { number: '1.2M', text: 'Monthly visitors' },
                { number: '4,800', text: 'Signups last quarter' },
                { number: '3.5', text: 'Minutes per visit' },
              ],
            },
          },
          {
            __component: 'dynamic-zone.how-it-works',
            heading: 'How it works',
            sub_heading: 'Three steps from idea to page.',
            steps: [
              { title: 'Pick sections', description: 'Choose from twenty ready-made sections.' },
              { title: 'Write the copy', description: 'Edit every word in one form.' },
              { title: 'Publish', description: 'Your page is live in a minute.' },
            ],
          },
          {
            __component: 'dynamic-zone.testimonials',
            heading: 'Teams love it',
            sub_heading: 'What our customers say.',
            testimonials: to('testimonial-dana', 'testimonial-draft'),
          },
          {
            __component: 'dynamic-zone.brands',
            heading: 'Trusted by',
            sub_heading: 'Companies large and small.',
            logos: to('logo-acme'),
          },
          {
            __component: 'dynamic-zone.launches',
            heading: 'Recent launches',
            sub_heading: 'Sites that went live this month.',
            launches: [
              {
                mission_number: 'Launch 01',
                title: 'Northwind Coffee',
                description: 'A storefront in three days.',
              },
              {
                mission_number: 'Launch 02',
                title: 'Acme Outdoor',
                // The case study's path, pasted where the description goes: not text.
                description: '/case-studies/acme-outdoor',
              },
            ],
          },
          {
            __component: 'dynamic-zone.faq',
            heading: 'Frequently asked questions',
            sub_heading: 'The answers before you ask.',
            faqs: to('faq-free', 'faq-export'),
          },
          {
            __component: 'dynamic-zone.related-articles',
            heading: 'From the blog',
            sub_heading: 'Notes from launches.',
            articles: to('article-launch'),
          },
        ],
      },
      fr: {
        slug: 'homepage',
        seo: {
          metaTitle: 'Northwind Sites : des sites en une semaine',
          metaDescription: 'Lancez votre site.',
        },
        dynamic_zone: [
          {
            __component: 'dynamic-zone.hero',
            heading: 'Des sites que votre équipe pilote',
            sub_heading: 'Composez vos pages à partir de sections.',
            CTAs: [cta('Commencer', '/fr/sign-up')],
          },
          {
            __component: 'dynamic-zone.faq',
            heading: 'Questions fréquentes',
            faqs: to('faq-free'),
          },
        ],
      },
    },
  },
  {
    key: 'page-pricing',
    uid: 'api::page.page',
    status: 'published',
    locales: {
      en: {
        slug: 'pricing',
        seo: {
          metaTitle: 'Pricing',
          metaDescription: 'Plans for teams of every size, free to start.',
          // The editor's canonical, off the site's origin: ignored (the route is the C-URL).
          canonicalURL: 'https://old-domain.example/pricing',
        },
        dynamic_zone: [
          {
            __component: 'dynamic-zone.pricing',
            heading: 'Simple pricing',
            sub_heading: 'Start free, upgrade when you grow.',
            plans: to('plan-starter', 'plan-pro'),
          },
          {
            __component: 'dynamic-zone.cta',
            heading: 'Talk to sales',
            sub_heading: 'Custom plans for large teams.',
            CTAs: [cta('Book a call', 'https://calendar.site.example/sales')],
          },
        ],
      },
    },
    draftEdit: { seo: { metaTitle: `${MARKER}-draft-title`, metaDescription: 'Draft.' } },
  },
  {
    key: 'page-about',
    uid: 'api::page.page',
    status: 'published',
    locales: {
      // No SEO component: the title is its first heading.
      en: {
        slug: 'about',
        dynamic_zone: [
          {
            __component: 'dynamic-zone.hero',
            heading: 'About Northwind Sites',
            sub_heading: 'A small team in Lyon building tools for marketers.',
            image: file('guide-pdf'),
          },
          {
            __component: 'dynamic-zone.how-it-works',
            heading: 'Launch day',
            sub_heading: 'How a site goes live with us.',
            // An agenda: its steps are titled by the hour.
            steps: [
              { title: '09:00', description: 'A last read of every page.' },
              { title: '10:30', description: 'The site goes live.' },
              { title: '14:00', description: 'We watch the first visits together.' },
            ],
          },
        ],
      },
    },
  },
  {
    key: 'page-draft',
    uid: 'api::page.page',
    status: 'draft',
    locales: {
      en: {
        slug: 'coming-soon',
        dynamic_zone: [{ __component: 'dynamic-zone.hero', heading: `${MARKER}-draft-page` }],
      },
    },
  },
  {
    key: 'blog-page',
    uid: 'api::blog-page.blog-page',
    status: 'published',
    locales: {
      en: {
        heading: 'The Northwind blog',
        sub_heading: 'Launch notes, guides and news.',
        seo: {
          metaTitle: 'Blog',
          metaDescription: 'Launch notes, guides and news from Northwind.',
        },
        dynamic_zone: [
          {
            __component: 'dynamic-zone.related-articles',
            heading: 'Featured posts',
            articles: to('article-launch', 'article-seo'),
          },
        ],
      },
      fr: { heading: 'Le blog Northwind', sub_heading: 'Notes de lancement et guides.' },
    },
  },
  {
    key: 'product-page',
    uid: 'api::product-page.product-page',
    status: 'published',
    locales: {
      en: {
        heading: 'Products',
        sub_heading: 'Kits and bundles to launch faster.',
        dynamic_zone: [
          {
            __component: 'dynamic-zone.related-products',
            heading: 'Our kits',
            products: to('product-kit', 'product-pro'),
          },
          {
            __component: 'dynamic-zone.related-products',
            heading: 'e-commerce',
            sub_heading: 'For teams that sell online.',
            products: to('product-pro'),
          },
        ],
      },
    },
  },
];
