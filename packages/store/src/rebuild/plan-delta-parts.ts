/**
 * Which SCP delta parts of one section a build keeps and which it (re)writes.
 *
 * A section's deltas are one unbroken chain of commit ranges (afterMs, upToMs]: each part's
 * `since` is the previous part's `generated`, so a client that applied any part finds the next
 * one without a gap. The newest part grows with every burst until it holds `partPages` pages or
 * its period is over; then it is sealed and never rewritten, and the next burst starts a new part
 * after it. A burst therefore rewrites one part of bounded size (plus what it adds), however many
 * changes the period already holds: a bulk import or a busy day no longer makes every later burst
 * rewrite the whole day.
 */
export interface DeltaPart {
  /** The sitemap's `period`: the period's name, `-<part>` appended from the second part on. */
  period: string;
  /** Start of the period the part is named after; retention counts periods. */
  periodStartMs: number;
  /** 1 for the first part of its period. */
  part: number;
  /** The part holds the changes that committed in (afterMs, upToMs]. */
  afterMs: number;
  upToMs: number;
}

export interface DeltaPartPlanOptions {
  /** Length of a period in milliseconds (an hour or a day). */
  period: number;
  /** How many periods, the current one included, keep their parts. */
  retention: number;
  /** A part is sealed once it holds this many pages. */
  partPages: number;
  /** A period's name from its start (`2026-01-15` daily, `2026-01-15T10` hourly). */
  nameOf(periodStartMs: number): string;
}

export interface DeltaPartPlan<T extends DeltaPart> {
  /** Installed parts that stay as they are. */
  keep: T[];
  /** Parts to write (at most one for a section that had parts before). */
  build: DeltaPart[];
}

function periodName(options: DeltaPartPlanOptions, periodStartMs: number, part: number): string {
  const name = options.nameOf(periodStartMs);
  return part === 1 ? name : `${name}-${part}`;
}

/**
 * `previous`: the section's parts as the installed build left them, undefined on a first build;
 * `lastChange`: the section's newest commit now.
 */
export function planDeltaParts<T extends DeltaPart & { pages: number }>(
  previous: readonly T[] | undefined,
  lastChange: number,
  options: DeltaPartPlanOptions,
): DeltaPartPlan<T> {
  const { period } = options;
  const currentStart = Math.floor(lastChange / period) * period;
  const oldestStart = currentStart - (options.retention - 1) * period;
  if (previous === undefined) {
    // A first build: one part per period of the retention window, each (start, end].
    const build: DeltaPart[] = [];
    for (let start = oldestStart; start <= currentStart; start += period) {
      const upToMs = Math.min(start + period, lastChange);
      if (upToMs <= start) continue;
      build.push({
        period: periodName(options, start, 1),
        periodStartMs: start,
        part: 1,
        afterMs: start,
        upToMs,
      });
    }
    return { keep: [], build };
  }
  const keep = previous
    .filter((part) => part.periodStartMs >= oldestStart)
    .sort((a, b) => a.afterMs - b.afterMs);
  const last = keep[keep.length - 1];
  if (last === undefined) {
    // Every part aged out: a new chain from the start of the window.
    return {
      keep,
      build: [
        {
          period: periodName(options, currentStart, 1),
          periodStartMs: currentStart,
          part: 1,
          afterMs: Math.min(oldestStart, lastChange - 1),
          upToMs: lastChange,
        },
      ],
    };
  }
  if (lastChange <= last.upToMs) return { keep, build: [] };
  if (last.periodStartMs === currentStart && last.pages < options.partPages) {
    const { period: name, periodStartMs, part, afterMs } = last;
    return {
      keep: keep.slice(0, -1),
      build: [{ period: name, periodStartMs, part, afterMs, upToMs: lastChange }],
    };
  }
  const part = last.periodStartMs === currentStart ? last.part + 1 : 1;
  return {
    keep,
    build: [
      {
        period: periodName(options, currentStart, part),
        periodStartMs: currentStart,
        part,
        afterMs: last.upToMs,
        upToMs: lastChange,
      },
    ],
  };
}
