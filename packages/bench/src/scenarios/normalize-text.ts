import { createHash } from 'node:crypto';
import he from 'he';
import { normalizeText } from '@agent-ready/core/text';
import { figure, type BenchScenario } from '../measurement';
import { buildMixedScriptCorpus } from './mixed-script-corpus';

const CORPUS_BYTES = 10 * 1024 * 1024;

/** `global.gc` when the process runs with --expose-gc (the bench runner passes it). */
const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

/** Throughput of one call of `fn`, in MB/s of the corpus's UTF-8 bytes. */
function throughput(bytes: number, fn: () => unknown): number {
  collectGarbage(); // so no sample pays for the garbage of the one before
  const start = process.hrtime.bigint();
  fn();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return bytes / 1e6 / seconds;
}

export const normalizeTextScenario: BenchScenario = {
  id: 'core.normalize',
  title: 'Text normalization for fingerprints (10 MB mixed-script corpus)',
  async run({ quick }) {
    const corpus = buildMixedScriptCorpus(CORPUS_BYTES);
    const utf8 = Buffer.from(corpus, 'utf8');
    const bytes = utf8.length;
    const repeats = quick ? 3 : 9;
    const normalize = () => normalizeText(corpus);
    const sha256 = () => createHash('sha256').update(utf8).digest('hex');
    const naive = () => he.decode(corpus).normalize('NFKC').toLowerCase();

    // One warm-up each, then interleaved samples so drift affects all three alike.
    normalize();
    sha256();
    naive();
    const samples: number[] = [];
    const sha256Samples: number[] = [];
    const naiveSamples: number[] = [];
    for (let r = 0; r < repeats; r++) {
      samples.push(throughput(bytes, normalize));
      sha256Samples.push(throughput(bytes, sha256));
      naiveSamples.push(throughput(bytes, naive));
    }
    const common = {
      title: `normalizeText (6 steps) on ${(bytes / 1e6).toFixed(1)} MB`,
      unit: 'MB/s',
      betterIs: 'higher' as const,
      samples,
    };
    return [
      figure({
        ...common,
        id: 'core.normalize.vs-naive',
        baseline: { title: 'he.decode + NFKC + toLowerCase (naive)', samples: naiveSamples },
        notes:
          'The naive pipeline is wrong (toLowerCase is not full case folding; controls and whitespace runs stay) but does the expensive work: entity decoding, NFKC, a case mapping. normalizeText decodes through he too, span by span with repeated references cached. A ratio near 1 means correctness costs little.',
      }),
      figure({
        ...common,
        id: 'core.normalize.vs-sha256',
        baseline: { title: 'SHA-256 of the same UTF-8 bytes (floor)', samples: sha256Samples },
        notes: 'fingerprintText = normalizeText + SHA-256, so hashing is the cost floor.',
      }),
    ];
  },
};
