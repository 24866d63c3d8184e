import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { decompress as zstdDecompress } from 'zstd-napi';
import { readScpCollection } from './inspect-scp-collection';
import { verifyScpChecksum } from './scp-checksum';
import { ScpValidationError } from './scp-errors';
import { samplePage, samplePages } from '../../test/support/scp-fixtures';
import { writeScpCollection, writeScpCollectionVariants } from './write-scp-collection';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scp-writer-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const snapshot = {
  id: 'blog-snapshot-1',
  section: 'blog',
  type: 'snapshot' as const,
  generated: '2025-01-15T00:00:00Z',
};

describe('writeScpCollection', () => {
  it('writes line 1 in the reference order, one page per line, every line ending in LF, with a verifiable checksum', async () => {
    const path = join(dir, 'blog.scp');
    const result = await writeScpCollection(
      { metadata: snapshot, pages: samplePages(3) },
      { compression: 'none', output: path },
    );
    const text = await readFile(path, 'utf8');
    const lines = text.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
    expect(lines[0]).toBe(
      `{"collection":{"id":"blog-snapshot-1","section":"blog","type":"snapshot","generated":"2025-01-15T00:00:00Z","version":"0.1","checksum":"${result.metadata.checksum}"}}`,
    );
    expect(result.metadata.checksum).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(verifyScpChecksum(Buffer.from(text))).toBe('verified');
    expect(result).toMatchObject({
      pages: 3,
      blocksByType: { heading: 3, text: 3, list: 3, link: 3 },
      uncompressedBytes: Buffer.byteLength(text),
      compressedBytes: Buffer.byteLength(text),
    });
    expect(JSON.parse(lines[1]!)).toMatchObject({
      url: 'https://example.com/blog/post-0',
      modified: '2025-01-01T00:00:00Z',
    });
  });

  it.each(['none', 'gzip', 'zstd'] as const)(
    'round-trips through the parser (%s) and is deterministic',
    async (compression) => {
      const a = join(dir, `a-${compression}`);
      const b = join(dir, `b-${compression}`);
      const first = await writeScpCollection(
        { metadata: snapshot, pages: samplePages(50) },
        { compression, output: a },
      );
      await writeScpCollection(
        { metadata: snapshot, pages: samplePages(50) },
        { compression, output: b },
      );
      const bytes = await readFile(a);
      expect(bytes.equals(await readFile(b))).toBe(true);
      expect(first.compressedBytes).toBe(bytes.length);
      if (compression !== 'none')
        expect(first.compressedBytes).toBeLessThan(first.uncompressedBytes);
      const read = await readScpCollection([bytes]);
      expect(read.report).toMatchObject({
        complete: true,
        checksum: 'verified',
        pages: 50,
        compression,
        warningCount: 0,
      });
      expect(read.metadata).toEqual(first.metadata);
      expect(read.pages[7]!.url).toBe('https://example.com/blog/post-7');
    },
  );

  it('writes deltas with since after version, and without a checksum when asked (single pass)', async () => {
    const output = new PassThrough();
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    await writeScpCollection(
      {
        metadata: {
          id: 'blog-delta-day15',
          section: 'blog',
          type: 'delta',
          generated: '2025-01-15T23:00:00Z',
          since: '2025-01-14T00:00:00Z',
        },
        pages: [samplePage(1)],
      },
      { compression: 'gzip', output, checksum: false },
    );
    const text = gunzipSync(Buffer.concat(chunks)).toString('utf8');
    expect(text.split('\n')[0]).toBe(
      '{"collection":{"id":"blog-delta-day15","section":"blog","type":"delta","generated":"2025-01-15T23:00:00Z","version":"0.1","since":"2025-01-14T00:00:00Z"}}',
    );
  });

  it('past memoryBytes, streams pages to disk as they come, never holding them (the pages are a one-shot generator)', async () => {
    const temp = join(dir, 'temp');
    await rm(temp, { force: true, recursive: true });
    await import('node:fs/promises').then((fs) => fs.mkdir(temp));
    const observed: number[] = [];
    async function* pages() {
      for (let i = 0; i < 6000; i++) {
        if (i === 5000) {
          const [work] = await readdir(temp);
          observed.push((await stat(join(temp, work!, 'pages.jsonl'))).size);
        }
        yield samplePage(i);
      }
    }
    const result = await writeScpCollection(
      { metadata: snapshot, pages: pages() },
      {
        compression: 'gzip',
        output: join(dir, 'big.scp.gz'),
        tempDirectory: temp,
        memoryBytes: 64 * 1024,
      },
    );
    expect(result.pages).toBe(6000);
    // By page 5000 most of what came before was already on disk.
    expect(observed[0]).toBeGreaterThan(result.uncompressedBytes / 2);
    expect(await readdir(temp)).toEqual([]); // the temporary file is gone
  });

  it('holds a small collection in memory: no temporary file, the same bytes', async () => {
    const temp = join(dir, 'small-temp');
    await import('node:fs/promises').then((fs) => fs.mkdir(temp, { recursive: true }));
    const made: string[] = [];
    async function* pages() {
      for (let i = 0; i < 50; i++) {
        made.push(...(await readdir(temp)));
        yield samplePage(i);
      }
    }
    const output = (name: string) => join(dir, name);
    await writeScpCollection(
      { metadata: snapshot, pages: pages() },
      { compression: 'gzip', output: output('small.scp.gz'), tempDirectory: temp },
    );
    expect(made).toEqual([]);
    // Spilled or held, the same file.
    await writeScpCollection(
      { metadata: snapshot, pages: Array.from({ length: 50 }, (_, i) => samplePage(i)) },
      {
        compression: 'gzip',
        output: output('spilled.scp.gz'),
        tempDirectory: temp,
        memoryBytes: 1,
      },
    );
    const { readFile } = await import('node:fs/promises');
    expect(gunzipSync(await readFile(output('small.scp.gz'))).toString('utf8')).toBe(
      gunzipSync(await readFile(output('spilled.scp.gz'))).toString('utf8'),
    );
  });

  it('rejects an invalid page with its position, leaving no output or temporary file behind', async () => {
    const path = join(dir, 'bad.scp.gz');
    const pages = [samplePage(0), { ...samplePage(1), url: 'javascript:alert(1)' }];
    await expect(
      writeScpCollection(
        { metadata: snapshot, pages },
        { compression: 'gzip', output: path, tempDirectory: dir },
      ),
    ).rejects.toMatchObject({ constructor: ScpValidationError, field: 'pages[1].url' });
    expect(await readdir(dir)).toEqual([]);
  });

  it('rejects invalid metadata', async () => {
    const bad = [
      { ...snapshot, id: 'has space' },
      { ...snapshot, section: '' },
      { ...snapshot, type: 'full' },
      { ...snapshot, generated: 'now' },
      { ...snapshot, since: '2025-01-14T00:00:00Z' },
      { ...snapshot, type: 'delta' },
      { ...snapshot, type: 'delta', since: '2025-01-16T00:00:00Z' },
      { ...snapshot, version: '1' },
    ];
    for (const metadata of bad) {
      await expect(
        writeScpCollection(
          { metadata: metadata as never, pages: [] },
          { compression: 'none', output: join(dir, 'x.scp') },
        ),
      ).rejects.toBeInstanceOf(ScpValidationError);
    }
  });
});

describe('writeScpCollectionVariants', () => {
  it('writes every coding from one pass over the pages, each equal to a single write, with the digests of what it wrote', async () => {
    let reads = 0;
    function* counted() {
      for (const page of samplePages(40)) {
        reads++;
        yield page;
      }
    }
    const written = await writeScpCollectionVariants(
      { metadata: snapshot, pages: counted() },
      {
        variants: ['gzip', 'zstd', 'none'].map((compression) => ({
          compression: compression as 'gzip' | 'zstd' | 'none',
          output: join(dir, `v.${compression}`),
        })),
        tempDirectory: dir,
      },
    );
    expect(reads).toBe(40);
    const plain = await readFile(join(dir, 'v.none'));
    expect(written.identity).toEqual({ size: plain.length, contentDigest: sha256Digest(plain) });
    expect(written.uncompressedBytes).toBe(plain.length);
    for (const [i, compression] of (['gzip', 'zstd', 'none'] as const).entries()) {
      const bytes = await readFile(join(dir, `v.${compression}`));
      const single = join(dir, `single.${compression}`);
      const alone = await writeScpCollection(
        { metadata: snapshot, pages: samplePages(40) },
        { compression, output: single },
      );
      expect(bytes.equals(await readFile(single))).toBe(true);
      expect(written.variants[i]).toEqual({
        compression,
        compressedBytes: bytes.length,
        contentDigest: sha256Digest(bytes),
      });
      expect(alone.metadata).toEqual(written.metadata);
      expect((await readScpCollection([bytes])).report).toMatchObject({
        complete: true,
        checksum: 'verified',
        pages: 40,
      });
    }
    // Only the outputs are left: the spilled pages went with the temporary folder.
    expect((await readdir(dir)).sort()).toEqual(
      ['single.gzip', 'single.none', 'single.zstd', 'v.gzip', 'v.none', 'v.zstd'].sort(),
    );
  });

  it('held in memory (compressed in one call) or spilled to disk (streamed), the same bytes in every coding', async () => {
    const write = (name: string, memoryBytes?: number) =>
      writeScpCollectionVariants(
        { metadata: snapshot, pages: samplePages(60) },
        {
          variants: (['gzip', 'zstd', 'none'] as const).map((compression) => ({
            compression,
            output: join(dir, `${name}.${compression}`),
          })),
          tempDirectory: dir,
          ...(memoryBytes === undefined ? {} : { memoryBytes }),
        },
      );
    // Twice held: the second reuses the first's zstd context.
    const held = [await write('held'), await write('again')];
    const spilled = await write('spilled', 1);
    const bytes = (name: string) => readFile(join(dir, name));
    for (const [name, written] of [
      ['held', held[0]!],
      ['again', held[1]!],
    ] as const) {
      expect(written).toEqual(spilled);
      for (const coding of ['gzip', 'zstd', 'none'])
        expect((await bytes(`${name}.${coding}`)).equals(await bytes(`spilled.${coding}`))).toBe(
          true,
        );
    }
    expect(zstdDecompress(await bytes('held.zstd')).equals(await bytes('held.none'))).toBe(true);
  });

  it('spills the pages for several codings even without a checksum', async () => {
    const written = await writeScpCollectionVariants(
      { metadata: snapshot, pages: samplePages(5) },
      {
        checksum: false,
        variants: [
          { compression: 'gzip', output: join(dir, 'a.gz') },
          { compression: 'none', output: join(dir, 'a') },
        ],
      },
    );
    expect(written.metadata.checksum).toBeUndefined();
    expect(
      gunzipSync(await readFile(join(dir, 'a.gz'))).equals(await readFile(join(dir, 'a'))),
    ).toBe(true);
    expect(written.pages).toBe(5);
  });

  it('refuses an empty list of codings', async () => {
    await expect(
      writeScpCollectionVariants({ metadata: snapshot, pages: [] }, { variants: [] }),
    ).rejects.toThrow(TypeError);
  });
});

function sha256Digest(bytes: Buffer): string {
  return `sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`;
}
