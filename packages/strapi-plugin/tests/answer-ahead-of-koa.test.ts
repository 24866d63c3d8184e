import request from 'supertest';
import { bootFixture, type Fixture } from './support/fixture-app';
import { getRaw } from './support/agent-http';

/**
 * Fresh cached M-URLs are answered on Strapi's HTTP server before Koa (issue 19): the answer
 * must be the one Koa's path gives, headers Strapi's global middlewares add included, so that
 * neither an agent nor a cache can tell the two apart; CORS requests, unsafe methods and
 * everything else still go through Koa.
 */
let f: Fixture;
/** Paths of the requests that reached Koa's middleware chain, in order. */
const reachedKoa: string[] = [];
const M_URL = '/en/blog/ahead/llm.json';

const blocks = (text: string) => [{ type: 'paragraph', children: [{ type: 'text', text }] }];

beforeAll(async () => {
  f = await bootFixture();
  // First in Koa's chain (Koa composes it at the first request): sees every request Koa gets.
  const app = f.strapi.server.app as unknown as {
    middleware: ((ctx: { path: string }, next: () => Promise<void>) => Promise<void>)[];
  };
  app.middleware.unshift(async (ctx, next) => {
    reachedKoa.push(ctx.path);
    await next();
  });
  await f.strapi.documents('api::article.article').create({
    data: { title: 'Ahead', slug: 'ahead', content: blocks('Answered early.') },
    status: 'published',
  } as never);
  await f.agentReady.whenIdle();
}, 300_000);

afterAll(async () => {
  await f?.stop();
});

/** Headers as a comparable record: without the ones that belong to one response. */
function stable(headers: Record<string, string>) {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return rest;
}

/**
 * GETs `path` until an answer does not reach Koa (the row must be cached and fresh, and the
 * template learned from two answers through Koa); returns that answer and the last Koa one.
 */
async function untilAnsweredAhead(path: string, headers: Record<string, string> = {}) {
  let throughKoa: Awaited<ReturnType<typeof getRaw>> | undefined;
  for (let attempt = 0; attempt < 50; attempt++) {
    const before = reachedKoa.length;
    const res = await getRaw(f.http, path, headers);
    if (reachedKoa.length === before) return { ahead: res, throughKoa: throughKoa! };
    throughKoa = res;
  }
  throw new Error(`${path} was never answered ahead of Koa`);
}

describe('answering ahead of Koa', () => {
  it('gives the same answer as Koa, Strapi’s security and CORS headers included', async () => {
    const { ahead, throughKoa } = await untilAnsweredAhead(M_URL);
    expect(throughKoa).toBeDefined();
    expect(ahead.status).toBe(200);
    expect(ahead.body.equals(throughKoa.body)).toBe(true);
    expect(stable(ahead.headers)).toEqual(stable(throughKoa.headers));
    // What Strapi's global middlewares add, not agent-ready: strapi::security, strapi::cors.
    expect(ahead.headers['x-frame-options']).toBeDefined();
    expect(ahead.headers['content-security-policy']).toBeDefined();
    expect(ahead.headers.vary).toBe('Origin, Accept-Encoding');
  });

  it('answers conditional requests and HEAD the same way', async () => {
    const etag = (await getRaw(f.http, M_URL)).headers.etag!;
    const { ahead, throughKoa } = await untilAnsweredAhead(M_URL, { 'If-None-Match': etag });
    expect(ahead.status).toBe(304);
    expect(ahead.body.length).toBe(0);
    const koa304 = throughKoa ?? (await getRaw(f.http, M_URL, { 'If-None-Match': etag }));
    expect(stable(ahead.headers)).toEqual(stable(koa304.headers));
    const head = await request(f.http).head(M_URL);
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(etag);
  });

  it('leaves CORS requests, unsafe methods and other endpoints to Koa', async () => {
    await untilAnsweredAhead(M_URL);
    const cases = [
      () => getRaw(f.http, M_URL, { Origin: 'https://agent.example' }),
      () => request(f.http).post(M_URL),
      () => getRaw(f.http, '/llm-sitemap.json'),
      () => request(f.http).get('/api/articles').set('Authorization', `Bearer ${f.apiToken}`),
    ];
    for (const send of cases) {
      const before = reachedKoa.length;
      const res = await send();
      expect(reachedKoa.length).toBe(before + 1);
      if (res.request.method === 'POST') expect(res.status).toBe(405);
    }
    const cors = await getRaw(f.http, M_URL, { Origin: 'https://agent.example' });
    expect(cors.status).toBe(200);
    expect(cors.headers['access-control-allow-origin']).toBeDefined();
  });

  it('follows a new version at once: a publish is never served stale ahead of Koa', async () => {
    const { ahead } = await untilAnsweredAhead(M_URL);
    await f.strapi.documents('api::article.article').update({
      documentId: (
        (await f.strapi.documents('api::article.article').findFirst({
          filters: { slug: 'ahead' },
          status: 'published',
        })) as { documentId: string }
      ).documentId,
      locale: 'en',
      data: { content: blocks('Answered early, edited.') },
      status: 'published',
    } as never);
    await f.agentReady.whenIdle();
    const after = await getRaw(f.http, M_URL);
    expect(after.headers.etag).not.toBe(ahead.headers.etag);
    expect(after.body.toString('utf8')).toContain('edited');
  });
});
