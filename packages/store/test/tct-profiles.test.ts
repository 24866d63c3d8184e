import {
  documentRenderKey,
  prepareDocument,
  readTct03MUrl,
  sha256Hex,
  TCT_03,
  TCT_1,
  ValidationError,
  type AgentDocument,
  type PrepareDocumentOptions,
  type TctProfile,
} from '@agent-ready/core';
import { databaseConfig, describeEachDatabase, uniqueTablePrefix } from '@agent-ready/test-support';
import {
  dropAgentTables,
  openStoreReader,
  RegenerationEngine,
  type RegenerationEngineOptions,
} from '../src';
import { resolveSitemapSettings } from '../src/sitemap/sitemap-settings';

const ORIGIN = 'https://example.com';

const documents: AgentDocument[] = [
  { id: 'home', url: '/', title: 'Home', body: { format: 'text', value: 'The site.' } },
  ...[1, 2, 3, 4, 5].map((n) => ({
    id: `post-${n}`,
    url: `/posts/${n}/`,
    title: `Post ${n}`,
    body: { format: 'markdown' as const, value: `The *body* of post ${n}.` },
  })),
];

const rendering = (profile: TctProfile): PrepareDocumentOptions => ({ origin: ORIGIN, profile });

/** The store under a site whose TCT profile changes: the bytes follow, from the stored ones. */
describeEachDatabase('a site that changes its TCT profile', (dialect) => {
  let prefix: string;
  let database: ReturnType<typeof databaseConfig>;
  const engines: RegenerationEngine[] = [];
  const warnings: string[] = [];

  async function open(profile: TctProfile, extra: Partial<RegenerationEngineOptions> = {}) {
    const engine = await RegenerationEngine.open({
      database,
      tablePrefix: prefix,
      sitemap: {
        origin: ORIGIN,
        overviewUrl: `${ORIGIN}/`,
        maxItemsPerShard: 4,
        profile: profile.name,
      },
      rendering: rendering(profile),
      rebuild: { automatic: false },
      logger: { info() {}, warn: (m) => warnings.push(m), error: (m) => warnings.push(m) },
      ...extra,
    });
    engines.push(engine);
    return engine;
  }

  beforeEach(() => {
    prefix = uniqueTablePrefix();
    database = databaseConfig(dialect);
    warnings.length = 0;
  });

  afterEach(async () => {
    const last = engines.at(-1);
    if (last && dialect !== 'sqlite') await dropAgentTables(last.knex, prefix);
    for (const engine of engines.splice(0)) await engine.close();
  });

  async function publishAll(engine: RegenerationEngine, profile: TctProfile) {
    for (const document of documents)
      await engine.upsert(prepareDocument(document, rendering(profile)));
  }

  /** Every published row as the reader serves it, by M-URL path. */
  async function rows(engine: RegenerationEngine) {
    const served = new Map<
      string,
      { hash: string; body: Buffer; modified: string; profile: string }
    >();
    for (const document of documents) {
      const path = document.url === '/' ? '/llm.json' : `${document.url}llm.json`;
      const row = await engine.reader.findMUrl(path);
      served.set(path, {
        hash: row!.hash!,
        body: row!.body!,
        modified: row!.modified,
        profile: row!.profile,
      });
    }
    return served;
  }

  it('re-renders every row in the new profile at open, from the stored bytes: modified kept, the feed and the sitemap follow', async () => {
    const before = await open(TCT_1);
    await publishAll(before, TCT_1);
    const tct1 = await rows(before);
    const feedAt = (await before.reader.feedPosition()).seq;
    await before.close();

    // A restart with the new profile: nothing re-publishes the documents.
    const after = await open(TCT_03);
    await after.whenIdle();
    const tct03 = await rows(after);
    for (const [path, row] of tct03) {
      const old = tct1.get(path)!;
      expect([path, row.profile]).toEqual([path, 'tct-03']);
      expect(readTct03MUrl(row.body).lastModified).toBe(old.modified);
      expect(row.modified).toBe(old.modified);
      expect(row.hash).toBe(`sha256-${sha256Hex(row.body)}`);
      // Exactly what rendering the document in -03 gives.
      const document = documents.find((d) => path.startsWith(d.url === '/' ? '/llm' : d.url))!;
      const fresh = prepareDocument(document, rendering(TCT_03)).render(old.modified);
      expect(row.body.equals(fresh.body)).toBe(true);
    }
    // Stored under the site's render key: a later save of the same content changes nothing.
    for (const document of documents) {
      const outcome = await after.upsert(prepareDocument(document, rendering(TCT_03)));
      expect(outcome.status).toBe('unchanged');
    }
    // The change feed tells agents every new ETag; the sitemap lists them, in -03 form.
    const changes = await after.reader.changesSince(feedAt, 100);
    expect(changes.map((c) => c.hash).sort()).toEqual(
      [...tct03.values()].map((r) => r.hash).sort(),
    );
    const shard = await after.reader.artifact('/llm-sitemap.json');
    expect(shard!.meta.descriptor).toMatchObject({ kind: 'shard', profile: 'tct-03' });
    const listed = JSON.parse(shard!.body.toString()) as {
      profile: string;
      version: number;
      items: { cUrl: string; etag: string; lastModified: string; mUrl: string }[];
    };
    expect([listed.profile, listed.version]).toEqual([TCT_03.sitemapProfile, 2]);
    expect(listed.items[0]!.cUrl).toBe(`${ORIGIN}/`);
    for (const item of listed.items)
      expect(item.etag).toBe(tct03.get(new URL(item.mUrl).pathname)!.hash);
    // The index from the engine's memos, as from composed shards: -03 entries with lastModified.
    const composed = (await after.reader.artifact('/llm-sitemap-index.json'))!;
    await after.rebuildArtifacts();
    after.reader.invalidate();
    const memoized = (await after.reader.artifact('/llm-sitemap-index.json'))!;
    expect(memoized.body.equals(composed.body)).toBe(true);
    const index = JSON.parse(memoized.body.toString()) as {
      profile: string;
      sitemaps: { etag: string; lastModified?: string; url: string }[];
    };
    expect(index.profile).toBe(TCT_03.sitemapIndexProfile);
    expect(index.sitemaps.every((entry) => entry.lastModified !== undefined)).toBe(true);
    expect(memoized.meta.descriptor).toMatchObject({ kind: 'index', profile: 'tct-03' });
  });

  it('re-renders again when configure changes the profile (a settings change), and a read-only reader serves the writer’s form', async () => {
    const engine = await open(TCT_03);
    await publishAll(engine, TCT_03);
    const other = await openStoreReader(database, {
      tablePrefix: prefix,
      revalidateAfterMs: 0,
    });
    try {
      expect((await other.reader.artifact('/llm-sitemap.json'))!.meta.descriptor).toMatchObject({
        profile: 'tct-03',
      });
      engine.configure({
        builders: [],
        sitemap: { origin: ORIGIN, overviewUrl: `${ORIGIN}/`, maxItemsPerShard: 4 },
        rendering: rendering(TCT_1),
      });
      await engine.rebuildArtifacts();
      await engine.whenIdle();
      for (const row of (await rows(engine)).values()) {
        expect(row.profile).toBe('tct-1');
        expect(JSON.parse(row.body.toString()).hash).toBe(row.hash);
      }
      const shard = (await other.reader.artifact('/llm-sitemap.json'))!;
      expect(JSON.parse(shard.body.toString()).profile).toBe('tct-1');
      expect(shard.meta.descriptor).toMatchObject({ profile: 'tct-1' });
      const row = await other.reader.findMUrl('/posts/1/llm.json');
      expect(row!.profile).toBe('tct-1');
    } finally {
      await other.close();
    }
  });

  it('leaves rows rendered under other settings, and bytes that do not convert, as they are', async () => {
    // A document whose tct-1 bytes fit the size cap and whose -03 bytes (a longer profile, a
    // content_media_type) do not.
    const tight: AgentDocument = {
      id: 'tight',
      url: '/tight/',
      title: 'Tight',
      body: { format: 'text', value: 'A document just under the cap. '.repeat(6) },
    };
    const cap =
      prepareDocument(tight, rendering(TCT_1)).render('2026-01-01T00:00:00.000Z').body.length + 10;
    const capped = (profile: TctProfile) => ({ ...rendering(profile), maxDocumentBytes: cap });
    const before = await open(TCT_1, { rendering: capped(TCT_1) });
    await before.upsert(prepareDocument(tight, capped(TCT_1)));
    await before.upsert(prepareDocument(documents[1]!, capped(TCT_1)));
    // One document rendered under another origin's settings: its source is needed to redo it.
    const elsewhere = { origin: 'https://elsewhere.example', profile: TCT_1 };
    await before.upsert(
      prepareDocument(
        { id: 'moved', url: '/moved/', title: 'Moved', body: { format: 'text', value: 'x' } },
        elsewhere,
      ),
    );
    await before.close();
    const after = await open(TCT_03, { rendering: capped(TCT_03) });
    await after.whenIdle();
    const profileAt = async (path: string) => (await after.reader.findMUrl(path))!.profile;
    expect(await profileAt('/posts/1/llm.json')).toBe('tct-03');
    expect(await profileAt('/tight/llm.json')).toBe('tct-1');
    expect(warnings).toEqual([
      expect.stringMatching(/is not re-rendered in tct-03 \(M-URL body is \d+ bytes; the cap is/),
    ]);
    expect(await profileAt('/moved/llm.json')).toBe('tct-1');
    expect(
      await after.knex(after.tables.documents).where({ doc_key: 'moved' }).first('render_key'),
    ).toEqual({ render_key: documentRenderKey(elsewhere) });
  });

  it('refuses a shard over draft -03’s 10,000 items', () => {
    expect(() =>
      resolveSitemapSettings({ origin: ORIGIN, maxItemsPerShard: 10_001, profile: 'tct-03' }),
    ).toThrow(ValidationError);
    expect(
      resolveSitemapSettings({ origin: ORIGIN, maxItemsPerShard: 10_000, profile: 'tct-03' }),
    ).toMatchObject({ itemsPerShard: 10_000, profile: 'tct-03' });
    // tct-1 settings are stored as before profiles existed.
    expect(resolveSitemapSettings({ origin: ORIGIN, profile: 'tct-1' })).not.toHaveProperty(
      'profile',
    );
  });
});
