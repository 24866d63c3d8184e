import { databaseConfig, describeEachDatabase, uniqueTablePrefix } from '@agent-ready/test-support';
import {
  DuplicateUrlError,
  dropAgentTables,
  RegenerationEngine,
  type RegenerationEngineOptions,
} from '../src';
import { preparedDocument } from './fixtures/prepared-documents';

/**
 * The reconcile in batches (upsert-document-batch) against the same changes made one document
 * at a time: the same rows, bytes, change sequences and feed; nothing written when nothing
 * changed; never undoing a concurrent publish; resumable from its checkpoint.
 */
describeEachDatabase('bulk reconcile', (dialect) => {
  const engines: { engine: RegenerationEngine; prefix: string }[] = [];

  async function openEngine(
    overrides: Partial<RegenerationEngineOptions> = {},
    prefix = uniqueTablePrefix(),
  ) {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const engine = await RegenerationEngine.open({
      database: databaseConfig(dialect),
      tablePrefix: prefix,
      sitemap: { origin: 'https://example.com', maxItemsPerShard: 7 },
      rebuild: { automatic: false, healIntervalMs: 0 },
      // A clock that moves 1 ms per call: both engines stamp the same times.
      clock: () => (now += 1),
      ...overrides,
    });
    engines.push({ engine, prefix });
    return engine;
  }

  afterEach(async () => {
    for (const { engine, prefix } of engines.splice(0)) {
      if (dialect !== 'sqlite') await dropAgentTables(engine.knex, prefix);
      await engine.close();
    }
  });

  const doc = (n: number, content = `text ${n}`, extra: { revision?: number } = {}) =>
    preparedDocument({
      key: `doc-${n}`,
      locale: n % 3 === 0 ? 'fr' : '',
      path: `/d/${n}/`,
      title: `Doc ${n}`,
      content,
      sourceModified: new Date(Date.UTC(2025, 0, 1) + n * 1000).toISOString(),
      ...extra,
    });

  async function rowsOf(engine: RegenerationEngine) {
    return engine
      .knex(engine.tables.documents)
      .orderBy('id')
      .select(
        'id',
        'doc_key',
        'locale',
        'state',
        'hash',
        'modified',
        'modified_ms',
        'committed_ms',
        'change_seq',
        'm_path_key',
        'listed',
        'revision',
      )
      .then((rows: Record<string, unknown>[]) =>
        rows.map((row) => ({
          ...row,
          id: Number(row.id),
          modified_ms: Number(row.modified_ms),
          committed_ms: Number(row.committed_ms),
          change_seq: Number(row.change_seq),
          listed: Boolean(row.listed),
          revision: row.revision === null ? null : Number(row.revision),
        })),
      );
  }

  async function shardsOf(engine: RegenerationEngine) {
    const rows: { shard: unknown; version: unknown }[] = await engine
      .knex(engine.tables.sitemapShards)
      .orderBy('shard')
      .select('shard', 'version');
    return rows.map((row) => [Number(row.shard), Number(row.version)]);
  }

  it('stores what one upsert per document stores: rows, bytes, sequences, shards, feed', async () => {
    const bulk = await openEngine();
    const single = await openEngine();
    const before = [doc(1), doc(2), doc(3), doc(40)];
    for (const engine of [bulk, single]) for (const d of before) await engine.upsert(d);
    // Kept unchanged (1), edited (2), re-rendered under another key (3), new (4..30), gone (40).
    const listing = () => [
      doc(1),
      doc(2, 'edited'),
      { ...doc(3), renderKey: 'fixture-2' },
      ...Array.from({ length: 27 }, (_, i) => doc(i + 4)),
    ];
    const outcome = await bulk.reconcile(listing(), { batchSize: 8 });
    expect(outcome).toMatchObject({ seen: 30, changed: 29, unpublished: 1 });
    for (const d of listing()) await single.upsert(d);
    await single.remove('doc-40', '', 'unpublished');
    expect(await rowsOf(bulk)).toEqual(await rowsOf(single));
    expect(await shardsOf(bulk)).toEqual(await shardsOf(single));
    const feed = async (engine: RegenerationEngine) => {
      engine.reader.invalidate();
      await engine.reader.feedPosition();
      return (await engine.reader.changesSince(0, 100)).map((c) => ({ ...c }));
    };
    expect(await feed(bulk)).toEqual(await feed(single));
    const body = async (engine: RegenerationEngine) =>
      (await engine.reader.findMUrl('/d/2/llm.json'))?.body?.toString('utf8');
    expect(await body(bulk)).toEqual(await body(single));
  });

  it('writes nothing when nothing changed, and reads each row about once', async () => {
    const engine = await openEngine();
    const listing = () => Array.from({ length: 50 }, (_, i) => doc(i + 1));
    expect(await engine.reconcile(listing(), { batchSize: 16 })).toMatchObject({
      seen: 50,
      changed: 50,
      rowsWritten: 50,
    });
    const position = await engine.contentPosition();
    const second = await engine.reconcile(listing(), { batchSize: 16 });
    expect(second).toMatchObject({ seen: 50, changed: 0, unpublished: 0, rowsWritten: 0 });
    // One read of each row to compare; as many published rows as documents listed, and nobody
    // else wrote: nothing to remove, without reading the published rows again.
    expect(second.rowsRead).toBe(50);
    expect(await engine.contentPosition()).toBe(position);
  });

  it('renders each new document once, also without a source timestamp (the clock moves)', async () => {
    const engine = await openEngine();
    let renders = 0;
    const listing = Array.from({ length: 20 }, (_, i) => {
      const { sourceModified: _sourceModified, ...d } = doc(i + 1);
      return {
        ...d,
        render: (modified: string) => {
          renders++;
          return d.render(modified);
        },
      };
    });
    expect(await engine.reconcile(listing, { batchSize: 8 })).toMatchObject({ changed: 20 });
    expect(renders).toBe(20);
  });

  it('never undoes a publish made while it runs, nor takes off what it published', async () => {
    const engine = await openEngine();
    await engine.upsert(doc(1));
    async function* listing() {
      for (let n = 1; n <= 20; n++) {
        if (n === 10) {
          // Another writer: publishes a document the listing misses, and a newer version of
          // one still to come (the listing read it earlier: its revision is older).
          await engine.upsert(doc(99));
          await engine.upsert(doc(15, 'newer', { revision: 2_000 }));
        }
        yield doc(n, `text ${n}`, { revision: 1_000 });
      }
    }
    const outcome = await engine.reconcile(listing(), { batchSize: 4 });
    expect(outcome).toMatchObject({ seen: 20, unpublished: 0 });
    expect((await engine.reader.findMUrl('/d/15/llm.json'))?.body?.toString('utf8')).toContain(
      'newer',
    );
    expect((await engine.reader.findMUrl('/d/99/llm.json'))?.state).toBe('published');
  });

  it('takes off what the listing lost when another writer unpublished one it had meanwhile', async () => {
    const engine = await openEngine();
    for (const n of [1, 2, 3, 4, 5, 40]) await engine.upsert(doc(n));
    // As many published rows at the end as documents listed (2..5 and 40, for 1..5): only the
    // other writer's change tells that 40 is not one the listing had.
    async function* listing() {
      for (let n = 1; n <= 5; n++) {
        if (n === 5) await engine.remove('doc-1', '', 'unpublished');
        yield doc(n);
      }
    }
    const outcome = await engine.reconcile(listing(), { batchSize: 2 });
    expect(outcome).toMatchObject({ seen: 5, changed: 0, unpublished: 1 });
    expect((await engine.reader.findMUrl('/d/40/llm.json'))?.state).not.toBe('published');
    // Unpublished after the reconcile began: newer than the listing, left as it is.
    expect((await engine.reader.findMUrl('/d/1/llm.json'))?.state).not.toBe('published');
  });

  it('leaves what a batch cannot settle to upsert: a tombstone giving up its URL, a taken URL', async () => {
    const engine = await openEngine();
    await engine.upsert(doc(1));
    // A tombstone keeps its URL (to answer 410) until another document takes it.
    await engine.remove('doc-1', '', 'deleted');
    const taker = preparedDocument({ key: 'taker', path: '/d/1/', title: 'T', content: 't' });
    const stored = await engine.upsertMany([doc(2), taker, doc(3)]);
    expect(stored.outcomes.map((o) => o?.status)).toEqual(['created', 'created', 'created']);
    expect((await engine.reader.findMUrl('/d/1/llm.json'))?.key).toBe('taker');
    // A URL a published document serves: refused as `upsert` refuses it, the rest stored.
    const dup = preparedDocument({ key: 'dup', path: '/d/2/', title: 'D', content: 'd' });
    await expect(engine.upsertMany([doc(4), dup])).rejects.toThrow(DuplicateUrlError);
    expect((await engine.reader.findMUrl('/d/4/llm.json'))?.state).toBe('published');
    expect((await engine.reader.findMUrl('/d/2/llm.json'))?.key).toBe('doc-2');
  });

  it('gives a document the URL of one the listing no longer has, or of one that moves later in it', async () => {
    // The differential test's case: rebuild([b at /a/]) while c, not listed, serves /a/.
    const engine = await openEngine();
    const at = (key: string, path: string) =>
      preparedDocument({ key, path, title: key, content: `text of ${key}` });
    await engine.upsertMany([at('c', '/a/'), at('d', '/b/')]);
    const outcome = await engine.reconcile(
      // b takes c's URL (c is gone from the source), e takes d's, which d leaves for /z/ later.
      [
        at('b', '/a/'),
        at('e', '/b/'),
        ...Array.from({ length: 3 }, (_, i) => doc(i)),
        at('d', '/z/'),
      ],
      { batchSize: 2 },
    );
    expect(outcome).toMatchObject({ seen: 6, changed: 6, unpublished: 1 });
    expect((await engine.reader.findMUrl('/a/llm.json'))?.key).toBe('b');
    expect((await engine.reader.findMUrl('/b/llm.json'))?.key).toBe('e');
    expect((await engine.reader.findMUrl('/z/llm.json'))?.key).toBe('d');
    expect(await engine.reconcileCheckpoint()).toBeUndefined();
    // Documents that trade URLs: a swap, and a cycle of three.
    await engine.reconcile([at('b', '/b/'), at('e', '/a/')]);
    expect((await engine.reader.findMUrl('/a/llm.json'))?.key).toBe('e');
    expect((await engine.reader.findMUrl('/b/llm.json'))?.key).toBe('b');
    await engine.upsert(at('z', '/z/'));
    await engine.reconcile([at('b', '/a/'), at('e', '/z/'), at('z', '/b/')]);
    for (const [path, key] of [
      ['/a/', 'b'],
      ['/z/', 'e'],
      ['/b/', 'z'],
    ])
      expect((await engine.reader.findMUrl(`${path}llm.json`))?.key).toBe(key);
    // Two documents of the listing on one URL: still refused, the rest stored.
    await expect(
      engine.reconcile([at('b', '/a/'), at('f', '/a/'), at('g', '/g/')]),
    ).rejects.toThrow(DuplicateUrlError);
    expect((await engine.reader.findMUrl('/g/llm.json'))?.key).toBe('g');
  });

  it('resumes from its checkpoint after an abort, and unpublishes only what the listing lost', async () => {
    const database = databaseConfig(dialect);
    const prefix = uniqueTablePrefix();
    const engine = await openEngine({ database }, prefix);
    await engine.upsert(doc(500)); // Not in the listing: taken off at the end.
    const all = Array.from({ length: 60 }, (_, i) => doc(i + 1));
    const asked: number[] = [];
    const source = (from: number) => {
      asked.push(from);
      return all.slice(from);
    };
    const abort = new AbortController();
    const first = await engine.reconcile(source, {
      batchSize: 10,
      progressEvery: 10,
      total: all.length,
      resume: true,
      signal: abort.signal,
      onProgress: (p) => {
        if (p.done >= 20) abort.abort();
      },
    });
    // The batch being written when the signal came is finished: 20 or 30 done.
    expect(first).toMatchObject({ stopped: true, unpublished: 0 });
    expect([20, 30]).toContain(first.seen);
    expect(first.changed).toBe(first.seen);
    expect(await engine.reconcileCheckpoint()).toEqual({
      done: first.seen,
      total: 60,
      startedAt: 1,
    });
    expect(engine.reconcileProgress()).toMatchObject({
      phase: 'stopped',
      done: first.seen,
      total: 60,
    });
    // A new process: the same engine options, the same listing.
    const restarted = await openEngine({ database }, prefix);
    const second = await restarted.reconcile(source, { batchSize: 10, resume: true });
    expect(second).toMatchObject({
      resumedFrom: first.seen,
      seen: 60 - first.seen,
      changed: 60 - first.seen,
      unpublished: 1,
    });
    expect(asked).toEqual([0, first.seen, 0]);
    expect(await restarted.reconcileCheckpoint()).toBeUndefined();
    const published = await restarted
      .knex(engine.tables.documents)
      .where({ state: 'published' })
      .count({ n: '*' });
    expect(Number(published[0]!.n)).toBe(60);
    expect(restarted.reconcileProgress()).toMatchObject({ phase: 'done', done: 60, total: 60 });
  });
});
