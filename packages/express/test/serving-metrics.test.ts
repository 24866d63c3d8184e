import express from 'express';
import knexFactory, { type Knex } from 'knex';
import request from 'supertest';
import { databaseConfig, describeEachDatabase, uniqueTablePrefix } from '@agent-ready/test-support';
import type { DatabaseOption } from '@agent-ready/store';
import { openDatabase } from '@agent-ready/store/internal';
import { agentReady, type AgentReadyMiddleware, type AgentReadyOptions } from '../src';
import { dropTables } from './drop-tables';

const GPTBOT = 'Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const CLAUDEBOT = 'Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describeEachDatabase('serving metrics', (dialect) => {
  let database: DatabaseOption;
  let prefix: string;
  const open = (extra: Partial<AgentReadyOptions> = {}) =>
    agentReady({
      site: { origin: 'https://example.com', name: 'Example' },
      database,
      tablePrefix: prefix,
      rebuild: { debounceMs: 5, healIntervalMs: 0 },
      metrics: { enabled: true, stats: 'public', flushIntervalMs: 60_000 },
      ...extra,
    });
  const appFor = (agent: AgentReadyMiddleware) => {
    const app = express();
    app.use(agent);
    app.get('/{*path}', (req, res) =>
      res.type('html').send(`<html><body>${'x'.repeat(5000)}${req.path}</body></html>`),
    );
    return app;
  };

  beforeEach(() => {
    database = databaseConfig(dialect) as DatabaseOption;
    prefix = uniqueTablePrefix();
  });

  afterEach(async () => {
    if (dialect !== 'sqlite') await dropTables(database, prefix);
  });

  async function metricRows() {
    const db = openDatabase(database);
    try {
      return (await db.knex(`${prefix}metrics`).select('*')).map((r: Record<string, unknown>) => ({
        kind: r.kind,
        family: r.family,
        requests: Number(r.requests),
        ok: Number(r.ok),
        notModified: Number(r.not_modified),
        gone: Number(r.gone),
      }));
    } finally {
      await db.knex.destroy();
    }
  }

  it('counts a known concurrent mix exactly, and survives a restart without double counting', async () => {
    let agent = open();
    let app = appFor(agent);
    await agent.publish({
      id: 'a',
      url: '/a/',
      title: 'A',
      body: { format: 'text', value: 'alpha' },
    });
    await agent.idle();
    const etag = (await request(app).get('/a/llm.json')).headers.etag!;
    await agent.flushMetrics();
    const baseline = await metricRows();
    const mix = [
      ...Array.from({ length: 25 }, () =>
        request(app).get('/a/llm.json').set('User-Agent', GPTBOT),
      ),
      ...Array.from({ length: 15 }, () =>
        request(app).get('/a/llm.json').set('User-Agent', CLAUDEBOT).set('If-None-Match', etag),
      ),
      ...Array.from({ length: 10 }, () =>
        request(app).get('/nope/llm.json').set('User-Agent', GOOGLEBOT),
      ),
      ...Array.from({ length: 5 }, () =>
        request(app).get('/llm-sitemap.json').set('User-Agent', GOOGLEBOT),
      ),
    ];
    await Promise.all(mix);
    await agent.close(); // flushes
    agent = open();
    app = appFor(agent);
    await Promise.all(
      Array.from({ length: 5 }, () =>
        request(app).get('/a/llm.json').set('User-Agent', GPTBOT).set('If-None-Match', etag),
      ),
    );
    await agent.flushMetrics();
    await agent.flushMetrics(); // a second flush with nothing new adds nothing
    const rows = await metricRows();
    const get = (kind: string, family: string) =>
      rows.find((r) => r.kind === kind && r.family === family);
    const before = (kind: string, family: string) =>
      baseline.find((r) => r.kind === kind && r.family === family)?.requests ?? 0;
    expect(get('m-url', 'GPTBot')).toMatchObject({ requests: 30, ok: 25, notModified: 5 });
    expect(get('m-url', 'ClaudeBot')).toMatchObject({ requests: 15, notModified: 15 });
    expect(get('m-url', 'Googlebot')).toMatchObject({ requests: 10, gone: 10 });
    expect(get('sitemap', 'Googlebot')!.requests - before('sitemap', 'Googlebot')).toBe(5);
    await agent.close();
  });

  it('serves a 304 without a single database write', async () => {
    const knex: Knex =
      dialect === 'sqlite'
        ? knexFactory({
            client: 'better-sqlite3',
            connection: { filename: (database as { filename: string }).filename },
            useNullAsDefault: true,
          })
        : openDatabase(database).knex;
    const agent = open({ database: knex, revalidateAfterMs: 0 });
    const app = appFor(agent);
    await agent.publish({
      id: 'a',
      url: '/a/',
      title: 'A',
      body: { format: 'text', value: 'alpha' },
    });
    await agent.idle();
    const etag = (await request(app).get('/a/llm.json')).headers.etag!;
    const statements: string[] = [];
    const listen = (query: { sql: string }) => statements.push(query.sql);
    knex.on('query', listen);
    for (let i = 0; i < 10; i++) {
      expect((await request(app).get('/a/llm.json').set('If-None-Match', etag)).status).toBe(304);
    }
    knex.removeListener('query', listen);
    expect(statements.length).toBeGreaterThan(0); // it did read (revalidation), …
    expect(statements.filter((sql) => !/^\s*select/i.test(sql))).toEqual([]); // … and never wrote
    await agent.close();
    await knex.destroy();
  });

  it('measures page sizes for the HTML comparison and serves /llm-stats.json', async () => {
    const agent = open();
    const app = appFor(agent);
    await agent.publish({
      id: 'a',
      url: '/a/',
      title: 'A',
      body: { format: 'text', value: 'alpha' },
    });
    await agent.idle();
    const page = await request(app)
      .get('/a/')
      .set('User-Agent', 'Mozilla/5.0 (X11) Chrome/126.0 Safari/537.36');
    await request(app).get('/a/llm.json').set('User-Agent', GPTBOT); // before the size is known: estimated
    await agent.flushMetrics();
    await request(app).get('/a/llm.json').set('User-Agent', GPTBOT); // after: measured
    await agent.flushMetrics();
    const stats = JSON.parse((await request(app).get('/llm-stats.json')).text);
    const gpt = stats.agents.find((a: { family: string }) => a.family === 'GPTBot');
    const pageBytes = Number(page.headers['content-length']);
    expect(gpt.htmlBytes - gpt.htmlBytesEstimated).toBe(pageBytes);
    expect(gpt.htmlBytesEstimated).toBeGreaterThan(0);
    expect(stats.daily).toHaveLength(30);
    expect(stats.agents.map((a: { family: string }) => a.family)).toContain('browser');
    await agent.close();
  });

  it('keeps /llm-stats.json behind the access hook when protected', async () => {
    const agent = open({
      metrics: { enabled: true, stats: 'protected' },
      authorize: (req, res, next) =>
        req.headers.authorization === 'Bearer ok' ? next() : res.status(401).end(),
    });
    const app = appFor(agent);
    expect((await request(app).get('/llm-stats.json')).status).toBe(401);
    expect(
      (await request(app).get('/llm-stats.json').set('Authorization', 'Bearer ok')).status,
    ).toBe(200);
    await agent.close();
  });
});
