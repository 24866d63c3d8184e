import fc from 'fast-check';
import { buildAgentStats, type MetricRow } from './build-agent-stats';
import { classifyAgent } from './classify-agent';
import { MetricsRecorder } from './metrics-recorder';

describe('classifyAgent', () => {
  it.each([
    [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
      'GPTBot',
    ],
    ['Mozilla/5.0 (compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot)', 'OAI-SearchBot'],
    [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
      'ClaudeBot',
    ],
    [
      'Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
      'PerplexityBot',
    ],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Googlebot'],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'Bingbot'],
    ['curl/8.5.0', 'curl'],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      'browser',
    ],
    ['python-requests/2.31', 'other'],
    [undefined, 'other'],
  ])('%s → %s', (ua, family) => expect(classifyAgent(ua)).toBe(family));
});

describe('MetricsRecorder', () => {
  it('counts per day, kind and family; drain hands over and restarts from zero; restore adds back', () => {
    let now = Date.parse('2025-10-01T23:59:59Z');
    const recorder = new MetricsRecorder(() => now);
    recorder.record({
      kind: 'm-url',
      family: 'GPTBot',
      status: 200,
      bytesSent: 100,
      htmlBytes: 1000,
    });
    recorder.record({
      kind: 'm-url',
      family: 'GPTBot',
      status: 304,
      bytesSent: 0,
      htmlBytes: 1000,
      htmlEstimated: true,
    });
    recorder.record({ kind: 'm-url', family: 'GPTBot', status: 410, bytesSent: 5 });
    now += 2000;
    recorder.record({ kind: 'sitemap', family: 'other', status: 200, bytesSent: 50 });
    const first = recorder.drain();
    expect(first.counts).toEqual([
      {
        key: { day: '2025-10-01', kind: 'm-url', family: 'GPTBot' },
        counters: {
          requests: 3,
          ok: 1,
          notModified: 1,
          gone: 1,
          bytesSent: 105,
          htmlBytes: 2000,
          htmlBytesEstimated: 1000,
        },
      },
      {
        key: { day: '2025-10-02', kind: 'sitemap', family: 'other' },
        counters: {
          requests: 1,
          ok: 1,
          notModified: 0,
          gone: 0,
          bytesSent: 50,
          htmlBytes: 0,
          htmlBytesEstimated: 0,
        },
      },
    ]);
    expect(recorder.pending).toBe(0);
    recorder.record({ kind: 'sitemap', family: 'other', status: 304, bytesSent: 0 });
    recorder.restore(first);
    const second = recorder.drain();
    expect(second.counts.find((c) => c.key.kind === 'sitemap')!.counters).toMatchObject({
      requests: 2,
      ok: 1,
      notModified: 1,
    });
  });
});

describe('buildAgentStats', () => {
  it('totals, a gap-free daily series, top agents and the 304 rate', () => {
    const row = (day: string, family: string, ok: number, notModified: number): MetricRow => ({
      day,
      kind: 'm-url',
      family,
      requests: ok + notModified,
      ok,
      notModified,
      gone: 0,
      bytesSent: ok * 1000,
      htmlBytes: (ok + notModified) * 20_000,
      htmlBytesEstimated: 0,
    });
    const stats = buildAgentStats(
      [
        row('2025-10-01', 'GPTBot', 1, 3),
        row('2025-10-03', 'ClaudeBot', 2, 0),
        row('2025-08-01', 'old', 9, 9),
      ],
      {
        days: 3,
        now: new Date('2025-10-03T12:00:00Z'),
      },
    );
    expect(stats.daily.map((d) => [d.day, d.requests])).toEqual([
      ['2025-10-01', 4],
      ['2025-10-02', 0],
      ['2025-10-03', 2],
    ]);
    expect(stats.totals).toMatchObject({
      requests: 6,
      ok: 3,
      notModified: 3,
      notModifiedRate: 0.5,
      bytesSent: 3000,
      htmlBytes: 120_000,
      bytesSaved: 117_000,
    });
    expect(stats.agents.map((a) => a.family)).toEqual(['GPTBot', 'ClaudeBot']);
  });
});

describe('MetricsRecorder against a reference model', () => {
  it('any sequence of events, clock moves (back too) and drains adds up per UTC day, kind and family', () => {
    const event = fc.record({
      kind: fc.constantFrom('m-url' as const, 'sitemap' as const, 'markdown' as const),
      family: fc.constantFrom('GPTBot', 'other', 'ClaudeBot'),
      status: fc.constantFrom(200, 304, 404, 410, 500),
      bytesSent: fc.nat(10_000),
      advance: fc.integer({ min: -3_600_000, max: 30 * 3_600_000 }),
      drain: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), (events) => {
        let now = Date.parse('2025-10-01T20:00:00Z');
        const recorder = new MetricsRecorder(() => now);
        const expected = new Map<string, number[]>();
        const actual = new Map<string, number[]>();
        const collect = () => {
          for (const { key, counters } of recorder.drain().counts) {
            const id = `${key.day} ${key.kind} ${key.family}`;
            const sum = actual.get(id) ?? [0, 0, 0, 0, 0];
            const add = [
              counters.requests,
              counters.ok,
              counters.notModified,
              counters.gone,
              counters.bytesSent,
            ];
            actual.set(
              id,
              sum.map((v, i) => v + add[i]!),
            );
          }
        };
        for (const e of events) {
          now += e.advance;
          recorder.record(e);
          const id = `${new Date(now).toISOString().slice(0, 10)} ${e.kind} ${e.family}`;
          const [requests, ok, notModified, gone, bytes] = expected.get(id) ?? [0, 0, 0, 0, 0];
          expected.set(id, [
            requests! + 1,
            ok! + (e.status === 200 ? 1 : 0),
            notModified! + (e.status === 304 ? 1 : 0),
            gone! + (e.status === 404 || e.status === 410 ? 1 : 0),
            bytes! + e.bytesSent,
          ]);
          if (e.drain) collect();
        }
        collect();
        expect(actual).toEqual(expected);
      }),
    );
  });
});
