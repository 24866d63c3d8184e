import http from 'node:http';
import type { Knex } from 'knex';
import {
  databaseConfig,
  describeEachDatabase,
  describeWithVarnish,
  startVarnish,
  uniqueTablePrefix,
  type VarnishInstance,
} from '@agent-ready/test-support';
import {
  createPurgeDelivery,
  createVarnishPurger,
  dropAgentTables,
  enqueuePurgeKeys,
  type DatabaseOption,
  type Dialect,
} from '../src';
import { openDatabase, runMigrations, tableNames } from '../src/internal';

/** What Varnish answered, and whether from its cache (two transaction ids in X-Varnish). */
function get(origin: string, path: string): Promise<{ hit: boolean; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}${path}`, { agent: false }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () =>
          resolve({ hit: /^\d+ \d+$/.test(String(res.headers['x-varnish'])), body }),
        );
      })
      .on('error', reject);
  });
}

describeWithVarnish('the settle re-purge through real varnishd', () => {
  let backend: http.Server;
  let cache: VarnishInstance;
  let version = 1;
  /** A fetch the backend holds: it read `version` when the request came, answers on release. */
  let hold: { arrive: () => void; answer?: () => void } | undefined;

  beforeAll(async () => {
    backend = http.createServer((req, res) => {
      const body = `${req.url} v${version}`;
      const answer = () => {
        res.writeHead(200, {
          'content-type': 'text/plain',
          'cache-control': 'public, max-age=0, must-revalidate',
          'surrogate-control': 'max-age=86400',
          'surrogate-key': 'site feed',
        });
        res.end(body);
      };
      if (hold && !hold.answer) {
        hold.answer = answer;
        hold.arrive();
      } else {
        answer();
      }
    });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    const port = (backend.address() as { port: number }).port;
    cache = await startVarnish({ backend: { port }, purgeToken: 'purge-secret' });
  });

  afterAll(async () => {
    await cache?.stop();
    backend?.closeAllConnections();
    await new Promise<void>((resolve) => backend?.close(() => resolve()) ?? resolve());
  });

  function holdNextFetch(): { arrived: Promise<void>; release(): void } {
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const next: { arrive: () => void; answer?: () => void } = { arrive };
    hold = next;
    return {
      arrived,
      release() {
        hold = undefined;
        next.answer!();
      },
    };
  }

  describeEachDatabase('with the outbox in', (dialect) => {
    let knex: Knex;
    let prefix: string;
    let now = 1_800_000_000_000;

    beforeEach(async () => {
      prefix = uniqueTablePrefix();
      knex = openDatabase(databaseConfig(dialect) as DatabaseOption).knex;
      await runMigrations(knex, tableNames(prefix), dialect as Dialect);
    });

    afterEach(async () => {
      if (dialect !== 'sqlite') await dropAgentTables(knex, prefix);
      await knex.destroy();
    });

    it('removes what a fetch straddling the commit and its first purge stored', async () => {
      const path = `/feed-${prefix}`;
      const delivery = createPurgeDelivery({
        knex,
        tables: tableNames(prefix),
        purger: createVarnishPurger({ addresses: [cache.origin], token: 'purge-secret' }),
        clock: () => now,
      });
      version = 1;
      // A miss: the cache fetches from the origin, which reads the old version...
      const held = holdNextFetch();
      const straddling = get(cache.origin, path);
      await held.arrived;
      // ...then the change commits and its first purge goes out, finding no object yet...
      version = 2;
      await knex.transaction((trx) => enqueuePurgeKeys(trx, tableNames(prefix), ['feed'], now));
      expect(await delivery.deliverDue()).toMatchObject({ sent: 1, resent: 0 });
      // ...and the old bytes are stored after it: the window a single purge leaves.
      held.release();
      expect(await straddling).toEqual({ hit: false, body: `${path} v1` });
      expect(await get(cache.origin, path)).toEqual({ hit: true, body: `${path} v1` });
      now += 2000;
      expect(await delivery.deliverDue()).toMatchObject({ sent: 0, resent: 1 });
      expect(await get(cache.origin, path)).toEqual({ hit: false, body: `${path} v2` });
    });
  });
});
