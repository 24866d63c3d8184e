import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { databaseConfig, describeEachDatabase, waitForState } from '@agent-ready/test-support';
import { ORIGIN, startMcpTestSite, type McpTestSite } from './support/mcp-test-site';

/** The official SDK's client against the endpoint over a real socket, on every database. */
describeEachDatabase('the MCP endpoint through the official SDK client', (dialect) => {
  let site: McpTestSite;
  let client: Client;

  beforeEach(async () => {
    site = await startMcpTestSite(databaseConfig(dialect));
    await site.publish({
      id: 'tomatoes',
      title: 'Growing tomatoes',
      body: 'Tomatoes love sun and water.',
      locale: 'en',
      section: 'garden',
    });
    await site.publish({
      id: 'bikes',
      title: 'Fixing bikes',
      body: 'Chains need oil. Tomatoes do not.',
      locale: 'en',
      section: 'repair',
    });
    await site.publish({
      id: 'tomates',
      title: 'Tomates',
      body: 'Les tomates aiment le soleil.',
      locale: 'fr',
      section: 'garden',
      usage: { trainAi: true },
    });
    client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(site.url)));
  });

  afterEach(async () => {
    await client.close();
    await site.close();
  });

  /** The JSON a tool result's one text item holds. */
  const json = (result: unknown) =>
    JSON.parse((result as { content: { text: string }[] }).content[0]!.text) as Record<
      string,
      unknown
    >;

  it('lists the two read-only tools with the shapes connectors require', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['search', 'fetch']);
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint).toBe(true);
      expect(tool.inputSchema.type).toBe('object');
    }
    expect(tools[0]!.inputSchema.required).toEqual(['query']);
    expect(tools[1]!.inputSchema.required).toEqual(['id']);
    expect(client.getServerVersion()).toMatchObject({ name: 'agent-ready', title: 'Example' });
    expect(client.getServerCapabilities()?.resources).toEqual({
      subscribe: true,
      listChanged: true,
    });
  });

  it("filters as an agent means it: locales as BCP 47, unlabelled documents in the site's language, the site's sections listed", async () => {
    // A document without a locale of its own (a policy, say): in the site's language (en).
    await site.publish({ id: 'policy', title: 'Tomato returns', body: 'Return tomatoes.' });
    const ids = async (args: Record<string, unknown>) => {
      const result = await client.callTool({
        name: 'search',
        arguments: { query: 'tomatoes', ...args },
      });
      expect(result.isError).toBeFalsy();
      return (json(result).results as { id: string }[]).map((r) => r.id).sort();
    };
    const english = [`${ORIGIN}/bikes/`, `${ORIGIN}/policy/`, `${ORIGIN}/tomatoes/`];
    expect(await ids({ locale: 'en' })).toEqual(english);
    expect(await ids({ locale: 'EN' })).toEqual(english);
    expect(await ids({ locale: 'en-US' })).toEqual(english);
    expect(await ids({ locale: 'en', type: 'GARDEN' })).toEqual([`${ORIGIN}/tomatoes/`]);

    // A value that matches nothing: a tool error naming the values that would.
    const german = await client.callTool({
      name: 'search',
      arguments: { query: 'x', locale: 'de' },
    });
    expect(german.isError).toBe(true);
    expect((german.content as { text: string }[])[0]!.text).toMatch(/"en", "fr"/);
    const article = await client.callTool({
      name: 'search',
      arguments: { query: 'x', type: 'article' },
    });
    expect(article.isError).toBe(true);
    expect((article.content as { text: string }[])[0]!.text).toMatch(/"garden", "pages", "repair"/);

    // The schema lists the sections there are now, and the locales.
    const search = (await client.listTools()).tools.find((tool) => tool.name === 'search')!;
    const properties = search.inputSchema.properties as Record<
      string,
      { enum?: string[]; description: string }
    >;
    expect(properties.type!.enum).toEqual(['garden', 'pages', 'repair']);
    expect(properties.locale!.description).toMatch(/This site's: en, fr\./);
  });

  it('searches and fetches: results { id, title, url }, a document { id, title, text, url, metadata }', async () => {
    const found = await client.callTool({ name: 'search', arguments: { query: 'tomatoes' } });
    expect(found.isError).toBeFalsy();
    const { results } = json(found) as {
      results: {
        id: string;
        title: string;
        url: string;
        text: string;
        metadata: Record<string, unknown>;
      }[];
    };
    expect(results.map((r) => r.url).sort()).toEqual([`${ORIGIN}/bikes/`, `${ORIGIN}/tomatoes/`]);
    expect(results[0]).toMatchObject({
      id: `${ORIGIN}/tomatoes/`,
      title: 'Growing tomatoes',
      url: `${ORIGIN}/tomatoes/`,
    });
    expect(results[0]!.text).toContain('Tomatoes love sun');
    expect(results[0]!.metadata).toMatchObject({
      locale: 'en',
      type: 'garden',
      contentUsage: 'train-ai=n',
    });
    expect(found.structuredContent).toEqual(json(found));

    const filtered = json(
      await client.callTool({
        name: 'search',
        arguments: { query: 'tomates', locale: 'fr', type: 'garden' },
      }),
    );
    expect((filtered.results as { id: string }[]).map((r) => r.id)).toEqual([`${ORIGIN}/tomates/`]);

    // Nothing on the site: an empty list, and a hint the model can act on.
    const none = json(await client.callTool({ name: 'search', arguments: { query: 'zeppelin' } }));
    expect(none.results).toEqual([]);
    expect(none.hint).toMatch(
      /^No published document matched any of these words\. Try other words/,
    );
    const noneFiltered = json(
      await client.callTool({ name: 'search', arguments: { query: 'zeppelin', type: 'garden' } }),
    );
    expect(noneFiltered.hint).toContain('leave out locale and type');

    const fetched = await client.callTool({ name: 'fetch', arguments: { id: results[0]!.id } });
    const document = json(fetched) as {
      id: string;
      title: string;
      text: string;
      url: string;
      metadata: Record<string, unknown>;
    };
    expect(document).toMatchObject({
      id: `${ORIGIN}/tomatoes/`,
      title: 'Growing tomatoes',
      url: `${ORIGIN}/tomatoes/`,
    });
    expect(document.text).toContain('# Growing tomatoes');
    expect(document.text).toContain('Tomatoes love sun and water.');
    expect(document.metadata.etag).toBe(`"${String(document.metadata.hash)}"`);
    expect(document.metadata).toMatchObject({
      mUrl: `${ORIGIN}/tomatoes/llm.json`,
      contentUsage: 'train-ai=n',
    });
    // The document's own usage terms over the site's.
    const french = json(
      await client.callTool({ name: 'fetch', arguments: { id: `${ORIGIN}/tomates/llm.json` } }),
    );
    expect((french.metadata as Record<string, unknown>).contentUsage).toBe('train-ai=y');
    // The M-URL's hash is the one the store serves the M-URL with.
    const row = await site.engine.reader.findMUrl('/tomatoes/llm.json');
    expect(document.metadata.hash).toBe(row!.hash);

    const missing = await client.callTool({
      name: 'fetch',
      arguments: { id: `${ORIGIN}/nothing/` },
    });
    expect(missing.isError).toBe(true);
    await site.engine.remove('tomatoes', 'en', 'unpublished');
    expect(
      (await client.callTool({ name: 'fetch', arguments: { id: `${ORIGIN}/tomatoes/` } })).isError,
    ).toBe(true);
    // Counted, one event per call.
    expect(site.events.filter((e) => e.kind === 'mcp').length).toBeGreaterThanOrEqual(6);
  });

  it('lists every published document as a resource in pages, and reads it as Markdown', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([
      `${ORIGIN}/bikes/`,
      `${ORIGIN}/tomates/`,
      `${ORIGIN}/tomatoes/`,
    ]);
    expect(resources[0]).toMatchObject({
      name: '/bikes/',
      title: 'Fixing bikes',
      mimeType: 'text/markdown',
    });
    const read = await client.readResource({ uri: `${ORIGIN}/bikes/` });
    expect(read.contents[0]).toMatchObject({ uri: `${ORIGIN}/bikes/`, mimeType: 'text/markdown' });
    expect((read.contents[0] as { text: string }).text).toContain('Chains need oil.');
    expect(read.contents[0]!._meta).toMatchObject({
      hash: expect.stringMatching(/^sha256-/),
      markdownHash: expect.stringMatching(/^sha256-/),
    });
    await expect(client.readResource({ uri: `${ORIGIN}/nothing/` })).rejects.toMatchObject({
      code: -32002,
    });
  });

  it('notifies a client that subscribed of an edit, on the stream it opened', async () => {
    const updated: string[] = [];
    let listChanged = 0;
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updated.push(n.params.uri);
    });
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      listChanged++;
    });
    await client.subscribeResource({ uri: `${ORIGIN}/bikes/` });
    // The client opens its GET stream in the background: edit until one edit is told (the
    // stream may open after the first edits committed).
    let edit = 0;
    await waitForState(
      'an update notification',
      async () => {
        await site.publish({
          id: 'bikes',
          title: 'Fixing bikes',
          body: `Chains need oil (edit ${edit++}).`,
          locale: 'en',
          section: 'repair',
        });
        return updated.includes(`${ORIGIN}/bikes/`) ? true : undefined;
      },
      { intervalMs: 200 },
    );
    expect(listChanged).toBeGreaterThan(0);
    await expect(client.subscribeResource({ uri: `${ORIGIN}/nothing/` })).rejects.toMatchObject({
      code: -32002,
    });
  });
});
