import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sha256Hex, type PreparedDocument } from '@agent-ready/core';
import { createMcpHttpHandler, mcpSourceOfSite } from '@agent-ready/mcp';
import {
  dropAgentTables,
  openStoreReader,
  RegenerationEngine,
  type DatabaseOption,
} from '@agent-ready/store';
import { fillSearchIndex } from '@agent-ready/store/internal';
import {
  availableDialects,
  databaseConfig,
  probeDatabases,
  uniqueTablePrefix,
} from '@agent-ready/test-support';
import {
  figure,
  percentile,
  ScenarioSkipped,
  type BenchFigure,
  type BenchScenario,
} from '../measurement';
import {
  BENCH_ORIGIN,
  openBenchSite,
  preparedBenchDocument,
  publishedBenchRow,
  withBenchEngine,
} from './bench-documents';

/**
 * Issue 40's goals for the MCP endpoint's search: `search` p95 at N documents (100,000; fewer
 * with AGENT_READY_BENCH_SEARCH_DOCUMENTS or --quick) through the store's reader (query parsing,
 * ranking, the published-row join, snippets) against the same query run directly on the
 * database's full-text index (ids of the top 10 only); MCP `fetch` over HTTP against the M-URL
 * GET on the same server; and a reconcile with the search index maintained against one without.
 */

/** Words of the generated vocabulary: documents draw from it unevenly (a Zipf-like skew). */
const VOCABULARY = 8000;
const WORDS_PER_DOCUMENT = 250;
const QUERIES = 40;
const ROUNDS = 5;

function documentCount(quick: boolean): number {
  const asked = Number(process.env.AGENT_READY_BENCH_SEARCH_DOCUMENTS);
  if (Number.isSafeInteger(asked) && asked > 0) return asked;
  return quick ? 10_000 : 100_000;
}

/** A deterministic word: letters only, 4 to 9 of them. */
function word(n: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let out = '';
  let x = n * 2654435761 + 17;
  const length = 4 + (n % 6);
  for (let i = 0; i < length; i++) {
    out += letters[x % 26];
    x = Math.floor(x / 26) + n * 31 + i * 7;
  }
  return out;
}

/** Document `index`'s text: words drawn with a skew, so queries match few or many. */
function textOf(index: number): string {
  let seed = index * 7919 + 1;
  const words: string[] = [];
  for (let i = 0; i < WORDS_PER_DOCUMENT; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const r = seed / 2 ** 31;
    words.push(word(Math.floor(VOCABULARY * r * r)));
  }
  return `${words.join(' ')}.`;
}

function searchDocument(index: number): PreparedDocument {
  return preparedBenchDocument({
    key: `note-${index}`,
    path: `/notes/${index}/`,
    title: `Note ${index} ${word(index % VOCABULARY)}`,
    content: textOf(index),
    section: 'notes',
    renderKey: 'bench-search-1',
    language: 'en',
  });
}

/** Two words of middling frequency per query: each matches some, not all, documents. */
function queries(): string[] {
  return Array.from({ length: QUERIES }, (_, i) => {
    const a = word(200 + ((i * 37) % 800));
    const b = word(40 + ((i * 53) % 300));
    return `${a} ${b}`;
  });
}

/**
 * Three words that seldom occur together, two rare and one common: few documents hold all, so
 * the page reaches the documents holding two (a question's worst case on a large site: ranked
 * one by one, every document holding the common word would be).
 */
function scatteredQueries(): string[] {
  return Array.from({ length: QUERIES }, (_, i) => {
    const rare = word(6000 + ((i * 41) % 1900));
    const other = word(7000 + ((i * 29) % 900));
    const common = word(5 + (i % 30));
    return `${rare} ${common} ${other}`;
  });
}

/** The rows and their search entries, loaded around the engine (a bulk import). */
async function load(engine: RegenerationEngine, count: number): Promise<void> {
  let batch: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    batch.push(publishedBenchRow(searchDocument(i), i + 1));
    if (batch.length >= 2000) {
      await engine.knex.batchInsert(engine.tables.documents, batch, 250);
      batch = [];
    }
  }
  if (batch.length > 0) await engine.knex.batchInsert(engine.tables.documents, batch, 250);
  await fillSearchIndex(engine.knex, {
    db: { dialect: engine.dialect },
    tables: engine.tables,
    indexesSearch: true,
  });
  await engine.refreshStatistics();
  if (engine.dialect === 'postgres') await engine.knex.raw('analyze ??', [engine.tables.search]);
}

/**
 * The same query straight on the full-text index: the documents holding every word (the first
 * tier of the store's ranking) or any, the top 10 ids by the database's own relevance, nothing
 * else (no typo check, no terms-held count, no document row, no snippet).
 */
async function directQuery(
  engine: RegenerationEngine,
  query: string,
  held: 'all' | 'any',
): Promise<unknown> {
  const { knex, tables } = engine;
  const words = query.split(' ');
  if (engine.dialect === 'sqlite') {
    const match = words.map((w) => `"${w}"`).join(held === 'all' ? ' AND ' : ' OR ');
    return knex.raw(`select rowid from ?? where ?? match ? order by bm25(??, 10.0, 1.0) limit 10`, [
      tables.search,
      tables.search,
      match,
      tables.search,
    ]);
  }
  const text = words.map((w) => `'${w}'`).join(held === 'all' ? ' & ' : ' | ');
  return knex.raw(
    `select doc_id from ?? where vector @@ to_tsquery('english', ?) order by ts_rank(vector, to_tsquery('english', ?)) desc limit 10`,
    [tables.search, text, text],
  );
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/**
 * Search p95 over `asked` against the same queries straight on the index: every word (`all`,
 * two words that often occur together: the page is filled by documents holding both) or any
 * word (`any`, words that seldom do: the baseline ranks every document holding one).
 */
async function searchFigure(
  engine: RegenerationEngine,
  dialect: string,
  count: number,
  asked: readonly string[],
  held: 'all' | 'any',
): Promise<BenchFigure> {
  const searched: number[] = [];
  const direct: number[] = [];
  let hits = 0;
  // Warm both once, then interleave rounds.
  for (const query of asked) {
    await engine.reader.searchDocuments({ query, limit: 10 });
    await directQuery(engine, query, held);
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const query of asked) {
      searched.push(
        await timed(async () => {
          hits += (await engine.reader.searchDocuments({ query, limit: 10 })).hits.length;
        }),
      );
      direct.push(await timed(() => directQuery(engine, query, held)));
    }
  }
  const n = count.toLocaleString('en-US');
  const words = asked[0]!.split(' ').length;
  return figure({
    id: held === 'all' ? `mcp.search.${dialect}` : `mcp.search.${dialect}.scattered`,
    title:
      held === 'all'
        ? `${dialect}: search p95 at ${n} documents (ms)`
        : `${dialect}: search p95 at ${n} documents, words seldom together (ms)`,
    unit: 'ms',
    betterIs: 'lower',
    samples: [percentile(searched, 95)],
    baseline: {
      title: `the same query run directly on the full-text index (${held === 'all' ? 'every' : 'any'} word, top 10 ids)`,
      samples: [percentile(direct, 95)],
    },
    goalRatio: 2,
    budget: 50,
    notes: `${asked.length} ${words}-word queries × ${ROUNDS} rounds, 10 results each (${(hits / (asked.length * ROUNDS)).toFixed(1)} on average) with their snippet; median ${percentile(searched, 50).toFixed(1)} ms vs ${percentile(direct, 50).toFixed(1)} ms direct`,
  });
}

async function searchFigures(
  database: DatabaseOption,
  dialect: string,
  count: number,
): Promise<BenchFigure[]> {
  return withBenchEngine(database, async (engine) => {
    await load(engine, count);
    return [
      await searchFigure(engine, dialect, count, queries(), 'all'),
      await searchFigure(engine, dialect, count, scatteredQueries(), 'any'),
    ];
  });
}

/** MCP `fetch` over HTTP against the M-URL GET, both on the same site and server. */
async function fetchFigure(database: DatabaseOption, count: number): Promise<BenchFigure> {
  const prefix = uniqueTablePrefix();
  const site = await openBenchSite(database, prefix);
  const engine = site.engine!;
  const mcp = createMcpHttpHandler({
    source: mcpSourceOfSite(site.reader, { origin: BENCH_ORIGIN }),
  });
  const server = createServer((req, res) => {
    if (req.url === '/mcp') {
      void mcp(req, res);
      return;
    }
    void site
      .handle({
        method: 'GET',
        target: req.url ?? '/',
        headers: req.headers,
        url: `${BENCH_ORIGIN}${req.url}`,
      })
      .then(async (outcome) => {
        if (outcome.kind !== 'respond') {
          res.statusCode = 404;
          res.end();
          return;
        }
        const { writeNodeResponse } = await import('@agent-ready/core/node-http');
        await writeNodeResponse(res, outcome.response);
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    await engine.upsertMany(
      Array.from({ length: Math.min(count, 2000) }, (_, i) => searchDocument(i)),
    );
    const ids = Array.from({ length: 200 }, (_, i) => (i * 7) % Math.min(count, 2000));
    const mcpTimes: number[] = [];
    const getTimes: number[] = [];
    const body = (id: number) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'fetch', arguments: { id: `${BENCH_ORIGIN}/notes/${id}/` } },
      });
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    };
    for (let round = 0; round < 3; round++) {
      for (const id of ids) {
        mcpTimes.push(
          await timed(async () => {
            const response = await fetch(`${base}/mcp`, {
              method: 'POST',
              headers,
              body: body(id),
            });
            await response.text();
          }),
        );
        getTimes.push(
          await timed(async () => {
            const response = await fetch(`${base}/notes/${id}/llm.json`);
            await response.text();
          }),
        );
      }
    }
    return figure({
      id: 'mcp.fetch.sqlite',
      title: 'sqlite: MCP fetch over HTTP vs the M-URL GET (median ms)',
      unit: 'ms',
      betterIs: 'lower',
      samples: [percentile(mcpTimes, 50)],
      baseline: {
        title: "GET of the same document's M-URL on the same server",
        samples: [percentile(getTimes, 50)],
      },
      goalRatio: 1.5,
      notes: `${ids.length} documents × 3 rounds over loopback, one request at a time; p95 ${percentile(mcpTimes, 95).toFixed(2)} ms vs ${percentile(getTimes, 95).toFixed(2)} ms. MCP is stateless: each call makes its SDK server and transport, and the answer is the Markdown twin in JSON-RPC`,
    });
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await dropAgentTables(engine.knex, prefix).catch(() => undefined);
    await site.close();
  }
}

/** A reconcile of N new documents with the search index maintained, and without. */
async function reconcileFigure(database: DatabaseOption, dialect: string, count: number) {
  const seconds = async (search: boolean) => {
    const prefix = uniqueTablePrefix();
    const engine = await RegenerationEngine.open({
      database,
      tablePrefix: prefix,
      rebuild: { automatic: false },
      search,
    });
    try {
      function* listing() {
        for (let i = 0; i < count; i++) yield searchDocument(i);
      }
      const start = performance.now();
      await engine.reconcile(listing(), { total: count });
      return (performance.now() - start) / 1000;
    } finally {
      if (engine.dialect !== 'sqlite') await dropAgentTables(engine.knex, prefix);
      await engine.close();
    }
  };
  const on: number[] = [];
  const off: number[] = [];
  for (let round = 0; round < 2; round++) {
    off.push(await seconds(false));
    on.push(await seconds(true));
  }
  const n = count.toLocaleString('en-US');
  return figure({
    id: `mcp.reconcile-search.${dialect}`,
    title: `${dialect}: reconcile of ${n} new documents with the search index (s)`,
    unit: 's',
    betterIs: 'lower',
    samples: [Math.min(...on)],
    baseline: { title: 'the same reconcile with `search: false`', samples: [Math.min(...off)] },
    goalRatio: 1.3,
    notes: `best of 2 interleaved rounds (on ${on.map((s) => s.toFixed(1)).join(', ')} s; off ${off.map((s) => s.toFixed(1)).join(', ')} s)`,
  });
}

/**
 * How soon a listener (what feeds an MCP client's stream) hears of an edit after the writer's
 * acknowledgement, on PostgreSQL: on the writing instance, and on a second one told by NOTIFY
 * (it polls once an hour, so nothing else could tell it).
 */
async function notifyFigures(database: DatabaseOption): Promise<BenchFigure[]> {
  const prefix = uniqueTablePrefix();
  const engine = await RegenerationEngine.open({
    database,
    tablePrefix: prefix,
    rebuild: { automatic: false },
    reader: { revalidateAfterMs: 3_600_000 },
  });
  const other = await openStoreReader(database, {
    tablePrefix: prefix,
    revalidateAfterMs: 3_600_000,
  });
  try {
    await engine.upsert(searchDocument(0));
    for (let i = 0; i < 200 && other.reader.changeNotifications?.state !== 'listening'; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const heard = { own: new Map<number, number>(), other: new Map<number, number>() };
    const stops = [
      engine.reader.watchChanges((changes) => {
        for (const c of changes) heard.own.set(c.changeSeq, performance.now());
      }),
      other.reader.watchChanges((changes) => {
        for (const c of changes) heard.other.set(c.changeSeq, performance.now());
      }),
    ];
    await engine.reader.watchReady();
    await other.reader.watchReady();
    const own: number[] = [];
    const remote: number[] = [];
    for (let edit = 1; edit <= 100; edit++) {
      const doc = searchDocument(0);
      const outcome = await engine.upsert({
        ...doc,
        fingerprint: `sha256-${sha256Hex(`edit ${edit}`)}`,
      });
      const acknowledged = performance.now();
      const seq = outcome.changeSeq!;
      for (let i = 0; i < 2000 && !(heard.own.has(seq) && heard.other.has(seq)); i++)
        await new Promise((resolve) => setTimeout(resolve, 1));
      own.push(Math.max(0, (heard.own.get(seq) ?? Infinity) - acknowledged));
      remote.push(Math.max(0, (heard.other.get(seq) ?? Infinity) - acknowledged));
    }
    for (const stop of stops) stop();
    const note = (values: number[]) =>
      `100 edits one after another; median ${percentile(values, 50).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms`;
    return [
      figure({
        id: 'mcp.notify.postgres.same-instance',
        title:
          'postgres: a listener on the writing instance hears of an edit (p95 ms after the ack)',
        unit: 'ms',
        betterIs: 'lower',
        samples: [percentile(own, 95)],
        budget: 50,
        notes: note(own),
      }),
      figure({
        id: 'mcp.notify.postgres.other-instance',
        title: 'postgres: a listener on another instance hears of an edit (p95 ms after the ack)',
        unit: 'ms',
        betterIs: 'lower',
        samples: [percentile(remote, 95)],
        budget: 50,
        notes: `${note(remote)}; told by NOTIFY (the instance polls hourly)`,
      }),
    ];
  } finally {
    await other.close();
    await dropAgentTables(engine.knex, prefix);
    await engine.close();
  }
}

export const mcpSearchScenario: BenchScenario = {
  id: 'mcp.search',
  title: 'MCP: search p95 vs the full-text index, fetch vs the M-URL GET, reconcile with search',
  async run({ quick }) {
    await probeDatabases();
    const count = documentCount(quick);
    const figures: BenchFigure[] = [];
    for (const dialect of availableDialects().filter((d) => d !== 'mysql')) {
      figures.push(
        ...(await searchFigures(databaseConfig(dialect) as DatabaseOption, dialect, count)),
      );
    }
    figures.push(await fetchFigure(databaseConfig('sqlite') as DatabaseOption, count));
    const reconciled = Math.min(
      count,
      Number(process.env.AGENT_READY_BENCH_RECONCILE_DOCUMENTS) || count,
    );
    for (const dialect of availableDialects().filter((d) => d !== 'mysql')) {
      figures.push(
        await reconcileFigure(databaseConfig(dialect) as DatabaseOption, dialect, reconciled),
      );
    }
    return figures;
  },
};

export const mcpNotifyScenario: BenchScenario = {
  id: 'mcp.notify',
  title: 'MCP: change notification after the writer acknowledged an edit (PostgreSQL)',
  async run() {
    await probeDatabases();
    if (!availableDialects().includes('postgres'))
      throw new ScenarioSkipped('PostgreSQL is not reachable');
    return notifyFigures(databaseConfig('postgres') as DatabaseOption);
  },
};
