import request from 'supertest';
import { pathCacheTag } from '@agent-ready/core/serve';
import { verifyPurgeWebhook } from '@agent-ready/store';
import {
  availableDialects,
  startPurgeReceiver,
  waitForState,
  type DialectName,
  type PurgeReceiver,
} from '@agent-ready/test-support';
import {
  bootFixture,
  createFixtureDatabase,
  FIXTURE_CONFIG,
  type Fixture,
  type FixtureDatabase,
} from './support/fixture-app';
import { adminJwt, createAdminUser, superAdminRoleId } from './support/admin-users';
import { getRaw, pathOf, sitemapItems } from './support/agent-http';

// Issue 38 on a real Strapi: an editor changes an article's slug in the Content Manager (its
// admin HTTP API, as the panel's Publish button sends it), then the admin changes the articles'
// URL pattern through the plugin's settings API. Each time the old M-URL answers 410, the change
// feed lists the old URL as removed, the edge is told (a purge webhook on a real socket), and
// the SCP collections, llms.txt and JSON sitemap list only the new URLs at once.

const ARTICLE = 'api::article.article';
const SECRET = 'path-change-test-secret';
const blocks = (text: string) => [{ type: 'paragraph', children: [{ type: 'text', text }] }];
const SLUGS = ['first-post', 'second-post', 'third-post', 'fourth-post'];

/**
 * A role that may read, edit and publish English articles in the Content Manager, and nothing
 * else (none of the plugin's actions): what a site gives its editors.
 */
async function blogEditorRoleId(strapi: Fixture['strapi']): Promise<number> {
  const roles = strapi.service('admin::role') as unknown as {
    create(attributes: { name: string; description: string }): Promise<{ id: number }>;
    assignPermissions(roleId: number, permissions: object[]): Promise<unknown>;
  };
  const role = await roles.create({ name: 'Blog editor', description: 'Edits articles (tests)' });
  const fields = ['title', 'slug', 'excerpt', 'content', 'authorName', 'internalNotes'];
  await roles.assignPermissions(
    role.id,
    ['read', 'update', 'publish'].map((action) => ({
      action: `plugin::content-manager.explorer.${action}`,
      subject: ARTICLE,
      properties: action === 'publish' ? { locales: ['en'] } : { fields, locales: ['en'] },
      conditions: [],
    })),
  );
  return role.id;
}

const DIALECTS: DialectName[] = availableDialects().includes('postgres')
  ? ['sqlite', 'postgres']
  : ['sqlite'];

describe.each(DIALECTS)('a slug and a URL pattern change on a real Strapi [%s]', (dialect) => {
  let database: FixtureDatabase;
  let f: Fixture;
  let receiver: PurgeReceiver;
  const jwt = { admin: '', editor: '' };
  const ids: string[] = [];

  const status = async (path: string) => (await getRaw(f.http, path)).status;
  const whenIdle = () => f.agentReady.whenIdle();
  const url = (path: string) => `https://example.com${path}`;
  async function cursorNow(): Promise<string> {
    return (
      JSON.parse((await request(f.http).get('/llm-changes.json?since=now')).text) as {
        next: string;
      }
    ).next;
  }
  async function changesSince(since: string): Promise<[string, string][]> {
    const res = await request(f.http).get(`/llm-changes.json?since=${since}`);
    expect(res.status).toBe(200);
    return (JSON.parse(res.text) as { changes: { change: string; cUrl: string }[] }).changes.map(
      (c) => [c.change, c.cUrl],
    );
  }
  /** The page URLs of the blog section's SCP snapshot. */
  async function snapshotUrls(): Promise<string[]> {
    const res = await getRaw(f.http, '/scp/blog-snapshot.scp', { 'accept-encoding': 'identity' });
    expect(res.status).toBe(200);
    const lines = (res.body as Buffer).toString('utf8').trim().split('\n');
    return lines.slice(1).map((line) => (JSON.parse(line) as { url: string }).url);
  }
  const purgedPath = (path: string) => receiver.received.flat().includes(pathCacheTag(path));

  beforeAll(async () => {
    receiver = await startPurgeReceiver({ secret: SECRET, verify: verifyPurgeWebhook });
    database = await createFixtureDatabase(dialect);
    f = await bootFixture({
      database,
      config: {
        ...FIXTURE_CONFIG,
        // Snapshots of more than 3 pages wait for 3 changes or a day: a moved page (2 changes,
        // its tombstone and its row) rebuilds the blog's only because a page left it.
        scp: { snapshotAfterChanges: 3, snapshotIntervalMs: 86_400_000 },
        edge: {
          purger: {
            type: 'webhook',
            url: receiver.url,
            secret: SECRET,
          },
          delivery: { pollIntervalMs: 20 },
        },
      },
    });
    for (const slug of SLUGS) {
      const created = (await f.strapi.documents(ARTICLE as never).create({
        data: {
          title: slug.replace('-', ' '),
          slug,
          excerpt: `About ${slug}.`,
          content: blocks(`The text of ${slug}.`),
        },
        status: 'published',
      } as never)) as unknown as { documentId: string };
      ids.push(created.documentId);
    }
    await whenIdle();
    await createAdminUser(f.strapi, 'admin@example.com', [await superAdminRoleId(f.strapi)]);
    await createAdminUser(f.strapi, 'editor@example.com', [await blogEditorRoleId(f.strapi)]);
    jwt.admin = await adminJwt(f.http, 'admin@example.com');
    jwt.editor = await adminJwt(f.http, 'editor@example.com');
  }, 300_000);

  afterAll(async () => {
    await f?.stop();
    await receiver?.close();
  });

  it('an editor changes a slug in the Content Manager: the old M-URL is gone', async () => {
    expect(await status('/en/blog/first-post/llm.json')).toBe(200);
    expect(await snapshotUrls()).toContain(url('/en/blog/first-post/'));
    const since = await cursorNow();

    const res = await request(f.http)
      .post(`/content-manager/collection-types/${ARTICLE}/${ids[0]}/actions/publish?locale=en`)
      .set('Authorization', `Bearer ${jwt.editor}`)
      .send({
        title: 'first post',
        slug: 'a-better-first-post',
        excerpt: 'About first-post.',
        content: blocks('The text of first-post.'),
        locale: 'en',
      });
    expect(res.status).toBe(200);
    await whenIdle();

    expect(await status('/en/blog/first-post/llm.json')).toBe(410);
    expect(await status('/en/blog/first-post/index.html.md')).toBe(410);
    expect(await status('/en/blog/a-better-first-post/llm.json')).toBe(200);
    expect(await changesSince(since)).toEqual([
      ['removed', url('/en/blog/first-post/')],
      ['upsert', url('/en/blog/a-better-first-post/')],
    ]);
    await waitForState('the old path purged', async () =>
      purgedPath('/en/blog/first-post/llm.json') ? true : undefined,
    );
    // SCP, llms.txt and the sitemap list the new URL only, now (not at the next snapshot).
    const snapshot = await snapshotUrls();
    expect(snapshot).toContain(url('/en/blog/a-better-first-post/'));
    expect(snapshot).not.toContain(url('/en/blog/first-post/'));
    const xml = (await request(f.http).get('/scp/sitemap.xml')).text;
    expect(xml).not.toContain('/en/blog/first-post/<');
    expect((await request(f.http).get('/llms.txt')).text).not.toContain('/en/blog/first-post/');
    const listed = (await sitemapItems(f.http)).map((item) => pathOf(item.cUrl));
    expect(listed).toContain('/en/blog/a-better-first-post/');
    expect(listed).not.toContain('/en/blog/first-post/');
  });

  it('the admin changes the URL pattern in the settings: every old M-URL is gone', async () => {
    const since = await cursorNow();
    const res = await request(f.http)
      .put('/agent-ready/settings')
      .set('Authorization', `Bearer ${jwt.admin}`)
      .send({
        contentTypes: {
          ...FIXTURE_CONFIG.contentTypes,
          [ARTICLE]: {
            ...FIXTURE_CONFIG.contentTypes[ARTICLE],
            url: '/{locale}/articles/{slug}/',
          },
        },
      });
    expect(res.status).toBe(200);
    const slugs = ['a-better-first-post', ...SLUGS.slice(1)];
    // The re-render runs in the background: wait for its last M-URL.
    await waitForState('the new pattern served', async () => {
      await whenIdle();
      for (const slug of slugs)
        if ((await status(`/en/articles/${slug}/llm.json`)) !== 200) return undefined;
      return true;
    });
    await whenIdle();
    for (const slug of slugs) expect(await status(`/en/blog/${slug}/llm.json`)).toBe(410);
    const changes = await changesSince(since);
    expect(changes.filter(([c]) => c === 'removed').map(([, u]) => u)).toEqual(
      expect.arrayContaining(slugs.map((slug) => url(`/en/blog/${slug}/`))),
    );
    expect(changes.filter(([c]) => c === 'upsert').map(([, u]) => u)).toEqual(
      expect.arrayContaining(slugs.map((slug) => url(`/en/articles/${slug}/`))),
    );
    await waitForState('every old path purged', async () =>
      slugs.every((slug) => purgedPath(`/en/blog/${slug}/llm.json`)) ? true : undefined,
    );
    const snapshot = await snapshotUrls();
    expect(snapshot.filter((u) => u.includes('/en/blog/'))).toEqual([]);
    expect(snapshot.filter((u) => u.includes('/en/articles/'))).toHaveLength(slugs.length);
    const llms = (await request(f.http).get('/llms.txt')).text;
    expect(llms).not.toContain('/en/blog/');
    const listed = (await sitemapItems(f.http)).map((item) => pathOf(item.cUrl));
    expect(listed.filter((p) => p.startsWith('/en/blog/'))).toEqual([]);
  });
});
