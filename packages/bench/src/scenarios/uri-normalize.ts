import { normalizeUri, resolveUrlAgainst } from '@agent-ready/core/uri';
import { figure, opsPerSecond, type BenchFigure, type BenchScenario } from '../measurement';

/** What sitemaps and Link headers carry: already-normal https URLs (the fast path). */
const NORMAL = Array.from(
  { length: 64 },
  (_, i) => `https://www.example.com/blog/2024/${i}/post-title-number-${i}?page=${i % 3}`,
);
/** URLs that need real work: case, default ports, dot-segments, encodings, IDN hosts. */
const UNNORMAL = Array.from(
  { length: 64 },
  (_, i) =>
    [
      `HTTPS://WWW.Example.COM:443/blog/./${i}/../post-%7e${i}`,
      `http://bücher.example/straße/${i}?q=%c3%a9`,
      `https://example.com/a/b/../../c/%2f${i}#top`,
      `http://[2001:DB8:0:0:0:0:0:${i.toString(16)}]:80/x`,
    ][i % 4]!,
);
const REFERENCES = Array.from(
  { length: 64 },
  (_, i) =>
    [`../other-${i}/`, `/img/${i}.png`, `?page=${i}`, `https://cdn.example.net/${i}.js`][i % 4]!,
);
const BASE = 'https://www.example.com/blog/2024/post/';

function cycle<T>(items: readonly T[], fn: (item: T) => unknown): () => void {
  let i = 0;
  return () => {
    fn(items[i++ % items.length]!);
  };
}

async function samples(repeats: number, seconds: number, fn: () => void): Promise<number[]> {
  const results: number[] = [];
  for (let i = 0; i < repeats; i++) results.push(await opsPerSecond(fn, seconds));
  return results;
}

export const uriNormalizeScenario: BenchScenario = {
  id: 'uri-normalize',
  title: 'URI normalization (RFC 3986/3987) against WHATWG URL parsing',
  async run({ quick }): Promise<BenchFigure[]> {
    const repeats = quick ? 3 : 7;
    const seconds = quick ? 0.2 : 0.5;
    const whatwg = (url: string) => new URL(url).href;
    const resolve = resolveUrlAgainst(BASE);
    return [
      figure({
        id: 'core.uri.normalize.normal',
        title: 'normalizeUri, already-normal https URLs',
        unit: 'ops/s',
        betterIs: 'higher',
        samples: await samples(repeats, seconds, cycle(NORMAL, normalizeUri)),
        baseline: {
          title: 'new URL(x).href on the same URLs',
          samples: await samples(repeats, seconds, cycle(NORMAL, whatwg)),
        },
      }),
      figure({
        id: 'core.uri.normalize.unnormal',
        title: 'normalizeUri, URLs that need case, port, dot-segment, encoding and IDN work',
        unit: 'ops/s',
        betterIs: 'higher',
        samples: await samples(repeats, seconds, cycle(UNNORMAL, normalizeUri)),
        baseline: {
          title: 'new URL(x).href on the same URLs',
          samples: await samples(repeats, seconds, cycle(UNNORMAL, whatwg)),
        },
      }),
      figure({
        id: 'core.uri.resolve',
        title: 'resolveUrlAgainst(base)(reference), normalized and http(s)-checked',
        unit: 'ops/s',
        betterIs: 'higher',
        samples: await samples(repeats, seconds, cycle(REFERENCES, resolve)),
        baseline: {
          title: 'new URL(reference, base).href',
          samples: await samples(
            repeats,
            seconds,
            cycle(REFERENCES, (reference) => new URL(reference, BASE).href),
          ),
        },
      }),
    ];
  },
};
