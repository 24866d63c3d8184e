import request from 'supertest';
import { describeEachDatabase } from '@agent-ready/test-support';
import { bootFixture, FIXTURE_CONFIG, type Fixture } from './support/fixture-app';
import {
  expectParity,
  getRaw,
  pathOf,
  scpCollections,
  scpPageUrls,
  sitemapItems,
} from './support/agent-http';

// Changes driven through Strapi's REST API (which creates and updates as *published* unless
// told `status=draft`), on every database Strapi and the store support that answers here. Also
// the Content Manager's bulk publish: only a server database (a pool of connections) shows
// whether syncs wait for the outer transaction to commit; SQLite's single connection hides it.

const blocks = (...paragraphs: string[]) =>
  paragraphs.map((text) => ({ type: 'paragraph', children: [{ type: 'text', text }] }));

describeEachDatabase('REST API', (dialect) => {
  let f: Fixture;

  beforeAll(async () => {
    f = await bootFixture({ dialect });
    await f.agentReady.whenIdle();
  }, 300_000);

  afterAll(async () => {
    await f?.stop();
  });

  const api = (method: 'get' | 'post' | 'put' | 'delete', path: string) =>
    request(f.http)[method](path).set('Authorization', `Bearer ${f.apiToken}`);
  const whenIdle = () => f.agentReady.whenIdle();
  const body = async (path: string) => {
    const res = await getRaw(f.http, path);
    return {
      res,
      json: JSON.parse(res.body.toString('utf8') || 'null') as Record<string, unknown>,
    };
  };

  let documentId: string;
  let etag: string;

  it('POST ?status=draft: nothing visible', async () => {
    const res = await api('post', '/api/articles?status=draft').send({
      data: { title: 'Via REST', slug: 'via-rest', content: blocks('Drafted over HTTP.') },
    });
    expect(res.status).toBe(201);
    documentId = res.body.data.documentId;
    await whenIdle();
    expect((await getRaw(f.http, '/en/blog/via-rest/llm.json')).status).toBe(404);
  });

  it('PUT (publishes): M-URL 200 and in the sitemap', async () => {
    const res = await api('put', `/api/articles/${documentId}`).send({
      data: { content: blocks('Published over HTTP.') },
    });
    expect(res.status).toBe(200);
    await whenIdle();
    const { res: mUrl, json } = await body('/en/blog/via-rest/llm.json');
    expect(mUrl.status).toBe(200);
    expect(json.content).toBe('Via REST\n\nPublished over HTTP.');
    etag = mUrl.headers.etag!;
    expect((await sitemapItems(f.http)).map((i) => pathOf(i.cUrl))).toContain('/en/blog/via-rest/');
  });

  it('a publish puts the document in the newest SCP delta and the snapshot of its section', async () => {
    const { snapshots, deltas } = await scpCollections(f.http);
    const newest = deltas
      .filter((d) => d.section === 'blog')
      .sort((a, b) => (a.generated < b.generated ? 1 : -1))[0];
    expect(newest).toBeDefined();
    expect((await scpPageUrls(f.http, newest!.path)).map(pathOf)).toContain('/en/blog/via-rest/');
    expect((await scpPageUrls(f.http, snapshots.get('blog')!)).map(pathOf)).toContain(
      '/en/blog/via-rest/',
    );
  });

  it('PUT with a change: new ETag; old validator 200, new 304', async () => {
    await api('put', `/api/articles/${documentId}`).send({
      data: { content: blocks('Edited over HTTP.') },
    });
    await whenIdle();
    const { res } = await body('/en/blog/via-rest/llm.json');
    expect(res.headers.etag).not.toBe(etag);
    expect(
      (await getRaw(f.http, '/en/blog/via-rest/llm.json', { 'If-None-Match': etag })).status,
    ).toBe(200);
    expect(
      (await getRaw(f.http, '/en/blog/via-rest/llm.json', { 'If-None-Match': res.headers.etag! }))
        .status,
    ).toBe(304);
    etag = res.headers.etag!;
  });

  it('PUT that changes nothing: nothing changes', async () => {
    const before = await getRaw(f.http, '/en/blog/via-rest/llm.json');
    const sitemap = (await request(f.http).get('/llm-sitemap.json')).headers.etag;
    await api('put', `/api/articles/${documentId}`).send({
      data: { content: blocks('Edited over HTTP.') },
    });
    await whenIdle();
    const after = await getRaw(f.http, '/en/blog/via-rest/llm.json');
    expect(after.headers.etag).toBe(etag);
    expect(after.headers['last-modified']).toBe(before.headers['last-modified']);
    expect((await request(f.http).get('/llm-sitemap.json')).headers.etag).toBe(sitemap);
  });

  it('a second locale through ?locale=fr', async () => {
    const res = await api('put', `/api/articles/${documentId}?locale=fr`).send({
      data: { title: 'Par REST', slug: 'par-rest', content: blocks('En français.') },
    });
    expect(res.status).toBe(200);
    await whenIdle();
    const { json } = await body('/fr/blog/par-rest/llm.json');
    expect(json).toMatchObject({ language: 'fr', content: 'Par REST\n\nEn français.' });
    await expectParity(f.http);
  });

  it('DELETE: 410 and out of the sitemap', async () => {
    expect((await api('delete', `/api/articles/${documentId}?locale=*`)).status).toBe(204);
    await whenIdle();
    expect((await getRaw(f.http, '/en/blog/via-rest/llm.json')).status).toBe(410);
    expect((await getRaw(f.http, '/fr/blog/par-rest/llm.json')).status).toBe(410);
    const listed = (await sitemapItems(f.http)).map((i) => pathOf(i.cUrl));
    expect(listed).not.toContain('/en/blog/via-rest/');
    expect(listed).not.toContain('/fr/blog/par-rest/');
    const snapshot = (await scpCollections(f.http)).snapshots.get('blog');
    const inSnapshot = snapshot ? (await scpPageUrls(f.http, snapshot)).map(pathOf) : [];
    expect(inSnapshot).not.toContain('/en/blog/via-rest/');
    expect(inSnapshot).not.toContain('/fr/blog/par-rest/');
  });

  it('a type taken off the settings: its documents leave the sitemap, llms.txt and SCP, and the feed lists them removed', async () => {
    expect(
      (await api('post', '/api/pages').send({ data: { title: 'Off', slug: 'off' } })).status,
    ).toBe(201);
    await whenIdle();
    expect((await getRaw(f.http, '/pages/off/llm.json')).status).toBe(200);
    const cursor = (
      JSON.parse((await request(f.http).get('/llm-changes.json')).text) as { next: string }
    ).next;
    const withoutPages = Object.fromEntries(
      Object.entries(FIXTURE_CONFIG.contentTypes).filter(([uid]) => uid !== 'api::page.page'),
    );
    await f.agentReady.saveSettings({ contentTypes: withoutPages });
    await whenIdle();
    expect((await getRaw(f.http, '/pages/off/llm.json')).status).toBe(404);
    expect((await getRaw(f.http, '/pages/off.md')).status).toBe(404);
    expect((await sitemapItems(f.http)).map((i) => pathOf(i.cUrl))).not.toContain('/pages/off/');
    expect((await request(f.http).get('/llms.txt')).text).not.toContain('/pages/off/');
    const snapshot = (await scpCollections(f.http)).snapshots.get('pages');
    const inSnapshot = snapshot ? (await scpPageUrls(f.http, snapshot)).map(pathOf) : [];
    expect(inSnapshot).not.toContain('/pages/off/');
    const feed = JSON.parse(
      (await request(f.http).get(`/llm-changes.json?since=${cursor}`)).text,
    ) as {
      changes: { change: string; cUrl: string }[];
    };
    expect(feed.changes).toContainEqual(
      expect.objectContaining({ change: 'removed', cUrl: 'https://example.com/pages/off/' }),
    );
    await f.agentReady.saveSettings(undefined);
    await whenIdle();
    expect((await getRaw(f.http, '/pages/off/llm.json')).status).toBe(200);
  });

  it('Content Manager bulk publish (one outer transaction): synced after it commits', async () => {
    const documents = f.strapi.documents('api::article.article' as never);
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4]) {
      const created = (await documents.create({
        data: { title: `Bulk ${n}`, slug: `bulk-${n}`, content: blocks(`Bulk ${n}.`) },
      } as never)) as unknown as { documentId: string };
      ids.push(created.documentId);
    }
    const documentManager = f.strapi.plugin('content-manager').service('document-manager') as {
      publishMany(uid: string, ids: string[], locale?: string): Promise<number>;
    };
    expect(await documentManager.publishMany('api::article.article', ids, 'en')).toBe(4);
    await whenIdle();
    for (const n of [1, 2, 3, 4]) {
      expect((await getRaw(f.http, `/en/blog/bulk-${n}/llm.json`)).status).toBe(200);
    }
  });

  it('many parallel edits through the REST API: every document ends as Strapi has it', async () => {
    const slugs = Array.from({ length: 8 }, (_, i) => `parallel-${i}`);
    const ids: string[] = [];
    for (const slug of slugs) {
      const res = await api('post', '/api/articles').send({
        data: { title: `Parallel ${slug}`, slug, content: blocks('v0') },
      });
      expect(res.status).toBe(201);
      ids.push(res.body.data.documentId);
    }
    // Five edits per document, all in flight at once: the saves overlap each other and the
    // syncs they trigger, and the version that ends up published is whichever committed last.
    const edits = ids.flatMap((id, i) =>
      [1, 2, 3, 4, 5].map((round) =>
        api('put', `/api/articles/${id}`).send({
          data: { content: blocks(`round ${round} of ${slugs[i]}`), excerpt: `r${round}` },
        }),
      ),
    );
    const results = await Promise.all(edits);
    // On MySQL/MariaDB Strapi itself refuses overlapping publishes of one document ("A published
    // entry with documentId … already exists", 400), with or without this plugin.
    for (const res of results) {
      if (res.status !== 200) expect(res.body.error.message).toMatch(/already exists/);
    }
    expect(results.filter((res) => res.status === 200).length).toBeGreaterThanOrEqual(ids.length);
    await whenIdle();
    for (const [i, id] of ids.entries()) {
      const stored = await api('get', `/api/articles/${id}`);
      const { json } = await body(`/en/blog/${slugs[i]}/llm.json`);
      const text = (stored.body.data.content as { children: { text: string }[] }[])
        .map((block) => block.children.map((c) => c.text).join(''))
        .join('\n\n');
      expect(json.content).toBe(`Parallel ${slugs[i]}\n\n${text}`);
      expect(json.description).toBe(stored.body.data.excerpt);
    }
    await expectParity(f.http);
  });
});
