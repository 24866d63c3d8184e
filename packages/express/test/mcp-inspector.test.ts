import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import express from 'express';
import { databaseConfig } from '@agent-ready/test-support';
import type { DatabaseOption } from '@agent-ready/store';
import { agentReady, type AgentReadyMiddleware } from '../src';

// The MCP Inspector's CLI mode against the endpoint: it lists the tools and resources and runs
// search and fetch. `@modelcontextprotocol/inspector-cli` 0.15: later Inspectors need Node 22,
// and the 1.0 CLI package reads a package.json it does not ship.

const run = promisify(execFile);
const INSPECTOR = require.resolve('@modelcontextprotocol/inspector-cli/build/index.js');
const ORIGIN = 'https://example.com';

let agent: AgentReadyMiddleware;
let server: Server;
let url: string;

beforeAll(async () => {
  agent = agentReady({
    site: { origin: ORIGIN, name: 'Example' },
    database: databaseConfig('sqlite') as DatabaseOption,
    rebuild: { automatic: false },
    mcp: { enabled: true },
  });
  const app = express();
  app.use(agent);
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  await agent.publish({
    id: 'kiwis',
    url: '/kiwis/',
    title: 'Kiwis',
    body: { format: 'text', value: 'Kiwis are fuzzy.' },
  });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await agent.close();
});

/** One Inspector CLI call; its stdout is the JSON result. */
async function inspect(...args: string[]): Promise<Record<string, unknown>> {
  const { stdout } = await run(process.execPath, [INSPECTOR, url, '--transport', 'http', ...args]);
  return JSON.parse(stdout) as Record<string, unknown>;
}

it('lists the tools and resources, and runs search and fetch', async () => {
  const tools = (await inspect('--method', 'tools/list')).tools as { name: string }[];
  expect(tools.map((t) => t.name)).toEqual(['search', 'fetch']);
  const resources = (await inspect('--method', 'resources/list')).resources as { uri: string }[];
  expect(resources.map((r) => r.uri)).toEqual([`${ORIGIN}/kiwis/`]);
  const search = await inspect(
    '--method',
    'tools/call',
    '--tool-name',
    'search',
    '--tool-arg',
    'query=fuzzy',
  );
  expect((search.structuredContent as { results: { id: string }[] }).results[0]!.id).toBe(
    `${ORIGIN}/kiwis/`,
  );
  const fetched = await inspect(
    '--method',
    'tools/call',
    '--tool-name',
    'fetch',
    `--tool-arg`,
    `id=${ORIGIN}/kiwis/`,
  );
  expect((fetched.structuredContent as { text: string }).text).toContain('Kiwis are fuzzy.');
  const read = await inspect('--method', 'resources/read', '--uri', `${ORIGIN}/kiwis/`);
  expect((read.contents as { text: string }[])[0]!.text).toContain('Kiwis are fuzzy.');
});
