import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { validateAgentSiteOptions } from '@agent-ready/core/serve';
import { databaseConfig } from '@agent-ready/test-support';
import { preparedDocument } from '../test/fixtures/prepared-documents';
import { alreadyPassed, answerAheadOfFramework } from './answer-ahead-of-framework';
import { SILENT_LOGGER } from './ground/store-logger';
import { openAgentSite, type AgentSite } from './open-agent-site';
import type { DatabaseOption } from './schema/open-database';

const options = validateAgentSiteOptions({
  site: { origin: 'https://example.com', name: 'Example' },
  robotsTxt: {},
  botAuth: { enabled: true },
});

/** What reached the framework: each request's path, and whether the site had passed it. */
let reached: { path: string | undefined; passed: boolean }[];
const framework: RequestListener = (req, res) => {
  reached.push({ path: req.url, passed: alreadyPassed(req) });
  res.end('framework');
};

let site: AgentSite;
const servers: Server[] = [];

async function listen(listener: RequestListener): Promise<string> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  site = await openAgentSite({
    site: options,
    database: databaseConfig('sqlite') as DatabaseOption,
    mode: 'standalone',
    rebuild: { automatic: false },
    // The cached rows stay fresh for the whole file: nothing else writes the table.
    revalidateAfterMs: 600_000,
    logger: SILENT_LOGGER,
  });
  const save = (key: string, visibility: 'public' | 'protected') =>
    site.engine!.upsert(
      preparedDocument({ key, path: `/${key}/`, title: key, content: key, visibility }),
    );
  await save('open', 'public');
  await save('members', 'protected');
});
beforeEach(() => {
  reached = [];
});
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  await site.close();
});

describe('answerAheadOfFramework', () => {
  it('answers the site’s public endpoints and hands the rest over, marking what the site passed', async () => {
    let open: AgentSite | undefined;
    const origin = await listen(
      answerAheadOfFramework(framework, {
        siteFor: () => open,
        openSite: async () => (open = site),
      }),
    );
    // Signed, before the site is open: verified by the framework's middleware, not answered here.
    await fetch(`${origin}/open/llm.json`, {
      headers: { signature: 'sig1=:AAAA:', 'signature-input': 'sig1=();created=1' },
    });
    const mUrl = await fetch(`${origin}/open/llm.json`);
    expect(mUrl.status).toBe(200);
    expect(JSON.parse(await mUrl.text())).toMatchObject({ title: 'open' });
    expect((await fetch(`${origin}/llm-sitemap.json`)).status).toBe(200);
    expect(reached).toEqual([{ path: '/open/llm.json', passed: false }]);
    reached = [];

    for (const path of ['/about/', '/robots.txt', '/members/llm.json'])
      expect(await (await fetch(`${origin}${path}`)).text()).toBe('framework');
    expect(reached).toEqual([
      { path: '/about/', passed: true },
      { path: '/robots.txt', passed: false },
      { path: '/members/llm.json', passed: false },
    ]);
  });

  it('without openSite, answers from the cache alone, under the host’s headers', async () => {
    let keep = (_req: IncomingMessage) => false;
    const origin = await listen(
      answerAheadOfFramework(framework, {
        siteFor: (req) => (keep(req) ? undefined : site),
        headersOf: (response) => ({ ...response.headers, 'x-host': 'kept' }),
      }),
    );
    await site.handle({
      method: 'GET',
      target: '/open/llm.json',
      headers: { host: 'example.com' },
      url: 'https://example.com/open/llm.json',
    });
    const cached = await fetch(`${origin}/open/llm.json`);
    expect(cached.status).toBe(200);
    expect(cached.headers.get('x-host')).toBe('kept');
    expect((await fetch(`${origin}/llm-sitemap.json`)).status).toBe(200);
    keep = (req) => req.headers.origin !== undefined;
    await fetch(`${origin}/open/llm.json`, { headers: { origin: 'https://agent.example' } });
    expect(reached).toEqual([
      { path: '/llm-sitemap.json', passed: false },
      { path: '/open/llm.json', passed: false },
    ]);
  });
});
