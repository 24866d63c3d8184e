import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { waitForState } from '@agent-ready/test-support';
import { bootExpressSite, homeAndPosts, type TestSite } from '@agent-ready/test-sites';
import { BIN } from './cli-process';

// `agent-ready mcp <origin>`: the official SDK's client spawns the command and talks MCP over
// its stdio; the command serves its synced copy of a site on a real socket and follows the
// site's change feed, fetching no document while nothing changed.

let site: TestSite;
let stateDir: string;
let client: Client;

/** The JSON a tool result's one text item holds. */
const json = (result: unknown) =>
  JSON.parse((result as { content: { text: string }[] }).content[0]!.text) as Record<
    string,
    unknown
  >;

const documentFetches = () =>
  site.log.filter((entry) => entry.method === 'GET' && entry.url.endsWith('/llm.json')).length;

/** The home page and posts, the posts a section of their own, one of them in German. */
function documents() {
  return homeAndPosts(3).map((document) =>
    document.id === 'home'
      ? document
      : {
          ...document,
          section: 'posts',
          ...(document.id === 'post-3' ? { locale: 'de', title: 'Beitrag 3' } : {}),
        },
  );
}

beforeAll(async () => {
  site = await bootExpressSite({ documents: documents(), mcp: true });
  stateDir = mkdtempSync(join(tmpdir(), 'agent-ready-cli-mcp-'));
  client = new Client({ name: 'cli-test', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', site.origin, '--state', stateDir, '--interval', '0.2'],
      stderr: 'pipe',
    }),
  );
});

afterAll(async () => {
  await client?.close();
  await site.close();
  rmSync(stateDir, { recursive: true, force: true });
});

it('serves the synced copy: tools, resources, search and fetch', async () => {
  expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['search', 'fetch']);
  const { resources } = await client.listResources();
  expect(resources.map((r) => r.uri)).toEqual([
    `${site.origin}/llms.txt`,
    `${site.origin}/`,
    `${site.origin}/posts/1/`,
    `${site.origin}/posts/2/`,
    `${site.origin}/posts/3/`,
  ]);
  const found = json(await client.callTool({ name: 'search', arguments: { query: 'post 2' } }));
  expect((found.results as { id: string }[])[0]!.id).toBe(`${site.origin}/posts/2/`);
  const fetched = json(
    await client.callTool({ name: 'fetch', arguments: { id: `${site.origin}/posts/2/` } }),
  );
  // The page's Markdown (its twin), not a flattening of the M-URL's text.
  expect(fetched.text).toContain('The *body* of post 2.');
  const mUrl = await fetch(`${site.origin}/posts/2/llm.json`);
  expect((fetched.metadata as { etag: string }).etag).toBe(mUrl.headers.get('etag'));
});

it("answers as the site's own MCP endpoint does: one server, two transports", async () => {
  const http = new Client({ name: 'cli-test-http', version: '1.0.0' });
  await http.connect(new StreamableHTTPClientTransport(new URL(`${site.origin}/mcp`)));
  try {
    const both = async (name: string, args: Record<string, unknown>) => {
      const call = async (c: Client) => json(await c.callTool({ name, arguments: args }));
      return { overStdio: await call(client), overHttp: await call(http) };
    };
    // Stemmed ("bodies" finds "body"), ranked, snippets cut where the words are; filtered by
    // the site's sections (its SCP collections name them: TCT does not) and locales.
    for (const query of ['post 2', 'bodies', 'the body of the first post', 'pst']) {
      const { overStdio, overHttp } = await both('search', { query });
      expect(overStdio).toEqual(overHttp);
    }
    for (const filters of [
      { type: 'posts' },
      { type: 'pages' },
      { locale: 'de' },
      { locale: 'en' },
    ]) {
      const { overStdio, overHttp } = await both('search', { query: 'body', ...filters });
      expect(overStdio).toEqual(overHttp);
    }
    const inSection = await both('search', { query: 'body', type: 'posts' });
    expect(inSection.overHttp.results).toHaveLength(3);
    const german = await both('search', { query: 'body', locale: 'de' });
    expect((german.overHttp.results as { id: string }[]).map((r) => r.id)).toEqual([
      `${site.origin}/posts/3/`,
    ]);
    expect((await both('search', { query: 'bodies' })).overHttp.results).not.toEqual([]);
    for (const id of [`${site.origin}/`, `${site.origin}/posts/2/`]) {
      const { overStdio, overHttp } = await both('fetch', { id });
      expect(overStdio).toEqual(overHttp);
    }
    expect((await client.listTools()).tools).toEqual((await http.listTools()).tools);
    expect(await client.listResources()).toEqual(await http.listResources());
    const uri = `${site.origin}/posts/1/`;
    expect(await client.readResource({ uri })).toEqual(await http.readResource({ uri }));
  } finally {
    await http.close();
  }
});

it("offers the site's llms.txt as the HTTP server does, asked again with its ETag", async () => {
  const served = await fetch(`${site.origin}/llms.txt`);
  const read = await client.readResource({ uri: `${site.origin}/llms.txt` });
  const [content] = read.contents as unknown as { text: string; _meta: { etag: string } }[];
  expect(content!.text).toBe(await served.text());
  expect(content!._meta.etag).toBe(served.headers.get('etag'));
  // Each refresh asks conditionally: unchanged, the answer is a 304 without a body.
  const asked = () =>
    site.log.filter((entry) => entry.url.endsWith('/llms.txt') && entry.status === 304).length;
  const before = asked();
  await waitForState('a conditional llms.txt request', async () =>
    asked() > before ? true : undefined,
  );
});

it('fetches no document while nothing changed, and tells a subscriber of an edit', async () => {
  const before = documentFetches();
  // Several refreshes (every 0.2 s) pass: each reads the change feed, none a document.
  const feedReads = () =>
    site.log.filter((entry) => entry.url.includes('/llm-changes.json')).length;
  const feedBefore = feedReads();
  const logBefore = site.log.length;
  await waitForState('three refreshes', async () =>
    feedReads() >= feedBefore + 3 ? true : undefined,
  );
  expect(documentFetches()).toBe(before);
  // Nor a collection: each refresh's SCP sitemap request answered 304.
  const collectionReads = site.log
    .slice(logBefore)
    .filter((entry) => entry.url.startsWith('/scp/'));
  expect(collectionReads.length).toBeGreaterThan(0);
  expect(
    collectionReads.every((entry) => entry.url === '/scp/sitemap.xml' && entry.status === 304),
  ).toBe(true);

  const updated: string[] = [];
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    updated.push(n.params.uri);
  });
  await client.subscribeResource({ uri: `${site.origin}/posts/1/` });
  await site.agent.publish({
    id: 'post-1',
    url: '/posts/1/',
    title: 'Post 1',
    body: { format: 'markdown', value: 'An edited body.' },
  });
  await waitForState('the update', async () =>
    updated.includes(`${site.origin}/posts/1/`) ? true : undefined,
  );
  const fetched = json(
    await client.callTool({ name: 'fetch', arguments: { id: `${site.origin}/posts/1/` } }),
  );
  expect(fetched.text).toContain('An edited body.');
  // One document fetched for one edit.
  expect(documentFetches()).toBe(before + 1);
});

it("keeps the copy in a folder per origin under the user's cache directory when --state is not given", async () => {
  const cache = mkdtempSync(join(tmpdir(), 'agent-ready-cli-cache-'));
  const second = new Client({ name: 'cli-test-default-state', version: '1.0.0' });
  try {
    await second.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, 'mcp', site.origin],
        env: { ...process.env, XDG_CACHE_HOME: cache } as Record<string, string>,
        stderr: 'pipe',
      }),
    );
    expect((await second.listResources()).resources).toHaveLength(5);
    const folder = new URL(site.origin).port;
    expect(existsSync(join(cache, 'agent-ready', 'sites', `http-127.0.0.1-${folder}`))).toBe(true);
  } finally {
    await second.close();
    rmSync(cache, { recursive: true, force: true });
  }
});
