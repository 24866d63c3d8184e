import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createScpCompressor,
  writeScpCollection,
  type ScpCompression,
} from '@agent-ready/core/scp';
import { figure, type BenchFigure, type BenchScenario } from '../measurement';
import {
  SCP_BENCH_METADATA as metadata,
  SCP_BENCH_PAGES,
  benchPages,
  bytesThrough,
  measure,
  peakHeapFigure,
} from './scp-fixtures';

/** Compression alone over the same uncompressed file: the ceiling for writing. */
async function compressOnly(path: string, compression: ScpCompression): Promise<number> {
  return bytesThrough(path, (await createScpCompressor(compression))!, 1024 * 1024);
}

export const scpWriteScenario: BenchScenario = {
  id: 'scp.write',
  title: `SCP snapshot writing (${SCP_BENCH_PAGES.toLocaleString('en-US')} generated pages, streamed)`,
  async run({ quick }) {
    const repeats = quick ? 1 : 3;
    const dir = await mkdtemp(join(tmpdir(), 'agent-ready-bench-scp-'));
    try {
      // The uncompressed collection, written once, is what the baseline compresses.
      const plainPath = join(dir, 'plain.scp');
      const plain = await writeScpCollection(
        { metadata, pages: benchPages(SCP_BENCH_PAGES) },
        { compression: 'none', output: plainPath, tempDirectory: dir },
      );
      const mb = plain.uncompressedBytes / 1e6;
      // Generating the pages is part of every write figure; its share is stated in the notes.
      const generation = await measure(async () => {
        let count = 0;
        for (const page of benchPages(SCP_BENCH_PAGES)) count += page.content.length;
        return count;
      });
      const figures: BenchFigure[] = [];
      for (const compression of ['gzip', 'zstd'] as const) {
        const writes = [];
        const alone = [];
        for (let i = 0; i < repeats; i++) {
          writes.push(
            await measure(() =>
              writeScpCollection(
                { metadata, pages: benchPages(SCP_BENCH_PAGES) },
                { compression, output: join(dir, `out-${compression}`), tempDirectory: dir },
              ),
            ),
          );
          alone.push(await measure(() => compressOnly(plainPath, compression)));
        }
        const ratio = plain.uncompressedBytes / writes[0]!.value.compressedBytes;
        const baselineTitle = `${compression} compression alone, same bytes`;
        figures.push(
          figure({
            id: `scp.write.${compression}.mbps`,
            title: `write snapshot, ${compression} (MB/s of JSON Lines)`,
            unit: 'MB/s',
            samples: writes.map((w) => mb / w.seconds),
            betterIs: 'higher',
            baseline: { title: baselineTitle, samples: alone.map((a) => mb / a.seconds) },
            notes: `${mb.toFixed(0)} MB of JSON Lines → ${(writes[0]!.value.compressedBytes / 1e6).toFixed(1)} MB (${ratio.toFixed(1)}:1); includes generating the pages (${generation.seconds.toFixed(1)} s of ${writes[0]!.seconds.toFixed(1)} s), validation, URL normalization, hashing and the temp-file second pass`,
          }),
          figure({
            id: `scp.write.${compression}.pages`,
            title: `write snapshot, ${compression} (pages/s)`,
            unit: 'pages/s',
            samples: writes.map((w) => SCP_BENCH_PAGES / w.seconds),
            betterIs: 'higher',
            baseline: {
              title: `${baselineTitle}, as pages`,
              samples: alone.map((a) => SCP_BENCH_PAGES / a.seconds),
            },
          }),
          peakHeapFigure({
            id: `scp.write.${compression}.heap`,
            doing: 'writing',
            compression,
            runs: writes,
            alone: { doing: 'compressing', runs: alone },
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
