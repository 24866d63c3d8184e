import request from 'supertest';
import {
  bootFixture,
  createFixtureDatabase,
  FIXTURE_CONFIG,
  type Fixture,
  type FixtureDatabase,
} from './support/fixture-app';
import {
  adminJwt,
  createAdminUser,
  createRole,
  editorRoleId,
  superAdminRoleId,
} from './support/admin-users';
import { getRaw, pathOf, sitemapItems } from './support/agent-http';
import { freePort } from '@agent-ready/test-support';

// The admin API on a real Strapi: admin JWTs from /admin/login, the plugin's RBAC actions, input
// validation, and settings applied without a restart (and kept across one).

const ARTICLE = 'api::article.article';
const PAGE = 'api::page.page';
const READ = 'plugin::agent-ready.read';
const blocks = (text: string) => [{ type: 'paragraph', children: [{ type: 'text', text }] }];

interface ErrorBody {
  error: { status: number; name: string; message: string; details: { errors?: ErrorItem[] } };
}
interface ErrorItem {
  path: string[];
  message: string;
}

let database: FixtureDatabase;
let f: Fixture;
let port: number;
let origin: string;
const jwt: Record<'admin' | 'editor' | 'reader', string> = { admin: '', editor: '', reader: '' };
const articleIds: string[] = [];

/**
 * The fixture's settings on the address the server listens on; llms.txt and SCP left unset (on
 * by default).
 */
const config = () => ({
  ...FIXTURE_CONFIG,
  site: { ...FIXTURE_CONFIG.site, origin },
  // Strapi is the public origin here: its root answers agents itself (no admin panel to go to).
  rootPage: 'agent-index',
});

async function boot(): Promise<void> {
  f = await bootFixture({ database, config: config() });
  await f.agentReady.whenIdle();
  await new Promise<void>((resolve) => f.http.listen(port, '127.0.0.1', resolve));
}

const api = (method: 'get' | 'put' | 'post' | 'delete', path: string, who?: keyof typeof jwt) => {
  const req = request(f.http)[method](`/agent-ready${path}`);
  return who ? req.set('Authorization', `Bearer ${jwt[who]}`) : req;
};
const whenIdle = () => f.agentReady.whenIdle();
const llmsTxtTitle = async () => (await request(f.http).get('/llms.txt')).text.split('\n')[0];
/** The M-URL's `content`: the title, a blank line, then the mapped body. */
const mUrlContent = async (path: string) => {
  const res = await getRaw(f.http, path);
  return res.status === 200
    ? (JSON.parse((res.body as Buffer).toString('utf8')) as { content: string }).content
    : res.status;
};
const errorsOf = (body: unknown) =>
  ((body as ErrorBody).error.details.errors ?? []).map((e) => [e.path.join(' > '), e.message]);

beforeAll(async () => {
  port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  database = await createFixtureDatabase('sqlite');
  await boot();
  const articles = f.strapi.documents(ARTICLE as never);
  for (const n of [1, 2]) {
    const created = (await articles.create({
      data: {
        title: `Article ${n}`,
        slug: `article-${n}`,
        excerpt: `Excerpt ${n}.`,
        content: blocks(`Body ${n}.`),
      },
      status: 'published',
    } as never)) as unknown as { documentId: string };
    articleIds.push(created.documentId);
  }
  await articles.update({
    documentId: articleIds[0],
    locale: 'fr',
    data: { title: 'Article un', slug: 'article-un', content: blocks('Corps.') },
    status: 'published',
  } as never);
  await articles.create({ data: { title: 'Draft', slug: 'draft' } } as never);
  await f.strapi.documents(PAGE as never).create({
    data: { title: 'About', slug: 'about', body: 'About us.' },
    status: 'published',
  } as never);
  await whenIdle();

  await createAdminUser(f.strapi, 'admin@example.com', [await superAdminRoleId(f.strapi)]);
  await createAdminUser(f.strapi, 'editor@example.com', [await editorRoleId(f.strapi)]);
  await createAdminUser(f.strapi, 'reader@example.com', [
    await createRole(f.strapi, 'Agent ready reader', [READ]),
  ]);
  jwt.admin = await adminJwt(f.http, 'admin@example.com');
  jwt.editor = await adminJwt(f.http, 'editor@example.com');
  jwt.reader = await adminJwt(f.http, 'reader@example.com');
}, 300_000);

afterAll(async () => {
  await f?.stop({ keepDatabase: true });
  await database?.drop();
});

describe('authentication and permissions', () => {
  const routes: ['get' | 'put' | 'post' | 'delete', string][] = [
    ['get', '/overview'],
    ['get', '/settings'],
    ['put', '/settings'],
    ['delete', '/settings'],
    ['post', '/check'],
    ['get', '/rebuild'],
    ['post', '/rebuild'],
  ];

  it('answers 401 without an admin JWT, and with a forged one', async () => {
    for (const [method, path] of routes) {
      expect([method, path, (await api(method, path)).status]).toEqual([method, path, 401]);
      const forged = await api(method, path).set('Authorization', 'Bearer not.a.jwt');
      expect([method, path, forged.status]).toEqual([method, path, 401]);
    }
  });

  it('answers 403 to an editor without the plugin actions, who is shown nothing', async () => {
    for (const [method, path] of routes) {
      const res = await api(method, path, 'editor').send({});
      expect([method, path, res.status]).toEqual([method, path, 403]);
    }
    // The admin panel hides the menu and settings links: the editor holds none of the actions.
    const me = await request(f.http)
      .get('/admin/users/me/permissions')
      .set('Authorization', `Bearer ${jwt.editor}`);
    expect(me.status).toBe(200);
    const actions = (me.body as { data: { action: string }[] }).data.map((p) => p.action);
    expect(actions.length).toBeGreaterThan(0);
    expect(actions.filter((a) => a.startsWith('plugin::agent-ready.'))).toEqual([]);
  });

  it('lets a reader see the page but neither save settings nor rebuild', async () => {
    expect((await api('get', '/overview', 'reader')).status).toBe(200);
    expect((await api('get', '/settings', 'reader')).status).toBe(200);
    expect((await api('put', '/settings', 'reader').send({ site: { name: 'X' } })).status).toBe(
      403,
    );
    expect((await api('delete', '/settings', 'reader')).status).toBe(403);
    expect((await api('post', '/rebuild', 'reader')).status).toBe(403);
    expect(f.agentReady.status().settings.source).toBe('file');
  });

  it('gives the super admin every action the plugin registers', async () => {
    const me = await request(f.http)
      .get('/admin/users/me/permissions')
      .set('Authorization', `Bearer ${jwt.admin}`);
    const actions = (me.body as { data: { action: string }[] }).data.map((p) => p.action);
    expect(actions.filter((a) => a.startsWith('plugin::agent-ready.')).sort()).toEqual([
      'plugin::agent-ready.read',
      'plugin::agent-ready.rebuild',
      'plugin::agent-ready.settings.update',
    ]);
  });
});

describe('GET /agent-ready/overview', () => {
  it('counts published entries and served documents per content type and locale', async () => {
    const res = await api('get', '/overview', 'admin');
    expect(res.status).toBe(200);
    const body = res.body as {
      state: string;
      origin: string;
      contentTypes: { uid: string; displayName: string; locales: object[] }[];
      endpoints: {
        id: string;
        enabled: boolean;
        url?: string;
        path?: string;
        reason?: string;
        option?: string;
      }[];
      regeneration: { artifacts: { upToDate: boolean }; pending: number; lastRebuild?: object };
      settings: { source: string };
    };
    expect(body).toMatchObject({ state: 'ready', origin, settings: { source: 'file' } });
    const byUid = Object.fromEntries(body.contentTypes.map((t) => [t.uid, t]));
    expect(byUid[ARTICLE]).toMatchObject({ displayName: 'Article' });
    expect(byUid[ARTICLE]!.locales).toEqual([
      { locale: 'en', published: 2, served: 2 },
      { locale: 'fr', published: 1, served: 1 },
    ]);
    expect(byUid[PAGE]!.locales).toEqual([{ locale: '', published: 1, served: 1 }]);
    expect(body.regeneration).toMatchObject({ artifacts: { upToDate: true }, pending: 0 });
    // The last burst's cost: changes, files rewritten by family, bytes and time.
    expect(body.regeneration.lastRebuild).toMatchObject({
      changes: expect.any(Number),
      artifacts: expect.any(Number),
      rewritten: expect.any(Object),
      bytesWritten: expect.any(Number),
      durationMs: expect.any(Number),
    });
    const endpoints = Object.fromEntries(body.endpoints.map((e) => [e.id, e]));
    expect(endpoints['json-sitemap']).toMatchObject({
      enabled: true,
      url: `${origin}/llm-sitemap.json`,
    });
    // llms.txt and SCP are on by default: the overview says so for a config that leaves them
    // unset (it once said "Off: set llmsTxt in config/plugins"), and their paths answer.
    expect(endpoints['llms-txt']).toMatchObject({ enabled: true, path: '/llms.txt' });
    expect(endpoints.scp).toMatchObject({ enabled: true, path: '/scp/sitemap.xml' });
    for (const id of ['llms-txt', 'scp'])
      expect([id, (await request(f.http).get(endpoints[id]!.path!)).status]).toEqual([id, 200]);
    // llmindex is off by default: the note names the option that turns it on.
    expect(endpoints.llmindex).toMatchObject({
      enabled: false,
      reason: 'off-in-config',
      option: 'llmindex',
    });
    expect(endpoints.policy).toMatchObject({ enabled: true, path: '/llm-policy.json' });
    // MCP is off by default: listed last all the same, with the option that turns it on.
    expect(body.endpoints.at(-1)).toEqual({
      id: 'mcp',
      label: 'MCP server',
      enabled: false,
      option: 'mcp.enabled',
      reason: 'off-in-config',
      note: 'Off: set mcp.enabled in config/plugins to serve it.',
    });
    // The example M-URL is one agents can fetch.
    expect(endpoints['m-url']!.enabled).toBe(true);
    expect((await getRaw(f.http, endpoints['m-url']!.path!)).status).toBe(200);
  });
});

describe('PUT /agent-ready/settings: validation', () => {
  it('answers 400 with a message per field, and saves nothing', async () => {
    const res = await api('put', '/settings', 'admin').send({
      site: { name: '  ', tagline: 'x' },
      contentTypes: {
        [ARTICLE]: { body: 'nope', title: 'excerpt', colour: 'red' },
        'api::missing.missing': true,
        'Not a UID': true,
      },
      locales: ['de'],
      policy: { effective: 'yesterday', urls: { contact: 'mailto:x@example.com' } },
      tct: { profile: 'tct-3' },
      extra: 1,
    });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).error).toMatchObject({ status: 400, name: 'ValidationError' });
    expect(errorsOf(res.body)).toEqual(
      expect.arrayContaining([
        ['extra', expect.stringMatching(/^unknown key/)],
        ['site > tagline', expect.stringMatching(/^unknown key/)],
        ['site > name', 'must not be empty'],
        [`contentTypes > ${ARTICLE} > colour`, expect.stringMatching(/^unknown key/)],
        ['contentTypes > Not a UID', expect.stringMatching(/not a content type UID/)],
        ['policy > effective', expect.stringMatching(/RFC 3339/)],
        ['policy > urls > contact', 'must be an absolute http(s) URL'],
        ['tct > profile', 'must be tct-1 or tct-03'],
      ]),
    );
    expect(f.agentReady.status().settings.source).toBe('file');
  });

  it('checks attribute names, content types and locales against this Strapi', async () => {
    const res = await api('put', '/settings', 'admin').send({
      contentTypes: {
        [ARTICLE]: { body: 'nope', author: 'reviewerEmail' },
        'api::missing.missing': true,
      },
      locales: ['en', 'de'],
    });
    expect(res.status).toBe(400);
    expect(errorsOf(res.body)).toEqual(
      expect.arrayContaining([
        [`contentTypes > ${ARTICLE} > body`, 'no such attribute: nope'],
        [`contentTypes > ${ARTICLE} > author`, 'reviewerEmail is a private attribute'],
        ['contentTypes > api::missing.missing', 'no such content type'],
      ]),
    );
    const locale = await api('put', '/settings', 'admin').send({ locales: ['en', 'de'] });
    expect(locale.status).toBe(400);
    expect(errorsOf(locale.body)).toEqual([['locales > 1', 'no such locale: de']]);
  });

  it("exposes only the app's content types: every one of Strapi's own is refused, saying why", async () => {
    const strapiOwn = Object.keys(f.strapi.contentTypes).filter((uid) => !uid.startsWith('api::'));
    expect(strapiOwn).toEqual(
      expect.arrayContaining([
        'admin::user',
        'plugin::upload.file',
        'plugin::upload.folder',
        'plugin::i18n.locale',
        'plugin::review-workflows.workflow',
        'plugin::content-releases.release',
      ]),
    );
    for (const uid of strapiOwn) {
      const res = await api('put', '/settings', 'admin').send({
        contentTypes: { [ARTICLE]: true, [uid]: true },
      });
      expect([uid, res.status, errorsOf(res.body)]).toEqual([
        uid,
        400,
        [[`contentTypes > ${uid}`, expect.stringMatching(/never exposed|only the app/)]],
      ]);
    }
    expect(f.agentReady.status().settings.source).toBe('file');
    // The settings page does not offer them either.
    const offered = (
      (await api('get', '/settings', 'admin')).body as { contentTypes: { uid: string }[] }
    ).contentTypes.map((type) => type.uid);
    expect(offered.filter((uid) => !uid.startsWith('api::'))).toEqual([]);
  });

  it('refuses settings text that could not be served as it is: controls, bidi overrides, unpaired surrogates, oversize; never a 500', async () => {
    const hostile = [
      '\u0000',
      '\u001b[31m',
      '\u0085',
      '\u202e',
      '\u2066',
      '\ud800',
      '\udfff',
      'x'.repeat(100_000),
    ];
    const forbidden =
      /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/;
    const bodies: [field: string, body: (value: string) => object][] = [
      ['site > name', (v) => ({ site: { name: `Name ${v}` } })],
      ['site > summary', (v) => ({ site: { summary: `Summary ${v}` } })],
      ['site > details', (v) => ({ site: { details: `Details ${v}` } })],
      [`contentTypes > ${ARTICLE} > title`, (v) => ({ contentTypes: { [ARTICLE]: { title: v } } })],
      [
        `contentTypes > ${ARTICLE} > url`,
        (v) => ({ contentTypes: { [ARTICLE]: { url: `/b/${v}/{slug}/` } } }),
      ],
      [
        `contentTypes > ${ARTICLE} > section`,
        (v) => ({ contentTypes: { [ARTICLE]: { section: v } } }),
      ],
      [`contentTypes > ${ARTICLE} > body`, (v) => ({ contentTypes: { [ARTICLE]: { body: v } } })],
      ['contentTypes', (v) => ({ contentTypes: { [`api::${v}.x`]: true } })],
      ['locales', (v) => ({ locales: [v] })],
      ['policy > effective', (v) => ({ policy: { effective: v } })],
      [
        'policy > urls > contact',
        (v) => ({
          policy: {
            effective: '2026-01-01T00:00:00Z',
            urls: { contact: `https://example.com/${v}` },
          },
        }),
      ],
      ['tct > profile', (v) => ({ tct: { profile: v } })],
    ];
    const statuses = new Map<number, number>();
    for (const [field, body] of bodies) {
      for (const value of hostile) {
        const res = await api('put', '/settings', 'admin').send(body(value));
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect([field, value.slice(0, 8), res.status === 400 || res.status === 200]).toEqual([
          field,
          value.slice(0, 8),
          true,
        ]);
      }
    }
    // Whatever was taken is served without one of those characters.
    await whenIdle();
    for (const path of [
      '/llms.txt',
      '/llm-policy.json',
      '/llm-sitemap.json',
      '/robots.txt',
      '/en/blog/article-1/llm.json',
    ]) {
      const text = (await getRaw(f.http, path)).body.toString('utf8');
      expect([path, forbidden.exec(text)?.[0]]).toEqual([path, undefined]);
    }
    expect(statuses.get(400)).toBeGreaterThan(bodies.length * 6);
    expect((await api('delete', '/settings', 'admin')).status).toBe(200);
    await whenIdle();
  });

  it('refuses a body that is not an object, and a bad check target', async () => {
    const array = await api('put', '/settings', 'admin').send([1, 2]);
    expect(array.status).toBe(400);
    expect((array.body as ErrorBody).error.message).toMatch(/JSON object/);
    const target = await api('post', '/check', 'admin').send({ target: 'https://evil.example' });
    expect(target.status).toBe(400);
    expect(errorsOf(target.body)).toEqual([['target', 'must be one of auto, public, server']]);
  });
});

describe('what editors write, as agents get it', () => {
  it('serves no control character, bidi override or unpaired surrogate from an entry', async () => {
    const hostile = '\ud800\u0000\u202e<x>\u0085\u2066';
    const forbidden =
      /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/;
    const evil = (await f.strapi.documents(ARTICLE as never).create({
      data: {
        title: `Evil ${hostile} title`,
        slug: 'evil',
        excerpt: `Evil ${hostile} excerpt`,
        content: blocks(`Evil ${hostile} body`),
      },
      status: 'published',
    } as never)) as unknown as { documentId: string };
    await whenIdle();
    for (const path of [
      '/en/blog/evil/llm.json',
      '/en/blog/evil.md',
      '/llms.txt',
      '/en/llms.txt',
      '/llm-sitemap.json',
    ]) {
      const res = await getRaw(f.http, path);
      const text = (res.body as Buffer).toString('utf8');
      expect([path, res.status < 400 || res.status === 404, forbidden.exec(text)?.[0]]).toEqual([
        path,
        true,
        undefined,
      ]);
    }
    // The body's blocks reach the plugin as written (the title's column may already hold U+FFFD
    // where the database could not store a character).
    expect(await mUrlContent('/en/blog/evil/llm.json')).toMatch(
      /^Evil \ufffd+<x> title\n\nEvil \ufffd<x> body$/,
    );
    await f.strapi.documents(ARTICLE as never).delete({ documentId: evil.documentId } as never);
    await whenIdle();
  });
});

describe('settings applied without a restart', () => {
  afterAll(async () => {
    expect((await api('delete', '/settings', 'admin')).status).toBe(200);
    await whenIdle();
  });

  it('site name: llms.txt has the new H1 once artifacts are rebuilt', async () => {
    expect(await llmsTxtTitle()).toBe('# Fixture');
    const res = await api('put', '/settings', 'admin').send({
      site: { name: 'Renamed site', summary: 'What we write about.' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      settings: { site: { name: 'Renamed site', summary: 'What we write about.' } },
      fileSettings: { site: { name: 'Fixture' } },
      status: { source: 'admin', updatedBy: 'admin Test' },
      readOnly: { origin, mUrlSuffix: 'llm.json', tablePrefix: 'agent_ready_', database: 'sqlite' },
    });
    // Who saved them is shown by name to a role that may only read the plugin's page: an
    // admin user's email is for roles that may read admin users (the reader gets 403 there).
    for (const path of ['/settings', '/overview']) {
      const seen = await api('get', path, 'reader');
      expect([path, seen.status, JSON.stringify(seen.body).includes('admin@example.com')]).toEqual([
        path,
        200,
        false,
      ]);
      expect(JSON.stringify(seen.body)).toContain('"updatedBy":"admin Test"');
    }
    expect(
      (await request(f.http).get('/admin/users').set('Authorization', `Bearer ${jwt.reader}`))
        .status,
    ).toBe(403);
    await whenIdle();
    const llmsTxt = (await request(f.http).get('/llms.txt')).text;
    expect(llmsTxt.split('\n')[0]).toBe('# Renamed site');
    expect(llmsTxt).toContain('> What we write about.');
  });

  it('mapping: M-URLs re-render with the new body field; a type taken off leaves', async () => {
    expect(await mUrlContent('/en/blog/article-1/llm.json')).toBe('Article 1\n\nBody 1.');
    const res = await api('put', '/settings', 'admin').send({
      site: { name: 'Renamed site' },
      contentTypes: {
        [ARTICLE]: { url: '/{locale}/blog/{slug}/', body: 'excerpt', section: 'blog' },
      },
    });
    expect(res.status).toBe(200);
    await whenIdle();
    expect(await mUrlContent('/en/blog/article-1/llm.json')).toBe('Article 1\n\nExcerpt 1.');
    expect(await mUrlContent('/en/blog/article-2/llm.json')).toBe('Article 2\n\nExcerpt 2.');
    expect(await mUrlContent('/pages/about/llm.json')).toBe(404);
    const listed = (await sitemapItems(f.http)).map((item) => pathOf(item.cUrl));
    expect(listed).not.toContain('/pages/about/');
    expect(listed).toContain('/en/blog/article-1/');
    // Saves keep being tracked with the new mapping.
    await f.strapi.documents(ARTICLE as never).update({
      documentId: articleIds[1],
      locale: 'en',
      data: { excerpt: 'Excerpt 2, edited.' },
      status: 'published',
    } as never);
    await whenIdle();
    expect(await mUrlContent('/en/blog/article-2/llm.json')).toBe(
      'Article 2\n\nExcerpt 2, edited.',
    );
  });

  it('policy: off, then on with the fields given', async () => {
    expect((await request(f.http).get('/llm-policy.json')).status).toBe(200);
    expect((await api('put', '/settings', 'admin').send({ policy: false })).status).toBe(200);
    await whenIdle();
    expect((await request(f.http).get('/llm-policy.json')).status).toBe(404);
    const res = await api('put', '/settings', 'admin').send({
      policy: {
        effective: '2026-01-01T00:00:00Z',
        purposes: { aiTrain: true },
        rateHints: { maxRequestsPerSecond: 2 },
      },
    });
    expect(res.status).toBe(200);
    await whenIdle();
    const policy = await request(f.http).get('/llm-policy.json');
    expect(policy.status).toBe(200);
    expect(JSON.parse(policy.text)).toMatchObject({
      effective: '2026-01-01T00:00:00Z',
      purposes: { allow_ai_train: true },
      rate_hints: { max_requests_per_second: 2 },
    });
  });

  it('a mapping change during a burst of publishes: every document ends on the new mapping', async () => {
    const articles = f.strapi.documents(ARTICLE as never);
    const burst = Array.from({ length: 12 }, (_, i) =>
      articles.create({
        data: {
          title: `Burst ${i}`,
          slug: `burst-${i}`,
          excerpt: `Burst excerpt ${i}.`,
          content: blocks(`Burst body ${i}.`),
        },
        status: 'published',
      } as never),
    );
    const save = api('put', '/settings', 'admin').send({
      contentTypes: { [ARTICLE]: { url: '/{locale}/blog/{slug}/', body: 'content' } },
    });
    const [saved] = await Promise.all([save, ...burst]);
    expect(saved.status).toBe(200);
    await whenIdle();
    for (let i = 0; i < 12; i++) {
      expect(await mUrlContent(`/en/blog/burst-${i}/llm.json`)).toBe(
        `Burst ${i}\n\nBurst body ${i}.`,
      );
    }
    expect(await mUrlContent('/en/blog/article-1/llm.json')).toBe('Article 1\n\nBody 1.');
  });

  it('DELETE goes back to config/plugins', async () => {
    const res = await api('delete', '/settings', 'admin');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: { source: 'file' },
      settings: { site: { name: 'Fixture' } },
    });
    await whenIdle();
    expect(await llmsTxtTitle()).toBe('# Fixture');
    expect(await mUrlContent('/pages/about/llm.json')).toBe('About\n\nAbout us.');
  });
});

describe('check now and rebuild', () => {
  it('runs the validator against this server and returns every check with evidence', async () => {
    const res = await api('post', '/check', 'admin').send({ target: 'server' });
    expect(res.status).toBe(200);
    const { target, report } = res.body as {
      target: string;
      report: {
        origin: string;
        summary: { total: number; fail: number };
        checks: { id: string; status: string; evidence: { detail: string } }[];
      };
    };
    expect(target).toBe('server');
    expect(report.origin).toBe(origin);
    expect(report.summary.total).toBe(report.checks.length);
    const status = Object.fromEntries(report.checks.map((c) => [c.id, c.status]));
    expect(status['tct.root.index-link']).toBe('pass');
    expect(status['tct.m-url.304-no-cache']).toBe('pass');
    expect(status['llmstxt.format']).toBe('pass');
    // A headless CMS renders no C-URL pages: that one is the front-end's job.
    const failing = report.checks
      .filter((c) => c.status === 'fail' && c.id !== 'tct.c-url.alternate-link')
      .map((c) => `${c.id}: ${c.evidence.detail}`);
    expect(failing).toEqual([]);
    // The overview keeps the last result for the page.
    const overview = await api('get', '/overview', 'reader');
    expect(overview.body).toMatchObject({ lastCheck: { target: 'server', report: { origin } } });
  });

  it('rebuild runs in the background; the status endpoint shows its progress to the end', async () => {
    const started = await api('post', '/rebuild', 'admin');
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ started: true, job: { state: 'running' } });
    // The job runs in the background; once the plugin is idle the status endpoint shows its end.
    await whenIdle();
    const res = await api('get', '/rebuild', 'reader');
    expect(res.status).toBe(200);
    const job = (
      res.body as {
        job: { state: string; total?: number; progress: { seen: number }; message?: string };
      }
    ).job;
    expect(job).toMatchObject({ state: 'done', phase: 'finished', message: expect.any(String) });
    // Every published version exposed: 14 English articles, 1 French, 1 page (no home yet).
    expect(job.total).toBe(16);
    expect(job.progress.seen).toBe(16);
  });
});

describe('settings across instances and restarts', () => {
  it('applies settings another instance saved, and keeps them across a restart', async () => {
    await f.strapi.store({ type: 'plugin', name: 'agent-ready' }).set({
      key: 'settings',
      value: {
        version: 1,
        settings: { site: { name: 'Saved elsewhere' } },
        updatedAt: new Date(Date.now() + 1000).toISOString(),
      },
    });
    await f.agentReady.refreshSettings();
    await whenIdle();
    expect(await llmsTxtTitle()).toBe('# Saved elsewhere');

    await f.stop({ keepDatabase: true });
    await boot();
    expect(f.agentReady.status().settings).toMatchObject({ source: 'admin' });
    expect(await llmsTxtTitle()).toBe('# Saved elsewhere');
  });

  it('starts on config/plugins when the saved settings no longer fit, and says why', async () => {
    await f.strapi.store({ type: 'plugin', name: 'agent-ready' }).set({
      key: 'settings',
      value: {
        version: 1,
        settings: { contentTypes: { 'api::removed.removed': true } },
        updatedAt: new Date().toISOString(),
      },
    });
    await f.stop({ keepDatabase: true });
    await boot();
    expect(f.agentReady.status()).toMatchObject({
      state: 'ready',
      settings: { source: 'file', ignored: expect.stringMatching(/api::removed\.removed/) },
    });
    expect(await llmsTxtTitle()).toBe('# Fixture');
    jwt.admin = await adminJwt(f.http, 'admin@example.com');
    const overview = await api('get', '/overview', 'admin');
    expect(overview.body).toMatchObject({
      settings: { ignored: expect.stringMatching(/no such content type/) },
      problems: expect.arrayContaining([
        expect.objectContaining({ level: 'error', message: expect.stringMatching(/ignored/) }),
      ]),
    });
  });
});
