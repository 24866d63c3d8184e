import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import knexFactory from 'knex';
import { ValidationError } from '@agent-ready/core/errors';
import { CanonicalJsonError } from '@agent-ready/core/json';
import { databaseConfig, describeEachDatabase, uniqueTablePrefix } from '@agent-ready/test-support';
import {
  DuplicateUrlError,
  RegenerationEngine,
  openStoreReader,
  scpArtifactBuilder,
  type ArtifactBuilder,
  type RegenerationEngineOptions,
  dropAgentTables,
} from '../src';
import { readArtifactMeta } from '../src/artifacts/read-artifact-rows';
import { readDatabaseClockMs } from '../src/writer/document-writer';
import { preparedDocument } from './fixtures/prepared-documents';

/** What the test builders' one file is: an llms.txt, so that the engine keeps it by family. */
const LABEL_DESCRIPTOR = {
  family: 'llms-txt',
  kind: 'listing',
  url: 'https://example.com/label.txt',
  locale: null,
} as const;

const sha = (bytes: Buffer) => `sha256-${createHash('sha256').update(bytes).digest('hex')}`;

describeEachDatabase('RegenerationEngine', (dialect) => {
  let engine: RegenerationEngine;
  let prefix: string;
  let rebuildLog: string[];

  async function openEngine(overrides: Partial<RegenerationEngineOptions> = {}) {
    rebuildLog = [];
    return RegenerationEngine.open({
      database: databaseConfig(dialect),
      tablePrefix: prefix,
      sitemap: { origin: 'https://example.com', overviewUrl: 'https://example.com/' },
      rebuild: { debounceMs: 20, maxDelayMs: 200, healIntervalMs: 0 },
      logger: {
        info: (m) => rebuildLog.push(m),
        warn() {},
        error: (m) => rebuildLog.push(`ERROR ${m}`),
      },
      ...overrides,
    });
  }

  beforeEach(async () => {
    prefix = uniqueTablePrefix();
    engine = await openEngine();
  });

  afterEach(async () => {
    await engine.whenIdle();
    const knex = engine.knex;
    if (dialect !== 'sqlite') await dropAgentTables(knex, prefix);
    await engine.close();
  });

  async function sitemapItems() {
    await engine.whenIdle();
    const artifact = await engine.reader.artifact('/llm-sitemap.json');
    expect(artifact).toBeDefined();
    return JSON.parse(artifact!.body.toString('utf8')).items as {
      cUrl: string;
      mUrl: string;
      etag: string;
      contentHash: string;
    }[];
  }

  it('stores the exact M-URL bytes with hash parity', async () => {
    const outcome = await engine.upsert(
      preparedDocument({ key: 'a', path: '/a/', title: 'A', content: 'Alpha text' }),
    );
    expect(outcome.status).toBe('created');
    const row = await engine.reader.findMUrl('/a/llm.json');
    expect(row).toMatchObject({ key: 'a', state: 'published', cUrl: 'https://example.com/a/' });
    expect(row!.hash).toBe(
      sha(Buffer.from(JSON.stringify({ ...JSON.parse(row!.body!.toString()), hash: undefined }))),
    );
    expect(JSON.parse(row!.body!.toString()).hash).toBe(row!.hash);
    expect(outcome.hash).toBe(row!.hash);
    // The validators core formed when rendering are what is stored, read back as they are.
    const rendered = preparedDocument({
      key: 'a',
      path: '/a/',
      title: 'A',
      content: 'Alpha text',
    }).render(row!.modified);
    expect(row!.contentDigest).toBe(rendered.contentDigest);
    expect(row!.contentDigest).toBe(
      `sha-256=:${createHash('sha256').update(row!.body!).digest('base64')}:`,
    );
    expect((await engine.reader.findMarkdownTwin('/a/llm.json'))!.markdownHash).toBe(
      rendered.markdownHash,
    );
    await engine.remove('a');
    expect((await engine.reader.findMUrl('/a/llm.json'))!.contentDigest).toBeNull();
  });

  it('changes nothing for a save that changes nothing semantic', async () => {
    const first = await engine.upsert(
      preparedDocument({ key: 'a', path: '/a/', title: 'A', content: 'Alpha text' }),
    );
    await engine.whenIdle();
    // What the first save (and the engine's start) rebuilt is not this test's business.
    rebuildLog.length = 0;
    const seq = await engine.knex(`${prefix}state`).where({ name: 'content_seq' }).first('value');
    const again = await engine.upsert(
      preparedDocument({ key: 'a', path: '/a/', title: 'A', content: '  alpha\n TEXT ' }),
    );
    expect(again).toEqual({ status: 'unchanged', modified: first.modified, hash: first.hash });
    expect(first.changeSeq).toBeGreaterThan(0);
    const after = await engine.knex(`${prefix}state`).where({ name: 'content_seq' }).first('value');
    expect(Number(after.value)).toBe(Number(seq.value));
    await engine.whenIdle();
    expect(rebuildLog.filter((l) => l.includes('rebuilt'))).toEqual([]);
  });

  it('counts as up to date once built, also when no family builds an artifact', async () => {
    // The default engine here serves only the sitemap, which is no artifact.
    await engine.upsert(preparedDocument({ key: 'a', path: '/a/', title: 'A', content: 'a' }));
    await engine.whenIdle();
    expect(await engine.artifactsStatus()).toMatchObject({ upToDate: true });
    expect(await engine.rebuildArtifacts()).toBe('fresh');
  });

  it('gives a real change a new hash and a strictly newer modified', async () => {
    const clock = '2025-10-01T12:00:00.000Z';
    const first = await engine.upsert(
      preparedDocument({
        key: 'a',
        path: '/a/',
        title: 'A',
        content: 'one',
        sourceModified: clock,
      }),
    );
    const second = await engine.upsert(
      preparedDocument({
        key: 'a',
        path: '/a/',
        title: 'A',
        content: 'two',
        sourceModified: clock,
      }),
    );
    expect(second.status).toBe('updated');
    expect(second.hash).not.toBe(first.hash);
    expect(Date.parse(second.modified)).toBeGreaterThan(Date.parse(first.modified));
    const items = await sitemapItems();
    expect(items).toEqual([
      expect.objectContaining({
        cUrl: 'https://example.com/a/',
        etag: second.hash,
        contentHash: second.hash,
      }),
    ]);
  });

  it('re-renders for a new render key without bumping modified', async () => {
    const first = await engine.upsert(
      preparedDocument({ key: 'a', path: '/a/', title: 'A', content: 'one' }),
    );
    const again = await engine.upsert(
      preparedDocument({ key: 'a', path: '/a/', title: 'A', content: 'one', renderVersion: 2 }),
    );
    expect(again.status).toBe('updated');
    expect(again.modified).toBe(first.modified);
  });

  it('ignores a save carrying an older revision than the stored one', async () => {
    await engine.upsert(
      preparedDocument({ key: 'a', path: '/a/', title: 'A', content: 'new', revision: 5 }),
    );
    const stale = await engine.upsert(
      preparedDocument({ key: 'a', path: '/a/', title: 'A', content: 'old', revision: 4 }),
    );
    expect(stale.status).toBe('stale');
    const row = await engine.reader.findMUrl('/a/llm.json');
    expect(JSON.parse(row!.body!.toString()).content).toBe('new');
  });

  it("orders racing syncs by the database's clock: an instance whose own clock runs an hour behind still wins with the later read", async () => {
    // Two instances on one database.
    const database = databaseConfig(dialect);
    await engine.close();
    engine = await openEngine({ database });
    const other = await openEngine({ database });
    try {
      // This instance reads the document (the old version) first...
      const early = await engine.readRevision();
      // (Reads within one millisecond tie, and a tie goes to the last write: wait for the
      // database's clock to move on.)
      while ((await readDatabaseClockMs(engine.knex, engine.dialect)) <= early);
      // ...then another instance, its clock an hour behind, reads the new version and stores it.
      const realNow = Date.now;
      const skewed = jest.spyOn(Date, 'now').mockImplementation(() => realNow() - 3_600_000);
      let late: number;
      try {
        late = await other.readRevision();
      } finally {
        skewed.mockRestore();
      }
      expect(late).toBeGreaterThan(early);
      await other.upsert(
        preparedDocument({ key: 'a', path: '/a/', title: 'A', content: 'new', revision: late }),
      );
      // The early read's write arrives last, and is the stale one.
      expect(
        await engine.upsert(
          preparedDocument({ key: 'a', path: '/a/', title: 'A', content: 'old', revision: early }),
        ),
      ).toMatchObject({ status: 'stale' });
      expect(
        JSON.parse((await engine.reader.findMUrl('/a/llm.json'))!.body!.toString()).content,
      ).toContain('new');
      // Strictly increasing within an instance, even within one millisecond.
      const [a, b] = [await engine.readRevision(), await engine.readRevision()];
      expect(b).toBeGreaterThan(a);
    } finally {
      await other.close();
    }
  });

  it('orders removals by revision too: a sync that read before an unpublish cannot bring it back', async () => {
    const doc = (key: string, revision: number) =>
      preparedDocument({ key, path: `/${key}/`, title: key, content: key, revision });
    await engine.upsert(doc('a', 1));
    // Another instance read the unpublish at revision 3 and applied it first; a sync that read
    // the published version at revision 2 arrives late.
    expect(await engine.remove('a', '', 'unpublished', { revision: 3 })).toMatchObject({
      removed: true,
    });
    expect((await engine.upsert(doc('a', 2))).status).toBe('stale');
    expect(await engine.reader.findMUrl('/a/llm.json')).toBeUndefined();
    // A removal that read before the stored version is stale itself.
    await engine.upsert(doc('b', 5));
    expect(await engine.remove('b', '', 'deleted', { revision: 4 })).toEqual({
      removed: false,
      stale: true,
    });
    expect(await engine.reader.findMUrl('/b/llm.json')).toMatchObject({ state: 'published' });
    // A publish read after the unpublish does bring it back.
    expect((await engine.upsert(doc('a', 4))).status).toBe('updated');
    expect(await engine.reader.findMUrl('/a/llm.json')).toMatchObject({ state: 'published' });
    // A repeated removal still records its newer revision, so an older save stays stale.
    await engine.remove('b', '', 'deleted', { revision: 6 });
    await engine.remove('b', '', 'deleted', { revision: 8 });
    expect((await engine.upsert(doc('b', 7))).status).toBe('stale');
  });

  it('tombstones deleted documents (410) and forgets unpublished ones (404), both leave the sitemap', async () => {
    await engine.upsert(preparedDocument({ key: 'a', path: '/a/', title: 'A', content: 'x' }));
    await engine.upsert(preparedDocument({ key: 'b', path: '/b/', title: 'B', content: 'y' }));
    await engine.upsert(preparedDocument({ key: 'c', path: '/c/', title: 'C', content: 'z' }));
    expect(await engine.remove('a', '', 'deleted')).toMatchObject({ removed: true });
    expect(await engine.remove('b', '', 'unpublished')).toMatchObject({ removed: true });
    expect(await engine.remove('b', '', 'unpublished')).toEqual({ removed: false });
    expect(await engine.reader.findMUrl('/a/llm.json')).toMatchObject({
      state: 'deleted',
      body: null,
      hash: null,
    });
    expect(await engine.reader.findMUrl('/b/llm.json')).toBeUndefined();
    expect((await sitemapItems()).map((i) => i.cUrl)).toEqual(['https://example.com/c/']);
  });

  it('refuses two live documents on one URL, naming both, and lets a new one replace a tombstone', async () => {
    await engine.upsert(preparedDocument({ key: 'a', path: '/same/', title: 'A', content: 'x' }));
    const clash = engine.upsert(
      preparedDocument({ key: 'b', path: '/same', title: 'B', content: 'y' }),
    );
    await expect(clash).rejects.toThrow(DuplicateUrlError);
    await expect(clash).rejects.toThrow(/document b.*document a/);
    await engine.remove('a', '', 'deleted');
    expect(
      (
        await engine.upsert(
          preparedDocument({ key: 'b', path: '/same/', title: 'B', content: 'y' }),
        )
      ).status,
    ).toBe('created');
    expect(await engine.reader.findMUrl('/same/llm.json')).toMatchObject({
      key: 'b',
      state: 'published',
    });
  });

  it('keeps protected documents out of the public sitemap', async () => {
    await engine.upsert(preparedDocument({ key: 'pub', path: '/pub/', title: 'P', content: 'x' }));
    await engine.upsert(
      preparedDocument({
        key: 'priv',
        path: '/priv/',
        title: 'Q',
        content: 'y',
        visibility: 'protected',
      }),
    );
    expect((await sitemapItems()).map((i) => i.cUrl)).toEqual(['https://example.com/pub/']);
    expect(await engine.reader.findMUrl('/priv/llm.json')).toMatchObject({
      visibility: 'protected',
    });
  });

  it('coalesces a burst of edits into few rebuilds', async () => {
    await engine.whenIdle();
    rebuildLog.length = 0;
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        engine.upsert(
          preparedDocument({ key: `k${i}`, path: `/p${i}/`, title: `T${i}`, content: `c${i}` }),
        ),
      ),
    );
    expect((await sitemapItems()).length).toBe(40);
    // 40 changes: at most a handful of rebuilds (debounce 20 ms, max delay 200 ms), never 40.
    expect(rebuildLog.filter((l) => l.includes('rebuilt')).length).toBeLessThanOrEqual(5);
  });

  it('reconciles with a complete listing: adds, keeps, and unpublishes what the source lost', async () => {
    await engine.upsert(
      preparedDocument({ key: 'gone', path: '/gone/', title: 'G', content: 'x' }),
    );
    await engine.upsert(
      preparedDocument({ key: 'kept', path: '/kept/', title: 'K', content: 'y' }),
    );
    const progress: number[] = [];
    const result = await engine.reconcile(
      [
        preparedDocument({ key: 'kept', path: '/kept/', title: 'K', content: 'y' }),
        preparedDocument({ key: 'new', path: '/new/', title: 'N', content: 'z' }),
      ],
      { onProgress: (p) => progress.push(p.seen), progressEvery: 1, batchSize: 1 },
    );
    expect(result).toMatchObject({ seen: 2, changed: 1, unpublished: 1 });
    expect(progress).toEqual([1, 2, 2]);
    expect((await sitemapItems()).map((i) => i.cUrl).sort()).toEqual([
      'https://example.com/kept/',
      'https://example.com/new/',
    ]);
  });

  it('never undoes what another writer published while it ran, nor a removal racing its own', async () => {
    const doc = (key: string, content = key) =>
      preparedDocument({ key, path: `/${key}/`, title: key, content });
    await engine.upsert(doc('old'));
    async function* listing() {
      yield doc('listed');
      // Meanwhile another writer (an editor's save on another instance) publishes a document
      // the listing was read too early to hold, and edits one it does not hold.
      await engine.upsert(doc('fresh'));
      await engine.upsert(doc('old', 'edited'));
    }
    expect(await engine.reconcile(listing())).toMatchObject({
      seen: 1,
      changed: 1,
      unpublished: 0,
    });
    expect((await sitemapItems()).map((i) => new URL(i.cUrl).pathname).sort()).toEqual([
      '/fresh/',
      '/listed/',
      '/old/',
    ]);
    // A removal guarded by a position is refused once the row moved past it.
    const position = await engine.contentPosition();
    await engine.upsert(doc('fresh', 'again'));
    expect(await engine.remove('fresh', '', 'unpublished', { unchangedSince: position })).toEqual({
      removed: false,
      stale: true,
    });
    expect(
      await engine.remove('fresh', '', 'unpublished', { unchangedSince: position + 1 }),
    ).toMatchObject({
      removed: true,
    });
  });

  it('answers the narrow reads the adapters use', async () => {
    expect(await engine.contentPosition()).toBe(0);
    expect(await engine.exampleMPath()).toBeUndefined();
    await engine.upsert(
      preparedDocument({ key: 'api::a.a:1', locale: 'en', path: '/a/', title: 'A', content: 'a' }),
    );
    await engine.upsert(
      preparedDocument({
        key: 'api::a.a:1',
        locale: 'fr',
        path: '/fr/a/',
        title: 'A',
        content: 'a',
      }),
    );
    await engine.upsert(
      preparedDocument({
        key: 'api::a_b.a:2',
        path: '/b/',
        title: 'B',
        content: 'b',
        visibility: 'protected',
      }),
    );
    await engine.remove('api::a.a:1', 'fr', 'deleted');
    expect(await engine.contentPosition()).toBe(4);
    expect(await engine.storedLocales('api::a.a:1')).toEqual(['en']);
    // The prefix is taken literally: `_` is no wildcard.
    expect(await engine.countPublishedByLocale('api::a.a:')).toEqual(new Map([['en', 1]]));
    expect(await engine.countPublishedByLocale('api::a_b.a:')).toEqual(new Map([['', 1]]));
    await engine.upsert(
      preparedDocument({ key: 'x%y!z:3', path: '/c/', title: 'C', content: 'c' }),
    );
    expect(await engine.countPublishedByLocale('x%y!z:')).toEqual(new Map([['', 1]]));
    expect(await engine.countPublishedByLocale('x%z')).toEqual(new Map());
    await engine.remove('x%y!z:3', '', 'deleted');
    expect(await engine.countPublishedByLocale('api::a')).toEqual(
      new Map([
        ['en', 1],
        ['', 1],
      ]),
    );
    expect(await engine.exampleMPath()).toBe('/a/llm.json');
    const listed = [];
    for await (const row of engine.publishedDocuments()) listed.push(row);
    expect(listed).toEqual([
      { key: 'api::a.a:1', locale: 'en', changeSeq: 1 },
      { key: 'api::a_b.a:2', locale: '', changeSeq: 3 },
    ]);
  });

  it('rejects bad documents with typed errors and writes nothing', async () => {
    await expect(
      engine.upsert(
        preparedDocument({
          key: 'big',
          path: '/big/',
          title: 'B',
          content: 'x'.repeat(5000),
          maxBytes: 1000,
        }),
      ),
    ).rejects.toThrow(ValidationError);
    await expect(
      engine.upsert(
        preparedDocument({
          key: 'bad',
          path: '/bad/',
          title: 'B',
          content: 'broken \uD800 surrogate',
        }),
      ),
    ).rejects.toThrow(CanonicalJsonError);
    expect(() =>
      preparedDocument({ key: 'q', path: '/search?q=1', title: 'S', content: 'x' }),
    ).toThrow(ValidationError);
    const count = await engine.knex(`${prefix}documents`).count({ n: '*' });
    expect(Number(count[0]!.n)).toBe(0);
  });

  it('rebuilds with new builders when the settings change, also on an unchanged table', async () => {
    await engine.close();
    let gate: (() => void) | undefined;
    let building!: () => void;
    const buildStarted = new Promise<void>((resolve) => (building = resolve));
    const labelled = (label: string, wait = false): ArtifactBuilder => ({
      family: 'llms-txt',
      settingsKey: label,
      async build() {
        if (wait) {
          const held = new Promise<void>((resolve) => (gate = resolve));
          building();
          await held;
        }
        return [
          {
            name: '/label.txt',
            descriptor: LABEL_DESCRIPTOR,
            etag: `"${label}"`,
            contentDigest: 'sha-256=:x:',
            lastModified: new Date(0),
            body: Buffer.from(label),
          },
        ];
      },
    });
    const label = async () => (await engine.reader.artifact('/label.txt'))?.body.toString();
    engine = await openEngine({ builders: [labelled('one')] });
    await engine.upsert(preparedDocument({ key: 'a', path: '/a/', title: 'A', content: 'a' }));
    await engine.whenIdle();
    expect(await label()).toBe('one');
    expect(await engine.artifactsStatus()).toMatchObject({ upToDate: true });

    engine.setBuilders([labelled('two')]);
    await engine.whenIdle();
    expect(await label()).toBe('two');
    const status = await engine.artifactsStatus();
    expect(status).toEqual({ contentSeq: status.artifactsSeq, artifactsSeq: 1, upToDate: true });

    // New settings while a pass is building: that pass installs under its own settings, and a
    // pass with the new ones follows (never old bytes under the new key).
    engine.setBuilders([labelled('three', true)]);
    await buildStarted;
    engine.setBuilders([labelled('four')]);
    gate!();
    await engine.whenIdle();
    expect(await label()).toBe('four');
    expect(await engine.artifactsStatus()).toMatchObject({ upToDate: true });
    expect(engine.lastRebuild).toMatchObject({ artifacts: 1, failures: [] });
  });

  it('stores big artifacts in chunks and reads them whole or by range', async () => {
    await engine.close();
    const big = Buffer.alloc(2.5 * 1024 * 1024);
    for (let i = 0; i < big.length; i++) big[i] = (i * 31) % 251;
    const builder: ArtifactBuilder = {
      family: 'llmindex',
      settingsKey: 'blob-1',
      async build() {
        return [
          {
            name: '/big.bin',
            descriptor: { family: 'llmindex', kind: 'feed' },
            etag: '"big"',
            contentDigest: 'sha-256=:x:',
            lastModified: new Date(0),
            body: big,
          },
        ];
      },
    };
    engine = await openEngine({ builders: [builder] });
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    const stored = await engine.reader.artifact('/big.bin');
    expect(stored!.body.equals(big)).toBe(true);
    const meta = (await readArtifactMeta(engine.knex, engine.tables, '/big.bin'))!;
    const start = 1024 * 1024 - 10;
    const part = await engine.reader.artifactRange(meta, start, start + 1024 * 1024 + 20);
    expect(part!.equals(big.subarray(start, start + 1024 * 1024 + 21))).toBe(true);
    expect(await engine.rebuildArtifacts()).toBe('fresh');
  });

  it('refreshes planner statistics after a bulk load', async () => {
    for (let i = 0; i < 50; i++) {
      await engine.upsert(
        preparedDocument({ key: `bulk-${i}`, path: `/bulk-${i}/`, title: 'B', content: 'b' }),
      );
    }
    await engine.refreshStatistics();
    if (dialect === 'postgres') {
      // Before any ANALYZE, PostgreSQL records -1 rows ("never analyzed").
      const row = await engine
        .knex('pg_class')
        .where({
          relname: `${prefix}documents`,
          relnamespace: engine.knex.raw('current_schema()::regnamespace'),
        })
        .first('reltuples');
      expect(Number(row.reltuples)).toBe(50);
    }
  });

  it("keeps serving a family's last good artifacts when its next build fails", async () => {
    await engine.close();
    let fail = false;
    const label: ArtifactBuilder = {
      family: 'llms-txt',
      settingsKey: 'label',
      async build({ lastChangeMs }) {
        if (fail) throw new Error('renderer broke');
        const body = Buffer.from(`built at ${await lastChangeMs()}`);
        return [
          {
            name: '/label.txt',
            descriptor: LABEL_DESCRIPTOR,
            etag: '"label"',
            contentDigest: 'sha-256=:x:',
            lastModified: new Date(0),
            body,
          },
        ];
      },
    };
    engine = await openEngine({
      sitemap: { origin: 'https://example.com' },
      builders: [label],
      rebuild: { automatic: false },
    });
    await engine.upsert(preparedDocument({ key: 'a', path: '/a/', title: 'A', content: 'a' }));
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    const good = (await engine.reader.artifact('/label.txt'))!.body.toString();

    fail = true;
    await engine.upsert(preparedDocument({ key: 'b', path: '/b/', title: 'B', content: 'b' }));
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect(engine.lastRebuild?.failures).toEqual([
      { family: 'llms-txt', message: 'renderer broke' },
    ]);
    expect(rebuildLog).toContain('ERROR agent-ready: building llms-txt failed: renderer broke');
    // The other families moved on; the failed one still serves what it last built.
    const sitemap = JSON.parse(
      (await engine.reader.artifact('/llm-sitemap.json'))!.body.toString(),
    );
    expect(sitemap.items).toHaveLength(2);
    expect((await engine.reader.artifact('/label.txt'))!.body.toString()).toBe(good);
  });

  function labelBuilder(label: string, beforeReturn?: () => Promise<void>): ArtifactBuilder {
    return {
      family: 'llms-txt',
      settingsKey: label,
      async build() {
        await beforeReturn?.();
        return [
          {
            name: '/label.txt',
            descriptor: LABEL_DESCRIPTOR,
            etag: `"${label}"`,
            contentDigest: 'sha-256=:x:',
            lastModified: new Date(0),
            body: Buffer.from(label),
          },
        ];
      },
    };
  }

  /** A builder that reads the public rows' titles, waits for `pause`, then reads them again. */
  function snapshotProbe(pause: () => Promise<void>) {
    const reads: string[][][] = [];
    const titles = async (rows: AsyncIterable<Record<string, unknown>>) => {
      const found: string[] = [];
      for await (const row of rows) found.push(String(row.title));
      return found.sort();
    };
    const builder: ArtifactBuilder = {
      family: 'llms-txt',
      settingsKey: 'probe',
      async build(context) {
        const first = await titles(context.rows(['title']));
        await pause();
        reads.push([first, await titles(context.rows(['title']))]);
        return [];
      },
    };
    return { builder, reads };
  }

  it('reads a build from one snapshot: a save landing mid-build waits for nothing and shows in the next pass', async () => {
    await engine.close();
    let release!: () => void;
    let started!: () => void;
    const building = new Promise<void>((resolve) => (started = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    let paused = false;
    const probe = snapshotProbe(async () => {
      if (paused) return;
      paused = true;
      started();
      await held;
    });
    engine = await openEngine({ builders: [probe.builder], rebuild: { automatic: false } });
    await engine.upsert(preparedDocument({ key: 'a', path: '/a/', title: 'A', content: 'a' }));
    await engine.upsert(preparedDocument({ key: 'b', path: '/b/', title: 'B', content: 'b' }));
    const pass = engine.rebuildArtifacts();
    await building;
    // Committed while the build holds its snapshot open: the writer is not kept waiting.
    expect(
      (await engine.upsert(preparedDocument({ key: 'c', path: '/c/', title: 'C', content: 'c' })))
        .status,
    ).toBe('created');
    release();
    // One attempt, built from the table as it was: installed, and superseded by the save.
    expect(await pass).toBe('superseded');
    expect(probe.reads).toEqual([
      [
        ['A', 'B'],
        ['A', 'B'],
      ],
    ]);
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect(probe.reads[1]).toEqual([
      ['A', 'B', 'C'],
      ['A', 'B', 'C'],
    ]);
  });

  (dialect === 'sqlite' ? it : it.skip)(
    'on SQLite without WAL (Strapi’s default) reads in pieces and retries a pass a save moved',
    async () => {
      await engine.close();
      // A host's own knex on a rollback-journal file, as Strapi opens SQLite: a read transaction
      // held through the build would stop every commit, so the build must not take one.
      const filename = (databaseConfig('sqlite') as { filename: string }).filename;
      const host = knexFactory({
        client: 'better-sqlite3',
        connection: { filename },
        useNullAsDefault: true,
        pool: { min: 1, max: 1 },
      });
      try {
        expect(await host.raw('PRAGMA journal_mode')).toEqual([{ journal_mode: 'delete' }]);
        let release!: () => void;
        let started!: () => void;
        const building = new Promise<void>((resolve) => (started = resolve));
        const held = new Promise<void>((resolve) => (release = resolve));
        let paused = false;
        const probe = snapshotProbe(async () => {
          if (paused) return;
          paused = true;
          started();
          await held;
        });
        engine = await openEngine({
          database: host,
          builders: [probe.builder],
          rebuild: { automatic: false },
        });
        await engine.upsert(preparedDocument({ key: 'a', path: '/a/', title: 'A', content: 'a' }));
        const pass = engine.rebuildArtifacts();
        await building;
        await engine.upsert(preparedDocument({ key: 'c', path: '/c/', title: 'C', content: 'c' }));
        release();
        // The save showed up mid-pass, so the pass was read again on the table as it is now.
        expect(await pass).toBe('rebuilt');
        expect(probe.reads).toEqual([
          [['A'], ['A', 'C']],
          [
            ['A', 'C'],
            ['A', 'C'],
          ],
        ]);
      } finally {
        await engine.close();
        engine = await openEngine();
        await host.destroy();
      }
    },
  );

  it('moves what other processes watch on every install, also a settings-only one', async () => {
    await engine.close();
    engine = await openEngine({ builders: [labelBuilder('one')], rebuild: { automatic: false } });
    await engine.upsert(preparedDocument({ key: 'a', path: '/a/', title: 'A', content: 'a' }));
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    // Another process serving the same table, with its own cache.
    const other = await openStoreReader(engine.knex, { tablePrefix: prefix, revalidateAfterMs: 0 });
    const otherLabel = async () => (await other.reader.artifact('/label.txt'))?.body.toString();
    expect(await otherLabel()).toBe('one');

    engine.setBuilders([labelBuilder('two')]);
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect(await otherLabel()).toBe('two');
    await other.close();
  });

  it('installs nothing and deletes no newer build when its lease was taken over mid-build', async () => {
    await engine.close();
    let release!: () => void;
    let started!: () => void;
    const building = new Promise<void>((resolve) => (started = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    engine = await openEngine({
      builders: [
        labelBuilder('slow', async () => {
          started();
          await held;
        }),
      ],
      rebuild: { automatic: false },
    });
    await engine.upsert(preparedDocument({ key: 'a', path: '/a/', title: 'A', content: 'a' }));
    const knex = engine.knex;
    const pass = engine.rebuildArtifacts();
    await building;
    // The lease expired while this pass stalled, and another instance took it and is writing a
    // newer generation's chunks.
    await knex(`${prefix}state`)
      .where({ name: 'rebuild_lease' })
      .update({ holder: 'another-instance', expires_ms: Date.now() + 60_000 });
    const newest = (await knex(`${prefix}artifact_chunks`)
      .max({ newest: 'generation' })
      .first()) as { newest: unknown } | undefined;
    const newerGeneration = Number(newest?.newest ?? 0) + 1_000_000;
    await knex(`${prefix}artifact_chunks`).insert({
      name: '/label.txt',
      generation: newerGeneration,
      chunk_no: 0,
      data: Buffer.from('newer'),
    });
    release();
    expect(await pass).toBe('busy');
    expect(await engine.reader.artifact('/label.txt')).toBeUndefined();
    expect(await engine.artifactsStatus()).toMatchObject({ upToDate: false });
    expect(
      await knex(`${prefix}artifact_chunks`).where({ generation: newerGeneration }).first('name'),
    ).toBeDefined();
  });

  it('puts a save that commits late into a delta newer than any a client applied', async () => {
    await engine.close();
    engine = await openEngine({
      builders: [
        scpArtifactBuilder({
          site: { origin: 'https://example.com', name: 'Example' },
          scp: { deltaPeriod: 'daily', deltaRetention: 2 },
        }),
      ],
      rebuild: { automatic: false },
      clock: () => Date.parse('2025-10-02T12:00:00Z'),
    });
    const save = (key: string, sourceModified: string) =>
      engine.upsert(
        preparedDocument({ key, path: `/${key}/`, title: key, content: key, sourceModified }),
      );
    const currentDelta = async () => {
      const artifact = await engine.reader.artifact('/scp/all-delta-2025-10-02.scp');
      const lines = gunzipSync(artifact!.body).toString('utf8').trim().split('\n');
      return {
        generated: JSON.parse(lines[0]!).collection.generated as string,
        urls: lines.slice(1).map((line) => JSON.parse(line).url as string),
      };
    };
    await save('a', '2025-10-02T09:00:00Z');
    await save('b', '2025-10-02T09:30:00Z');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    const applied = await currentDelta();
    // In-order saves keep their own times: the delta ends at the last one.
    expect(applied.generated).toBe('2025-10-02T09:30:00Z');

    // Stamped by its source at 09:10, committed after b.
    await save('c', '2025-10-02T09:10:00Z');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    const next = await currentDelta();
    expect(Date.parse(next.generated)).toBeGreaterThan(Date.parse(applied.generated));
    expect(next.urls).toContain('https://example.com/c/');
    // The page keeps the time its source gave it.
    expect((await engine.reader.findMUrl('/c/llm.json'))!.modified).toBe(
      '2025-10-02T09:10:00.000Z',
    );
  });

  it("rebuilds a burst's deltas only, and a snapshot after enough changes or time", async () => {
    await engine.close();
    let now = Date.parse('2025-10-02T12:00:00Z');
    engine = await openEngine({
      builders: [
        scpArtifactBuilder({
          site: { origin: 'https://example.com', name: 'Example' },
          scp: { snapshotAfterChanges: 3, snapshotIntervalMs: 3_600_000 },
        }),
      ],
      rebuild: { automatic: false },
      clock: () => now,
    });
    const save = (key: string, content: string, section = 'all') =>
      engine.upsert(preparedDocument({ key, path: `/${key}/`, title: key, content, section }));
    const snapshot = async () => {
      const artifact = await engine.reader.artifact('/scp/all-snapshot.scp');
      const lines = gunzipSync(artifact!.body).toString('utf8').trim().split('\n');
      return {
        etag: artifact!.meta.etag,
        pages: lines.slice(1).map((line) => JSON.parse(line) as { url: string; content: unknown }),
      };
    };
    for (const key of ['a', 'b', 'c', 'd', 'e']) await save(key, 'first');
    await save('x', 'first', 'other');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    const first = await snapshot();
    expect(first.pages).toHaveLength(5);
    // What the admin page says: 'other' (1 page, no more than the threshold) is rebuilt with
    // its next change; 'all' after 3 changes, or an hour on if anything changed by then.
    const builtAt = now;
    expect(await engine.scheduledBuilds()).toEqual([
      { family: 'scp', subject: 'other', changesSince: 0, changesLeft: 1 },
      {
        family: 'scp',
        subject: 'all',
        changesSince: 0,
        changesLeft: 3,
        dueAt: new Date(builtAt + 3_600_000),
      },
    ]);

    // One edit: the section's current delta and the sitemap.xml are rewritten, nothing else
    // (the other section is untouched, the snapshot holds more pages than the threshold).
    now += 60_000;
    await save('a', 'second');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect(engine.lastRebuild?.rewritten).toEqual({ scp: 3 });
    expect((await snapshot()).etag).toBe(first.etag);
    const delta = gunzipSync((await engine.reader.artifact('/scp/all-delta-2025-10-02.scp'))!.body)
      .toString('utf8')
      .trim()
      .split('\n');
    expect(delta.slice(1).map((line) => JSON.parse(line).url)).toEqual([
      'https://example.com/a/',
      'https://example.com/b/',
      'https://example.com/c/',
      'https://example.com/d/',
      'https://example.com/e/',
    ]);

    // Three changes since the snapshot: it is rebuilt.
    await save('b', 'second');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect((await snapshot()).etag).toBe(first.etag);
    // Soonest first: one change away, and due by the clock as well.
    expect((await engine.scheduledBuilds())[0]).toMatchObject({
      subject: 'all',
      changesSince: 2,
      changesLeft: 1,
    });
    await save('c', 'second');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    const third = await snapshot();
    expect(third.etag).not.toBe(first.etag);
    expect(engine.lastRebuild?.rewritten).toEqual({ scp: 5 });

    // One change, then nothing for longer than the interval: the heal pass rebuilds it.
    await save('d', 'second');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect((await snapshot()).etag).toBe(third.etag);
    expect(await engine.rebuildArtifacts()).toBe('fresh');
    now += 3_600_000;
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect((await snapshot()).etag).not.toBe(third.etag);
    expect(await engine.rebuildArtifacts()).toBe('fresh');
  });

  it('keeps each document in its sitemap shard: an edit, an addition or a removal changes one shard', async () => {
    await engine.close();
    engine = await openEngine({
      sitemap: {
        origin: 'https://example.com',
        overviewUrl: 'https://example.com/',
        maxItemsPerShard: 3,
      },
      rebuild: { automatic: false },
    });
    const save = (key: string, content = 'first') =>
      engine.upsert(
        preparedDocument({ key, path: key === 'home' ? '/' : `/${key}/`, title: key, content }),
      );
    const shardNames = [1, 2, 3, 4].map((n) =>
      n === 1 ? '/llm-sitemap.json' : `/llm-sitemap-${n}.json`,
    );
    // No rebuild in between: every commit is in the sitemap at once.
    const shards = async () =>
      Promise.all(
        shardNames.map(async (name) => {
          const artifact = await engine.reader.artifact(name);
          if (!artifact) return undefined;
          const items = JSON.parse(artifact.body.toString()).items as { cUrl: string }[];
          return {
            etag: artifact.meta.etag,
            paths: items.map((item) => new URL(item.cUrl).pathname),
          };
        }),
      );
    // Saved in this order: the overview item arrives third, and still leads shard 1.
    for (const key of ['a', 'b', 'home', 'c', 'd', 'e', 'f']) await save(key);
    const first = await shards();
    expect(first.map((shard) => shard?.paths)).toEqual([
      ['/', '/a/', '/b/'],
      ['/c/', '/d/'],
      ['/e/', '/f/'],
      undefined,
    ]);
    const index = async () => (await engine.reader.artifact('/llm-sitemap-index.json'))!.meta.etag;
    let indexEtag = await index();
    const changedShards = (before: typeof first, after: typeof first) =>
      after.flatMap((shard, at) => (shard?.etag === before[at]?.etag ? [] : [at + 1]));

    // A new document sorts between a and b, yet joins the last shard: the others keep their bytes.
    await save('aa');
    const added = await shards();
    expect(added[2]!.paths).toEqual(['/aa/', '/e/', '/f/']);
    expect(changedShards(first, added)).toEqual([3]);
    expect(await index()).not.toBe(indexEtag);
    indexEtag = await index();

    await engine.rebuildArtifacts();
    await save('c', 'edited');
    const edited = await shards();
    expect(changedShards(added, edited)).toEqual([2]);
    // The pass after the burst hashes that one shard for the index: its rows, and no others.
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect(engine.lastSitemapRowsRead).toBe(2);
    expect(engine.lastRebuild?.sitemapShards).toBe(1);
    await engine.rebuildArtifacts();
    expect(engine.lastSitemapRowsRead).toBe(0);

    await engine.remove('a', '', 'unpublished');
    const removed = await shards();
    expect(removed[0]!.paths).toEqual(['/', '/b/']);
    expect(changedShards(edited, removed)).toEqual([1]);
    // Published again, it returns to its own shard.
    await save('a', 'back');
    const back = await shards();
    expect(back[0]!.paths).toEqual(['/', '/a/', '/b/']);
    expect(changedShards(removed, back)).toEqual([1]);

    // The last shard is full: the next document opens shard 4.
    await save('g');
    const grown = await shards();
    expect(grown[3]!.paths).toEqual(['/g/']);
    expect(changedShards(back, grown)).toEqual([4]);
  });
});
