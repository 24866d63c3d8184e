import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Transform } from 'node:stream';
import zlib from 'node:zlib';
import { hasNodeZstd, inspectScpCollection, writeScpCollection } from '@agent-ready/core/scp';
import { DecompressStream } from 'zstd-napi';
import { figure, type BenchFigure, type BenchScenario } from '../measurement';
import {
  SCP_BENCH_METADATA as metadata,
  SCP_BENCH_PAGES,
  benchPages,
  bytesThrough,
  measure,
  peakHeapFigure,
} from './scp-fixtures';

function plainDecompressor(compression: 'gzip' | 'zstd'): Transform {
  if (compression === 'gzip') return zlib.createGunzip({ chunkSize: 64 * 1024 });
  if (hasNodeZstd()) {
    return (zlib as unknown as { createZstdDecompress: () => Transform }).createZstdDecompress();
  }
  return new DecompressStream();
}

/** Decompression alone (the library's own stream, no limits, no parsing): the ceiling. */
function decompressOnly(path: string, compression: 'gzip' | 'zstd'): Promise<number> {
  return bytesThrough(path, plainDecompressor(compression), 256 * 1024);
}

export const scpParseScenario: BenchScenario = {
  id: 'scp.parse',
  title: `SCP streaming parsing (${SCP_BENCH_PAGES.toLocaleString('en-US')}-page collection, checksum verified)`,
  async run({ quick }) {
    const repeats = quick ? 1 : 3;
    const dir = await mkdtemp(join(tmpdir(), 'agent-ready-bench-scp-'));
    try {
      const figures: BenchFigure[] = [];
      for (const compression of ['gzip', 'zstd'] as const) {
        const path = join(dir, `collection-${compression}`);
        const written = await writeScpCollection(
          { metadata, pages: benchPages(SCP_BENCH_PAGES) },
          { compression, output: path, tempDirectory: dir },
        );
        const mb = written.uncompressedBytes / 1e6;
        const parses = [];
        const alone = [];
        for (let i = 0; i < repeats; i++) {
          parses.push(
            await measure(async () => {
              const inspection = await inspectScpCollection(
                createReadStream(path, { highWaterMark: 256 * 1024 }),
              );
              if (
                !inspection.valid ||
                inspection.report.pages !== SCP_BENCH_PAGES ||
                inspection.report.checksum !== 'verified'
              ) {
                throw new Error(
                  `benchmark collection did not parse: ${JSON.stringify(inspection.error)}`,
                );
              }
              return inspection;
            }),
          );
          alone.push(await measure(() => decompressOnly(path, compression)));
        }
        figures.push(
          figure({
            id: `scp.parse.${compression}.mbps`,
            title: `parse + validate + verify, ${compression} (MB/s decompressed)`,
            unit: 'MB/s',
            samples: parses.map((p) => mb / p.seconds),
            betterIs: 'higher',
            baseline: {
              title: `${compression} decompression alone`,
              samples: alone.map((a) => mb / a.seconds),
            },
            notes: `${(written.compressedBytes / 1e6).toFixed(1)} MB ${compression} → ${mb.toFixed(0)} MB; every line JSON-parsed and checked, pages yielded one at a time, SHA-256 over all bytes`,
          }),
          figure({
            id: `scp.parse.${compression}.pages`,
            title: `parse, ${compression} (pages/s)`,
            unit: 'pages/s',
            samples: parses.map((p) => SCP_BENCH_PAGES / p.seconds),
            betterIs: 'higher',
          }),
          peakHeapFigure({
            id: `scp.parse.${compression}.heap`,
            doing: 'parsing',
            compression,
            runs: parses,
            alone: { doing: 'decompressing', runs: alone },
            uncompressedMB: mb,
          }),
        );
      }
      return figures;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};
