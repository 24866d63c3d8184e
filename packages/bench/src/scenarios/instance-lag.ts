import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { dropAgentTables, type DatabaseOption, type NotifyOptions } from '@agent-ready/store';
import {
  availableDialects,
  databaseConfig,
  probeDatabases,
  probeRedis,
  REDIS_URL,
  uniqueTablePrefix,
} from '@agent-ready/test-support';
import {
  figure,
  percentile,
  ScenarioSkipped,
  type BenchFigure,
  type BenchScenario,
} from '../measurement';
import { startServer } from '../serving-load';
import { siteListener } from '../servers/site-listener';
import { BENCH_ORIGIN, benchDocument, bulkLoad, openBenchSite } from './bench-documents';

/** The goal of issue 33: a second instance serves a change within this of the writer's ack. */
const BUDGET_MS = 50;
const DOCUMENTS = 1_000;
const WARM_UP = 10;

/** Polls `origin` + `path` until `seen` says so; the time from `since` until then, in ms. */
async function untilServed(
  origin: string,
  path: string,
  since: number,
  seen: (status: number, etag: string | null) => boolean,
): Promise<number> {
  for (let polls = 0; ; polls++) {
    const res = await fetch(`${origin}${path}`);
    await res.arrayBuffer();
    if (seen(res.status, res.headers.get('etag'))) return performance.now() - since;
    if (polls > 100_000) throw new Error(`${origin}${path} never showed the change`);
  }
}

/**
 * Issue 33: with a writer A and a read-only instance B in another process on one PostgreSQL
 * database, how long after A acknowledged a change B serves it (an edit: the new ETag; an
 * unpublish: 404), polling B as fast as it answers. The baseline is the same measured on A
 * itself, in the same run: samples alternate between the two. Issue 46: the same on MariaDB,
 * where B learns of A's commits over Redis (`notify.redis`).
 */
async function measureLag(
  database: DatabaseOption,
  edits: number,
  unpublishes: number,
  notify?: NotifyOptions,
) {
  const prefix = uniqueTablePrefix();
  const writer = await openBenchSite(database, prefix, notify ? { notify } : {});
  const a = http.createServer(siteListener(writer, BENCH_ORIGIN));
  try {
    const engine = writer.engine!;
    await bulkLoad(engine, DOCUMENTS);
    await new Promise<void>((resolve) => a.listen(0, '127.0.0.1', resolve));
    const aOrigin = `http://127.0.0.1:${(a.address() as { port: number }).port}`;
    const b = await startServer('serve-second-instance.ts', [
      JSON.stringify(database),
      prefix,
      ...(notify ? [JSON.stringify(notify)] : []),
    ]);
    const bOrigin = `http://127.0.0.1:${b.port}`;
    const times = {
      edit: { a: [] as number[], b: [] as number[] },
      gone: { a: [] as number[], b: [] as number[] },
    };
    try {
      for (let i = 0; i < WARM_UP + edits; i++) {
        const doc = benchDocument((i * 7919) % DOCUMENTS, 1_000 + i);
        const saved = await engine.upsert(doc);
        const acknowledged = performance.now();
        const on = i % 2 === 0 ? 'a' : 'b';
        const elapsed = await untilServed(
          on === 'a' ? aOrigin : bOrigin,
          doc.mPath,
          acknowledged,
          (status, etag) => status === 200 && etag === `"${saved.hash}"`,
        );
        if (i >= WARM_UP) times.edit[on].push(elapsed);
      }
      for (let i = 0; i < unpublishes; i++) {
        // One document each, from the top of the range.
        const doc = benchDocument(DOCUMENTS - 1 - i, 0);
        await engine.remove(doc.key, '', 'unpublished');
        const acknowledged = performance.now();
        const on = i % 2 === 0 ? 'a' : 'b';
        times.gone[on].push(
          await untilServed(
            on === 'a' ? aOrigin : bOrigin,
            doc.mPath,
            acknowledged,
            (status) => status === 404,
          ),
        );
      }
    } finally {
      b.child.kill();
    }
    return times;
  } finally {
    a.closeAllConnections();
    a.close();
    await dropAgentTables(writer.engine!.knex, prefix);
    await writer.close();
  }
}

/** What each measured set-up is: the database, how B learns of a commit, the figures' ids. */
interface LagSetup {
  /** Inserted into the figure ids (`store.instance-lag<id>.edit.p95`): '' for PostgreSQL. */
  id: string;
  how: string;
  before: { edit: string; gone: string };
}

const POSTGRES_SETUP: LagSetup = {
  id: '',
  how: 'a PostgreSQL NOTIFY at commit (its LISTEN proved live first); before issue 33 it only polled every 250 ms',
  before: { edit: '263 ms p50 for an edit', gone: '200 for up to 254 ms after an unpublish' },
};

const REDIS_SETUP: LagSetup = {
  id: '.mariadb-redis',
  how: 'a Redis publish after the commit (`notify.redis`, its subscription live first) on MariaDB; without it B polls every 250 ms (revalidateAfterMs)',
  before: { edit: 'up to 250 ms', gone: '200 for up to 250 ms after an unpublish' },
};

function lagFigures(
  setup: LagSetup,
  database: string,
  times: Awaited<ReturnType<typeof measureLag>>,
): BenchFigure[] {
  const figures: BenchFigure[] = [];
  const kinds = [
    { key: 'edit', what: 'an edit (the new ETag)', short: 'serves an edit' },
    { key: 'gone', what: 'an unpublish (404)', short: 'answers 404 after an unpublish' },
  ] as const;
  for (const { key, what, short } of kinds) {
    const { a, b } = times[key];
    for (const p of [50, 95]) {
      figures.push(
        figure({
          id: `store.instance-lag${setup.id}.${key}.p${p}`,
          title: `B (another process) ${short}, p${p} after A's acknowledgement (${database})`,
          unit: 'ms',
          betterIs: 'lower',
          samples: [percentile(b, p)],
          baseline: {
            title: 'A itself, after its own acknowledgement',
            samples: [percentile(a, p)],
          },
          ...(p === 95 ? { budget: BUDGET_MS } : {}),
          notes: `${b.length} samples each, alternating between B and A; B learns of ${what} by ${setup.how} (${setup.before[key]})`,
        }),
      );
    }
  }
  return figures;
}

export const instanceLagScenario: BenchScenario = {
  id: 'store.instance-lag',
  title:
    'A second instance: from the writer’s acknowledgement until another process serves the change (PostgreSQL NOTIFY; MariaDB with Redis)',
  async run({ quick }) {
    await probeDatabases();
    await probeRedis();
    const dialects = availableDialects();
    if (!dialects.includes('postgres'))
      throw new ScenarioSkipped('PostgreSQL does not answer on this machine');
    const edits = quick ? 40 : 200;
    const unpublishes = quick ? 20 : 60;
    const figures = lagFigures(
      POSTGRES_SETUP,
      'PostgreSQL',
      await measureLag(databaseConfig('postgres') as DatabaseOption, edits, unpublishes),
    );
    if (dialects.includes('mysql') && process.env.AGENT_READY_REDIS_AVAILABLE === '1') {
      const times = await measureLag(
        databaseConfig('mysql') as DatabaseOption,
        edits,
        unpublishes,
        { redis: REDIS_URL },
      );
      figures.push(...lagFigures(REDIS_SETUP, 'MariaDB + Redis', times));
    }
    return figures;
  },
};
