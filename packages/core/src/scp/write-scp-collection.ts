import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, basename, join } from 'node:path';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { buildScpPage, serializeScpPage, type ScpPageInput } from './build-scp-page';
import { createScpCompressor } from './scp-compression';
import { ScpError } from './scp-errors';
import { buildScpMetadata, serializeScpMetadataLine, type ScpMetadataInput } from './scp-metadata';
import type { ScpCollectionMetadata, ScpCompression, ScpPage } from './scp-types';

export interface ScpCollectionToWrite {
  metadata: ScpMetadataInput;
  /** Consumed once, one page at a time; never collected into memory. */
  pages: AsyncIterable<ScpPageInput | ScpPage> | Iterable<ScpPageInput | ScpPage>;
}

export interface ScpWriteOptions {
  compression: ScpCompression;
  /** A file path (written to a sibling temporary name, then renamed) or a stream (ended). */
  output: string | Writable;
  /** gzip 1-9 (default 6), zstd 1-22 (default 3). */
  level?: number;
  /** Include the checksum (default true; it costs a second pass over a temporary file). */
  checksum?: boolean;
  /** Where the temporary file goes (default `os.tmpdir()`). */
  tempDirectory?: string;
  maxBlocksPerPage?: number;
}

export interface ScpWriteResult {
  /** Line 1 as written, checksum included. */
  metadata: ScpCollectionMetadata;
  compression: ScpCompression;
  pages: number;
  blocksByType: Record<string, number>;
  /** Size of the JSON Lines before compression. */
  uncompressedBytes: number;
  /** Size of what was written (the sitemap's `size`). */
  compressedBytes: number;
}

const BATCH_BYTES = 256 * 1024;

/**
 * Writes an SCP collection (snapshot or delta) deterministically: line 1 in the fixed member
 * order, one compact JSON page per line, every line ending in LF, and (by default) the checksum
 * of DECISIONS §2: the whole file hashed with line 1 lacking its `checksum` member, which is
 * then appended as the last member. Since line 1 must carry the hash of what follows, pages
 * stream to a temporary file while being hashed, and a second pass copies them behind line 1
 * through the compressor. Memory holds one batch of lines, whatever the page count.
 * Throws `ScpValidationError` (with the page's position in `field`) for an invalid page.
 */
export async function writeScpCollection(
  collection: ScpCollectionToWrite,
  options: ScpWriteOptions,
): Promise<ScpWriteResult> {
  const metadata = buildScpMetadata(collection.metadata);
  const stats = {
    pages: 0,
    blocksByType: {} as Record<string, number>,
    uncompressedBytes: 0,
    compressedBytes: 0,
  };
  const withChecksum = options.checksum !== false;
  let tempDir: string | undefined;
  try {
    let body: () => AsyncIterable<Buffer | string>;
    const firstLineWithoutChecksum = `${serializeScpMetadataLine(metadata)}\n`;
    if (withChecksum) {
      tempDir = await mkdtemp(join(options.tempDirectory ?? tmpdir(), 'agent-ready-scp-'));
      const bodyPath = join(tempDir, 'pages.jsonl');
      const hash = createHash('sha256').update(firstLineWithoutChecksum);
      await pipeline(
        Readable.from(pageBatches(collection.pages, stats, options.maxBlocksPerPage, hash)),
        createWriteStream(bodyPath),
      );
      metadata.checksum = `sha256:${hash.digest('hex')}`;
      body = () => createReadStream(bodyPath, { highWaterMark: 1024 * 1024 });
    } else {
      body = () => pageBatches(collection.pages, stats, options.maxBlocksPerPage);
    }
    const firstLine = `${serializeScpMetadataLine(metadata)}\n`;
    stats.uncompressedBytes += Buffer.byteLength(firstLine);
    async function* file(): AsyncGenerator<Buffer | string> {
      yield firstLine;
      yield* body();
    }
    const compressor = await createScpCompressor(options.compression, options.level);
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        stats.compressedBytes += chunk.length;
        callback(null, chunk);
      },
    });
    const stages = [Readable.from(file()), ...(compressor ? [compressor] : []), counter];
    await writeTo(stages, options.output);
    return { metadata, compression: options.compression, ...stats };
  } finally {
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }
}

async function* pageBatches(
  pages: ScpCollectionToWrite['pages'],
  stats: { pages: number; blocksByType: Record<string, number>; uncompressedBytes: number },
  maxBlocksPerPage: number | undefined,
  hash?: ReturnType<typeof createHash>,
): AsyncGenerator<string> {
  let batch = '';
  for await (const input of pages as AsyncIterable<ScpPageInput | ScpPage>) {
    let page: ScpPage;
    try {
      page = buildScpPage(input, { maxBlocksPerPage });
    } catch (error) {
      if (error instanceof ScpError) {
        const field = `pages[${stats.pages}]${error.field ? `.${error.field}` : ''}`;
        throw new (error.constructor as typeof ScpError)(
          error.code,
          `page ${stats.pages}: ${error.message}`,
          {
            field,
            value: error.value,
            rule: error.rule,
            cause: error,
          },
        );
      }
      throw error;
    }
    const line = `${serializeScpPage(page)}\n`;
    stats.pages++;
    for (const block of page.content)
      stats.blocksByType[block.type] = (stats.blocksByType[block.type] ?? 0) + 1;
    batch += line;
    if (batch.length >= BATCH_BYTES) {
      yield* flush(batch);
      batch = '';
    }
  }
  if (batch.length > 0) yield* flush(batch);

  function* flush(text: string): Generator<string> {
    const bytes = Buffer.byteLength(text);
    stats.uncompressedBytes += bytes;
    hash?.update(text);
    yield text;
  }
}

async function writeTo(stages: (Readable | Transform)[], output: string | Writable): Promise<void> {
  if (typeof output !== 'string') {
    await pipeline([...stages, output]);
    return;
  }
  const partial = join(
    dirname(output),
    `.${basename(output)}.${randomBytes(6).toString('hex')}.partial`,
  );
  try {
    await pipeline([...stages, createWriteStream(partial)]);
    await rename(partial, output);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
