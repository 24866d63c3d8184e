import Koa from 'koa';
import request from 'supertest';
import { prepareDocument } from '@agent-ready/core/document';
import {
  llmsTxtNoticeHtml,
  prepareOptionsFor,
  validateAgentSiteOptions,
} from '@agent-ready/core/serve';
import { openAgentSite, SILENT_LOGGER, type AgentSite } from '@agent-ready/store';
import { databaseConfig } from '@agent-ready/test-support';
import { createAgentKoaMiddleware } from './agent-koa-middleware';
import type { KoaMiddleware } from './koa-context';

// The plugin's middleware on a real Koa app (Strapi 5 runs Koa 2) over a real SQLite table:
// the root, the one page Strapi has, gets what the Express adapter gives every page.

const ORIGIN = 'https://example.com';
const LOG = { info() {}, warn() {}, error() {} };

describe('the Koa middleware decorates and negotiates the root as the Express adapter does', () => {
  let site: AgentSite;
  beforeAll(async () => {
    const options = validateAgentSiteOptions({
      site: { origin: ORIGIN, name: 'Example' },
      usage: { trainAi: false },
    });
    site = await openAgentSite({
      site: options,
      database: databaseConfig('sqlite') as never,
      mode: 'standalone',
      rebuild: { automatic: false },
      logger: SILENT_LOGGER,
    });
    await site.engine!.upsert(
      prepareDocument(
        { id: 'a', url: '/blog/a/', title: 'A', body: { format: 'text', value: 'Text.' } },
        prepareOptionsFor(options),
      ),
    );
    await site.engine!.rebuildArtifacts();
  });
  afterAll(() => site.close());

  /** Strapi's own answer at the root: a redirect to the admin panel, or nothing (404). */
  function app(rootPage: 'admin-redirect' | 'agent-index', strapiRoot: 'redirect' | 'none') {
    const koa = new Koa();
    koa.use(
      createAgentKoaMiddleware({
        site: () => site,
        rootLink: true,
        rootPage,
        log: LOG,
      }) as unknown as Koa.Middleware,
    );
    koa.use((async (ctx) => {
      if (ctx.path === '/' && strapiRoot === 'redirect') {
        ctx.status = 302;
        ctx.set('Location', '/admin');
      } else ctx.status = 404;
    }) as KoaMiddleware as unknown as Koa.Middleware);
    return koa.callback();
  }

  it('sends the root’s Content-Usage, links and Vary on Strapi’s redirect', async () => {
    const decoration = await site.endpoints.decoratePage('/');
    const root = await request(app('admin-redirect', 'redirect')).get('/');
    expect(root.status).toBe(302);
    expect(root.headers['content-usage']).toBe('train-ai=n');
    expect(root.headers.link).toBe(decoration.headers.link);
    expect(root.headers.link).toContain(`<${ORIGIN}/llms.txt>; rel="describedby"`);
    expect(root.headers.vary).toBe('Accept');
  });

  it('answers Accept: text/markdown on the root with its twin, where the twin lives', async () => {
    const twin = await request(app('admin-redirect', 'redirect'))
      .get('/')
      .set('Accept', 'text/markdown');
    expect(twin.status).toBe(200);
    expect(twin.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(twin.headers['content-location']).toBe(`${ORIGIN}/index.html.md`);
    expect(twin.headers.vary).toBe('Accept, Accept-Encoding');
    expect(twin.text).toMatch(/^> For AI agents: this site is described in \[llms.txt\]/);
    const html = await request(app('admin-redirect', 'redirect'))
      .get('/')
      .set('Accept', 'text/html,*/*;q=0.8');
    expect(html.status).toBe(302);
  });

  it('puts the llms.txt notice and Content-Usage on its own agent index page', async () => {
    for (const koa of [app('agent-index', 'redirect'), app('admin-redirect', 'none')]) {
      const index = await request(koa).get('/');
      expect(index.status).toBe(200);
      expect(index.text).toContain(llmsTxtNoticeHtml(`${ORIGIN}/llms.txt`));
      expect(index.text).toContain(
        `<link rel="alternate" type="text/markdown" href="${ORIGIN}/index.html.md">`,
      );
      expect(index.headers['content-usage']).toBe('train-ai=n');
      expect(index.headers.vary).toBe('Accept');
    }
  });

  it('leaves every other Strapi path alone', async () => {
    const other = await request(app('admin-redirect', 'redirect'))
      .get('/api/articles')
      .set('Accept', 'text/markdown');
    expect(other.status).toBe(404);
    expect(other.headers.link).toBeUndefined();
    expect(other.headers['content-usage']).toBeUndefined();
  });
});
