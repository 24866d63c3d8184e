import type { Knex } from 'knex';
import {
  availableDialects,
  databaseConfig,
  MYSQL_CONNECTION,
  POSTGRES_URL,
  startTcpProxy,
  uniqueTablePrefix,
  type TcpProxy,
} from '@agent-ready/test-support';
import {
  RegenerationEngine,
  StoreUnavailableError,
  type DatabaseOption,
  dropAgentTables,
} from '../src';
import { preparedDocument } from './fixtures/prepared-documents';

/** Database servers reached through a proxy the test can cut. SQLite has no server to lose. */
const servers = [
  {
    dialect: 'postgres' as const,
    target: () => {
      const url = new URL(POSTGRES_URL);
      return { host: url.hostname, port: Number(url.port || 5432) };
    },
    option: (port: number): DatabaseOption => {
      // The test file's own schema (databaseConfig), through the proxy's port.
      const url = new URL((databaseConfig('postgres') as { connection: string }).connection);
      url.port = String(port);
      return {
        client: 'postgres',
        connection: { connectionString: url.toString(), connectionTimeoutMillis: 1500 },
        pool: { min: 0, max: 4, acquireTimeoutMillis: 3000 },
      };
    },
  },
  {
    dialect: 'mysql' as const,
    target: () => ({ host: MYSQL_CONNECTION.host, port: MYSQL_CONNECTION.port }),
    option: (port: number): DatabaseOption => ({
      client: 'mysql',
      connection: {
        ...(databaseConfig('mysql') as { connection: typeof MYSQL_CONNECTION }).connection,
        port,
        connectTimeout: 1500,
      },
      pool: { min: 0, max: 4, acquireTimeoutMillis: 3000 },
    }),
  },
];

for (const server of servers) {
  const run = availableDialects().includes(server.dialect) ? describe : describe.skip;
  run(`a ${server.dialect} server that goes away mid-operation`, () => {
    let proxy: TcpProxy;
    let engine: RegenerationEngine;
    const prefix = uniqueTablePrefix();
    const logged: string[] = [];
    const logger = {
      info: (m: string) => logged.push(m),
      warn: (m: string) => logged.push(m),
      error: (m: string) => logged.push(m),
    };

    beforeAll(async () => {
      const target = server.target();
      proxy = await startTcpProxy(target.host, target.port);
      engine = await RegenerationEngine.open({
        database: server.option(proxy.port),
        tablePrefix: prefix,
        rebuild: { automatic: false },
        logger,
      });
    });

    afterAll(async () => {
      proxy.restore();
      const knex: Knex = engine.knex;
      await dropAgentTables(knex, prefix);
      await engine.close();
      await proxy.close();
    });

    it('fails with a typed, retryable error, writes nothing half, and a retry works', async () => {
      await engine.upsert(
        preparedDocument({ key: 'a', path: '/a/', title: 'A', content: 'first' }),
      );
      const seqBefore = Number(
        (await engine.knex(`${prefix}state`).where({ name: 'content_seq' }).first('value')).value,
      );

      // Cut the connection exactly when the transaction writes the row.
      const cutOnWrite = (query: { sql: string }) => {
        if (/^update .*documents/i.test(query.sql.replace(/["`]/g, ''))) proxy.cut();
      };
      engine.knex.on('query', cutOnWrite);
      const failed = await engine
        .upsert(preparedDocument({ key: 'a', path: '/a/', title: 'A', content: 'second' }))
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      engine.knex.removeListener('query', cutOnWrite);
      expect(failed).toBeInstanceOf(StoreUnavailableError);
      expect((failed as StoreUnavailableError).retryable).toBe(true);

      // While the server is away, new operations fail the same typed way, quickly; the
      // driver's complaints reach the host's logger, not stdout (where a worker protocol or a
      // JSON log stream would choke on them).
      const stdout: string[] = [];
      const write = process.stdout.write;
      process.stdout.write = ((chunk: string | Uint8Array) => {
        stdout.push(String(chunk));
        return true;
      }) as typeof process.stdout.write;
      try {
        await expect(
          engine.upsert(preparedDocument({ key: 'b', path: '/b/', title: 'B', content: 'x' })),
        ).rejects.toThrow(StoreUnavailableError);
      } finally {
        process.stdout.write = write;
      }
      expect(stdout).toEqual([]);
      expect(
        logged.some((m) => m.startsWith('agent-ready: database: Acquire connection error')),
      ).toBe(true);

      proxy.restore();
      const row = await engine.reader.findMUrl('/a/llm.json');
      expect(JSON.parse(row!.body!.toString()).content).toBe('first');
      const seqAfter = Number(
        (await engine.knex(`${prefix}state`).where({ name: 'content_seq' }).first('value')).value,
      );
      expect(seqAfter).toBe(seqBefore);

      const retried = await engine.upsert(
        preparedDocument({ key: 'a', path: '/a/', title: 'A', content: 'second' }),
      );
      expect(retried.status).toBe('updated');
      expect(
        JSON.parse((await engine.reader.findMUrl('/a/llm.json'))!.body!.toString()).content,
      ).toBe('second');
    });
  });
}
