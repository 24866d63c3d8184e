import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import request from 'supertest';
import { conformanceRunner, READ_ONLY_SERVER_SCENARIOS } from '@agent-ready/mcp-conformance';
import type { AgentStats } from '@agent-ready/core/metrics';
import type { CheckResult } from '@agent-ready/client';
import { freePort, waitForState } from '@agent-ready/test-support';
import { adminJwt, createAdminUser, superAdminRoleId } from './support/admin-users';
import {
  bootFixture,
  createFixtureDatabase,
  FIXTURE_CONFIG,
  type Fixture,
  type FixtureDatabase,
} from './support/fixture-app';

// The MCP endpoint on a real Strapi (option `mcp`): the official SDK's client lists the tools
// and resources, searches and fetches what editors published, is told of an edit, and never
// sees a draft. One boot: the MCP path is answered on Strapi's server ahead of Koa.

const blocks = (text: string) => [{ type: 'paragraph', children: [{ type: 'text', text }] }];

let database: FixtureDatabase;
let f: Fixture;
let port: number;
let origin: string;
let client: Client;

/** The JSON a tool result's one text item holds. */
const json = (result: unknown) =>
  JSON.parse((result as { content: { text: string }[] }).content[0]!.text) as Record<
    string,
    unknown
  >;

beforeAll(async () => {
  port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  database = await createFixtureDatabase('sqlite');
  f = await bootFixture({
    database,
    config: {
      ...FIXTURE_CONFIG,
      site: { ...FIXTURE_CONFIG.site, origin },
      mcp: { enabled: true },
      // Counted for the admin page's traffic; written when the overview asks.
      metrics: { flushIntervalMs: 3_600_000 },
      rootPage: 'agent-index',
    },
  });
  await new Promise<void>((resolve) => f.http.listen(port, '127.0.0.1', resolve));
  await f.strapi.documents('api::article.article' as never).create({
    data: {
      title: 'Pruning roses',
      slug: 'pruning-roses',
      content: blocks('Cut roses in early spring.'),
    },
    status: 'published',
  } as never);
  await f.strapi.documents('api::article.article' as never).create({
    data: {
      title: 'Draft roses',
      slug: 'draft-roses',
      content: blocks('Roses, not yet published.'),
    },
  } as never);
  await f.agentReady.whenIdle();
  client = new Client({ name: 'strapi-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${origin}/mcp`)));
}, 300_000);

afterAll(async () => {
  await client?.close();
  await f?.stop();
});

it('lists the tools and resources, and searches and fetches what was published only', async () => {
  expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['search', 'fetch']);
  const uris = (await client.listResources()).resources.map((r) => r.uri);
  expect(uris.some((uri) => uri.endsWith('/blog/pruning-roses/'))).toBe(true);
  expect(uris.some((uri) => uri.includes('draft-roses'))).toBe(false);
  const found = json(await client.callTool({ name: 'search', arguments: { query: 'roses' } }));
  const results = found.results as { id: string; title: string; url: string }[];
  expect(results.map((r) => r.title)).toEqual(['Pruning roses']);
  const fetched = json(await client.callTool({ name: 'fetch', arguments: { id: results[0]!.id } }));
  expect(fetched.text).toContain('Cut roses in early spring.');
  const mUrl = await fetch(String((fetched.metadata as { mUrl: string }).mUrl));
  expect((fetched.metadata as { etag: string }).etag).toBe(mUrl.headers.get('etag'));
});

it('tells the client of an edit an editor published', async () => {
  const updated: string[] = [];
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    updated.push(n.params.uri);
  });
  const [article] = (await f.strapi.documents('api::article.article' as never).findMany({
    filters: { slug: 'pruning-roses' },
  } as never)) as unknown as { documentId: string }[];
  let edit = 0;
  await waitForState(
    'an update notification',
    async () => {
      await f.strapi.documents('api::article.article' as never).update({
        documentId: article!.documentId,
        data: { content: blocks(`Cut roses in early spring (${edit++}).`) },
        status: 'published',
      } as never);
      await f.agentReady.whenIdle();
      return updated.some((uri) => uri.endsWith('/blog/pruning-roses/')) ? true : undefined;
    },
    { intervalMs: 200 },
  );
});

it('refuses a browser on another origin', async () => {
  const response = await fetch(`${origin}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      origin: 'https://evil.example',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  expect(response.status).toBe(403);
});

it("answers a page of this Strapi server's own origin, not a rebinding page on its port", async () => {
  // The public site is elsewhere (here 127.0.0.1): `localhost:<port>` is Strapi's own origin,
  // as the MCP Inspector and the conformance suite call it; a rebinding page keeps its host name.
  const call = (pageOrigin: string) =>
    fetch(`${origin}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        origin: pageOrigin,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
  expect((await call(`http://localhost:${port}`)).status).toBe(200);
  expect((await call(`http://rebind.example:${port}`)).status).toBe(403);
});

// The official conformance framework (under the Node 22 binary it needs), as on Express
// (packages/mcp/test/mcp-conformance.test.ts): the scenarios that apply to a read-only server.
const conformance = conformanceRunner();
(conformance ? it.each : it.skip.each)(READ_ONLY_SERVER_SCENARIOS)(
  'passes the official conformance scenario %s',
  async (scenario) => {
    const result = await conformance!(`${origin}/mcp`, scenario);
    expect({ failed: result.failed, output: result.failed ? result.output : '' }).toEqual({
      failed: 0,
      output: '',
    });
    expect(result.passed).toBe(result.total);
  },
);

describe('the admin page', () => {
  let jwt: string;
  const admin = (method: 'get' | 'post', path: string) =>
    request(f.http)[method](`/agent-ready${path}`).set('Authorization', `Bearer ${jwt}`);

  beforeAll(async () => {
    await createAdminUser(f.strapi, 'admin@example.com', [await superAdminRoleId(f.strapi)]);
    jwt = await adminJwt(f.http, 'admin@example.com');
  });

  it('lists the MCP endpoint at its URL, and its calls in the traffic', async () => {
    const before = await admin('get', '/overview');
    const calls = (body: unknown) =>
      (body as { traffic: AgentStats }).traffic.endpoints.find((e) => e.kind === 'mcp')?.requests ??
      0;
    await client.listTools();
    const res = await admin('get', '/overview');
    expect(res.status).toBe(200);
    const endpoints = (res.body as { endpoints: { id: string }[] }).endpoints;
    expect(endpoints.find((e) => e.id === 'mcp')).toEqual({
      id: 'mcp',
      label: 'MCP server',
      enabled: true,
      path: '/mcp',
      url: `${origin}/mcp`,
    });
    // Counted under the kind `mcp`, with the other endpoints' kinds.
    expect(calls(res.body)).toBe(calls(before.body) + 1);
  });

  it('Check now asks for the MCP endpoint and passes its checks against this Strapi', async () => {
    const res = await admin('post', '/check').send({ target: 'public' });
    expect(res.status).toBe(200);
    const checks = (res.body as { report: { checks: CheckResult[] } }).report.checks;
    const mcp = checks
      .filter((c) => c.protocol === 'mcp')
      .map((c) => `${c.id}: ${c.status}${c.status === 'pass' ? '' : `: ${c.evidence.detail}`}`);
    expect(mcp).toEqual([
      'mcp.endpoint: pass',
      'mcp.tools: pass',
      'mcp.resources: pass',
      'mcp.search: pass',
      'mcp.fetch: pass',
      'mcp.fetch-parity: pass',
      expect.stringMatching(
        /^mcp\.discover: not-tested: the server does not answer server\/discover/,
      ),
    ]);
  });
});
