import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspectScpCollection, parseScpSitemap, type ScpSitemap } from '@agent-ready/core/scp';
import { validateAgentSiteOptions } from '@agent-ready/core/serve';
import {
  createScpObjectStorage,
  openAgentSite,
  RegenerationEngine,
  scpArtifactBuilder,
  type DatabaseOption,
  type ScpObjectStorageOptions,
} from '../src';
import { preparedDocument } from './fixtures/prepared-documents';
import {
  BUCKET,
  downloadRaw,
  startHoldingProxy,
  startS3Emulator,
  type S3Emulator,
} from './fixtures/s3-emulator';
import { workerCommand } from './fixtures/worker-command';

/**
 * SCP collections published to object storage, against s3rver: an S3 emulator from the npm
 * registry, not AWS (docs/edge.md). Its bucket's path-style URL is the public base URL, so every
 * advertised URL can be downloaded from it.
 */

export const STORAGE_SITE = {
  site: { origin: 'https://example.com', name: 'Example' },
  // Parts sealed at two pages: a few documents show every case.
  scp: { deltaPartPages: 2 },
};

export function storageOptions(
  emulator: S3Emulator,
  changes: Partial<ScpObjectStorageOptions> = {},
): ScpObjectStorageOptions {
  return {
    bucket: BUCKET,
    publicBaseUrl: emulator.bucketUrl,
    endpoint: `http://127.0.0.1:${emulator.port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    retryDelayMs: 0,
    ...changes,
  };
}

describe('SCP collections in object storage (s3rver, an S3 emulator)', () => {
  let emulator: S3Emulator;
  let database: DatabaseOption;
  let engine: RegenerationEngine;
  const errors: string[] = [];

  const open = (storage: ScpObjectStorageOptions) =>
    RegenerationEngine.open({
      database,
      builders: [
        scpArtifactBuilder(validateAgentSiteOptions(STORAGE_SITE), {
          collections: createScpObjectStorage(storage),
        }),
      ],
      rebuild: { automatic: false, healIntervalMs: 0 },
      logger: { info: () => undefined, warn: () => undefined, error: (m) => errors.push(m) },
    });
  const save = (key: string, modified: string) =>
    engine.upsert(
      preparedDocument({
        key,
        path: `/${key}/`,
        title: key,
        content: `${key} text`,
        sourceModified: modified,
      }),
    );
  const sitemapBytes = async () => (await engine.reader.artifact('/scp/sitemap.xml'))!.body;
  const sitemap = async (): Promise<ScpSitemap> =>
    parseScpSitemap((await sitemapBytes()).toString());
  const deltaUrls = async () => (await sitemap()).deltas.map((d) => [d.period, d.url]);

  /** An advertised object: there, gzip, the same bytes as stored at the origin, verified. */
  async function expectPublished(url: string, originPath: string) {
    const object = await downloadRaw(url);
    expect(object.status).toBe(200);
    expect(object.headers).toMatchObject({
      'content-type': 'application/scp',
      'content-encoding': 'gzip',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    expect(object.body.equals((await engine.reader.artifact(originPath))!.body)).toBe(true);
    const inspection = await inspectScpCollection(
      (async function* () {
        yield object.body;
      })(),
    );
    expect(inspection).toMatchObject({ valid: true, report: { checksum: 'verified' } });
    const zstd = await downloadRaw(url.replace(/\.gz$/, '.zst'));
    expect(zstd.headers['content-encoding']).toBe('zstd');
    expect(
      zstd.body.equals((await engine.reader.artifact(`${originPath}?encoding=zstd`))!.body),
    ).toBe(true);
  }

  beforeEach(async () => {
    emulator = await startS3Emulator(mkdtempSync(join(tmpdir(), 's3rver-')));
    database = {
      client: 'sqlite',
      filename: join(mkdtempSync(join(tmpdir(), 'store-')), 'site.sqlite'),
    };
    engine = await open(storageOptions(emulator));
    errors.length = 0;
  });

  afterEach(async () => {
    await engine.close();
    await emulator.stop();
  });

  it('uploads snapshots and sealed delta parts under checksum names and advertises them; the open part stays at the origin', async () => {
    for (const [key, at] of [
      ['a', '10:00'],
      ['b', '10:01'],
      ['c', '10:02'],
    ]) {
      await save(key!, `2025-10-01T${at}:00Z`);
    }
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    let map = await sitemap();
    const snapshot1 = map.collections[0]!.url;
    expect(snapshot1).toMatch(
      new RegExp(`^${emulator.bucketUrl}scp/all-snapshot-[0-9a-f]{64}\\.scp\\.gz$`),
    );
    await expectPublished(snapshot1, '/scp/all-snapshot.scp');
    // The day's part holds 3 pages (sealed at 2): in the bucket.
    const day1 = (await deltaUrls())[0]![1]!;
    expect(day1).toMatch(
      new RegExp(`^${emulator.bucketUrl}scp/all-delta-2025-10-01-[0-9a-f]{64}\\.scp\\.gz$`),
    );
    await expectPublished(day1, '/scp/all-delta-2025-10-01.scp');

    // One more change the same day: a new part, still open, at the origin; the snapshot is new.
    await save('d', '2025-10-01T11:00:00Z');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    map = await sitemap();
    expect(map.collections[0]!.url).not.toBe(snapshot1);
    await expectPublished(map.collections[0]!.url, '/scp/all-snapshot.scp');
    expect(await deltaUrls()).toEqual([
      ['2025-10-01', day1],
      ['2025-10-01-2', 'https://example.com/scp/all-delta-2025-10-01-2.scp'],
    ]);
    // The old snapshot's object stays: its name still means what it meant.
    expect((await downloadRaw(snapshot1)).status).toBe(200);

    // A change the next day starts the next day's part: the one before is sealed now, and
    // uploaded from its stored bytes.
    await save('e', '2025-10-02T09:00:00Z');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    const urls = await deltaUrls();
    expect(urls[0]).toEqual(['2025-10-01', day1]);
    expect(urls[1]![1]).toMatch(
      new RegExp(`^${emulator.bucketUrl}scp/all-delta-2025-10-01-2-[0-9a-f]{64}\\.scp\\.gz$`),
    );
    await expectPublished(urls[1]![1]!, '/scp/all-delta-2025-10-01-2.scp');
    expect(urls[2]).toEqual(['2025-10-02', 'https://example.com/scp/all-delta-2025-10-02.scp']);
    expect(errors).toEqual([]);
  });

  it('retries an upload that failed: the emulator stopped, then restarted between tries', async () => {
    await save('a', '2025-10-01T10:00:00Z');
    await engine.close();
    const retries: string[] = [];
    engine = await open(
      storageOptions(emulator, {
        onRetry: async (attempt, error) => {
          retries.push(`${attempt}: ${error.message || error.name}`);
          await emulator.restart();
        },
      }),
    );
    await emulator.stop();
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect(retries).toHaveLength(1);
    expect(retries[0]).toMatch(/ECONNREFUSED/);
    await expectPublished((await sitemap()).collections[0]!.url, '/scp/all-snapshot.scp');
    expect(errors).toEqual([]);
  });

  it('a failed upload keeps the previous sitemap.xml, and the next heal publishes', async () => {
    await save('a', '2025-10-01T10:00:00Z');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    const before = await sitemapBytes();
    await engine.close();
    engine = await open(storageOptions(emulator, { attempts: 2 }));

    await save('b', '2025-10-01T10:05:00Z');
    await emulator.stop();
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    expect(engine.lastRebuild!.failures).toEqual([
      { family: 'scp', message: expect.stringMatching(/failed after 2 tries/) as unknown },
    ]);
    expect(errors.join('\n')).toMatch(/building scp failed/);
    expect((await sitemapBytes()).equals(before)).toBe(true);

    // Nothing changed since, but the SCP family is behind the table: the heal check rebuilds it.
    await emulator.restart();
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    const after = await sitemap();
    expect(after.collections[0]!.pages).toBe(2);
    await expectPublished(after.collections[0]!.url, '/scp/all-snapshot.scp');
    expect(await engine.rebuildArtifacts()).toBe('fresh');
  });

  it('a process killed mid-upload leaves the previous sitemap.xml; the next build publishes', async () => {
    await save('a', '2025-10-01T10:00:00Z');
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    const before = await sitemapBytes();
    const previousUrl = (await sitemap()).collections[0]!.url;
    await engine.close();

    let kill: () => void = () => undefined;
    const held: string[] = [];
    const proxy = await startHoldingProxy(emulator.port, /all-snapshot-/, (url) => {
      held.push(url);
      kill();
    });
    try {
      const child = spawn(
        process.execPath,
        workerCommand(
          join(__dirname, 'fixtures', 'scp-upload-worker.ts'),
          JSON.stringify({
            database,
            storage: storageOptions(emulator, { endpoint: proxy.endpoint }),
          }),
        ),
        { cwd: join(__dirname, '..'), stdio: ['ignore', 'pipe', 'pipe'] },
      );
      kill = () => child.kill('SIGKILL');
      let output = '';
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const signal = await new Promise<string | null>((resolve) =>
        child.on('close', (_code, s) => resolve(s)),
      );
      expect({ signal, output: signal === 'SIGKILL' ? '' : output }).toEqual({
        signal: 'SIGKILL',
        output: '',
      });
      expect(held).toHaveLength(1);
    } finally {
      await proxy.close();
    }

    engine = await open(storageOptions(emulator));
    // The worker's change committed; its build died before the install.
    expect((await sitemapBytes()).equals(before)).toBe(true);
    expect((await downloadRaw(previousUrl)).status).toBe(200);
    expect(await engine.rebuildArtifacts()).toBe('rebuilt');
    const after = await sitemap();
    expect(after.collections[0]).toMatchObject({ pages: 2 });
    expect(after.collections[0]!.url).not.toBe(previousUrl);
    await expectPublished(after.collections[0]!.url, '/scp/all-snapshot.scp');
  });

  it('openAgentSite({ scpObjectStorage }) advertises the bucket, and still does after reconfigure', async () => {
    const site = await openAgentSite({
      site: validateAgentSiteOptions(STORAGE_SITE),
      database: {
        client: 'sqlite',
        filename: join(mkdtempSync(join(tmpdir(), 'store-')), 'opened.sqlite'),
      },
      mode: 'standalone',
      rebuild: { automatic: false, healIntervalMs: 0 },
      scpObjectStorage: storageOptions(emulator, { prefix: 'opened/' }),
      logger: { info: () => undefined, warn: (m) => errors.push(m), error: (m) => errors.push(m) },
    });
    try {
      const snapshotUrl = async () =>
        parseScpSitemap((await site.reader.artifact('/scp/sitemap.xml'))!.body.toString())
          .collections[0]!.url;
      await site.engine!.upsert(
        preparedDocument({ key: 'a', path: '/a/', title: 'a', content: 'a text' }),
      );
      expect(await site.engine!.rebuildArtifacts()).toBe('rebuilt');
      const bucketName = new RegExp(
        `^${emulator.bucketUrl}opened/all-snapshot-[0-9a-f]{64}\\.scp\\.gz$`,
      );
      expect(await snapshotUrl()).toMatch(bucketName);

      // New site options (a new name: the SCP family rebuilds): the collections stay in the bucket.
      site.reconfigure(
        validateAgentSiteOptions({
          ...STORAGE_SITE,
          site: { ...STORAGE_SITE.site, name: 'Renamed' },
        }),
      );
      await site.engine!.upsert(
        preparedDocument({ key: 'b', path: '/b/', title: 'b', content: 'b text' }),
      );
      expect(await site.engine!.rebuildArtifacts()).toBe('rebuilt');
      const after = await snapshotUrl();
      expect(after).toMatch(bucketName);
      expect((await downloadRaw(after)).status).toBe(200);
      expect(errors).toEqual([]);
    } finally {
      await site.close();
    }
  });
});
