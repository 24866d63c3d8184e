import {
  availableDialects,
  databaseConfig,
  describeWithRedis,
  REDIS_URL,
  startTcpProxy,
  uniqueTablePrefix,
  waitForState,
  type TcpProxy,
} from '@agent-ready/test-support';
import { openAgentSite, type AgentSite, type DatabaseOption, type StoreLogger } from '../src';
import { preparedDocument } from './fixtures/prepared-documents';
import { siteOptions } from './fixtures/site-options';
import { viewOf } from './fixtures/site-process';

/**
 * Issue 46, part 2: on MariaDB an instance learns of another's commit only by its poll, unless
 * `notify.redis` relays the commits. Two instances on one MariaDB database (each its own pool,
 * as on two machines), the reader trusting its cache for an hour: only Redis can tell it, and it
 * must, for an edit and for an unpublish. With Redis away the instances keep serving, say so,
 * and converge by the poll; when it is back, the relay is live again.
 */
const HOUR = 3_600_000;
const PAIRS = 40;
const dialect = availableDialects().includes('mysql') ? 'mysql' : 'sqlite';

const warnings: string[] = [];
const logger: StoreLogger = {
  info: () => undefined,
  warn: (message) => warnings.push(message),
  error: (message) => warnings.push(message),
};

function open(
  mode: 'standalone' | 'read-only',
  options: {
    database: DatabaseOption;
    tablePrefix: string;
    redis: string;
    revalidateAfterMs: number;
  },
): Promise<AgentSite> {
  return openAgentSite({
    site: siteOptions(),
    database: options.database,
    tablePrefix: options.tablePrefix,
    mode,
    revalidateAfterMs: options.revalidateAfterMs,
    rebuild: { automatic: false },
    notify: { redis: options.redis },
    logger,
  });
}

const doc = (edit: number) =>
  preparedDocument({ key: 'product', path: '/product/', title: 'Product', content: `v${edit}` });

describeWithRedis(`change notifications over Redis [${dialect}]`, () => {
  it('tell a second instance of every edit and unpublish, without its poll', async () => {
    const settings = {
      database: databaseConfig(dialect) as DatabaseOption,
      tablePrefix: uniqueTablePrefix(),
      redis: REDIS_URL,
      revalidateAfterMs: HOUR,
    };
    const writer = await open('standalone', settings);
    let reader: AgentSite | undefined;
    try {
      reader = await open('read-only', settings);
      const readerSite = reader;
      await waitForState('both relays live', async () =>
        writer.reader.changeRelay?.state === 'live' &&
        readerSite.reader.changeRelay?.state === 'live'
          ? true
          : undefined,
      );
      const view = viewOf(reader);
      // The cache filled once: from here only a notification makes the reader look again.
      await writer.engine!.upsert(doc(0));
      await waitForState('the first version', async () =>
        (await view.get('/product/llm.json')).body.includes('v0') ? true : undefined,
      );
      for (let edit = 1; edit <= PAIRS; edit++) {
        await writer.engine!.upsert(doc(edit));
        await waitForState(
          `edit ${edit} served`,
          async () => {
            const served = await view.get('/product/llm.json');
            return served.status === 200 && served.body.includes(`v${edit}`) ? true : undefined;
          },
          { intervalMs: 2 },
        );
        await writer.engine!.remove('product', '', 'unpublished');
        await waitForState(
          `unpublish ${edit} served`,
          async () => ((await view.get('/product/llm.json')).status === 404 ? true : undefined),
          { intervalMs: 2 },
        );
      }
      expect(reader.reader.changeRelay).toMatchObject({ transport: 'redis', state: 'live' });
    } finally {
      await reader?.close();
      await writer.close();
    }
  });

  it('keep serving while Redis is away, say so, converge by the poll, and reconnect', async () => {
    const url = new URL(REDIS_URL);
    const proxy: TcpProxy = await startTcpProxy(url.hostname, Number(url.port || 6379));
    const settings = {
      database: databaseConfig(dialect) as DatabaseOption,
      tablePrefix: uniqueTablePrefix(),
      redis: `redis://127.0.0.1:${proxy.port}`,
      revalidateAfterMs: 100,
    };
    const writer = await open('standalone', settings);
    let reader: AgentSite | undefined;
    try {
      reader = await open('read-only', settings);
      const readerSite = reader;
      const view = viewOf(reader);
      await waitForState('the relay live', async () =>
        readerSite.reader.changeRelay?.state === 'live' ? true : undefined,
      );
      warnings.length = 0;
      proxy.cut();
      await waitForState('the relay down', async () =>
        readerSite.reader.changeRelay?.state === 'down' ? true : undefined,
      );
      expect(warnings.join('\n')).toMatch(/change notifications over redis:.*are down/);
      // The writer's save does not wait for Redis, nor fail.
      await writer.engine!.upsert(doc(1));
      await waitForState('the edit, by the poll', async () =>
        (await view.get('/product/llm.json')).body.includes('v1') ? true : undefined,
      );
      proxy.restore();
      await waitForState('the relay live again', async () =>
        readerSite.reader.changeRelay?.state === 'live' ? true : undefined,
      );
      expect(reader.reader.changeRelay!.connects).toBeGreaterThanOrEqual(2);
    } finally {
      await reader?.close();
      await writer.close();
      await proxy.close();
    }
  });

  it('refuses a URL that is not redis://', async () => {
    await expect(
      open('standalone', {
        database: databaseConfig('sqlite') as DatabaseOption,
        tablePrefix: uniqueTablePrefix(),
        redis: 'http://127.0.0.1:6379',
        revalidateAfterMs: 100,
      }),
    ).rejects.toThrow(/notify\.redis.*redis:\/\/ or rediss:\/\//);
  });
});
