// Shared by the SCP scenarios: a deterministic section of pages, generated lazily, and the
// measuring helpers (elapsed time with the peak RSS sampled while it runs, the ceiling a codec
// alone reaches, the memory figure).
import { createReadStream } from 'node:fs';
import { Writable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ScpPageInput } from '@agent-ready/core/scp';
import { figure, type BenchFigure } from '../measurement';

export const SCP_BENCH_PAGES = 100_000;

/** The metadata line of the benchmark's snapshot. */
export const SCP_BENCH_METADATA = {
  id: 'bench-snapshot',
  section: 'blog',
  type: 'snapshot' as const,
  generated: '2025-06-01T00:00:00Z',
};

const WORDS = (
  'agent crawler content section snapshot delta protocol stream compress checksum page block ' +
  'heading paragraph list table quote image video audio link publisher index window period ' +
  'the a of and to in is for on with as by at from that this it be are was or an not'
).split(' ');

/** A small linear congruential generator: same seed, same pages, on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function sentence(next: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(next() * WORDS.length)]!);
  const text = out.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

/** Page `i`: about 2 KB of JSON in ten blocks of six types. */
export function benchPage(i: number): ScpPageInput {
  const next = random(i + 1);
  return {
    url: `https://example.com/blog/${i}/${WORDS[i % WORDS.length]}`,
    title: sentence(next, 6),
    description: sentence(next, 18),
    modified: new Date(Date.UTC(2025, 0, 1) + i * 1000),
    language: 'en',
    content: [
      { type: 'heading', level: 1, text: sentence(next, 6) },
      { type: 'text', text: `${sentence(next, 40)} ${sentence(next, 30)}` },
      { type: 'heading', level: 2, text: sentence(next, 4) },
      { type: 'text', text: sentence(next, 50) },
      {
        type: 'list',
        ordered: false,
        items: [sentence(next, 6), sentence(next, 8), sentence(next, 5)],
      },
      {
        type: 'code',
        language: 'ts',
        code: `const page${i} = await fetch('/${i}');\nconsole.log(page${i}.status);`,
      },
      { type: 'link', url: `https://example.com/blog/${i + 1}`, text: sentence(next, 3) },
      { type: 'image', url: `https://cdn.example.com/img/${i}.jpg`, alt: sentence(next, 5) },
      {
        type: 'table',
        rows: [
          ['Name', 'Value'],
          [WORDS[i % 7]!, String(i)],
        ],
      },
      { type: 'quote', text: sentence(next, 20), citation: 'Someone' },
    ],
  };
}

export function* benchPages(count: number): Generator<ScpPageInput> {
  for (let i = 0; i < count; i++) yield benchPage(i);
}

export interface Measured<T> {
  seconds: number;
  /** Highest resident set size seen (includes memory the process kept from earlier phases). */
  peakRssMiB: number;
  /** Highest V8 heap + external + array buffers seen: what this phase itself holds. */
  peakHeapMiB: number;
  value: T;
}

function heapBytes(): number {
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.external + usage.arrayBuffers;
}

/** Runs `fn`, sampling memory every 10 ms (streaming code yields often enough to be sampled). */
export async function measure<T>(fn: () => Promise<T>): Promise<Measured<T>> {
  (globalThis as { gc?: () => void }).gc?.();
  let peakRss = process.memoryUsage.rss();
  let peakHeap = heapBytes();
  const sample = (): void => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    peakHeap = Math.max(peakHeap, heapBytes());
  };
  const timer = setInterval(sample, 10);
  const start = process.hrtime.bigint();
  try {
    const value = await fn();
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    sample();
    return { seconds, peakRssMiB: peakRss / 2 ** 20, peakHeapMiB: peakHeap / 2 ** 20, value };
  } finally {
    clearInterval(timer);
  }
}

/** Streams the file at `path` through `codec` alone and counts what comes out: a baseline. */
export async function bytesThrough(
  path: string,
  codec: Transform,
  highWaterMark: number,
): Promise<number> {
  let bytes = 0;
  await pipeline(
    createReadStream(path, { highWaterMark }),
    codec,
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        callback();
      },
    }),
  );
  return bytes;
}

/**
 * Peak heap + buffers while `doing` (parsing, writing) a collection, beside the same while the
 * codec alone runs (`alone`: decompressing, compressing); the notes give both peak RSS.
 */
export function peakHeapFigure(fields: {
  id: string;
  doing: string;
  compression: string;
  runs: Measured<unknown>[];
  alone: { doing: string; runs: Measured<unknown>[] };
  uncompressedMB: number;
}): BenchFigure {
  const { runs, alone } = fields;
  return figure({
    id: fields.id,
    title: `peak heap + buffers while ${fields.doing}, ${fields.compression}`,
    unit: 'MiB',
    samples: runs.map((m) => m.peakHeapMiB),
    betterIs: 'lower',
    baseline: {
      title: `peak heap + buffers while ${alone.doing} alone`,
      samples: alone.runs.map((a) => a.peakHeapMiB),
    },
    notes: `the collection is ${fields.uncompressedMB.toFixed(0)} MB uncompressed; peak RSS ${runs[0]!.peakRssMiB.toFixed(0)} MiB (${alone.doing} alone: ${alone.runs[0]!.peakRssMiB.toFixed(0)} MiB)`,
  });
}
