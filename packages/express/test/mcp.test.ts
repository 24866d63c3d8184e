import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { databaseConfig, describeEachDatabase, uniqueTablePrefix } from '@agent-ready/test-support';
import type { DatabaseOption } from '@agent-ready/store';
import { agentReady, type AgentReadyMiddleware } from '../src';

const ORIGIN = 'https://example.com';
const text = (value: string) => ({ format: 'text' as const, value });

/** Starts `app` on a loopback port; returns its URL and a stop function. */
async function listen(app: express.Express): Promise<{ url: string; stop(): Promise<void> }> {
  const server: Server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The JSON a tool result's one text item holds. */
const json = (result: unknown) =>
  JSON.parse((result as { content: { text: string }[] }).content[0]!.text) as Record<
    string,
    unknown
  >;

describeEachDatabase('the MCP endpoint of agentReady', (dialect) => {
  let agent: AgentReadyMiddleware;
  let site: { url: string; stop(): Promise<void> };
  let client: Client;

  beforeAll(async () => {
    agent = agentReady({
      site: { origin: ORIGIN, name: 'Example', language: 'en' },
      database: databaseConfig(dialect) as DatabaseOption,
      tablePrefix: uniqueTablePrefix(),
      rebuild: { debounceMs: 10, healIntervalMs: 0 },
      metrics: { enabled: true, stats: 'public' },
      mcp: { enabled: true },
    });
    const app = express();
    // An app that parses JSON bodies before the middleware: the parsed body is used.
    app.use(express.json());
    app.use(agent);
    site = await listen(app);
    await agent.publish({ id: 'a', url: '/a/', title: 'Apples', body: text('Apples are red.') });
    await agent.publish({
      id: 'b',
      url: '/b/',
      title: 'Bananas',
      body: text('Bananas are yellow, apples not.'),
    });
    await agent.publish({
      id: 'members',
      url: '/members/',
      title: 'Members apples',
      body: text('Only for members: apples.'),
      visibility: 'protected',
    });
    await agent.idle();
    client = new Client({ name: 'express-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${site.url}/mcp`)));
  });

  afterAll(async () => {
    await client.close();
    await site.stop();
    await agent.close();
  });

  it('lists the tools and resources and runs search and fetch, public documents only', async () => {
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['search', 'fetch']);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([
      `${ORIGIN}/llms.txt`,
      `${ORIGIN}/a/`,
      `${ORIGIN}/b/`,
    ]);
    const llms = await client.readResource({ uri: `${ORIGIN}/llms.txt` });
    expect((llms.contents[0] as { text: string }).text).toContain('# Example');
    const found = json(await client.callTool({ name: 'search', arguments: { query: 'apples' } }));
    expect((found.results as { id: string }[]).map((r) => r.id).sort()).toEqual([
      `${ORIGIN}/a/`,
      `${ORIGIN}/b/`,
    ]);
    const fetched = json(
      await client.callTool({ name: 'fetch', arguments: { id: `${ORIGIN}/a/` } }),
    );
    expect(fetched).toMatchObject({ id: `${ORIGIN}/a/`, title: 'Apples', url: `${ORIGIN}/a/` });
    const mUrl = await fetch(`${site.url}/a/llm.json`);
    expect((fetched.metadata as { etag: string }).etag).toBe(mUrl.headers.get('etag'));
    expect(
      (await client.callTool({ name: 'fetch', arguments: { id: `${ORIGIN}/members/` } })).isError,
    ).toBe(true);
  });

  it('counts every call under the kind mcp', async () => {
    await client.listTools();
    await agent.flushMetrics();
    const stats = (await (await fetch(`${site.url}/llm-stats.json`)).json()) as unknown;
    expect(JSON.stringify(stats)).toContain('"mcp"');
  });

  it('is off unless enabled: the path is then the app’s', async () => {
    const off = agentReady({
      site: { origin: ORIGIN, name: 'Example' },
      database: databaseConfig(dialect) as DatabaseOption,
      tablePrefix: uniqueTablePrefix(),
      rebuild: { automatic: false },
    });
    const app = express();
    app.use(off);
    app.post('/mcp', (_req, res) => {
      res.status(418).end();
    });
    const served = await listen(app);
    try {
      const response = await fetch(`${served.url}/mcp`, { method: 'POST', body: '{}' });
      expect(response.status).toBe(418);
    } finally {
      await served.stop();
      await off.close();
    }
  });
});

describe('the MCP endpoint under protect: all', () => {
  it('goes through the access check first; past it, protected documents are served too', async () => {
    const agent = agentReady({
      site: { origin: ORIGIN, name: 'Example' },
      database: databaseConfig('sqlite') as DatabaseOption,
      rebuild: { automatic: false },
      protect: 'all',
      mcp: { enabled: true, path: '/agents/mcp' },
      authorize: (req, res, next) => {
        if (req.headers.authorization === 'Bearer member') next();
        else res.status(401).set('www-authenticate', 'Bearer').json({ error: 'sign in' });
      },
    });
    const app = express();
    app.use(agent);
    const served = await listen(app);
    try {
      await agent.publish({
        id: 'members',
        url: '/members/',
        title: 'Members',
        body: text('Secret apples.'),
        visibility: 'protected',
      });
      const refused = await fetch(`${served.url}/agents/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(refused.status).toBe(401);
      const client = new Client({ name: 'member', version: '1.0.0' });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${served.url}/agents/mcp`), {
          requestInit: { headers: { authorization: 'Bearer member' } },
        }),
      );
      const found = json(await client.callTool({ name: 'search', arguments: { query: 'apples' } }));
      expect((found.results as { id: string }[]).map((r) => r.id)).toEqual([`${ORIGIN}/members/`]);
      await client.close();
    } finally {
      await served.stop();
      await agent.close();
    }
  });
});
