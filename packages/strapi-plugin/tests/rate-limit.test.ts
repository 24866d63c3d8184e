import { freePort } from '@agent-ready/test-support';
import {
  bootFixture,
  createFixtureDatabase,
  FIXTURE_CONFIG,
  type Fixture,
  type FixtureDatabase,
} from './support/fixture-app';
import { blocks } from './support/seed-documents';

// The `rateLimit` option on a real Strapi: the agent endpoints Koa's middleware answers and the
// MCP endpoint answered ahead of Koa draw on one budget per client (Koa's `ctx.ip` for both).
// The window is an hour: no budget refills during the test.

let database: FixtureDatabase;
let f: Fixture;
let origin: string;

beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  database = await createFixtureDatabase('sqlite');
  f = await bootFixture({
    database,
    config: {
      ...FIXTURE_CONFIG,
      site: { ...FIXTURE_CONFIG.site, origin },
      mcp: { enabled: true },
      rateLimit: { requests: 3, perSeconds: 3600 },
    },
  });
  await new Promise<void>((resolve) => f.http.listen(port, '127.0.0.1', resolve));
  await f.strapi.documents('api::article.article' as never).create({
    data: { title: 'Pruning roses', slug: 'pruning-roses', content: blocks('Cut in spring.') },
    status: 'published',
  } as never);
  await f.agentReady.whenIdle();
}, 300_000);

afterAll(async () => {
  await f?.stop();
});

const mcpPing = () =>
  fetch(`${origin}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  });

it('refuses the 4th agent request of a client with 429 and Retry-After, MCP included; a 304 is free', async () => {
  const first = await fetch(`${origin}/llms.txt`);
  expect(first.status).toBe(200);
  const etag = first.headers.get('etag')!;
  // Revalidation costs nothing.
  for (let i = 0; i < 3; i++)
    expect((await fetch(`${origin}/llms.txt`, { headers: { 'if-none-match': etag } })).status).toBe(
      304,
    );
  expect((await fetch(`${origin}/llm-sitemap.json`)).status).toBe(200);
  expect((await mcpPing()).status).toBe(200);

  const refused = await mcpPing();
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await refused.json()).toMatchObject({
    jsonrpc: '2.0',
    error: { code: -32000, message: expect.stringMatching(/^Rate limit exceeded/) },
  });
  const text = await fetch(`${origin}/llms.txt`);
  expect(text.status).toBe(429);
  expect(text.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(await text.text()).toBe('Too Many Requests\n');
  // Still: an agent that revalidates is answered.
  expect((await fetch(`${origin}/llms.txt`, { headers: { 'if-none-match': etag } })).status).toBe(
    304,
  );
});
