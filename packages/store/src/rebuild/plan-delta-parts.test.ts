import { planDeltaParts, type DeltaPart, type DeltaPartPlanOptions } from './plan-delta-parts';

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 10);
const options: DeltaPartPlanOptions = {
  period: DAY,
  retention: 3,
  partPages: 100,
  nameOf: (start) => new Date(start).toISOString().slice(0, 10),
};

type Built = DeltaPart & { pages: number };
const built = (part: DeltaPart, pages: number): Built => ({ ...part, pages });

describe('planDeltaParts', () => {
  it('builds one part per period of the window on a first build, chained end to start', () => {
    const plan = planDeltaParts(undefined, T0 + 3_600_000, options);
    expect(plan.keep).toEqual([]);
    expect(plan.build).toEqual([
      {
        period: '2026-01-08',
        periodStartMs: T0 - 2 * DAY,
        part: 1,
        afterMs: T0 - 2 * DAY,
        upToMs: T0 - DAY,
      },
      { period: '2026-01-09', periodStartMs: T0 - DAY, part: 1, afterMs: T0 - DAY, upToMs: T0 },
      { period: '2026-01-10', periodStartMs: T0, part: 1, afterMs: T0, upToMs: T0 + 3_600_000 },
    ]);
  });

  it('grows the newest part while it is small and its period runs', () => {
    const open = built(
      { period: '2026-01-10', periodStartMs: T0, part: 1, afterMs: T0, upToMs: T0 + 1000 },
      99,
    );
    const older = built(
      { period: '2026-01-09', periodStartMs: T0 - DAY, part: 1, afterMs: T0 - DAY, upToMs: T0 },
      5,
    );
    const plan = planDeltaParts([open, older], T0 + 2000, options);
    expect(plan.keep).toEqual([older]);
    expect(plan.build).toEqual([
      { period: '2026-01-10', periodStartMs: T0, part: 1, afterMs: T0, upToMs: T0 + 2000 },
    ]);
  });

  it('seals a full part: the next changes start the next part where it ended', () => {
    // An import put 5,000 pages in today's first part: later bursts never rewrite it.
    const full = built(
      { period: '2026-01-10', periodStartMs: T0, part: 1, afterMs: T0, upToMs: T0 + 1000 },
      5000,
    );
    const plan = planDeltaParts([full], T0 + 2000, options);
    expect(plan.keep).toEqual([full]);
    expect(plan.build).toEqual([
      { period: '2026-01-10-2', periodStartMs: T0, part: 2, afterMs: T0 + 1000, upToMs: T0 + 2000 },
    ]);
  });

  it('starts the new period with its first part, right after the last one of the old period', () => {
    const yesterday = built(
      {
        period: '2026-01-09-3',
        periodStartMs: T0 - DAY,
        part: 3,
        afterMs: T0 - 5000,
        upToMs: T0 - 10,
      },
      7,
    );
    const plan = planDeltaParts([yesterday], T0 + 50, options);
    expect(plan.keep).toEqual([yesterday]);
    expect(plan.build).toEqual([
      { period: '2026-01-10', periodStartMs: T0, part: 1, afterMs: T0 - 10, upToMs: T0 + 50 },
    ]);
  });

  it('writes nothing when the section did not change, and drops parts older than the window', () => {
    const old = built(
      {
        period: '2026-01-07',
        periodStartMs: T0 - 3 * DAY,
        part: 1,
        afterMs: T0 - 3 * DAY,
        upToMs: T0 - 2 * DAY - 5,
      },
      1,
    );
    const recent = built(
      {
        period: '2026-01-10',
        periodStartMs: T0,
        part: 1,
        afterMs: T0 - 2 * DAY - 5,
        upToMs: T0 + 10,
      },
      1,
    );
    expect(planDeltaParts([old, recent], T0 + 10, options)).toEqual({ keep: [recent], build: [] });
  });

  it('starts a new chain at the window when every part aged out', () => {
    const old = built(
      {
        period: '2026-01-01',
        periodStartMs: T0 - 9 * DAY,
        part: 1,
        afterMs: T0 - 9 * DAY,
        upToMs: T0 - 9 * DAY + 1,
      },
      1,
    );
    expect(planDeltaParts([old], T0 + 10, options)).toEqual({
      keep: [],
      build: [
        {
          period: '2026-01-10',
          periodStartMs: T0,
          part: 1,
          afterMs: T0 - 2 * DAY,
          upToMs: T0 + 10,
        },
      ],
    });
  });

  it('keeps the chain unbroken over any sequence of bursts', () => {
    // Random-free walk: bursts of growing size at growing gaps, across several periods.
    let parts: Built[] | undefined;
    let commit = T0 - DAY + 1;
    for (let burst = 1; burst <= 60; burst++) {
      commit += (burst % 7) * 3_600_000 + 1;
      const plan = planDeltaParts(parts, commit, options);
      expect(plan.build.length).toBeLessThanOrEqual(parts === undefined ? 3 : 1);
      parts = [...plan.keep, ...plan.build.map((part) => built(part, (burst * 37) % 150))];
      parts.sort((a, b) => a.afterMs - b.afterMs);
      for (let i = 1; i < parts.length; i++) expect(parts[i]!.afterMs).toBe(parts[i - 1]!.upToMs);
      expect(parts[parts.length - 1]!.upToMs).toBe(commit);
      expect(new Set(parts.map((part) => part.period)).size).toBe(parts.length);
    }
  });
});
