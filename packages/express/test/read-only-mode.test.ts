import express from 'express';
import request from 'supertest';
import { databaseConfig, describeEachDatabase, uniqueTablePrefix } from '@agent-ready/test-support';
import type { DatabaseOption } from '@agent-ready/store';
import { agentReady } from '../src';
import { dropTables } from './drop-tables';

describeEachDatabase('read-only mode over a table another process writes', (dialect) => {
  it('serves what the writer published, refuses to publish itself, and sees later changes', async () => {
    const database = databaseConfig(dialect) as DatabaseOption;
    const tablePrefix = uniqueTablePrefix();
    const site = { origin: 'https://example.com', name: 'Example' };
    // The writer: e.g. the Strapi plugin, here a standalone adapter on the same database.
    const writer = agentReady({
      site,
      database,
      tablePrefix,
      rebuild: { debounceMs: 5, healIntervalMs: 0 },
    });
    const reader = agentReady({
      site,
      database,
      tablePrefix,
      mode: 'read-only',
      revalidateAfterMs: 0,
    });
    try {
      await writer.publish({
        id: 'a',
        url: '/a/',
        title: 'A',
        body: { format: 'text', value: 'one' },
      });
      await writer.idle();
      const app = express().use(reader);
      const first = await request(app).get('/a/llm.json');
      expect(first.status).toBe(200);
      expect(JSON.parse((await request(app).get('/llm-sitemap.json')).text).items).toHaveLength(1);
      await expect(reader.publish({ id: 'b', url: '/b/', title: 'B' })).rejects.toThrow(
        /read-only/,
      );

      await writer.publish({
        id: 'a',
        url: '/a/',
        title: 'A',
        body: { format: 'text', value: 'two' },
      });
      const second = await request(app)
        .get('/a/llm.json')
        .set('If-None-Match', first.headers.etag!);
      expect(second.status).toBe(200);
      expect(JSON.parse(second.text).content).toBe('A\n\ntwo');
    } finally {
      await reader.close();
      await writer.close();
      if (dialect !== 'sqlite') await dropTables(database, tablePrefix);
    }
  });

  it("serves the writer's policy and usage preferences, not its own, and follows their changes", async () => {
    const database = databaseConfig(dialect) as DatabaseOption;
    const tablePrefix = uniqueTablePrefix();
    const site = { origin: 'https://example.com', name: 'Example' };
    const writerWith = (effective: string) => ({
      site,
      database,
      tablePrefix,
      policy: { effective },
      usage: { search: false },
      rebuild: { debounceMs: 5, healIntervalMs: 0 },
    });
    let writer = agentReady(writerWith('2026-01-01T00:00:00Z'));
    const reader = agentReady({
      site,
      database,
      tablePrefix,
      mode: 'read-only',
      revalidateAfterMs: 0,
      policy: { effective: '2020-01-01T00:00:00Z' },
      logger: { info() {}, warn() {}, error() {} },
    });
    try {
      await writer.publish({ id: 'a', url: '/a/', title: 'A' });
      await writer.idle();
      const app = express().use(reader);
      const policy = await request(app).get('/llm-policy.json');
      expect(JSON.parse(policy.text).effective).toBe('2026-01-01T00:00:00Z');
      expect(policy.headers['content-usage']).toBe('search=n');
      expect((await request(app).get('/a/llm.json')).headers['content-usage']).toBe('search=n');
      // The writer restarts with a new policy: the reader follows its next install.
      await writer.close();
      writer = agentReady(writerWith('2026-06-01T00:00:00Z'));
      await writer.ready();
      await writer.idle();
      const changed = await request(app).get('/llm-policy.json');
      expect(JSON.parse(changed.text).effective).toBe('2026-06-01T00:00:00Z');
    } finally {
      await reader.close();
      await writer.close();
      if (dialect !== 'sqlite') await dropTables(database, tablePrefix);
    }
  });

  it('says clearly when the writer has not created the table yet', async () => {
    const reader = agentReady({
      site: { origin: 'https://example.com', name: 'Example' },
      database: databaseConfig(dialect) as DatabaseOption,
      tablePrefix: uniqueTablePrefix(),
      mode: 'read-only',
    });
    // With no logger passed, the warning reaches the console (stderr), not nowhere.
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await expect(reader.ready()).rejects.toThrow(/does not exist: start the writer/);
      const res = await request(express().use(reader)).get('/a/llm.json');
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^agent-ready: .*does not exist/));
    } finally {
      warn.mockRestore();
      await reader.close();
    }
  });

  it('logs nowhere with logger: false, and to the logger given', async () => {
    const options = {
      site: { origin: 'https://example.com', name: 'Example' },
      database: databaseConfig(dialect) as DatabaseOption,
      tablePrefix: uniqueTablePrefix(),
      mode: 'read-only' as const,
    };
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const given: string[] = [];
    const silent = agentReady({ ...options, logger: false });
    const logged = agentReady({
      ...options,
      logger: { info() {}, warn: (m) => given.push(m), error: (m) => given.push(m) },
    });
    try {
      for (const reader of [silent, logged])
        expect((await request(express().use(reader)).get('/a/llm.json')).status).toBe(503);
      expect(warn).not.toHaveBeenCalled();
      expect(given).toEqual([expect.stringMatching(/does not exist/)]);
    } finally {
      warn.mockRestore();
      await silent.close();
      await logged.close();
    }
  });
});
