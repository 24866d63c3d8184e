import request from 'supertest';
import { ADMIN_PASSWORD, adminJwt, superAdminRoleId } from './support/admin-users';
import { getRaw, pathOf, sitemapItems } from './support/agent-http';
import { bootFixture, MARKETING_APP_DIR, type Fixture } from './support/fixture-app';
import {
  CREATOR,
  DOCUMENTS,
  FILES,
  LAUNCH_TEAM,
  MARKER,
  MARKETING_CONFIG,
} from './support/marketing-seed';
import { seedDocuments, type Seeded } from './support/seed-documents';
import {
  entryExpectations,
  everyAgentEndpoint,
  foundIn,
  twinPath,
  type Routes,
  type TextRules,
} from './support/seeded-strings';

// A marketing site as Strapi's LaunchPad starter models it (pages built from dynamic-zone
// sections, articles, products, plans, FAQs and testimonials shown inside pages, an SEO
// component, images, two locales, a home page), with the least configuration the README shows:
// what editors wrote reaches agents, at the URLs the starter's Next.js front end serves.

const ORIGIN = MARKETING_CONFIG.site.origin;
const CONFIG = MARKETING_CONFIG;

/**
 * The routes of LaunchPad's Next.js app (`next/app/[locale]/(marketing)/…`): `/[locale]` is the
 * page whose slug is `homepage`, `/[locale]/[slug]` the other pages, `/[locale]/blog` and
 * `/[locale]/blog/[slug]`, `/[locale]/products` and `/[locale]/products/[slug]`; every locale
 * prefixed (its proxy redirects unprefixed paths). FAQs, testimonials, plans and categories have
 * no page of their own.
 */
const ROUTES: Routes = {
  'api::page.page': (data, locale) =>
    data.slug === 'homepage' ? `/${locale}` : `/${locale}/${String(data.slug)}`,
  'api::article.article': (data, locale) => `/${locale}/blog/${String(data.slug)}`,
  'api::product.product': (data, locale) => `/${locale}/products/${String(data.slug)}`,
  'api::blog-page.blog-page': (_data, locale) => `/${locale}/blog`,
  'api::product-page.product-page': (_data, locale) => `/${locale}/products`,
};

const RULES: TextRules = {
  // The fixture schema's settings and identifiers: an icon's name, a button's URL.
  technical: new Set(['icon', 'URL']),
  skipComponents: new Set(['shared.seo']),
  files: new Map(FILES.map((file) => [file.key, file])),
};

let f: Fixture;
let seeded: Seeded;
let jwt = '';

/** A super admin of the admin panel, logged in: its JWT. */
async function createAdmin(): Promise<string> {
  await (
    f.strapi.service('admin::user') as unknown as {
      create(data: Record<string, unknown>): Promise<unknown>;
    }
  ).create({
    email: 'admin@site.example',
    firstname: 'Admin',
    password: ADMIN_PASSWORD,
    isActive: true,
    roles: [await superAdminRoleId(f.strapi)],
  });
  return adminJwt(f.http, 'admin@site.example');
}
/** What agents get at each C-URL path: the M-URL's JSON text and the twin's Markdown. */
const served = new Map<string, string[]>();

const EXPOSED = new Set(Object.keys(CONFIG.contentTypes));
const published = DOCUMENTS.filter(
  (document) => document.status === 'published' && EXPOSED.has(document.uid),
);

async function readServed(): Promise<void> {
  served.clear();
  for (const item of await sitemapItems(f.http)) {
    const path = pathOf(item.cUrl);
    const mUrl = await getRaw(f.http, pathOf(item.mUrl));
    const twin = await getRaw(f.http, twinPath(path));
    expect([mUrl.status, twin.status]).toEqual([200, 200]);
    const json = JSON.parse((mUrl.body as Buffer).toString('utf8')) as Record<string, string>;
    served.set(path, [
      [json.title, json.description ?? '', json.content].join('\n'),
      (twin.body as Buffer).toString('utf8'),
    ]);
  }
}

beforeAll(async () => {
  f = await bootFixture({ appDir: MARKETING_APP_DIR, config: CONFIG });
  seeded = await seedDocuments(f.strapi, { files: FILES, documents: DOCUMENTS }, CREATOR);
  await f.agentReady.whenIdle();
  await readServed();
});

afterAll(async () => {
  await f?.stop();
});

const expectations = () => entryExpectations(f.strapi, published, ROUTES, RULES);

describe('a LaunchPad-like marketing site, configured as the README shows', () => {
  it('serves every page at the route the front end has: locale roots, the home page, no invented URLs', async () => {
    const expected = published.flatMap((document) =>
      Object.entries(document.locales).flatMap(([locale, data]) => {
        const route = ROUTES[document.uid];
        return route ? [`${ORIGIN}${route(data, locale)}`] : [];
      }),
    );
    const cUrls = (await sitemapItems(f.http)).map((item) => item.cUrl);
    expect(cUrls.sort()).toEqual(expected.sort());
    expect(cUrls).toContain(`${ORIGIN}/en`);
    expect(cUrls).toContain(`${ORIGIN}/fr`);
    // FAQs, testimonials, plans and categories have no page: no M-URL was invented for them.
    expect(cUrls.filter((url) => /faq|testimonial|plan|categor/.test(url))).toEqual([]);
  });

  it('gets at least 95% of each entry’s human-readable strings to agents (all but a path, here)', () => {
    const misses: string[] = [];
    const missed: string[] = [];
    for (const { document, locale, strings, paths } of expectations()) {
      const found = foundIn(paths.flatMap((path) => served.get(path) ?? []));
      const missing = strings.filter((text) => !found(text));
      missed.push(...missing.map((text) => `${document.key} [${locale}]: ${text}`));
      const ratio = strings.length === 0 ? 1 : (strings.length - missing.length) / strings.length;
      if (ratio < 0.95 || paths.length === 0)
        misses.push(
          `${document.key} [${locale}] ${Math.round(ratio * 100)}% at ${paths.join(' ')}: ${missing.join(' | ')}`,
        );
    }
    expect(misses).toEqual([]);
    // A path typed into a text field is not text: left out (and counted so, below).
    expect(missed).toEqual(['page-home [en]: /case-studies/acme-outdoor']);
    const total = expectations().reduce((sum, entry) => sum + entry.strings.length, 0);
    expect(total).toBeGreaterThan(100);
  });

  it('shows the admin the same coverage, type by type', async () => {
    jwt = await createAdmin();
    const res = await request(f.http)
      .get('/agent-ready/overview')
      .set('authorization', `Bearer ${jwt}`);
    expect(res.status).toBe(200);
    const overview = res.body as {
      contentTypes: {
        uid: string;
        pages: boolean;
        coverage?: { strings: number; reached: number };
      }[];
    };
    const counted = new Map<string, { strings: number; reached: number }>();
    for (const { document, strings, paths } of expectations()) {
      const found = foundIn(paths.flatMap((path) => served.get(path) ?? []));
      const tally = counted.get(document.uid) ?? { strings: 0, reached: 0 };
      tally.strings += strings.length;
      tally.reached += strings.filter(found).length;
      counted.set(document.uid, tally);
    }
    const shown = Object.fromEntries(
      overview.contentTypes.map((type) => [
        type.uid,
        { strings: type.coverage?.strings, reached: type.coverage?.reached },
      ]),
    );
    expect(shown).toEqual(Object.fromEntries(counted));
    expect(overview.contentTypes.find((type) => type.uid === 'api::faq.faq')?.pages).toBe(false);
  });

  it('never shows a private field, a draft or an admin user at any agent endpoint', async () => {
    // The markers are there to be found: in private fields, drafts, and the pages' creator.
    const knex = f.strapi.db.connection;
    const stored = JSON.stringify(await knex('pages').select('internal_notes', 'created_by_id'));
    expect(stored).toContain(MARKER);
    expect(stored).toMatch(/"created_by_id":\d+/);
    expect(JSON.stringify(await knex('components_dynamic_zone_hero').select())).toContain(
      `${MARKER}-editor-note`,
    );
    const endpoints = await everyAgentEndpoint(f.http, ['en', 'fr']);
    expect(endpoints.length).toBeGreaterThan(20);
    const leaks = endpoints.filter(
      ({ text }) => text.includes(MARKER) || text.toLowerCase().includes('never-shown-admin'),
    );
    expect(leaks.map((leak) => leak.path)).toEqual([]);
  });

  it('links media on Strapi’s public URL or the upload provider’s, never on the front end', () => {
    const home = served.get('/en')!.join('\n');
    expect(home).toContain('https://cms.site.example/uploads/dashboard_a1b2.png');
    const kit = served.get('/en/products/starter-kit')!.join('\n');
    expect(kit).toContain('https://media.cdn-provider.example/site/product-shot.webp');
    for (const texts of served.values())
      expect(texts.join('\n')).not.toContain(`${ORIGIN}/uploads`);
  });

  it('puts the images of a blocks field there too: twins, SCP, every agent endpoint', async () => {
    // LaunchPad's article `content` is a blocks field; its images' URLs are `/uploads/…`, which
    // its front end puts on Strapi's URL: the page's origin does not serve them.
    const [, twin] = served.get('/en/blog/launched-in-seven-days')!;
    const upload = `https://cms.site.example${LAUNCH_TEAM.url}`;
    expect(twin).toContain(`![${LAUNCH_TEAM.alternativeText}](${upload} "${LAUNCH_TEAM.caption}")`);
    const endpoints = await everyAgentEndpoint(f.http, ['en', 'fr']);
    const scp = endpoints.filter(
      ({ path }) => path.startsWith('/scp/') && path !== '/scp/sitemap.xml',
    );
    expect(scp.length).toBeGreaterThan(0);
    expect(scp.map(({ text }) => text).join('\n')).toContain(
      `{"type":"image","url":"${upload}","alt":"${LAUNCH_TEAM.alternativeText}"}`,
    );
    expect(
      endpoints.filter(({ text }) => text.includes(`${ORIGIN}/uploads`)).map(({ path }) => path),
    ).toEqual([]);
  });

  it("heads llms.txt's sections with the content types' display names, not their API names", async () => {
    const res = await request(f.http).get('/llms.txt');
    expect(res.status).toBe(200);
    const headings = res.text.match(/^## .+$/gm) ?? [];
    expect(headings).toEqual(expect.arrayContaining(['## Article', '## Page', '## Product']));
    expect(headings.filter((heading) => /^## [a-z]+(-[a-z]+)*s$/.test(heading))).toEqual([]);
  });

  it('shows words shaped like identifiers, numbers or times where editors put them', () => {
    const [about, aboutTwin] = served.get('/en/about')!;
    const [home, homeTwin] = served.get('/en')!;
    const [pro, proTwin] = served.get('/en/products/pro-bundle')!;
    const [products, productsTwin] = served.get('/en/products')!;
    // Headings (a list's are bold lines), list items, an alt text, a folded entry's name.
    expect(aboutTwin).toContain('- **10:30**\n\n  The site goes live.');
    expect(homeTwin).toContain('- 3.5\n\n  Minutes per visit');
    expect(productsTwin).toContain('## e-commerce\n\nFor teams that sell online.');
    expect(proTwin).toContain(
      '![iPhone](https://cms.site.example/uploads/storefront_iphone_2f3a.png)',
    );
    expect(proTwin).toContain('- eBay\n- e-commerce');
    expect(proTwin).toContain('Categories: e-commerce');
    expect(about).toContain('10:30\nThe site goes live.');
    expect(home).toContain('3.5\nMinutes per visit');
    expect(products).toContain('e-commerce\n\nFor teams that sell online.');
    expect(pro).toContain('[Image: iPhone]');
    expect(pro).toContain('eBay\ne-commerce');
    expect(pro).toContain('Categories: e-commerce');
  });

  it('counts those words in the coverage, as reaching agents', async () => {
    if (jwt === '') jwt = await createAdmin();
    const res = await request(f.http)
      .get('/agent-ready/overview')
      .set('authorization', `Bearer ${jwt}`);
    const coverage = new Map(
      (
        res.body as {
          contentTypes: { uid: string; coverage?: { strings: number; reached: number } }[];
        }
      ).contentTypes.map((type) => [type.uid, type.coverage] as const),
    );
    // The pages and products showing them (a category's name is its title, counted either way).
    for (const uid of ['api::page.page', 'api::product.product']) {
      let strings = 0;
      let reached = 0;
      for (const entry of expectations().filter(({ document }) => document.uid === uid)) {
        const found = foundIn(entry.paths.flatMap((path) => served.get(path) ?? []));
        strings += entry.strings.length;
        reached += entry.strings.filter(found).length;
      }
      expect({ uid, ...coverage.get(uid) }).toMatchObject({ uid, strings, reached });
    }
  });

  it('counts a value left out for its shape as text left out, and says why', async () => {
    if (jwt === '') jwt = await createAdmin();
    const res = await request(f.http)
      .get('/agent-ready/overview')
      .set('authorization', `Bearer ${jwt}`);
    const page = (
      res.body as {
        contentTypes: {
          uid: string;
          coverage?: { strings: number; reached: number; notes: string[] };
        }[];
      }
    ).contentTypes.find((type) => type.uid === 'api::page.page')!.coverage!;
    expect(page.reached).toBe(page.strings - 1);
    expect(page.notes).toContain(
      'dynamic_zone[dynamic-zone.launches].launches.description: a value left out as a URL, a path, an e-mail address or a colour, not text (a field of link targets can be given the role link)',
    );
  });

  it('takes the title from the SEO component or the first heading, and links CTAs', () => {
    const [home, homeTwin] = served.get('/en')!;
    expect(home!.split('\n')[0]).toBe('Northwind Sites: marketing sites in a week');
    expect(homeTwin).toContain('[Get started](https://site.example/sign-up)');
    expect(served.get('/en/about')![0]!.split('\n')[0]).toBe('About Northwind Sites');
  });

  it('puts an edited FAQ answer on the pages that show it', async () => {
    const documentId = seeded.documentIds.get('faq-free')!;
    await f.strapi.documents('api::faq.faq' as never).update({
      documentId,
      locale: 'en',
      data: { answer: 'Yes, and it now includes five seats.' },
    } as never);
    await f.agentReady.whenIdle();
    await readServed();
    expect(served.get('/en')!.join('\n')).toContain('it now includes five seats');
    expect(served.get('/fr')!.join('\n')).toContain('gratuite');
  });

  it('says what each field becomes, takes a component left out, and warns when a type falls short', async () => {
    const settings = await request(f.http)
      .get('/agent-ready/settings')
      .set('authorization', `Bearer ${jwt}`);
    const page = (
      settings.body as {
        contentTypes: {
          uid: string;
          resolved?: {
            url: string | false;
            fields: { path: string; becomes: string; reason?: string; roles: string[] }[];
          };
        }[];
      }
    ).contentTypes.find((type) => type.uid === 'api::page.page')!;
    expect(page.resolved!.url).toBe('/{locale}/{slug}');
    const fields = Object.fromEntries(page.resolved!.fields.map((field) => [field.path, field]));
    const everyRole = ['heading', 'text', 'markdown', 'html', 'link', 'skip'];
    expect(fields['dynamic_zone[dynamic-zone.hero].heading']).toMatchObject({
      becomes: 'heading',
      roles: everyRole,
    });
    expect(fields['dynamic_zone[dynamic-zone.hero].icon']).toMatchObject({
      becomes: 'dropped',
      reason: 'name',
      roles: everyRole,
    });
    expect(fields['dynamic_zone[dynamic-zone.faq].faqs']).toMatchObject({ becomes: 'folded' });
    expect(fields['dynamic_zone[dynamic-zone.brands].logos']).toMatchObject({
      reason: 'not-exposed',
    });
    expect(fields['internal_notes']).toMatchObject({ reason: 'private', roles: [] });

    // The hero and the steps left out: most of the pages' text no longer reaches agents.
    const saved = await request(f.http)
      .put('/agent-ready/settings')
      .set('authorization', `Bearer ${jwt}`)
      .send({
        components: {
          'dynamic-zone.hero': false,
          'shared.steps': { fields: { description: 'skip' } },
        },
      });
    expect(saved.status).toBe(200);
    await f.agentReady.whenIdle();
    await readServed();
    expect(served.get('/en')!.join('\n')).not.toContain('Compose pages from sections');
    expect(served.get('/en')!.join('\n')).not.toContain('Choose from twenty ready-made sections');
    const coverage = f.agentReady
      .status()
      .coverage!.types.find((type) => type.uid === 'api::page.page')!;
    expect(coverage.ratio).toBeLessThan(0.8);
    expect(coverage.dropped.map((field) => field.path)).toEqual(
      expect.arrayContaining(['dynamic_zone[dynamic-zone.how-it-works].steps.description']),
    );
    expect(f.warnings.join('\n')).toMatch(/api::page\.page: agents get \d+% of its text/);

    const reset = await request(f.http)
      .delete('/agent-ready/settings')
      .set('authorization', `Bearer ${jwt}`);
    expect(reset.status).toBe(200);
  });
});
