import request from 'supertest';
import type { AgentStats } from '@agent-ready/core/metrics';
import { freePort, type SigningAgent, startSigningAgent } from '@agent-ready/test-support';
import {
  bootFixture,
  createFixtureDatabase,
  FIXTURE_CONFIG,
  type Fixture,
  type FixtureDatabase,
} from './support/fixture-app';
import { adminJwt, createAdminUser, superAdminRoleId } from './support/admin-users';
import { pathOf, sitemapItems } from './support/agent-http';

// Serving metrics, usage preferences and agent identity on a real Strapi: counters that add up
// under concurrent load, survive a restart once, cost a 304 no database write, and show in the
// admin page's API; Content-Usage per content type; Web Bot Auth labels (and, if asked, gates).

const blocks = (text: string) => [{ type: 'paragraph', children: [{ type: 'text', text }] }];

/** What /llm-stats.json and the admin page's `traffic` answer (core builds it). */
type Stats = AgentStats;
type Summary = AgentStats['totals'];

let database: FixtureDatabase;
let f: Fixture;
let port: number;
let signingAgent: SigningAgent;
let articleMUrl: string;
let articleEtag: string;
let articleBytes: number;
let pageMUrl: string;

const config = (gate = false) => ({
  ...FIXTURE_CONFIG,
  site: { ...FIXTURE_CONFIG.site, origin: `http://127.0.0.1:${port}` },
  usage: { trainAi: false, search: true },
  contentTypes: {
    ...FIXTURE_CONFIG.contentTypes,
    'api::page.page': { usage: { trainAi: true } },
  },
  // Written only when asked (flushMetrics) or at shutdown, so the test knows what is pending.
  metrics: { stats: 'public', flushIntervalMs: 3_600_000 },
  botAuth: { enabled: true, allowHttpDirectories: true, gate },
  rootPage: 'agent-index',
});

async function boot(gate = false): Promise<void> {
  f = await bootFixture({ database, config: config(gate) });
  await f.agentReady.whenIdle();
  await new Promise<void>((resolve) => f.http.listen(port, '127.0.0.1', resolve));
}

const get = (path: string, headers: Record<string, string> = {}) =>
  request(`http://127.0.0.1:${port}`).get(path).set(headers);

async function stats(): Promise<Stats> {
  await f.agentReady.flushMetrics();
  const res = await get('/llm-stats.json');
  expect(res.status).toBe(200);
  return JSON.parse(res.text) as Stats;
}

const agentOf = (s: Stats, family: string) =>
  s.agents.find((agent) => agent.family === family) ?? { requests: 0 };

beforeAll(async () => {
  port = await freePort();
  database = await createFixtureDatabase('sqlite');
  signingAgent = await startSigningAgent();
  await boot();
  const article = (await f.strapi.documents('api::article.article' as never).create({
    data: { title: 'Counted', slug: 'counted', content: blocks('A body worth fetching.') },
    status: 'published',
  } as never)) as unknown as { documentId: string };
  expect(article.documentId).toBeTruthy();
  await f.strapi.documents('api::page.page' as never).create({
    data: { title: 'About', slug: 'about', body: 'Who we are.' },
    status: 'published',
  } as never);
  await f.agentReady.whenIdle();
  const items = await sitemapItems(f.http);
  const articleItem = items.find((item) => item.cUrl.includes('/blog/counted/'))!;
  articleMUrl = pathOf(articleItem.mUrl);
  pageMUrl = pathOf(items.find((item) => item.cUrl.includes('/pages/about/'))!.mUrl);
  const first = await get(articleMUrl);
  articleEtag = first.headers.etag as string;
  articleBytes = Number(first.headers['content-length']);
  expect(articleBytes).toBeGreaterThan(0);
}, 300_000);

afterAll(async () => {
  await f?.stop();
  await signingAgent?.close();
});

describe('AI usage preferences', () => {
  it("sends the site's Content-Usage, with a content type's own terms laid over it", async () => {
    for (const path of [articleMUrl, '/llm-sitemap.json', '/llms.txt']) {
      expect([path, (await get(path)).headers['content-usage']]).toEqual([
        path,
        'train-ai=n, search=y',
      ]);
    }
    expect((await get(pageMUrl)).headers['content-usage']).toBe('train-ai=y, search=y');
    const robots = await get('/robots.txt');
    if (robots.status === 200) expect(robots.text).not.toContain('Disallow: /llm');
  });
});

describe('serving metrics', () => {
  it('counts a known concurrent mix exactly, agent endpoints only', async () => {
    const before = await stats();
    const gpt = {
      'User-Agent': 'Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)',
    };
    const claude = { 'User-Agent': 'ClaudeBot/1.0; +claudebot@anthropic.com' };
    const perplexity = { 'User-Agent': 'PerplexityBot/1.0' };
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => get(articleMUrl, gpt)),
      ...Array.from({ length: 15 }, () =>
        get(articleMUrl, { ...claude, 'If-None-Match': articleEtag }),
      ),
      ...Array.from({ length: 5 }, () => get('/en/blog/no-such-thing/llm.json', perplexity)),
      ...Array.from({ length: 10 }, () => get('/llm-sitemap.json', perplexity)),
      // Strapi's own routes are not agent endpoints: never counted.
      ...Array.from({ length: 5 }, () => get('/api/articles', gpt)),
    ]);
    const statuses = answers.map((res) => res.status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.slice(20, 35)).toEqual(Array(15).fill(304));
    expect(statuses.slice(35, 40)).toEqual(Array(5).fill(404));
    expect(statuses.slice(40, 50)).toEqual(Array(10).fill(200));

    const after = await stats();
    const added = (family: string) =>
      (agentOf(after, family) as Summary).requests - agentOf(before, family).requests;
    expect(added('GPTBot')).toBe(20);
    expect(added('ClaudeBot')).toBe(15);
    expect(added('PerplexityBot')).toBe(15);
    const gptAfter = agentOf(after, 'GPTBot') as Summary;
    const gptBefore = (agentOf(before, 'GPTBot') as Summary).bytesSent ?? 0;
    expect(gptAfter.bytesSent - gptBefore).toBe(20 * articleBytes);
    const claudeAfter = agentOf(after, 'ClaudeBot') as Summary;
    expect(claudeAfter.notModified).toBe(15);
    expect(claudeAfter.bytesSent).toBe(0);
    expect(claudeAfter.notModifiedRate).toBe(1);
    // Headless: Strapi never sees the HTML pages, so their cost is an estimate, labelled so.
    expect(gptAfter.htmlBytes).toBeGreaterThan(gptAfter.bytesSent);
    expect(gptAfter.htmlBytesEstimated).toBe(gptAfter.htmlBytes);
    const perplexityAfter = agentOf(after, 'PerplexityBot') as Summary;
    expect(perplexityAfter.gone).toBe(5);
    expect(perplexityAfter.ok).toBe(10);
  });

  it('a 304 writes nothing to the database', async () => {
    await get(articleMUrl, { 'If-None-Match': articleEtag }); // warm the row cache
    const writes: string[] = [];
    const knex = f.strapi.db.connection;
    const onQuery = (query: { sql: string }) => {
      if (!/^\s*select\b/i.test(query.sql) && !/^\s*pragma\b/i.test(query.sql))
        writes.push(query.sql);
    };
    knex.on('query', onQuery);
    try {
      for (let i = 0; i < 30; i++) {
        expect((await get(articleMUrl, { 'If-None-Match': articleEtag })).status).toBe(304);
      }
    } finally {
      knex.removeListener('query', onQuery);
    }
    expect(writes).toEqual([]);
    // ...and the flush that follows does write them.
    knex.on('query', onQuery);
    try {
      await f.agentReady.flushMetrics();
    } finally {
      knex.removeListener('query', onQuery);
    }
    expect(writes.length).toBeGreaterThan(0);
  });

  it('shows the numbers in the admin page API', async () => {
    await createAdminUser(f.strapi, 'metrics@example.com', [await superAdminRoleId(f.strapi)]);
    const jwt = await adminJwt(f.http, 'metrics@example.com');
    await get(articleMUrl, { 'User-Agent': 'Bytespider' });
    const res = await request(f.http)
      .get('/agent-ready/overview')
      .set('Authorization', `Bearer ${jwt}`);
    expect(res.status).toBe(200);
    const traffic = (res.body as { traffic: Stats }).traffic;
    expect(traffic.daily).toHaveLength(30);
    expect(traffic.totals.requests).toBe(traffic.daily.reduce((sum, d) => sum + d.requests, 0));
    // The request just made is there: the overview writes this instance's counts first.
    expect(agentOf(traffic, 'Bytespider').requests).toBe(1);
    expect(agentOf(traffic, 'ClaudeBot').requests).toBeGreaterThanOrEqual(15);
  });

  it('writes what is pending at shutdown, once: a restart neither loses nor doubles it', async () => {
    const before = await stats();
    const amazon = { 'User-Agent': 'Mozilla/5.0 (compatible; Amazonbot/0.1)' };
    for (let i = 0; i < 7; i++) expect((await get(articleMUrl, amazon)).status).toBe(200);
    await f.stop({ keepDatabase: true });
    await boot();
    const after = await stats();
    expect(agentOf(after, 'Amazonbot').requests - agentOf(before, 'Amazonbot').requests).toBe(7);
    for (const family of ['GPTBot', 'ClaudeBot', 'PerplexityBot']) {
      expect([family, agentOf(after, family).requests]).toEqual([
        family,
        agentOf(before, family).requests,
      ]);
    }
  }, 300_000);
});

describe('size budget', () => {
  it('a document over 50,000 characters is served, with a warning in the log and the admin page', async () => {
    await f.strapi.documents('api::article.article' as never).create({
      data: { title: 'Long read', slug: 'long-read', content: blocks('word '.repeat(12_000)) },
      status: 'published',
    } as never);
    await f.agentReady.whenIdle();
    expect((await get('/en/blog/long-read/llm.json')).status).toBe(200);
    await createAdminUser(f.strapi, 'sizes@example.com', [await superAdminRoleId(f.strapi)]);
    const jwt = await adminJwt(f.http, 'sizes@example.com');
    const res = await request(f.http)
      .get('/agent-ready/overview')
      .set('Authorization', `Bearer ${jwt}`);
    const problems = (res.body as { problems: { level: string; message: string }[] }).problems;
    expect(problems).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        message: expect.stringMatching(/long-read\/ is \d+ characters .*agents may truncate it/),
      }),
    );
  });
});

describe('Web Bot Auth', () => {
  const host = () => `127.0.0.1:${port}`;

  it('labels a verified agent in the metrics; a bad signature is served, labelled by User-Agent', async () => {
    const good = await get(articleMUrl, await signingAgent.sign(host(), articleMUrl));
    expect(good.status).toBe(200);
    const bad = await get(articleMUrl, await signingAgent.sign(host(), articleMUrl, false));
    expect(bad.status).toBe(200);
    const s = await stats();
    expect(agentOf(s, `verified:${new URL(signingAgent.origin).host}`).requests).toBe(1);
  });

  it('refuses a failing signature on agent endpoints only when the publisher gates on it', async () => {
    await f.stop({ keepDatabase: true });
    await boot(true);
    expect(
      (await get(articleMUrl, await signingAgent.sign(host(), articleMUrl, false))).status,
    ).toBe(401);
    expect((await get(articleMUrl, await signingAgent.sign(host(), articleMUrl))).status).toBe(200);
    expect((await get(articleMUrl)).status).toBe(200);
    // Strapi's own routes are never gated by the plugin.
    const health = await get('/_health', await signingAgent.sign(host(), '/_health', false));
    expect(health.status).toBe(204);
  }, 300_000);
});
