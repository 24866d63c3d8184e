import request from 'supertest';
import { adminJwt, createAdminUser, superAdminRoleId } from './support/admin-users';
import { getRaw, pathOf, sitemapItems } from './support/agent-http';
import { bootFixture, MARKETING_APP_DIR, type Fixture } from './support/fixture-app';
import { DOCUMENTS, FILES, MARKETING_CONFIG } from './support/marketing-seed';
import { seedDocuments, type Seeded } from './support/seed-documents';
import { twinPath } from './support/seeded-strings';

// Issue 44 on the LaunchPad-like marketing site, configured as the README shows: the edits
// after the first sync reach every page that shows what changed, at the URLs readers see.
// Each is made the way it is made in real apps: the admin's Content Manager (update the draft,
// then publish), the admin's media library, or the app's own code (the Document Service).

const ORIGIN = MARKETING_CONFIG.site.origin;
const CONFIG = MARKETING_CONFIG;
const ARTICLE = 'api::article.article';

let f: Fixture;
let seeded: Seeded;
let jwt = '';

const twin = async (path: string) => {
  const res = await getRaw(f.http, twinPath(path));
  expect(res.status).toBe(200);
  return (res.body as Buffer).toString('utf8');
};
const status = async (path: string) => (await getRaw(f.http, `${path}/llm.json`)).status;
async function cursorNow(): Promise<string> {
  const res = await request(f.http).get('/llm-changes.json?since=now');
  return (JSON.parse(res.text) as { next: string }).next;
}
async function changesSince(since: string): Promise<string[]> {
  const res = await request(f.http).get(`/llm-changes.json?since=${since}`);
  expect(res.status).toBe(200);
  return (JSON.parse(res.text) as { changes: { change: string; cUrl: string }[] }).changes
    .map((c) => `${c.change} ${pathOf(c.cUrl)}`)
    .sort();
}

beforeAll(async () => {
  f = await bootFixture({ appDir: MARKETING_APP_DIR, config: CONFIG });
  seeded = await seedDocuments(f.strapi, { files: FILES, documents: DOCUMENTS });
  await f.agentReady.whenIdle();
  await createAdminUser(f.strapi, 'editor@site.example', [await superAdminRoleId(f.strapi)]);
  jwt = await adminJwt(f.http, 'editor@site.example');
});

afterAll(async () => {
  await f?.stop();
});

describe('edits after the first sync, on a LaunchPad-like site', () => {
  it('an article’s new slug and title: it moves (its SEO canonical left behind), and the pages linking it follow', async () => {
    const documentId = seeded.documentIds.get('article-launch')!;
    const old = '/en/blog/launched-in-seven-days';
    expect(await status(old)).toBe(200);
    expect(await twin('/en')).toContain(`[How we launched in seven days](${ORIGIN}${old})`);
    const since = await cursorNow();

    // The Content Manager: the draft is saved, then published. The SEO component keeps the
    // canonical URL the seed gave it (the old URL), as editors leave it.
    const cm = `/content-manager/collection-types/${ARTICLE}/${documentId}`;
    const saved = await request(f.http)
      .put(`${cm}?locale=en`)
      .set('Authorization', `Bearer ${jwt}`)
      .send({ title: 'Seven days to launch', slug: 'seven-days-to-launch' });
    expect(saved.status).toBe(200);
    const published = await request(f.http)
      .post(`${cm}/actions/publish?locale=en`)
      .set('Authorization', `Bearer ${jwt}`)
      .send({});
    expect(published.status).toBe(200);
    await f.agentReady.whenIdle();

    const moved = '/en/blog/seven-days-to-launch';
    expect(await status(old)).toBe(410);
    expect(await status(moved)).toBe(200);
    expect(await twin(moved)).toMatch(/^# Seven days to launch$/m);
    expect((await sitemapItems(f.http)).map((item) => pathOf(item.cUrl))).not.toContain(old);
    // The home page and the blog page link it by its new title, at its new URL.
    for (const page of ['/en', '/en/blog']) {
      const text = await twin(page);
      expect(text).toContain(`[Seven days to launch](${ORIGIN}${moved})`);
      expect(text).not.toContain(old);
    }
    const changes = await changesSince(since);
    expect(changes).toEqual(
      expect.arrayContaining([
        `removed ${old}`,
        `upsert ${moved}`,
        'upsert /en',
        'upsert /en/blog',
      ]),
    );
    // Nothing else moved: the other pages do not show it.
    expect(changes.filter((c) => c.includes('/products'))).toEqual([]);
  });

  it('a new alt text in the media library reaches every page showing the file', async () => {
    const fileId = seeded.fileIds.get('dashboard')!;
    expect(await twin('/en')).toContain('The analytics dashboard with weekly totals');
    const since = await cursorNow();
    // The media library's "Save" in the admin: the file's info, never an entry's.
    const res = await request(f.http)
      .post(`/upload?id=${fileId}`)
      .set('Authorization', `Bearer ${jwt}`)
      .field(
        'fileInfo',
        JSON.stringify({
          name: 'dashboard_a1b2.png',
          alternativeText: 'The dashboard showing this week’s sign-ups',
          caption: null,
        }),
      );
    expect(res.status).toBe(200);
    await f.agentReady.whenIdle();
    const home = await twin('/en');
    expect(home).toContain('The dashboard showing this week’s sign-ups');
    expect(home).not.toContain('The analytics dashboard with weekly totals');
    expect(await changesSince(since)).toEqual(['upsert /en']);
  });

  it('an article added to a category from the category’s side shows the category', async () => {
    const path = '/en/blog/meta-tags-that-matter';
    expect(await twin(path)).not.toContain('Company news');
    const since = await cursorNow();
    // The app's own code (or the Content Manager on the category) relates them from that side.
    await f.strapi.documents('api::category.category' as never).update({
      documentId: seeded.documentIds.get('category-news')!,
      locale: 'en',
      data: { articles: { connect: [{ documentId: seeded.documentIds.get('article-seo')! }] } },
    } as never);
    await f.agentReady.whenIdle();
    expect(await twin(path)).toContain('Company news');
    expect(await changesSince(since)).toEqual([`upsert ${path}`]);
  });

  it('a category’s new name reaches its articles, and nothing else is written', async () => {
    const since = await cursorNow();
    await f.strapi.documents('api::category.category' as never).update({
      documentId: seeded.documentIds.get('category-news')!,
      locale: 'en',
      data: { name: 'Company updates' },
    } as never);
    await f.agentReady.whenIdle();
    expect(await twin('/en/blog/meta-tags-that-matter')).toContain('Company updates');
    expect(await twin('/en/blog/seven-days-to-launch')).toContain('Company updates');
    expect(await changesSince(since)).toEqual([
      'upsert /en/blog/meta-tags-that-matter',
      'upsert /en/blog/seven-days-to-launch',
    ]);
  });

  it('an entry related while a draft shows once the page relating it is published again, as on the front end', async () => {
    // The home page's testimonials section relates a testimonial never published so far: the
    // published home page does not relate to it (Strapi publishes a relation with the page), so
    // publishing the testimonial alone changes nothing readers or agents see.
    const since = await cursorNow();
    await f.strapi.documents('api::testimonial.testimonial' as never).publish({
      documentId: seeded.documentIds.get('testimonial-draft')!,
      locale: 'en',
    } as never);
    await f.agentReady.whenIdle();
    expect(await twin('/en')).not.toContain('A draft testimonial');
    expect(await changesSince(since)).toEqual([]);
    await f.strapi.documents('api::page.page' as never).publish({
      documentId: seeded.documentIds.get('page-home')!,
      locale: 'en',
    } as never);
    await f.agentReady.whenIdle();
    expect(await twin('/en')).toContain('A draft testimonial');
  });

  it('an article unpublished, then published again, is back in the pages listing it (it named it all along)', async () => {
    const documents = f.strapi.documents(ARTICLE as never) as unknown as {
      unpublish(params: object): Promise<unknown>;
      publish(params: object): Promise<unknown>;
    };
    const documentId = seeded.documentIds.get('article-seo')!;
    const link = `[Meta tags that matter](${ORIGIN}/en/blog/meta-tags-that-matter)`;
    expect(await twin('/en/blog')).toContain(link);
    await documents.unpublish({ documentId, locale: 'en' });
    await f.agentReady.whenIdle();
    expect(await twin('/en/blog')).not.toContain(link);
    await documents.publish({ documentId, locale: 'en' });
    await f.agentReady.whenIdle();
    expect(await twin('/en/blog')).toContain(link);
  });
});
