import type { EndpointKind, MetricCounters, MetricKey } from './metrics-recorder';

export type MetricRow = MetricKey & MetricCounters;

interface Summary extends MetricCounters {
  /** HTML cost minus what was sent: what the protocols saved. */
  bytesSaved: number;
  /** 304s among the answers to requests that could revalidate (200s and 304s). */
  notModifiedRate: number;
}

export interface AgentStats {
  generated: string;
  days: number;
  totals: Summary;
  daily: ({ day: string } & Summary)[];
  agents: ({ family: string } & Summary)[];
  endpoints: ({ kind: EndpointKind } & Summary)[];
  /** Says plainly which part of the HTML comparison is an estimate. */
  note: string;
}

function summarize(rows: readonly MetricCounters[]): Summary {
  const sum: MetricCounters = {
    requests: 0,
    ok: 0,
    notModified: 0,
    gone: 0,
    bytesSent: 0,
    htmlBytes: 0,
    htmlBytesEstimated: 0,
  };
  for (const row of rows) {
    for (const key of Object.keys(sum) as (keyof MetricCounters)[]) sum[key] += Number(row[key]);
  }
  const answered = sum.ok + sum.notModified;
  return {
    ...sum,
    bytesSaved: Math.max(0, sum.htmlBytes - sum.bytesSent),
    notModifiedRate:
      answered === 0 ? 0 : Math.round((sum.notModified / answered) * 10_000) / 10_000,
  };
}

function groupBy<K extends string>(
  rows: readonly MetricRow[],
  key: (row: MetricRow) => K,
): Map<K, MetricRow[]> {
  const groups = new Map<K, MetricRow[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}

/**
 * The `/llm-stats.json` document: totals, one entry per day (every day of the window, zeros
 * included, so a chart has no gaps), top agent families and endpoint kinds. Aggregates only:
 * the counters never held anything per request.
 */
export function buildAgentStats(
  rows: readonly MetricRow[],
  options: { days: number; now: Date },
): AgentStats {
  const end = Date.UTC(
    options.now.getUTCFullYear(),
    options.now.getUTCMonth(),
    options.now.getUTCDate(),
  );
  const dayList = Array.from({ length: options.days }, (_, i) =>
    new Date(end - (options.days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
  const inWindow = rows.filter(
    (row) => row.day >= dayList[0]! && row.day <= dayList[dayList.length - 1]!,
  );
  const byDay = groupBy(inWindow, (row) => row.day);
  const byFamily = groupBy(inWindow, (row) => row.family);
  const byKind = groupBy(inWindow, (row) => row.kind);
  return {
    generated: options.now.toISOString(),
    days: options.days,
    totals: summarize(inWindow),
    daily: dayList.map((day) => ({ day, ...summarize(byDay.get(day) ?? []) })),
    agents: [...byFamily.entries()]
      .map(([family, list]) => ({ family, ...summarize(list) }))
      .sort((a, b) => b.requests - a.requests || (a.family < b.family ? -1 : 1)),
    endpoints: [...byKind.entries()]
      .map(([kind, list]) => ({ kind, ...summarize(list) }))
      .sort((a, b) => b.requests - a.requests || (a.kind < b.kind ? -1 : 1)),
    note: 'htmlBytes is what the same documents cost as HTML pages: measured page sizes where the site rendered the page, otherwise an estimate (htmlBytesEstimated says how much).',
  };
}

/**
 * HTML cost of a document whose page size was never measured: its text several times over for
 * markup, plus a typical template (navigation, styles, scripts). Labelled as an estimate.
 */
export function estimateHtmlBytes(contentBytes: number): number {
  return contentBytes * 3 + 30_000;
}

/** Days `/llm-stats.json` and the Strapi admin page cover. */
export const STATS_DAYS = 30;

/** The last `days` days (UTC, today included) of stored metrics, summarized. */
export async function readAgentStats(
  readMetrics: ((fromDay: string) => Promise<MetricRow[]>) | undefined,
  options: { days?: number; now?: Date } = {},
): Promise<AgentStats> {
  const now = options.now ?? new Date();
  const days = options.days ?? STATS_DAYS;
  const from = new Date(now.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const rows = readMetrics ? await readMetrics(from) : [];
  return buildAgentStats(rows, { days, now });
}
