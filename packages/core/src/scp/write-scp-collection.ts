import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, basename, join } from 'node:path';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentDigestOf } from '../http/served-resource';
import { buildScpPage, serializeScpPage, type ScpPageInput } from './build-scp-page';
import { compressScpBytes, createScpCompressor } from './scp-compression';
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
  /**
   * Page lines held in memory for the second pass before they spill to the temporary file
   * (default 8 MiB): a small collection (a section's pages, a delta) costs no file at all.
   */
  memoryBytes?: number;
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
/** Page lines a collection holds in memory before spilling them to a temporary file. */
const MEMORY_BYTES = 8 * 1024 * 1024;

/** Writes one chunk, waiting for the stream to drain when its buffer is full. */
async function writeChunk(stream: Writable, chunk: string): Promise<void> {
  if (stream.write(chunk)) return;
  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    stream.once('error', onError);
    stream.once('drain', () => {
      stream.off('error', onError);
      resolve();
    });
  });
}

/**
 * Writes an SCP collection (snapshot or delta) deterministically: line 1 in the fixed member
 * order, one compact JSON page per line, every line ending in LF, and (by default) the checksum
 * of DECISIONS §2: the whole file hashed with line 1 lacking its `checksum` member, which is
 * then appended as the last member. Since line 1 must carry the hash of what follows, pages are
 * hashed as they come and kept for a second pass that copies them behind line 1 through the
 * compressor: in memory up to `memoryBytes`, then in a temporary file, so memory holds at most
 * that and one batch of lines, whatever the page count.
 * Throws `ScpValidationError` (with the page's position in `field`) for an invalid page.
 */
export async function writeScpCollection(
  collection: ScpCollectionToWrite,
  options: ScpWriteOptions,
): Promise<ScpWriteResult> {
  const { compression, output, level, ...shared } = options;
  const written = await writeScpCollectionVariants(collection, {
    ...shared,
    variants: [{ compression, output, ...(level === undefined ? {} : { level }) }],
  });
  const { variants, identity: _identity, ...stats } = written;
  return { ...stats, compression, compressedBytes: variants[0]!.compressedBytes };
}

/** One coding of a collection to write: see `writeScpCollectionVariants`. */
export interface ScpVariantToWrite {
  compression: ScpCompression;
  /** A file path (written to a sibling temporary name, then renamed) or a stream (ended). */
  output: string | Writable;
  /** gzip 1-9 (default 6), zstd 1-22 (default 3). */
  level?: number;
}

export interface ScpVariantsWriteOptions extends Omit<
  ScpWriteOptions,
  'compression' | 'output' | 'level'
> {
  variants: readonly ScpVariantToWrite[];
}

export interface ScpVariantsWriteResult extends Omit<
  ScpWriteResult,
  'compression' | 'compressedBytes'
> {
  /** The JSON Lines before any coding: what a client that accepts none is sent. */
  identity: { size: number; contentDigest: string };
  /** Per variant, in the order asked: what was written and its RFC 9530 digest. */
  variants: { compression: ScpCompression; compressedBytes: number; contentDigest: string }[];
}

/**
 * Writes one collection in several codings (say gzip and zstd) from a single pass over its
 * pages: the pages are read, checked and hashed once into a temporary file, then each variant
 * streams that file behind line 1 through its compressor. For a collection read from a
 * database this halves the reads, and every variant carries the same line 1 and checksum.
 * Digests of every variant and of the uncoded bytes come out of the same passes.
 */
export async function writeScpCollectionVariants(
  collection: ScpCollectionToWrite,
  options: ScpVariantsWriteOptions,
): Promise<ScpVariantsWriteResult> {
  if (options.variants.length === 0) throw new TypeError('writeScpCollectionVariants: no variant');
  const metadata = buildScpMetadata(collection.metadata);
  const stats = { pages: 0, blocksByType: {} as Record<string, number>, uncompressedBytes: 0 };
  const withChecksum = options.checksum !== false;
  // Pages can be consumed only once: several variants (or the checksum) need them again.
  const spill = withChecksum || options.variants.length > 1;
  let tempDir: string | undefined;
  try {
    let body: () => AsyncIterable<Buffer | string>;
    /** The page lines, when they all fit in memory. */
    let held: string[] | undefined;
    const firstLineWithoutChecksum = `${serializeScpMetadataLine(metadata)}\n`;
    if (spill) {
      const hash = withChecksum ? createHash('sha256').update(firstLineWithoutChecksum) : undefined;
      // Held in memory while small (most collections: a section's pages, a delta's changes);
      // past `memoryBytes`, written to a temporary file instead, so memory holds one batch.
      const memoryBytes = options.memoryBytes ?? MEMORY_BYTES;
      const lines: string[] = [];
      let heldBytes = 0;
      let spillFile: { path: string; stream: Writable } | undefined;
      for await (const batch of pageBatches(
        collection.pages,
        stats,
        options.maxBlocksPerPage,
        hash,
      )) {
        if (!spillFile && heldBytes + batch.length <= memoryBytes) {
          lines.push(batch);
          heldBytes += batch.length;
          continue;
        }
        if (!spillFile) {
          tempDir = await mkdtemp(join(options.tempDirectory ?? tmpdir(), 'agent-ready-scp-'));
          const path = join(tempDir, 'pages.jsonl');
          spillFile = { path, stream: createWriteStream(path) };
          for (const earlier of lines.splice(0)) await writeChunk(spillFile.stream, earlier);
        }
        await writeChunk(spillFile.stream, batch);
      }
      if (hash) metadata.checksum = `sha256:${hash.digest('hex')}`;
      if (spillFile) {
        const { path, stream } = spillFile;
        await new Promise<void>((resolve, reject) => {
          stream.on('error', reject);
          stream.end(resolve);
        });
        body = () => createReadStream(path, { highWaterMark: 1024 * 1024 });
      } else {
        held = lines;
      }
    } else {
      body = () => pageBatches(collection.pages, stats, options.maxBlocksPerPage);
    }
    const firstLine = `${serializeScpMetadataLine(metadata)}\n`;
    if (held) {
      const identityBytes = Buffer.from(firstLine + held.join(''));
      stats.uncompressedBytes = identityBytes.length;
      return {
        metadata,
        ...stats,
        identity: { size: identityBytes.length, contentDigest: contentDigestOf(identityBytes) },
        variants: await writeVariantsOfBytes(identityBytes, options.variants),
      };
    }
    const variants: ScpVariantsWriteResult['variants'] = [];
    let identity: ScpVariantsWriteResult['identity'] | undefined;
    for (const variant of options.variants) {
      const identityHash = identity ? undefined : createHash('sha256');
      let identitySize = 0;
      async function* file(): AsyncGenerator<Buffer | string> {
        for await (const chunk of concat(firstLine, body())) {
          if (identityHash) {
            identityHash.update(chunk);
            identitySize += Buffer.byteLength(chunk);
          }
          yield chunk;
        }
      }
      const compressor = await createScpCompressor(variant.compression, variant.level);
      const written = { bytes: 0, hash: createHash('sha256') };
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          written.bytes += chunk.length;
          written.hash.update(chunk);
          callback(null, chunk);
        },
      });
      const stages = [Readable.from(file()), ...(compressor ? [compressor] : []), counter];
      await writeTo(stages, variant.output);
      variants.push({
        compression: variant.compression,
        compressedBytes: written.bytes,
        contentDigest: `sha-256=:${written.hash.digest('base64')}:`,
      });
      if (identityHash) {
        identity = {
          size: identitySize,
          contentDigest: `sha-256=:${identityHash.digest('base64')}:`,
        };
      }
    }
    stats.uncompressedBytes = identity!.size;
    return { metadata, ...stats, identity: identity!, variants };
  } finally {
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }
}

/** A collection held in memory, written in each coding (see compressScpBytes). */
async function writeVariantsOfBytes(
  identityBytes: Buffer,
  variants: readonly ScpVariantToWrite[],
): Promise<ScpVariantsWriteResult['variants']> {
  const written: ScpVariantsWriteResult['variants'] = [];
  for (const variant of variants) {
    const coded = await compressScpBytes(variant.compression, identityBytes, variant.level);
    await writeTo([Readable.from([coded])], variant.output);
    written.push({
      compression: variant.compression,
      compressedBytes: coded.length,
      contentDigest: contentDigestOf(coded),
    });
  }
  return written;
}

async function* concat(
  first: string,
  rest: AsyncIterable<Buffer | string>,
): AsyncGenerator<Buffer | string> {
  yield first;
  yield* rest;
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
