import { createServer, type Server } from 'node:http';
import express, { type Express } from 'express';
import request from 'supertest';
import { databaseConfig, startSigningAgent, type SigningAgent } from '@agent-ready/test-support';
import type { DatabaseOption } from '@agent-ready/store';
import { agentReady, type AgentReadyMiddleware, type AgentReadyOptions } from '../src';

const ORIGIN = 'https://example.com';
const PAGE = '<!doctype html><html><head></head><body><h1>Hello</h1></body></html>';
/** A window no test run outlasts: the budgets never refill mid-test. */
const HOUR = 3600;

/**
 * A site behind a proxy the app trusts: each test's clients are told apart by `X-Forwarded-For`,
 * which is what Express's `req.ip` reports (and the rate limit keys on).
 */
async function site(extra: Partial<AgentReadyOptions> = {}) {
  const agent = agentReady({
    site: { origin: ORIGIN, name: 'Example' },
    database: databaseConfig('sqlite') as DatabaseOption,
    rebuild: { debounceMs: 5, healIntervalMs: 0 },
    mcp: { enabled: true },
    ...extra,
  });
  const app = express();
  app.set('trust proxy', true);
  app.use(agent);
  app.get('/{*path}', (_req, res) => res.type('html').send(PAGE));
  await agent.publish({
    id: 'hello',
    url: '/hello/',
    title: 'Hello',
    body: { format: 'markdown', value: 'Some *text*.' },
  });
  await agent.idle();
  return { agent, app };
}

/** A JSON-RPC call to the MCP endpoint, as `client` (its forwarded address). */
const mcpPing = (app: Express | Server, client: string) =>
  request(app)
    .post('/mcp')
    .set('x-forwarded-for', client)
    .set('accept', 'application/json, text/event-stream')
    .send({ jsonrpc: '2.0', id: 1, method: 'ping' });

describe('rateLimit on the Express adapter', () => {
  it('is off by default: no request is ever refused', async () => {
    const { agent, app } = await site();
    try {
      for (let i = 0; i < 12; i++) {
        const res = await request(app).get('/hello/llm.json').set('x-forwarded-for', '192.0.2.9');
        expect(res.status).toBe(200);
      }
      expect((await mcpPing(app, '192.0.2.9')).status).toBe(200);
    } finally {
      await agent.close();
    }
  });

  describe('with a budget of 3 requests per hour, keyed by address', () => {
    let agent: AgentReadyMiddleware;
    let app: Express;
    beforeAll(async () => {
      ({ agent, app } = await site({
        rateLimit: { requests: 3, perSeconds: HOUR },
        metrics: { enabled: true, stats: 'public' },
        robotsTxt: { rules: 'User-agent: *\nDisallow: /private/' },
      }));
    });
    afterAll(() => agent.close());

    const get = (path: string, client: string) =>
      request(app).get(path).set('x-forwarded-for', client);

    it('answers the 4th agent request in the window 429 with Retry-After, across endpoints', async () => {
      const client = '192.0.2.1';
      for (const path of ['/hello/llm.json', '/llms.txt', '/llm-sitemap.json'])
        expect((await get(path, client)).status).toBe(200);
      const refused = await get('/hello/llm.json', client);
      expect(refused.status).toBe(429);
      expect(refused.text).toBe('Too Many Requests\n');
      expect(refused.headers).toMatchObject({
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(HOUR);
      // The app's own pages are not agent-ready's to limit, and the rules stay readable.
      expect((await get('/hello/', client)).status).toBe(200);
      const robots = await get('/robots.txt', client);
      expect(robots.status).toBe(200);
      expect(robots.text).toContain('Disallow: /private/');
      // Another client has a budget of its own.
      expect((await get('/hello/llm.json', '192.0.2.2')).status).toBe(200);
    });

    it('charges MCP calls to the same budget as the other agent endpoints', async () => {
      const client = '192.0.2.3';
      expect((await get('/hello/llm.json', client)).status).toBe(200);
      expect((await get('/llms.txt', client)).status).toBe(200);
      const third = await mcpPing(app, client);
      expect(third.status).toBe(200);
      expect(third.body).toMatchObject({ jsonrpc: '2.0', id: 1, result: {} });
      const refused = await mcpPing(app, client);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: expect.stringMatching(/^Rate limit exceeded/) },
      });
      expect((await get('/hello/llm.json', client)).status).toBe(429);
      // And the other way round: a client that spent its budget on MCP is refused elsewhere.
      const other = '192.0.2.4';
      for (let i = 0; i < 3; i++) expect((await mcpPing(app, other)).status).toBe(200);
      expect((await get('/llm-sitemap.json', other)).status).toBe(429);
    });

    it('lets revalidation through free: a 304 costs nothing and is never refused', async () => {
      const client = '192.0.2.5';
      const first = await get('/hello/llm.json', client);
      const etag = first.headers.etag as string;
      const revalidate = () => get('/hello/llm.json', client).set('if-none-match', etag);
      for (let i = 0; i < 5; i++) expect((await revalidate()).status).toBe(304);
      // Two more full answers fit the budget (the 304s took nothing of it), the next does not.
      expect((await get('/llms.txt', client)).status).toBe(200);
      expect((await get('/hello/llm.json', client)).status).toBe(200);
      expect((await get('/hello/llm.json', client)).status).toBe(429);
      expect((await revalidate()).status).toBe(304);
    });

    it("counts refusals in the serving metrics as requests of the agent's family", async () => {
      const client = '192.0.2.6';
      for (let i = 0; i < 4; i++) await get('/llms.txt', client).set('user-agent', 'GPTBot/1.2');
      await agent.flushMetrics();
      const stats = (await get('/llm-stats.json', '192.0.2.7')).body as {
        agents: { family: string; requests: number; ok: number }[];
      };
      // Four requests, three answered: the 429 is a request, not an ok one.
      expect(stats.agents.find((entry) => entry.family === 'GPTBot')).toMatchObject({
        requests: 4,
        ok: 3,
      });
    });

    it('also limits what `handler` answers ahead of Express (no uncounted fast path)', async () => {
      const server = createServer(agent.handler(app));
      const client = '192.0.2.8';
      for (let i = 0; i < 3; i++)
        expect(
          (await request(server).get('/hello/llm.json').set('x-forwarded-for', client)).status,
        ).toBe(200);
      expect(
        (await request(server).get('/hello/llm.json').set('x-forwarded-for', client)).status,
      ).toBe(429);
      // Charged under Express's `req.ip` (its proxy trusted): another client's budget is whole.
      expect(
        (await request(server).get('/hello/llm.json').set('x-forwarded-for', '192.0.2.9')).status,
      ).toBe(200);
      server.close();
    });
  });

  describe("keyed by agent: a verified signature's one budget over all its addresses", () => {
    let signingAgent: SigningAgent;
    beforeAll(async () => (signingAgent = await startSigningAgent()));
    afterAll(() => signingAgent.close());

    it('shares the budget of one verified agent, not of unsigned clients', async () => {
      const { agent, app } = await site({
        rateLimit: { requests: 2, perSeconds: HOUR, key: 'agent' },
        botAuth: { enabled: true, allowHttpDirectories: true },
      });
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      const host = `127.0.0.1:${(server.address() as { port: number }).port}`;
      const signedFrom = async (client: string) =>
        request(`http://${host}`)
          .get('/hello/llm.json')
          .set('x-forwarded-for', client)
          .set(await signingAgent.sign(host, '/hello/llm.json'));
      try {
        expect((await signedFrom('198.51.100.1')).status).toBe(200);
        expect((await signedFrom('198.51.100.2')).status).toBe(200);
        expect((await signedFrom('198.51.100.3')).status).toBe(429);
        // Unsigned requests from one of its addresses have that address's budget.
        const unsigned = await request(`http://${host}`)
          .get('/hello/llm.json')
          .set('x-forwarded-for', '198.51.100.1');
        expect(unsigned.status).toBe(200);
      } finally {
        server.close();
        await agent.close();
      }
    });
  });
});
