import { request as httpRequest } from 'node:http';
import fc from 'fast-check';
import { databaseConfig, propertyRuns } from '@agent-ready/test-support';
import { ORIGIN, startMcpTestSite, type McpTestSite } from './support/mcp-test-site';

/**
 * Malformed and hostile input (issue 40's done-when): bad JSON-RPC, huge params, wrong protocol
 * versions, odd `_meta`, hostile Origin. Every answer is a 4xx or a JSON-RPC error, never a
 * 5xx, no handler fails inside, and the endpoint keeps serving.
 */
describe('the MCP endpoint under malformed and hostile input', () => {
  let site: McpTestSite;

  beforeAll(async () => {
    site = await startMcpTestSite(databaseConfig('sqlite'));
    await site.publish({ id: 'doc', title: 'A document', body: 'Some searchable words.' });
  });

  afterAll(async () => {
    await site.close();
  });

  const HEADERS = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-11-25',
  };

  async function post(body: string, headers: Record<string, string> = {}) {
    const response = await fetch(site.url, {
      method: 'POST',
      headers: { ...HEADERS, ...headers },
      body,
    });
    const text = await response.text();
    let json: Record<string, unknown> | undefined;
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      json = undefined;
    }
    return { status: response.status, json, text };
  }

  const call = (method: string, params?: unknown, id: unknown = 1) =>
    post(
      JSON.stringify({ jsonrpc: '2.0', id, method, ...(params !== undefined ? { params } : {}) }),
    );

  /** A JSON-RPC error answer (HTTP 200 with an error, or a 4xx), never a 5xx. */
  function expectRpcError(
    answer: { status: number; json?: Record<string, unknown> },
    code?: number,
  ) {
    expect(answer.status).toBeLessThan(500);
    expect(answer.json?.error).toBeDefined();
    if (code !== undefined) expect((answer.json!.error as { code: number }).code).toBe(code);
  }

  it('answers transport-level garbage with a 4xx JSON-RPC error', async () => {
    expectRpcError(await post('{not json'), -32700);
    for (const body of [
      '{"foo":1}',
      '42',
      '"x"',
      'null',
      '[]',
      '{"jsonrpc":"1.0","id":1,"method":"x"}',
    ]) {
      const answer = await post(body);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    const batch = JSON.stringify(
      Array.from({ length: 101 }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'tools/list' })),
    );
    expectRpcError(await post(batch));
    expectRpcError(await post('{}', { accept: 'application/json' }));
    expectRpcError(await post('{}', { 'content-type': 'text/plain' }));
    expectRpcError(
      await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), {
        'mcp-protocol-version': '1999-01-01',
      }),
    );
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const response = await fetch(site.url, { method, headers: HEADERS });
      expect(response.status).toBe(405);
      expect(((await response.json()) as { error: unknown }).error).toBeDefined();
    }
    const get = await fetch(site.url, { headers: { accept: 'application/json' } });
    expect(get.status).toBe(406);
  });

  it('refuses a request body over the limit, declared or not', async () => {
    const huge = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'search', arguments: { query: 'x'.repeat(200_000) } },
    });
    expectRpcError(await post(huge));
    // Streamed without a declared length: cut off once over the limit.
    const streamed = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(site.url, { method: 'POST', headers: HEADERS }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      const chunk = Buffer.alloc(16 * 1024, 0x20);
      for (let i = 0; i < 16; i++) request.write(chunk);
      request.end();
    });
    expect(streamed).toBe(413);
    const deep = `${'['.repeat(50_000)}${']'.repeat(50_000)}`;
    const answer = await post(deep);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });

  it('refuses a hostile Origin (DNS rebinding) and serves the site’s own', async () => {
    const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    const hostile = await post(list, { origin: 'https://evil.example' });
    expect(hostile.status).toBe(403);
    expectRpcError(hostile, -32000);
    expectRpcError(await post(list, { origin: 'null' }));
    expect((await post(list, { origin: ORIGIN })).status).toBe(200);
    expect((await post(list)).status).toBe(200);
  });

  it('answers bad arguments with tool errors, bad parameters with invalid params, and unknown methods as such', async () => {
    expectRpcError(await call('no/such/method', {}), -32601);
    expectRpcError(await call('tools/call', { name: 'nope', arguments: {} }), -32602);
    // A tool's arguments it cannot take: a tool result the model reads (isError, SEP-1303), one
    // message without a repeated prefix.
    const badArguments: unknown[] = [
      { name: 'search', arguments: {} },
      { name: 'search', arguments: { query: 42 } },
      { name: 'search', arguments: { query: { $gt: '' } } },
      { name: 'search', arguments: { query: 'x'.repeat(1001) } },
      { name: 'search', arguments: { query: 'words', cursor: 'garbage!' } },
      { name: 'search', arguments: { query: 'words', cursor: 'eyJhIjoxfQ' } },
      { name: 'search', arguments: { query: 'words', limit: 1e9 } },
      { name: 'search', arguments: { query: 'words', limit: -1 } },
      { name: 'search', arguments: { query: 'words', limit: 1.5 } },
      { name: 'search', arguments: { query: 'words', locale: ['en'] } },
      { name: 'fetch', arguments: { id: 7 } },
      { name: 'fetch', arguments: {} },
    ];
    for (const params of badArguments) {
      const answer = await call('tools/call', params);
      expect(answer.status).toBe(200);
      const result = answer.json?.result as { isError?: boolean; content?: { text: string }[] };
      expect(result?.isError).toBe(true);
      expect(result.content?.[0]?.text).toMatch(/^\w.{8,}/);
      expect(result.content?.[0]?.text).not.toMatch(/MCP error/);
    }
    // Not the caller's arguments' type at all: refused by the schema.
    for (const params of [
      { name: 'search', arguments: [] },
      { name: 42 },
      'a string',
      [1, 2],
      { name: 'search', arguments: { query: 'words' }, _meta: 'not an object' },
    ])
      expectRpcError(await call('tools/call', params));
    for (const uri of [
      42,
      '',
      'javascript:alert(1)',
      `${ORIGIN}/${'a'.repeat(3000)}`,
      'https://other.example/doc/',
    ])
      expectRpcError(await call('resources/read', { uri }));
    const badCursor = await call('resources/list', { cursor: 'not-ours' });
    expectRpcError(badCursor, -32602);
    expect((badCursor.json!.error as { message: string }).message).not.toMatch(/MCP error/);
    expectRpcError(await call('resources/subscribe', { uri: 'https://other.example/' }));
    // Odd but valid: `_meta` with anything in it, ids of every kind.
    const withMeta = await call('tools/call', {
      name: 'search',
      arguments: { query: 'searchable' },
      _meta: { progressToken: 'x', 'vendor/key': { nested: [1, 2] } },
    });
    expect(withMeta.status).toBe(200);
    expect(withMeta.json?.result).toBeDefined();
    for (const id of ['string-id', 0, 2 ** 53 - 1])
      expect((await call('tools/list', undefined, id)).json?.id).toBe(id);
  });

  it('never answers random JSON with a server error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.json(),
          fc
            .record({
              jsonrpc: fc.constant('2.0'),
              id: fc.oneof(fc.integer(), fc.string()),
              method: fc.constantFrom(
                'tools/call',
                'tools/list',
                'resources/read',
                'resources/list',
                'resources/subscribe',
                'initialize',
                'ping',
              ),
              params: fc.jsonValue(),
            })
            .map((message) => JSON.stringify(message)),
        ),
        async (body) => {
          const answer = await post(body);
          expect(answer.status).toBeLessThan(500);
        },
      ),
      propertyRuns(150),
    );
  });

  it('bounds the notification streams open at once', async () => {
    const limited = await startMcpTestSite(databaseConfig('sqlite'), { limits: { maxStreams: 1 } });
    const controller = new AbortController();
    try {
      const headers = { accept: 'text/event-stream', 'mcp-protocol-version': '2025-11-25' };
      const first = await fetch(limited.url, { headers, signal: controller.signal });
      expect(first.status).toBe(200);
      const second = await fetch(limited.url, { headers });
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).toBe('30');
      expect(((await second.json()) as { error: unknown }).error).toBeDefined();
    } finally {
      controller.abort();
      await limited.close();
    }
  });

  it('kept serving, and nothing failed inside', async () => {
    const answer = await call('tools/call', { name: 'search', arguments: { query: 'searchable' } });
    expect(answer.status).toBe(200);
    const text = (answer.json!.result as { content: { text: string }[] }).content[0]!.text;
    expect((JSON.parse(text) as { results: unknown[] }).results).toHaveLength(1);
    expect(site.errors).toEqual([]);
  });
});
