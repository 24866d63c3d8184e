import express4 from 'express4';
import request from 'supertest';
import { databaseConfig } from '@agent-ready/test-support';
import type { DatabaseOption } from '@agent-ready/store';
import { agentReady } from '../src';

// The peer range names Express 4 and 5; the other suites run on 5. This one runs the README's
// use on Express 4 (its own route syntax: `*`, not `/{*path}`).
describe('on Express 4', () => {
  const agent = agentReady({
    site: { origin: 'https://example.com', name: 'Example', overviewPath: '/' },
    database: databaseConfig('sqlite') as DatabaseOption,
    rebuild: { debounceMs: 5, healIntervalMs: 0 },
    logger: false,
  });
  const app = express4();
  app.use(agent);
  app.get('*', (req, res) => {
    const tags = (res.locals.agentReady?.linkTags as string | undefined) ?? '';
    res
      .type('html')
      .send(`<!doctype html><html><head>${tags}</head><body>${req.path}</body></html>`);
  });

  beforeAll(async () => {
    await agent.publish({ id: 'home', url: '/', title: 'Home' });
    await agent.publish({
      id: 'a',
      url: '/a/',
      title: 'A',
      body: { format: 'text', value: 'Hello from Express 4.' },
    });
    await agent.idle();
  });
  afterAll(() => agent.close());

  it('serves M-URLs with strong ETags, 304s, HEAD and 405', async () => {
    const first = await request(app).get('/a/llm.json');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers.etag).toMatch(/^"sha256-[0-9a-f]{64}"$/);
    expect(JSON.parse(first.text)).toMatchObject({
      title: 'A',
      content: 'A\n\nHello from Express 4.',
    });
    const again = await request(app).get('/a/llm.json').set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(304);
    const head = await request(app).head('/a/llm.json');
    expect([head.status, head.headers.etag]).toEqual([200, first.headers.etag]);
    expect((await request(app).post('/a/llm.json')).status).toBe(405);
  });

  it('serves the sitemap and gives app pages their discovery links', async () => {
    const sitemap = await request(app).get('/llm-sitemap.json');
    expect(sitemap.status).toBe(200);
    expect(JSON.parse(sitemap.text).items.map((i: { cUrl: string }) => i.cUrl)).toEqual([
      'https://example.com/',
      'https://example.com/a/',
    ]);
    const page = await request(app).get('/a/');
    expect(page.status).toBe(200);
    expect(page.headers.link).toContain('<https://example.com/a/llm.json>; rel="alternate"');
    expect(page.text).toContain(
      '<link rel="alternate" type="application/json" href="https://example.com/a/llm.json">',
    );
    const root = await request(app).get('/');
    expect(root.headers.link).toContain('<https://example.com/llm-sitemap.json>; rel="index"');
  });
});
