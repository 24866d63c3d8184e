import { Readable, pipeline, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import { ScpDecompressionError, ScpError, ScpLimitError } from './scp-errors';
import {
  createNodeZstdDecompress,
  detectScpCompression,
  loadZstdNapiBinding,
} from './scp-compression';
import type { ScpCompression, ScpLimits } from './scp-types';

/** Bytes seen so far; updated while the stream flows, so a report can show them after an abort. */
export interface ScpByteCounters {
  compressedBytes: number;
  decompressedBytes: number;
  compression: ScpCompression | undefined;
}

/** What a parser reads from: a Node Readable, a web ReadableStream, any (async) iterable of bytes. */
export type ScpByteSource = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

const CHUNK_SIZE = 64 * 1024;
const LIMITS_RULE =
  'SCP Security Considerations, Resource Exhaustion; docs/protocols.md#scp-limits';

function toBuffer(chunk: Uint8Array | string): Buffer {
  if (typeof chunk === 'string') return Buffer.from(chunk, 'utf8');
  if (chunk instanceof Uint8Array)
    return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  throw new ScpError('scp.source.invalid', 'a collection source must yield bytes (Uint8Array)', {
    rule: LIMITS_RULE,
  });
}

/** The source's bytes as Buffers, counted and capped (compressed size) as they are read. */
async function* countCompressed(
  source: ScpByteSource,
  counters: ScpByteCounters,
  limits: ScpLimits,
): AsyncGenerator<Buffer> {
  const iterator = (
    Symbol.asyncIterator in source
      ? (source as AsyncIterable<Uint8Array | string>)[Symbol.asyncIterator]()
      : (source as Iterable<Uint8Array | string>)[Symbol.iterator]()
  ) as AsyncIterator<Uint8Array | string> | Iterator<Uint8Array | string>;
  let done = false;
  try {
    for (;;) {
      let next: IteratorResult<Uint8Array | string>;
      try {
        next = await iterator.next();
      } catch (cause) {
        done = true; // a throwing iterator is finished
        if (cause instanceof ScpError) throw cause;
        const message = cause instanceof Error ? cause.message : String(cause);
        throw new ScpError('scp.source.failed', `reading the collection failed: ${message}`, {
          cause,
        });
      }
      if (next.done) {
        done = true;
        return;
      }
      const bytes = toBuffer(next.value);
      if (bytes.length === 0) continue;
      counters.compressedBytes += bytes.length;
      if (counters.compressedBytes > limits.maxCompressedBytes) {
        throw new ScpLimitError(
          'scp.limit.compressed_bytes',
          `the collection is larger than ${limits.maxCompressedBytes} bytes`,
          { value: counters.compressedBytes, rule: LIMITS_RULE },
        );
      }
      yield bytes;
    }
  } finally {
    // Stopping early (a limit, a fatal line, a consumer that breaks) releases the source.
    if (!done) await iterator.return?.();
  }
}

/** Prepends already-read chunks to the rest of an iterator. */
async function* prepend(head: Buffer[], rest: AsyncIterator<Buffer>): AsyncGenerator<Buffer> {
  yield* head;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

function wrapDecompressionError(error: unknown, compression: ScpCompression): unknown {
  if (error instanceof ScpError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ScpDecompressionError(
    'scp.decompression.failed',
    `${compression} decompression failed: ${message}`,
    {
      rule: 'SCP Error Handling (decompression failure is fatal)',
      cause: error,
    },
  );
}

/**
 * Runs a zlib Transform (gunzip, Node's zstd) as a pull stream. zlib honours backpressure: it
 * produces one `chunkSize` buffer at a time and waits while the reader is full, so a bomb
 * cannot expand further than the reader consumes. Leaving the loop destroys the pipeline.
 */
async function* inflateWithZlib(
  input: AsyncIterable<Buffer>,
  inflater: Transform & { bytesWritten?: number },
  progress: { consumed: number },
): AsyncGenerator<Buffer> {
  const readable = Readable.from(input, { objectMode: false, highWaterMark: CHUNK_SIZE });
  let failure: unknown;
  pipeline(readable, inflater, (error) => {
    if (error && (error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE')
      failure ??= error;
  });
  try {
    for await (const chunk of inflater) {
      // zlib counts the input it has actually consumed (not what is queued).
      progress.consumed = inflater.bytesWritten ?? progress.consumed;
      yield chunk as Buffer;
    }
  } catch (error) {
    throw failure ?? error;
  } finally {
    readable.destroy();
    inflater.destroy();
  }
  if (failure) throw failure;
}

/**
 * zstd through `zstd-napi`'s low-level context: one `ZSTD_decompressStream` call fills at most
 * one output buffer (128 KiB), and the next call waits until the reader asks for more. (The
 * package's own DecompressStream loops over a whole input chunk without backpressure, which a
 * bomb turns into gigabytes in one call.)
 */
async function* inflateWithZstdNapi(
  input: AsyncIterable<Buffer>,
  progress: { consumed: number },
): AsyncGenerator<Buffer> {
  const binding = await loadZstdNapiBinding();
  const context = new binding.DCtx();
  const outSize = binding.dStreamOutSize();
  let inFrame = false;
  for await (const chunk of input) {
    let src = chunk;
    for (;;) {
      const dst = Buffer.allocUnsafe(outSize);
      const [remaining, produced, consumed] = context.decompressStream(dst, src);
      src = src.subarray(consumed);
      progress.consumed += consumed;
      inFrame = remaining !== 0;
      if (produced > 0) yield dst.subarray(0, produced);
      if (src.length === 0 && (produced < outSize || remaining === 0)) break;
    }
  }
  if (inFrame) throw new Error('the stream ended inside a zstd frame (truncated)');
}

/**
 * The decompressed bytes of a collection, detected by magic bytes unless `compression` says
 * otherwise, with every size limit enforced as the bytes flow: compressed size, decompressed
 * size, and the decompression ratio once `ratioCheckAfterBytes` have come out. Exceeding one
 * throws `ScpLimitError` and tears the streams down; a corrupt stream throws
 * `ScpDecompressionError`.
 */
export async function* decompressScpStream(
  source: ScpByteSource,
  options: { compression?: ScpCompression | 'auto'; limits: ScpLimits; counters: ScpByteCounters },
): AsyncGenerator<Buffer> {
  const { limits, counters } = options;
  const raw = countCompressed(source, counters, limits)[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headBytes = 0;
  while (headBytes < 4) {
    const next = await raw.next();
    if (next.done) break;
    head.push(next.value);
    headBytes += next.value.length;
  }
  const compression =
    !options.compression || options.compression === 'auto'
      ? detectScpCompression(Buffer.concat(head, Math.min(headBytes, 4)))
      : options.compression;
  counters.compression = compression;
  const input = prepend(head, raw);
  // The ratio is judged on compressed bytes the decompressor has consumed, not on bytes read
  // ahead into buffers, so a bomb is caught as soon as 1 MiB has come out.
  const progress = { consumed: 0 };
  let output: AsyncIterable<Buffer>;
  if (compression === 'none') output = input;
  else if (compression === 'gzip') {
    output = inflateWithZlib(input, zlib.createGunzip({ chunkSize: CHUNK_SIZE }), progress);
  } else {
    const nodeZstd = createNodeZstdDecompress(CHUNK_SIZE);
    output = nodeZstd
      ? inflateWithZlib(input, nodeZstd, progress)
      : inflateWithZstdNapi(input, progress);
  }
  try {
    for await (const chunk of output) {
      counters.decompressedBytes += chunk.length;
      if (counters.decompressedBytes > limits.maxDecompressedBytes) {
        throw new ScpLimitError(
          'scp.limit.decompressed_bytes',
          `the collection expands beyond ${limits.maxDecompressedBytes} bytes`,
          { value: counters.decompressedBytes, rule: LIMITS_RULE },
        );
      }
      if (
        compression !== 'none' &&
        counters.decompressedBytes >= limits.ratioCheckAfterBytes &&
        counters.decompressedBytes > limits.maxRatio * Math.max(progress.consumed, 1)
      ) {
        throw new ScpLimitError(
          'scp.limit.ratio',
          `decompression ratio exceeds ${limits.maxRatio}:1 (${counters.decompressedBytes} bytes from ${progress.consumed})`,
          { value: counters.decompressedBytes / Math.max(progress.consumed, 1), rule: LIMITS_RULE },
        );
      }
      yield chunk;
    }
  } catch (error) {
    throw wrapDecompressionError(error, compression);
  }
}
