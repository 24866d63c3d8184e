import { ScpValidationError } from './scp-errors';
import {
  compareScpInstants,
  formatScpInstant,
  formatScpTimestamp,
  parseScpTimestamp,
  type ScpInstant,
} from './scp-timestamp';

/** How often deltas are cut (the sitemap's `updateFreq` values that deltas use). */
export type ScpDeltaGranularity = 'hourly' | 'daily';

export interface ScpDeltaWindow {
  /** Exclusive start (the delta's `since`). */
  since: string;
  /** Inclusive end (the delta's `generated`). */
  generated: string;
  /** The sitemap `period` attribute. */
  period: string;
}

export interface ScpDeltaWindowOptions {
  /** Names a window from its start instant; default `YYYY-MM-DD` (daily), `YYYY-MM-DDTHH` (hourly), UTC. */
  formatPeriod?: (since: Date, granularity: ScpDeltaGranularity) => string;
}

const SECONDS: Record<ScpDeltaGranularity, number> = { hourly: 3600, daily: 86400 };

function instantOf(value: string | Date, field: string): ScpInstant {
  const instant = parseScpTimestamp(formatScpTimestamp(value, field));
  if (!instant)
    throw new ScpValidationError('scp.timestamp.invalid', `${field} is not a date-time`, {
      field,
      value,
    });
  return instant;
}

/** Default period names: the UTC day (`2025-01-15`) or hour (`2025-01-15T10`) the window starts in. */
export function formatScpDeltaPeriod(since: Date, granularity: ScpDeltaGranularity): string {
  const iso = since.toISOString();
  return granularity === 'daily' ? iso.slice(0, 10) : iso.slice(0, 13);
}

/**
 * The last complete UTC-aligned hour or day at `now`: `(since, generated]` with `generated` the
 * most recent boundary at or before `now`, and its period name.
 */
export function scpDeltaWindow(
  now: string | Date,
  granularity: ScpDeltaGranularity,
  options: ScpDeltaWindowOptions = {},
): ScpDeltaWindow {
  if (!(granularity in SECONDS)) {
    throw new ScpValidationError(
      'scp.delta.granularity',
      'granularity must be "hourly" or "daily"',
      { value: granularity },
    );
  }
  const step = SECONDS[granularity];
  const end = Math.floor(instantOf(now, 'now').seconds / step) * step;
  const start = end - step;
  const format = options.formatPeriod ?? formatScpDeltaPeriod;
  return {
    since: formatScpInstant({ seconds: start, nanos: 0 }),
    generated: formatScpInstant({ seconds: end, nanos: 0 }),
    period: format(new Date(start * 1000), granularity),
  };
}

/**
 * The pages changed in `(since, generated]` by their `modified` instant (offsets respected),
 * streamed in input order. A page whose `modified` is not a date-time is an error: it cannot
 * be placed in any delta.
 */
export async function* selectScpDeltaPages<T extends { modified: string | Date }>(
  pages: AsyncIterable<T> | Iterable<T>,
  window: { since: string | Date; generated: string | Date },
): AsyncGenerator<T> {
  const since = instantOf(window.since, 'since');
  const generated = instantOf(window.generated, 'generated');
  let index = 0;
  for await (const page of pages as AsyncIterable<T>) {
    const modified = instantOf(page.modified, `pages[${index}].modified`);
    if (compareScpInstants(modified, since) > 0 && compareScpInstants(modified, generated) <= 0)
      yield page;
    index++;
  }
}
