import { gzipSync } from 'node:zlib';
import * as zstdBinding from 'zstd-napi/binding.js';
import { compress as zstdCompress } from 'zstd-napi';
import { decompressScpStream, type ScpByteCounters } from './decompress-scp-stream';
import { inspectScpCollection } from './inspect-scp-collection';
import { ScpDecompressionError, ScpLimitError } from './scp-errors';
import { chunked, referenceCollection } from '../../test/support/scp-fixtures';
import { SCP_DEFAULT_LIMITS, type ScpLimits } from './scp-types';

const GiB = 2 ** 30;
const MiB = 2 ** 20;

function once(make: () => Buffer): () => Buffer {
  let made: Buffer | undefined;
  return () => (made ??= make());
}

/** 1 GiB of zeros as 1024 concatenated gzip members (RFC 1952 §2.2), about 1 MB on the wire. */
const gzipBomb = once((): Buffer => {
  const member = gzipSync(Buffer.alloc(MiB), { level: 9 });
  return Buffer.concat(Array.from({ length: GiB / MiB }, () => member));
});

/** 1 GiB of zeros as one zstd frame (about 32 KB). */
const zstdBomb = once((): Buffer => {
  const context = new zstdBinding.CCtx();
  context.setParameter(zstdBinding.CParameter.compressionLevel, 1);
  const zeros = Buffer.alloc(MiB);
  const out = Buffer.alloc(zstdBinding.cStreamOutSize());
  const parts: Buffer[] = [];
  for (let i = 0; i < GiB / MiB; i++) {
    const last = i === GiB / MiB - 1;
    let src = zeros;
    for (;;) {
      const [remaining, produced, consumed] = context.compressStream2(
        out,
        src,
        last ? zstdBinding.EndDirective.end : zstdBinding.EndDirective.continue,
      );
      if (produced > 0) parts.push(Buffer.from(out.subarray(0, produced)));
      src = src.subarray(consumed);
      if (src.length === 0 && (!last || remaining === 0)) break;
    }
  }
  return Buffer.concat(parts);
});

async function drain(bytes: Buffer, limits: Partial<ScpLimits> = {}, chunkSize = 64 * 1024) {
  const counters: ScpByteCounters = {
    compressedBytes: 0,
    decompressedBytes: 0,
    compression: undefined,
  };
  const memoryBefore = process.memoryUsage();
  let error: unknown;
  try {
    for await (const chunk of decompressScpStream(chunked(bytes, chunkSize), {
      limits: { ...SCP_DEFAULT_LIMITS, ...limits },
      counters,
    })) {
      void chunk;
    }
  } catch (caught) {
    error = caught;
  }
  const memoryAfter = process.memoryUsage();
  const growth =
    memoryAfter.heapUsed +
    memoryAfter.arrayBuffers -
    (memoryBefore.heapUsed + memoryBefore.arrayBuffers);
  return { error, counters, growth };
}

describe('bounded decompression', () => {
  it.each([
    ['gzip', gzipBomb],
    ['zstd', zstdBomb],
  ] as const)(
    'rejects a 1 GiB %s bomb early, by the 100:1 ratio, with little memory',
    async (compression, make) => {
      const bomb = make();
      expect(bomb.length).toBeLessThan(1.1e6);
      const { error, counters, growth } = await drain(bomb);
      expect(error).toBeInstanceOf(ScpLimitError);
      expect(error).toMatchObject({ code: 'scp.limit.ratio' });
      expect(counters.compression).toBe(compression);
      // Stopped right after the ratio check became due (1 MiB), one output buffer later at most.
      expect(counters.decompressedBytes).toBeGreaterThanOrEqual(MiB);
      expect(counters.decompressedBytes).toBeLessThan(MiB + 256 * 1024);
      expect(growth).toBeLessThan(64 * MiB);
    },
  );

  it.each([
    ['gzip', gzipBomb],
    ['zstd', zstdBomb],
  ] as const)(
    'stops a %s bomb at the decompressed-size cap when the ratio is allowed',
    async (_name, make) => {
      const { error, counters } = await drain(make(), {
        maxRatio: Infinity,
        maxDecompressedBytes: 8 * MiB,
      });
      expect(error).toMatchObject({ code: 'scp.limit.decompressed_bytes' });
      expect(counters.decompressedBytes).toBeLessThan(8 * MiB + 256 * 1024);
    },
  );

  it('stops at the compressed-size cap while reading', async () => {
    const { error, counters } = await drain(Buffer.alloc(5 * MiB, 0x20), {
      maxCompressedBytes: MiB,
    });
    expect(error).toMatchObject({ code: 'scp.limit.compressed_bytes' });
    expect(counters.compressedBytes).toBeLessThanOrEqual(MiB + 64 * 1024);
  });

  it('lets a legitimately well-compressed collection through below the ratio', async () => {
    const text = Buffer.from(referenceCollection(true).repeat(1));
    const { error, counters } = await drain(gzipSync(text));
    expect(error).toBeUndefined();
    expect(counters.decompressedBytes).toBe(text.length);
  });

  it.each([
    ['gzip', (b: Buffer) => gzipSync(b)],
    ['zstd', (b: Buffer) => zstdCompress(b)],
  ] as const)(
    'reports a truncated or corrupt %s stream as a decompression failure',
    async (_name, compress) => {
      const whole = compress(Buffer.from(referenceCollection(true).repeat(20)));
      for (const cut of [5, Math.floor(whole.length / 2), whole.length - 1]) {
        const { error } = await drain(whole.subarray(0, cut), {}, 7);
        expect(error).toBeInstanceOf(ScpDecompressionError);
      }
      const corrupt = Buffer.from(whole);
      corrupt.fill(0xff, 10, 30);
      expect((await drain(corrupt)).error).toBeInstanceOf(ScpDecompressionError);
    },
  );

  it('detects the format by magic bytes, not by name, and reads it to the end', async () => {
    const text = Buffer.from(referenceCollection(true));
    for (const bytes of [text, gzipSync(text), zstdCompress(text)]) {
      const inspection = await inspectScpCollection(chunked(bytes, 3));
      expect(inspection).toMatchObject({ valid: true, report: { pages: 2, checksum: 'verified' } });
    }
  });
});
