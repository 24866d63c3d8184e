import request from 'supertest';
import { validateAgentSiteOptions } from '@agent-ready/core/serve';
import { openAgentSite, dropAgentTables } from '@agent-ready/store';
import { availableDialects, proxiedPostgres, uniqueTablePrefix } from '@agent-ready/test-support';
import { createAgentKoaMiddleware } from '../server/src/http/agent-koa-middleware';
import { bootFixture, type Fixture } from './support/fixture-app';
import { expectParity, getRaw, sitemapItems, TCT_CACHE, pathOf } from './support/agent-http';

// Changes driven through the Document Service (and the Content Manager's bulk actions) on a
// real Strapi 5 with a temp SQLite database, observed over HTTP on Strapi's own server.

const ARTICLE = 'api::article.article';
const PAGE = 'api::page.page';
const HOME = 'api::home.home';

const blocks = (...paragraphs: string[]) =>
  paragraphs.map((text) => ({ type: 'paragraph', children: [{ type: 'text', text }] }));

let f: Fixture;

beforeAll(async () => {
  f = await bootFixture();
  await f.agentReady.whenIdle();
});

afterAll(async () => {
  await f?.stop();
});

const articles = () => f.strapi.documents(ARTICLE as never);
const whenIdle = () => f.agentReady.whenIdle();
const mUrl = (path: string, headers: Record<string, string> = {}) => getRaw(f.http, path, headers);
const json = (res: { body: unknown }) =>
  JSON.parse((res.body as Buffer).toString('utf8')) as Record<string, unknown>;
const listed = async () => (await sitemapItems(f.http)).map((item) => pathOf(item.cUrl));

async function draftArticle(slug: string, text = `About ${slug}.`, extra: object = {}) {
  return (await articles().create({
    data: { title: `Article ${slug}`, slug, content: blocks(text), ...extra },
  } as never)) as unknown as { documentId: string };
}

describe('draft and publish', () => {
  let documentId: string;
  let firstEtag: string;

  it('a draft is never visible', async () => {
    ({ documentId } = await draftArticle('lifecycle', 'First version.', {
      excerpt: 'The excerpt.',
      authorName: 'Ada',
    }));
    await whenIdle();
    expect((await mUrl('/en/blog/lifecycle/llm.json')).status).toBe(404);
    expect(await listed()).not.toContain('/en/blog/lifecycle/');
  });

  it('publish: the M-URL answers 200 with the mapped fields and the sitemap lists it', async () => {
    await articles().publish({ documentId } as never);
    await whenIdle();
    const res = await mUrl('/en/blog/lifecycle/llm.json');
    expect(res.status).toBe(200);
    expect(json(res)).toMatchObject({
      profile: 'tct-1',
      canonical_url: 'https://example.com/en/blog/lifecycle/',
      title: 'Article lifecycle',
      content: 'Article lifecycle\n\nFirst version.',
      description: 'The excerpt.',
      author: 'Ada',
      language: 'en',
    });
    expect(res.headers).toMatchObject({
      'cache-control': TCT_CACHE,
      link: '<https://example.com/en/blog/lifecycle/>; rel="canonical"',
      'content-type': 'application/json; charset=utf-8',
    });
    firstEtag = res.headers.etag!;
    expect(await listed()).toContain('/en/blog/lifecycle/');
    await expectParity(f.http);
  });

  it('a draft save of a published document changes nothing agents see', async () => {
    const sitemapBefore = (await request(f.http).get('/llm-sitemap.json')).headers.etag;
    await articles().update({
      documentId,
      locale: 'en',
      data: { content: blocks('Second version, still a draft.') },
    } as never);
    await whenIdle();
    const res = await mUrl('/en/blog/lifecycle/llm.json');
    expect(res.headers.etag).toBe(firstEtag);
    expect(json(res).content).toBe('Article lifecycle\n\nFirst version.');
    expect((await request(f.http).get('/llm-sitemap.json')).headers.etag).toBe(sitemapBefore);
  });

  it('discarding the draft changes nothing either', async () => {
    await articles().discardDraft({ documentId } as never);
    await whenIdle();
    expect((await mUrl('/en/blog/lifecycle/llm.json')).headers.etag).toBe(firstEtag);
  });

  it('publishing an edit: new ETag; the old validator gets 200, the new one 304', async () => {
    await articles().update({
      documentId,
      locale: 'en',
      data: { content: blocks('Second version.') },
      status: 'published',
    } as never);
    await whenIdle();
    const res = await mUrl('/en/blog/lifecycle/llm.json');
    expect(json(res).content).toBe('Article lifecycle\n\nSecond version.');
    const etag = res.headers.etag!;
    expect(etag).not.toBe(firstEtag);
    expect((await mUrl('/en/blog/lifecycle/llm.json', { 'If-None-Match': firstEtag })).status).toBe(
      200,
    );
    const revalidated = await mUrl('/en/blog/lifecycle/llm.json', {
      'If-None-Match': etag,
      'Cache-Control': 'no-cache',
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.etag).toBe(etag);
    await expectParity(f.http);
  });

  it('a publish that changes nothing changes nothing (same bytes, same Last-Modified)', async () => {
    const before = await mUrl('/en/blog/lifecycle/llm.json');
    const sitemapBefore = (await request(f.http).get('/llm-sitemap.json')).headers.etag;
    await articles().publish({ documentId } as never);
    await articles().update({
      documentId,
      locale: 'en',
      data: { content: blocks('Second   version.') },
      status: 'published',
    } as never);
    await whenIdle();
    const after = await mUrl('/en/blog/lifecycle/llm.json');
    expect(after.headers.etag).toBe(before.headers.etag);
    expect(after.headers['last-modified']).toBe(before.headers['last-modified']);
    expect((await request(f.http).get('/llm-sitemap.json')).headers.etag).toBe(sitemapBefore);
  });

  it('unpublish: 404 and out of the sitemap', async () => {
    await articles().unpublish({ documentId } as never);
    await whenIdle();
    expect((await mUrl('/en/blog/lifecycle/llm.json')).status).toBe(404);
    expect(await listed()).not.toContain('/en/blog/lifecycle/');
  });

  it('delete: 410 Gone and out of the sitemap', async () => {
    await articles().publish({ documentId } as never);
    await whenIdle();
    expect((await mUrl('/en/blog/lifecycle/llm.json')).status).toBe(200);
    await articles().delete({ documentId, locale: '*' } as never);
    await whenIdle();
    expect((await mUrl('/en/blog/lifecycle/llm.json')).status).toBe(410);
    expect((await request(f.http).head('/en/blog/lifecycle/llm.json')).status).toBe(410);
    expect(await listed()).not.toContain('/en/blog/lifecycle/');
  });

  it('create with status published is a publish', async () => {
    await articles().create({
      data: { title: 'Straight out', slug: 'straight-out', content: blocks('Live at once.') },
      status: 'published',
    } as never);
    await whenIdle();
    expect(json(await mUrl('/en/blog/straight-out/llm.json')).content).toBe(
      'Straight out\n\nLive at once.',
    );
  });
});

describe('i18n', () => {
  let documentId: string;

  beforeAll(async () => {
    ({ documentId } = await draftArticle('bonjour', 'Hello in English.'));
    await articles().update({
      documentId,
      locale: 'fr',
      data: { title: 'Bonjour', slug: 'bonjour', content: blocks('Bonjour en français.') },
    } as never);
    await articles().publish({ documentId, locale: '*' } as never);
    await whenIdle();
  });

  it('one M-URL per locale, each with its language', async () => {
    const en = await mUrl('/en/blog/bonjour/llm.json');
    const fr = await mUrl('/fr/blog/bonjour/llm.json');
    expect(json(en)).toMatchObject({
      language: 'en',
      content: 'Article bonjour\n\nHello in English.',
    });
    expect(json(fr)).toMatchObject({ language: 'fr', title: 'Bonjour' });
    expect(await listed()).toEqual(
      expect.arrayContaining(['/en/blog/bonjour/', '/fr/blog/bonjour/']),
    );
    await expectParity(f.http);
  });

  it('unpublishing one locale leaves the other', async () => {
    await articles().unpublish({ documentId, locale: 'fr' } as never);
    await whenIdle();
    expect((await mUrl('/fr/blog/bonjour/llm.json')).status).toBe(404);
    expect((await mUrl('/en/blog/bonjour/llm.json')).status).toBe(200);
  });

  it('deleting one locale: 410 for it, the other stays', async () => {
    await articles().publish({ documentId, locale: 'fr' } as never);
    await whenIdle();
    expect((await mUrl('/fr/blog/bonjour/llm.json')).status).toBe(200);
    await articles().delete({ documentId, locale: 'fr' } as never);
    await whenIdle();
    expect((await mUrl('/fr/blog/bonjour/llm.json')).status).toBe(410);
    expect((await mUrl('/en/blog/bonjour/llm.json')).status).toBe(200);
  });
});

describe('Content Manager bulk actions (one outer transaction)', () => {
  const slugs = ['bulk-1', 'bulk-2', 'bulk-3', 'bulk-4', 'bulk-5'];
  let ids: string[];
  const documentManager = () =>
    f.strapi.plugin('content-manager').service('document-manager') as unknown as {
      publishMany(uid: string, ids: string[], locale?: string): Promise<number>;
      unpublishMany(ids: string[], uid: string, opts?: object): Promise<unknown>;
      deleteMany(ids: string[], uid: string, opts?: object): Promise<unknown>;
    };

  beforeAll(async () => {
    ids = [];
    for (const slug of slugs) ids.push((await draftArticle(slug)).documentId);
    await whenIdle();
  });

  it('bulk publish makes every document visible', async () => {
    expect(await documentManager().publishMany(ARTICLE, ids, 'en')).toBe(slugs.length);
    await whenIdle();
    for (const slug of slugs) expect((await mUrl(`/en/blog/${slug}/llm.json`)).status).toBe(200);
    await expectParity(f.http);
  });

  it('bulk unpublish and bulk delete take them off', async () => {
    await documentManager().unpublishMany(ids.slice(0, 2), ARTICLE, { locale: 'en' });
    await documentManager().deleteMany(ids.slice(2), ARTICLE, { locale: 'en' });
    await whenIdle();
    for (const slug of slugs.slice(0, 2)) {
      expect((await mUrl(`/en/blog/${slug}/llm.json`)).status).toBe(404);
    }
    for (const slug of slugs.slice(2)) {
      expect((await mUrl(`/en/blog/${slug}/llm.json`)).status).toBe(410);
    }
  });

  it('a rolled-back bulk action changes nothing', async () => {
    const { documentId } = await draftArticle('rolled-back');
    await expect(
      f.strapi.db.transaction(async () => {
        await articles().publish({ documentId } as never);
        throw new Error('abort the whole action');
      }),
    ).rejects.toThrow('abort the whole action');
    await whenIdle();
    expect((await mUrl('/en/blog/rolled-back/llm.json')).status).toBe(404);
  });
});

describe('single types, dynamic zones and the default mapping', () => {
  it('maps a single type with a dynamic zone: every component text in order, headings too', async () => {
    await f.strapi.documents(HOME as never).create({
      data: {
        title: 'Welcome',
        intro: 'The *intro*.',
        sections: [
          { __component: 'shared.quote', quote: 'Quoted words.', cite: 'Someone' },
          { __component: 'shared.rich-text', body: '## Details\n\nMore text.' },
          {
            __component: 'shared.blocks-section',
            heading: 'A section',
            content: blocks('From blocks.'),
          },
        ],
      },
      status: 'published',
    } as never);
    await whenIdle();
    const res = await mUrl('/llm.json');
    expect(json(res)).toMatchObject({
      canonical_url: 'https://example.com/',
      content:
        'Welcome\n\nThe intro.\n\nQuoted words.\n\nSomeone\n\nDetails\n\nMore text.\n\nA section\n\nFrom blocks.',
    });
    const twin = await mUrl('/index.html.md');
    expect(twin.status).toBe(200);
    expect((twin.body as Buffer).toString('utf8')).toContain('## A section\n\nFrom blocks.');
    // The overview document comes first.
    expect((await sitemapItems(f.http))[0]!.cUrl).toBe('https://example.com/');
  });

  it('`true` maps title, the first rich-text field and the uid attribute', async () => {
    await f.strapi.documents(PAGE as never).create({
      data: { title: 'About us', slug: 'about-us', body: 'We *write* things.' },
      status: 'published',
    } as never);
    await whenIdle();
    expect(json(await mUrl('/pages/about-us/llm.json'))).toMatchObject({
      title: 'About us',
      content: 'About us\n\nWe write things.',
      language: 'en',
    });
  });
});

describe('nothing private ever leaks', () => {
  it('private and unmapped fields, drafts and unexposed types stay out of every artifact', async () => {
    await draftArticle('leaky', 'Public words.', {
      internalNotes: 'SENTINEL-UNMAPPED',
      reviewerEmail: 'sentinel-private@example.com',
    });
    const { documentId } = (await articles().findFirst({
      filters: { slug: 'leaky' },
    } as never)) as unknown as { documentId: string };
    await articles().publish({ documentId } as never);
    await articles().update({
      documentId,
      locale: 'en',
      data: { content: blocks('SENTINEL-DRAFT') },
    } as never);
    await f.strapi.documents(PAGE as never).create({
      data: { title: 'Page', slug: 'with-secret', body: 'Text.', secret: 'SENTINEL-PRIVATE-PAGE' },
      status: 'published',
    } as never);
    await f.strapi.documents('api::memo.memo' as never).create({
      data: { title: 'SENTINEL-MEMO', body: 'SENTINEL-MEMO-BODY' },
    } as never);
    await whenIdle();
    expect((await mUrl('/en/blog/leaky/llm.json')).status).toBe(200);
    const everything: string[] = [];
    for (const item of await sitemapItems(f.http)) {
      everything.push((await mUrl(pathOf(item.mUrl))).body.toString('utf8'));
    }
    everything.push((await request(f.http).get('/llm-sitemap.json')).text);
    const corpus = everything.join('\n');
    for (const sentinel of [
      'SENTINEL-UNMAPPED',
      'sentinel-private@example.com',
      'SENTINEL-DRAFT',
      'SENTINEL-PRIVATE-PAGE',
      'SENTINEL-MEMO',
    ]) {
      expect(corpus).not.toContain(sentinel);
    }
    expect(corpus).toContain('Public words.');
  });
});

describe('HTTP behaviour on Strapi (same as the Express adapter)', () => {
  beforeAll(async () => {
    await articles().create({
      data: { title: 'Http', slug: 'http', content: blocks('Over the wire.') },
      status: 'published',
    } as never);
    await whenIdle();
  });

  it('HEAD is GET minus the body', async () => {
    const get = await mUrl('/en/blog/http/llm.json');
    const head = await request(f.http).head('/en/blog/http/llm.json');
    const strip = (h: Record<string, string>) => {
      const { date: _d, connection: _c, 'keep-alive': _k, ...rest } = h;
      return rest;
    };
    expect(head.status).toBe(200);
    expect(strip(head.headers)).toEqual(strip(get.headers));
    expect(head.headers['content-length']).toBe(String(get.body.length));
  });

  it('405 with Allow for other methods, even through Strapi’s body parser', async () => {
    for (const method of ['post', 'put', 'delete', 'patch', 'options'] as const) {
      const res = await request(f.http)[method]('/en/blog/http/llm.json');
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
    }
  });

  it('is never re-encoded by strapi::compression, which compresses the REST API', async () => {
    const plain = await mUrl('/en/blog/http/llm.json');
    const res = await mUrl('/en/blog/http/llm.json', { 'Accept-Encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.etag).toBe(plain.headers.etag);
    expect(res.body.equals(plain.body)).toBe(true);
    const api = await request(f.http)
      .get('/api/articles')
      .set('Authorization', `Bearer ${f.apiToken}`)
      .set('Accept-Encoding', 'gzip');
    expect(api.headers['content-encoding']).toBe('gzip');
  });

  it('unknown M-URLs 404, traversal 404, bad percent-encoding 400', async () => {
    expect((await mUrl('/en/blog/nothing/llm.json')).status).toBe(404);
    expect((await mUrl('/x/%2e%2e/en/blog/http/llm.json')).status).toBe(404);
    expect((await mUrl('/bad%zz/llm.json')).status).toBe(400);
  });

  it('policy and sitemap answer conditional requests; the root carries rel=index', async () => {
    const policy = await request(f.http).get('/llm-policy.json');
    expect(policy.status).toBe(200);
    expect(
      (await request(f.http).get('/llm-policy.json').set('If-None-Match', policy.headers.etag!))
        .status,
    ).toBe(304);
    const sitemap = await request(f.http).get('/llm-sitemap.json');
    expect(
      (await request(f.http).get('/llm-sitemap.json').set('If-None-Match', sitemap.headers.etag!))
        .status,
    ).toBe(304);
    const root = await request(f.http).get('/');
    expect(root.status).toBeLessThan(400);
    expect(root.headers.link).toContain(
      '<https://example.com/llm-sitemap.json>; rel="index"; type="application/json"',
    );
  });

  // The plugin's middleware on a Koa app of Strapi's own Koa, over a site whose PostgreSQL
  // server goes away (through a proxy the test cuts).
  (availableDialects().includes('postgres') ? it : it.skip)(
    '503 with Retry-After while the table cannot be reached',
    async () => {
      const { proxy, database } = await proxiedPostgres();
      const warnings: string[] = [];
      const log = { info() {}, warn: (m: string) => warnings.push(m), error() {} };
      const prefix = uniqueTablePrefix();
      const site = await openAgentSite({
        site: validateAgentSiteOptions({ site: { origin: 'https://example.com', name: 'X' } }),
        database,
        tablePrefix: prefix,
        mode: 'standalone',
        rebuild: { automatic: false },
        revalidateAfterMs: 0,
        logger: log,
      });
      try {
        const Koa = f.strapi.server.app.constructor as new () => {
          use(middleware: unknown): void;
          callback(): Parameters<typeof request>[0];
        };
        const app = new Koa();
        app.use(createAgentKoaMiddleware({ site: () => site, rootLink: true, log }));
        proxy.cut();
        const res = await request(app.callback()).get('/en/blog/http/llm.json');
        expect(res.status).toBe(503);
        expect(res.headers).toMatchObject({ 'retry-after': '5', 'cache-control': 'no-store' });
        expect((await request(app.callback()).head('/llm-sitemap.json')).status).toBe(503);
        expect(warnings.join('\n')).toMatch(/database is unavailable/);
      } finally {
        proxy.restore();
        await dropAgentTables(site.engine!.knex, prefix);
        await site.close();
        await proxy.close();
      }
    },
  );

  it('leaves Strapi’s own routes alone', async () => {
    const api = await request(f.http)
      .get('/api/articles')
      .set('Authorization', `Bearer ${f.apiToken}`);
    expect(api.status).toBe(200);
    expect(api.headers.link).toBeUndefined();
    expect((await request(f.http).get('/_health')).status).toBe(204);
  });
});

describe('failures never reach the save and heal', () => {
  it('an entry that cannot be served is logged and not listed; the save succeeds', async () => {
    const warn = jest.spyOn(f.strapi.log, 'warn');
    try {
      const created = await articles().create({
        data: { title: 'No slug yet', content: blocks('x') },
        status: 'published',
      } as never);
      expect(created).toMatchObject({ title: 'No slug yet' });
      await whenIdle();
      expect(warn.mock.calls.flat().join('\n')).toMatch(
        /agent-ready: api::article\.article \S+ \[en\] is not served to agents: .*empty value/,
      );
    } finally {
      warn.mockRestore();
    }
  });

  it('a sync that fails (table gone) is logged; the next change heals it', async () => {
    const knex = f.strapi.db.connection;
    const error = jest.spyOn(f.strapi.log, 'error');
    await knex.schema.renameTable('agent_ready_documents', 'agent_ready_documents_away');
    let documentId: string;
    try {
      ({ documentId } = (await articles().create({
        data: { title: 'Healed', slug: 'healed', content: blocks('Eventually.') },
        status: 'published',
      } as never)) as unknown as { documentId: string });
      await whenIdle();
      expect(error.mock.calls.flat().join('\n')).toMatch(/agent-ready: could not update/);
    } finally {
      await knex.schema.renameTable('agent_ready_documents_away', 'agent_ready_documents');
      error.mockRestore();
    }
    expect((await mUrl('/en/blog/healed/llm.json')).status).toBe(404);
    await articles().update({
      documentId,
      locale: 'en',
      data: { excerpt: 'Now healed.' },
      status: 'published',
    } as never);
    await whenIdle();
    expect(json(await mUrl('/en/blog/healed/llm.json')).description).toBe('Now healed.');
  });

  it('reconcile rebuilds rows lost behind Strapi’s back', async () => {
    const before = await expectParity(f.http);
    await f.strapi.db.connection('agent_ready_documents').where('state', 'published').delete();
    const summary = await f.agentReady.reconcile();
    await whenIdle();
    expect(summary).toMatchObject({ changed: before.length, removed: 0 });
    expect((await expectParity(f.http)).map((i) => i.cUrl)).toEqual(before.map((i) => i.cUrl));
  });
});
