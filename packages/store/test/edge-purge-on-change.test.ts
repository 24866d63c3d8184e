import {
  databaseConfig,
  describeEachDatabase,
  uniqueTablePrefix,
  waitForState,
} from '@agent-ready/test-support';
import {
  documentCacheTag,
  familyCacheTag,
  pathCacheTag,
  sitemapIndexCacheTag,
  sitemapShardCacheTag,
  validateAgentSiteOptions,
} from '@agent-ready/core/serve';
import {
  dropAgentTables,
  openAgentSite,
  RegenerationEngine,
  SILENT_LOGGER,
  type AgentSite,
  type DatabaseOption,
  type EdgeOptions,
} from '../src';
import { siteArtifactSettings } from '../src/rebuild/site-artifact-builders';
import { PURGE_SECRET, startPurgeServer, type PurgeServer } from './fixtures/purge-server';
import { preparedDocument } from './fixtures/prepared-documents';
import { SITE_ORIGIN } from './fixtures/site-options';

const site = validateAgentSiteOptions({
  site: { origin: SITE_ORIGIN, name: 'Example' },
  sitemap: { maxItemsPerShard: 10 },
  scp: false,
});

const doc = (key: string, content = 'first version', path = `/${key}/`) =>
  preparedDocument({ key, path, title: key, content });

describeEachDatabase('purges enqueued with each change (the edge option)', (dialect) => {
  let database: DatabaseOption;
  let prefix: string;
  let server: PurgeServer;
  const opened: { close(): Promise<void> }[] = [];

  const edge = (): EdgeOptions => ({
    purger: { type: 'webhook', url: `${server.url}/purge`, secret: PURGE_SECRET },
    keyPrefix: 'shop',
    delivery: { pollIntervalMs: 50 },
  });
  const prefixed = (tags: string[]) => tags.map((tag) => `shop-${tag}`);

  async function engine(purging: boolean): Promise<RegenerationEngine> {
    const made = await RegenerationEngine.open({
      database,
      tablePrefix: prefix,
      ...siteArtifactSettings(site),
      rebuild: { automatic: false },
      ...(purging ? { purging: { keyPrefix: 'shop' } } : {}),
    });
    opened.push(made);
    // Opening installs the sitemap's settings (the first time: a purge of every shard).
    await made.knex(made.tables.purgeOutbox).delete();
    return made;
  }

  async function outbox(made: RegenerationEngine): Promise<string[]> {
    const rows = (await made
      .knex(made.tables.purgeOutbox)
      .select('cache_key')
      .orderBy('cache_key')) as { cache_key: string }[];
    return rows.map((row) => row.cache_key);
  }

  async function agentSite(): Promise<AgentSite> {
    const made = await openAgentSite({
      site,
      database,
      tablePrefix: prefix,
      mode: 'standalone',
      rebuild: { debounceMs: 0 },
      logger: SILENT_LOGGER,
      edge: edge(),
    });
    opened.push(made);
    return made;
  }

  beforeEach(async () => {
    database = databaseConfig(dialect) as DatabaseOption;
    prefix = uniqueTablePrefix();
    server = await startPurgeServer();
  });

  afterEach(async () => {
    for (const made of opened.splice(0).reverse()) await made.close();
    const cleanup = await engine(false);
    if (dialect !== 'sqlite') await dropAgentTables(cleanup.knex, prefix);
    await opened.pop()!.close();
    await server.close();
  });

  it('a write enqueues its document, shard, sitemap index and change feed in its transaction', async () => {
    const writer = await engine(true);
    await writer.upsert(doc('a'));
    const expected = prefixed([
      documentCacheTag('a', ''),
      sitemapShardCacheTag(1),
      sitemapIndexCacheTag(),
      familyCacheTag('change-feed'),
    ]).sort();
    expect(await outbox(writer)).toEqual(expected);

    // A write that fails (the same M-URL as another document) rolls its purge back with it.
    await writer.knex(writer.tables.purgeOutbox).delete();
    await expect(writer.upsert(doc('b', 'other', '/a/'))).rejects.toThrow(/same M-URL/);
    expect(await outbox(writer)).toEqual([]);

    // A semantic no-op changes no bytes: nothing to purge.
    await writer.upsert(doc('a'));
    expect(await outbox(writer)).toEqual([]);

    await writer.remove('a', '', 'unpublished');
    expect(await outbox(writer)).toEqual(expected);
  });

  it('a batch (a reconcile, a Strapi sync) enqueues what the same upserts would have', async () => {
    const writer = await engine(true);
    await writer.upsertMany([doc('a'), doc('b')]);
    expect(await outbox(writer)).toEqual(
      prefixed([
        documentCacheTag('a', ''),
        documentCacheTag('b', ''),
        sitemapShardCacheTag(1),
        sitemapIndexCacheTag(),
        familyCacheTag('change-feed'),
      ]).sort(),
    );
    // A document that moves: its old M-URL's path too.
    await writer.knex(writer.tables.purgeOutbox).delete();
    await writer.upsertMany([doc('a', 'first version', '/a-moved/')]);
    expect(await outbox(writer)).toEqual(
      prefixed([
        documentCacheTag('a', ''),
        pathCacheTag('/a/llm.json'),
        sitemapShardCacheTag(1),
        sitemapIndexCacheTag(),
        familyCacheTag('change-feed'),
      ]).sort(),
    );
    // Nothing changed: nothing to purge.
    await writer.knex(writer.tables.purgeOutbox).delete();
    await writer.upsertMany([doc('a', 'first version', '/a-moved/'), doc('b')]);
    expect(await outbox(writer)).toEqual([]);
  });

  it('nothing is enqueued without the edge option', async () => {
    const writer = await engine(false);
    await writer.upsert(doc('a'));
    await writer.remove('a', '', 'deleted');
    expect(await outbox(writer)).toEqual([]);
  });

  it('an install enqueues the artifacts it rewrote, by path', async () => {
    const writer = await engine(true);
    await writer.upsert(doc('a'));
    await writer.rebuildArtifacts();
    await writer.knex(writer.tables.purgeOutbox).delete();
    await writer.upsert(doc('a', 'second version'));
    await writer.rebuildArtifacts();
    const keys = await outbox(writer);
    expect(keys).toContain(`shop-${pathCacheTag('/llms.txt')}`);
    expect(keys).toContain(`shop-${documentCacheTag('a', '')}`);
  });

  it("openAgentSite delivers each commit's purges, and reports them in readPurgeStatus", async () => {
    const served = await agentSite();
    const delivered = (key: string) =>
      waitForState(`${key} purged`, async () =>
        server.received.some((request) => request.keys.includes(key)) ? true : undefined,
      );
    await served.engine!.upsert(doc('a'));
    await served.engine!.whenIdle();
    // The first install stores the site's settings: everything goes.
    await delivered('shop-site');
    await delivered(`shop-${documentCacheTag('a', '')}`);
    server.received.length = 0;
    await served.engine!.upsert(doc('a', 'second version'));
    await served.engine!.whenIdle();
    await delivered(`shop-${documentCacheTag('a', '')}`);
    await delivered(`shop-${pathCacheTag('/llms.txt')}`);
    expect(server.received.flatMap((request) => request.keys)).not.toContain('shop-site');
    const status = await waitForState('nothing waiting', async () => {
      const read = await served.readPurgeStatus();
      return read?.waiting === 0 ? read : undefined;
    });
    expect(status).toMatchObject({ failed: 0, retrying: 0 });
    expect(status.sent).toBeGreaterThan(0);
    expect(status.lastSentAt).toBeInstanceOf(Date);
  });

  it('purges a previous process committed and never delivered, once a site opens again', async () => {
    // A writer that committed and died before any delivery: its tags wait in the outbox.
    const dead = await engine(true);
    await dead.upsert(doc('a'));
    await opened.pop()!.close();
    expect(server.received).toEqual([]);

    const served = await agentSite();
    await waitForState('the waiting purge delivered', async () =>
      server.received.some((request) => request.keys.includes(`shop-${documentCacheTag('a', '')}`))
        ? true
        : undefined,
    );
    // Its own first install's purge follows; then nothing waits.
    await served.engine!.whenIdle();
    await waitForState('nothing waiting', async () =>
      (await served.readPurgeStatus())?.waiting === 0 ? true : undefined,
    );
  });
});
