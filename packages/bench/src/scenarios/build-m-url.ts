import { createHash } from 'node:crypto';
import { buildMUrlRepresentation, type MUrlFields } from '@agent-ready/core/tct';
import { figure, opsPerSecond, type BenchScenario } from '../measurement';

/** A deterministic ~10 KB document: mixed prose, the size of a typical article body. */
function documentOfAbout10KB(seed: number): MUrlFields {
  const words = [
    'agents',
    'crawler',
    'café',
    'protocol',
    'Straße',
    'sitemap',
    'validator',
    'ĉiu',
    'データ',
    'hash',
  ];
  const parts: string[] = [];
  let size = 0;
  let i = seed;
  while (size < 10_000) {
    const word = words[(i * 7 + 3) % words.length]!;
    parts.push(i % 17 === 0 ? `${word}.\n\n` : `${word} `);
    size += Buffer.byteLength(parts[parts.length - 1]!);
    i++;
  }
  return {
    canonicalUrl: `https://example.com/articles/${seed}/`,
    title: `Article ${seed}`,
    content: parts.join(''),
    language: 'en',
    modified: '2025-10-01T12:00:00Z',
    description: 'A generated article for the benchmark.',
  };
}

export const buildMUrlScenario: BenchScenario = {
  id: 'core.m-url',
  title: 'M-URL representation builds (10 KB documents)',
  async run({ quick }) {
    const docs = Array.from({ length: 64 }, (_, i) => documentOfAbout10KB(i));
    const seconds = quick ? 0.5 : 2;
    const repeats = quick ? 3 : 7;
    let next = 0;
    const build = () => buildMUrlRepresentation(docs[next++ % docs.length]!);
    const naive = () => {
      const doc = docs[next++ % docs.length]!;
      createHash('sha256').update(JSON.stringify(doc)).digest('hex');
    };
    const samples: number[] = [];
    const baseline: number[] = [];
    for (let r = 0; r < repeats; r++) {
      samples.push(await opsPerSecond(build, seconds));
      baseline.push(await opsPerSecond(naive, seconds));
    }
    return [
      figure({
        id: 'core.m-url.builds',
        title: 'M-URL builds (validate, JCS twice, SHA-256, Content-Digest)',
        unit: 'builds/s',
        betterIs: 'higher',
        samples,
        baseline: { title: 'JSON.stringify + SHA-256 of the same object', samples: baseline },
        notes:
          'The build canonicalizes twice (body without and with hash) and hashes twice (ETag and Content-Digest), so about 0.25-0.5× of the one-pass baseline is the expected shape.',
      }),
    ];
  },
};
