import { createServer } from 'node:http';
import express, { type Express } from 'express';
import request from 'supertest';
import { sha256Hex } from '@agent-ready/core/crypto';
import { inspectLlmsTxt } from '@agent-ready/core/llmstxt';
import { pageDiscovery } from '@agent-ready/core/serve';
import { databaseConfig, startSigningAgent, type SigningAgent } from '@agent-ready/test-support';
import type { DatabaseOption } from '@agent-ready/store';
import { agentReady, type AgentReadyMiddleware, type AgentReadyOptions } from '../src';

const PAGE = '<!doctype html><html><head></head><body><h1>Hello</h1></body></html>';

async function site(extra: Partial<AgentReadyOptions> = {}) {
  const agent = agentReady({
    site: { origin: 'https://example.com', name: 'Example', summary: 'A site.' },
    database: databaseConfig('sqlite') as DatabaseOption,
    rebuild: { debounceMs: 5, healIntervalMs: 0 },
    ...extra,
  });
  const app = express();
  app.use(agent);
  app.get('/{*path}', (_req, res) => res.type('html').send(PAGE));
  await agent.publish({
    id: 'hello',
    url: '/hello/',
    title: 'Hello',
    body: { format: 'markdown', value: '## Part\n\nSome *text*.' },
    usage: { trainAi: true },
  });
  await agent.publish({
    id: 'other',
    url: '/other/',
    title: 'Other',
    body: { format: 'text', value: 'x' },
  });
  await agent.idle();
  return { agent, app };
}

describe('content negotiation for Markdown on page URLs', () => {
  let agent: AgentReadyMiddleware;
  let app: Express;
  beforeAll(async () => ({ agent, app } = await site()));
  afterAll(() => agent.close());

  it.each([
    ['text/markdown', 'markdown'],
    ['text/markdown, text/html, */*', 'html'], // equal q: HTML, the default
    ['text/markdown;q=1.0, text/html;q=0.9', 'markdown'],
    ['text/html;q=0.5, text/markdown;q=0.6', 'markdown'],
    ['text/html, text/markdown;q=0.9', 'html'],
    ['text/*;q=0.8, text/html;q=0.5', 'markdown'], // text/markdown gets 0.8 from text/*
    ['*/*', 'html'],
    [undefined, 'html'],
    ['text/markdown;q=oops, text/html;q=0.1', 'html'], // malformed member dropped
    ['garbage', 'html'],
  ])('Accept %s → %s, with Vary: Accept on either', async (accept, expected) => {
    let req = request(app).get('/hello/');
    if (accept !== undefined) req = req.set('Accept', accept);
    const res = await req;
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(
      expected === 'markdown' ? 'text/markdown; charset=utf-8' : 'text/html; charset=utf-8',
    );
    expect(res.headers.vary).toMatch(/\bAccept\b/);
    if (expected === 'markdown') {
      expect(res.text).toBe(
        '> For AI agents: this site is described in [llms.txt](https://example.com/llms.txt); every page is also available as Markdown.\n\n# Hello\n\n## Part\n\nSome *text*.\n',
      );
      expect(res.headers['content-location']).toBe('https://example.com/hello/index.html.md');
    }
  });

  it('answers conditional requests on the negotiated twin like the twin URL', async () => {
    const first = await request(app).get('/hello/').set('Accept', 'text/markdown');
    const twin = await request(app).get('/hello/index.html.md');
    expect(first.headers.etag).toBe(twin.headers.etag);
    const again = await request(app)
      .get('/hello/')
      .set('Accept', 'text/markdown')
      .set('If-None-Match', first.headers.etag!);
    expect(again.status).toBe(304);
    expect(again.headers.vary).toMatch(/\bAccept\b/);
  });

  it('leaves pages without a document alone (no Vary, HTML)', async () => {
    const res = await request(app).get('/no-such-doc/').set('Accept', 'text/markdown');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers.vary ?? '').not.toMatch(/\bAccept\b/);
  });

  it('offers templates a visible pointer to llms.txt', async () => {
    const probe = express();
    probe.use(agent);
    probe.get('/{*path}', (_req, res) => res.send(String(res.locals.agentReady?.llmsTxtNotice)));
    const notice =
      '<p class="agent-ready-notice">For AI agents: this site is described in <a href="https://example.com/llms.txt">llms.txt</a>; every page is also available as Markdown.</p>';
    // Pages without a document (home, listings) are covered by the site's llms.txt too.
    for (const path of ['/hello/', '/', '/listing/'])
      expect([path, (await request(probe).get(path)).text]).toEqual([path, notice]);
    const listing = await request(app).get('/listing/');
    expect(listing.headers.link).toBe(
      '<https://example.com/llms.txt>; rel="describedby"; type="text/plain"',
    );
  });

  it('starts twins with the llms.txt directive unless the notice is off', async () => {
    const quiet = await site({ llmsTxt: { notice: false } });
    try {
      const twin = await request(quiet.app).get('/hello/index.html.md');
      expect(twin.text).toBe('# Hello\n\n## Part\n\nSome *text*.\n');
      expect(twin.headers.etag).toBe(`"sha256-${sha256Hex(twin.text)}"`);
    } finally {
      await quiet.agent.close();
    }
    const twin = await request(app).get('/hello/index.html.md');
    expect(twin.text.startsWith('> For AI agents: this site is described in [llms.txt](')).toBe(
      true,
    );
    // The validator is the hash of the bytes sent, directive included.
    expect(twin.headers.etag).toBe(`"sha256-${sha256Hex(twin.text)}"`);
  });

  it('pageDiscovery (for headless front-ends) gives exactly the links this adapter adds', async () => {
    for (const [path, hasDocument] of [
      ['/hello/', true],
      ['/listing/', false],
      ['/', false],
    ] as const) {
      const served = await request(app).get(path);
      const helper = pageDiscovery({ pageUrl: `https://example.com${path}`, hasDocument });
      expect([path, served.headers.link]).toEqual([path, helper.linkHeader]);
      const probe = express();
      probe.use(agent);
      probe.get('/{*path}', (_req, res) => res.json(res.locals.agentReady));
      const locals = (await request(probe).get(path)).body as {
        linkTags: string;
        llmsTxtNotice: string;
      };
      expect([path, locals.linkTags, locals.llmsTxtNotice]).toEqual([
        path,
        helper.linkTags,
        helper.notice,
      ]);
    }
  });

  it('gives the site root a Markdown twin when no document is the root: the llms.txt', async () => {
    const llmsTxt = await request(app).get('/llms.txt');
    const root = await request(app).get('/');
    expect(root.headers.link).toContain(
      '<https://example.com/index.html.md>; rel="alternate"; type="text/markdown"',
    );
    for (const twin of [
      await request(app).get('/index.html.md'),
      await request(app).get('/').set('Accept', 'text/markdown'),
    ]) {
      expect(twin.status).toBe(200);
      expect(twin.headers['content-type']).toBe('text/markdown; charset=utf-8');
      // The llms.txt, after the directive every twin starts with.
      expect(twin.text).toBe(
        `> For AI agents: this site is described in [llms.txt](https://example.com/llms.txt); every page is also available as Markdown.\n\n${llmsTxt.text}`,
      );
      expect(twin.headers.etag).not.toBe(llmsTxt.headers.etag);
    }
    const negotiated = await request(app).get('/').set('Accept', 'text/markdown');
    expect(negotiated.headers.vary).toMatch(/\bAccept\b/);
    expect(negotiated.headers['content-location']).toBe('https://example.com/index.html.md');
    const revalidated = await request(app)
      .get('/index.html.md')
      .set('If-None-Match', negotiated.headers.etag!);
    expect(revalidated.status).toBe(304);
  });

  it('sends `/a/index.html` (how tools map a twin back to its page) to the page', async () => {
    const twin = await request(app).get('/hello/index.html.md');
    expect(twin.status).toBe(200);
    const page = await request(app).get('/hello/index.html');
    expect(page.status).toBe(301);
    expect(page.headers.location).toBe('https://example.com/hello/');
    // Not for pages without a document, nor for unsafe methods: those stay the app's.
    expect((await request(app).get('/listing/index.html')).status).toBe(200);
    expect((await request(app).post('/hello/index.html')).status).toBe(404);
  });
});

describe('AI usage preferences (Content-Usage)', () => {
  let agent: AgentReadyMiddleware;
  let app: Express;
  beforeAll(
    async () =>
      ({ agent, app } = await site({
        usage: { trainAi: false, search: true },
        robotsTxt: { rules: 'User-agent: *\nAllow: /\n' },
        policy: { effective: '2025-10-01T00:00:00Z' },
      })),
  );
  afterAll(() => agent.close());

  it('sends the site preference on agent endpoints and pages, a document override where set', async () => {
    const dictionary = /^(?:[a-z][a-z0-9*_.-]*=[yn])(?:, [a-z][a-z0-9*_.-]*=[yn])*$/;
    for (const path of [
      '/other/llm.json',
      '/llm-sitemap.json',
      '/llms.txt',
      '/other/',
      '/other/index.html.md',
    ]) {
      const res = await request(app).get(path);
      expect([path, res.headers['content-usage']]).toEqual([path, 'train-ai=n, search=y']);
      expect(res.headers['content-usage']).toMatch(dictionary);
    }
    expect((await request(app).get('/hello/llm.json')).headers['content-usage']).toBe(
      'train-ai=y, search=y',
    );
    expect((await request(app).get('/hello/')).headers['content-usage']).toBe(
      'train-ai=y, search=y',
    );
  });

  it('writes Content-Usage and Content-Signal lines into robots.txt and the policy purposes', async () => {
    const robots = (await request(app).get('/robots.txt')).text;
    expect(robots).toContain(
      '\nContent-Usage: train-ai=n, search=y\nContent-Signal: search=yes, ai-train=no\n',
    );
    expect(robots.startsWith('User-agent: *\nAllow: /\n')).toBe(true);
    const policy = JSON.parse((await request(app).get('/llm-policy.json')).text);
    expect(policy.purposes).toMatchObject({ allow_ai_train: false, allow_search_indexing: true });
  });

  it('refuses a bad usage setting at start-up, naming the key', () => {
    expect(() =>
      agentReady({
        site: { origin: 'https://e.com', name: 'E' },
        usage: { trainAI: false } as never,
      }),
    ).toThrow(/usage\.trainAI/);
  });
});

describe('llms.txt size budget', () => {
  it('splits a file over the budget into per-section files behind an index, each parseable', async () => {
    const agent = agentReady({
      site: { origin: 'https://example.com', name: 'Big', summary: 'Many pages.' },
      database: databaseConfig('sqlite') as DatabaseOption,
      rebuild: { debounceMs: 5, healIntervalMs: 0 },
      llmsTxt: { maxCharacters: 2000 },
    });
    for (let i = 0; i < 40; i++) {
      await agent.publish({
        id: `p${i}`,
        url: `/${i % 2 ? 'guides' : 'news'}/${i}/`,
        title: `Page number ${i}`,
        section: i % 2 ? 'guides' : 'news',
        description: 'A page that takes some room in the listing.',
      });
    }
    await agent.idle();
    const app = express().use(agent);
    const index = (await request(app).get('/llms.txt')).text;
    expect(index.length).toBeLessThan(2000);
    expect(index).toContain('split by section');
    const parsed = inspectLlmsTxt(index);
    expect(parsed.problems).toEqual([]);
    expect(parsed.document!.sections[0]!.links.map((l) => l.url)).toEqual([
      'https://example.com/llms/guides.txt',
      'https://example.com/llms/news.txt',
    ]);
    for (const part of ['/llms/guides.txt', '/llms/news.txt']) {
      const text = (await request(app).get(part)).text;
      expect(inspectLlmsTxt(text).problems).toEqual([]);
      expect(inspectLlmsTxt(text).document!.sections[0]!.links).toHaveLength(20);
    }
    await agent.close();
  });
});

describe('Web Bot Auth (agent identity)', () => {
  let signingAgent: SigningAgent;
  let agentOrigin: string;

  beforeAll(async () => {
    signingAgent = await startSigningAgent();
    agentOrigin = signingAgent.origin;
  });
  afterAll(() => signingAgent.close());

  const signed = (host: string, path: string, valid = true) => signingAgent.sign(host, path, valid);

  async function serve(app: Express) {
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    return { server, host: `127.0.0.1:${(server.address() as { port: number }).port}` };
  }

  it('labels verified agents in the metrics and never gates content by default', async () => {
    const { agent, app } = await site({
      botAuth: { enabled: true, allowHttpDirectories: true },
      metrics: { enabled: true, stats: 'public' },
    });
    const { server, host } = await serve(app);
    try {
      const good = await request(`http://${host}`)
        .get('/hello/llm.json')
        .set(await signed(host, '/hello/llm.json'));
      expect(good.status).toBe(200);
      const bad = await request(`http://${host}`)
        .get('/hello/llm.json')
        .set(await signed(host, '/hello/llm.json', false));
      expect(bad.status).toBe(200); // not gated
      await agent.flushMetrics();
      const stats = JSON.parse((await request(app).get('/llm-stats.json')).text);
      expect(stats.agents.map((a: { family: string }) => a.family)).toContain(
        `verified:${new URL(agentOrigin).host}`,
      );
    } finally {
      server.close();
      await agent.close();
    }
  });

  it('refuses a failing signature when the publisher gates on it', async () => {
    const { agent, app } = await site({
      botAuth: { enabled: true, gate: true, allowHttpDirectories: true },
    });
    const { server, host } = await serve(app);
    try {
      expect(
        (
          await request(`http://${host}`)
            .get('/hello/llm.json')
            .set(await signed(host, '/hello/llm.json', false))
        ).status,
      ).toBe(401);
      expect(
        (
          await request(`http://${host}`)
            .get('/hello/llm.json')
            .set(await signed(host, '/hello/llm.json'))
        ).status,
      ).toBe(200);
      expect((await request(`http://${host}`).get('/hello/llm.json')).status).toBe(200); // unsigned is fine
      // Current drafts send Signature-Agent as a Dictionary: verified too, and tampering caught.
      for (const [valid, status] of [
        [true, 200],
        [false, 401],
      ] as const) {
        const headers = await signingAgent.sign(host, '/hello/llm.json', valid, 'dictionary');
        expect(headers['Signature-Agent']).toMatch(/^sig1="/);
        expect((await request(`http://${host}`).get('/hello/llm.json').set(headers)).status).toBe(
          status,
        );
      }
    } finally {
      server.close();
      await agent.close();
    }
  });

  it("gates what agent-ready answers, never the app's own pages, as the Strapi plugin does", async () => {
    const { agent, app } = await site({
      botAuth: { enabled: true, gate: true, allowHttpDirectories: true },
    });
    const { server, host } = await serve(app);
    try {
      const bad = async (path: string, accept?: string) => {
        const headers = await signed(host, path, false);
        const req = request(`http://${host}`).get(path).set(headers);
        return (accept ? req.set('Accept', accept) : req).then((res) => res.status);
      };
      expect(await bad('/about/')).toBe(200); // the app's page
      expect(await bad('/hello/')).toBe(200); // a page with a twin, asked for as HTML
      expect(await bad('/hello/', 'text/markdown')).toBe(401); // its twin is ours
      expect(await bad('/llm-sitemap.json')).toBe(401);
    } finally {
      server.close();
      await agent.close();
    }
  });

  it('verifies signed requests on the hot path too (agent.handler in front of the app)', async () => {
    const { agent, app } = await site({
      botAuth: { enabled: true, gate: true, allowHttpDirectories: true },
    });
    await agent.ready();
    const server = createServer(agent.handler(app)).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const host = `127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      // Warm: the M-URL is in the cache the hot path answers from.
      expect((await request(`http://${host}`).get('/hello/llm.json')).status).toBe(200);
      const get = async (valid: boolean) =>
        (
          await request(`http://${host}`)
            .get('/hello/llm.json')
            .set(await signed(host, '/hello/llm.json', valid))
        ).status;
      expect(await get(false)).toBe(401);
      expect(await get(true)).toBe(200);
    } finally {
      server.close();
      await agent.close();
    }
  });
});
