/**
 * What the metrics count responses by: the metrics' own vocabulary, not the families' (the change
 * feed counts as `sitemap`, pages have a kind, no family is `page`); the registry's test holds
 * every family's `metricsKind` to one of them. Listed once: the type and the counters' layout
 * are read from here.
 */
export const ENDPOINT_KINDS = [
  'm-url',
  'markdown',
  'sitemap',
  'llms-txt',
  'scp',
  'llmindex',
  'policy',
  'robots',
  'stats',
  'mcp',
  'page',
] as const;

export type EndpointKind = (typeof ENDPOINT_KINDS)[number];

export interface MetricCounters {
  requests: number;
  ok: number;
  notModified: number;
  /** 404 and 410. */
  gone: number;
  bytesSent: number;
  /** What the same documents cost as HTML (measured page sizes). */
  htmlBytes: number;
  /** The part of `htmlBytes` that was estimated (no page size known yet). */
  htmlBytesEstimated: number;
}

export interface MetricKey {
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  kind: EndpointKind;
  family: string;
}

export interface MetricEvent {
  kind: EndpointKind;
  family: string;
  status: number;
  bytesSent: number;
  /** HTML cost of the same document, when the response stands for one. */
  htmlBytes?: number;
  htmlEstimated?: boolean;
}

export const COUNTER_NAMES: readonly (keyof MetricCounters)[] = [
  'requests',
  'ok',
  'notModified',
  'gone',
  'bytesSent',
  'htmlBytes',
  'htmlBytesEstimated',
];

interface CountEntry {
  key: MetricKey;
  counters: MetricCounters;
}

/** Each kind's place in a family's counters (a fixed layout: the hot path indexes, never hashes). */
const KIND_SLOTS = Object.fromEntries(ENDPOINT_KINDS.map((kind, slot) => [kind, slot])) as Readonly<
  Record<EndpointKind, number>
>;
const KINDS: readonly EndpointKind[] = ENDPOINT_KINDS;
const COUNTERS = COUNTER_NAMES.length;
const [REQUESTS, OK, NOT_MODIFIED, GONE, BYTES_SENT, HTML_BYTES, HTML_BYTES_ESTIMATED] = [
  0, 1, 2, 3, 4, 5, 6,
];

function countersOf(row: Float64Array, base: number): MetricCounters {
  return {
    requests: row[base + REQUESTS]!,
    ok: row[base + OK]!,
    notModified: row[base + NOT_MODIFIED]!,
    gone: row[base + GONE]!,
    bytesSent: row[base + BYTES_SENT]!,
    htmlBytes: row[base + HTML_BYTES]!,
    htmlBytesEstimated: row[base + HTML_BYTES_ESTIMATED]!,
  };
}

const idOf = (key: MetricKey) => `${key.day}\u0000${key.kind}\u0000${key.family}`;

/**
 * Counts responses in memory until the owner drains them into storage in batches (a timer, off
 * the request path). Today's counts live in one preallocated row of numbers per agent family,
 * indexed by kind and counter: counting a request is a clock read, one map lookup and a few
 * additions, with nothing allocated. Draining hands over the counts and starts from zero, so a
 * failed write can `restore` them and nothing is ever counted twice.
 */
export class MetricsRecorder {
  /** Counts of days other than today, and what a failed write put back. */
  private counts = new Map<string, CountEntry>();
  private pageSizes = new Map<string, number>();
  /** Today's counters: per family, `KINDS.length × COUNTERS` numbers. */
  private today = new Map<string, Float64Array>();
  private day = '';
  private dayStart = 0;
  private dayEnd = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  record(event: MetricEvent): void {
    this.count(
      event.kind,
      event.family,
      event.status,
      event.bytesSent,
      event.htmlBytes,
      event.htmlEstimated,
    );
  }

  /** `record` without an event object (the serving hot path). */
  count(
    kind: EndpointKind,
    family: string,
    status: number,
    bytesSent: number,
    htmlBytes?: number,
    htmlEstimated?: boolean,
  ): void {
    const now = this.clock();
    if (now >= this.dayEnd || now < this.dayStart) this.startDay(now);
    let row = this.today.get(family);
    if (row === undefined) {
      row = new Float64Array(KINDS.length * COUNTERS);
      this.today.set(family, row);
    }
    const base = KIND_SLOTS[kind] * COUNTERS;
    row[base + REQUESTS]!++;
    if (status >= 200 && status < 300) row[base + OK]!++;
    else if (status === 304) row[base + NOT_MODIFIED]!++;
    else if (status === 404 || status === 410) row[base + GONE]!++;
    row[base + BYTES_SENT] = row[base + BYTES_SENT]! + bytesSent;
    if (htmlBytes !== undefined) {
      row[base + HTML_BYTES] = row[base + HTML_BYTES]! + htmlBytes;
      if (htmlEstimated)
        row[base + HTML_BYTES_ESTIMATED] = row[base + HTML_BYTES_ESTIMATED]! + htmlBytes;
    }
  }

  /** Remembers the size of a rendered page (by its M-URL path), stored with the next flush. */
  notePageSize(mPath: string, bytes: number): void {
    this.pageSizes.set(mPath, bytes);
  }

  get pending(): number {
    return this.counts.size + this.today.size + this.pageSizes.size;
  }

  /** Takes every count and page size recorded so far; the recorder starts again from zero. */
  drain(): {
    counts: { key: MetricKey; counters: MetricCounters }[];
    pageSizes: Map<string, number>;
  } {
    this.foldToday();
    const drained = { counts: [...this.counts.values()], pageSizes: this.pageSizes };
    this.counts = new Map();
    this.pageSizes = new Map();
    return drained;
  }

  /** Puts back what a failed write could not store, adding to anything recorded meanwhile. */
  restore(drained: ReturnType<MetricsRecorder['drain']>): void {
    for (const { key, counters } of drained.counts) this.add(key, counters);
    for (const [path, bytes] of drained.pageSizes)
      if (!this.pageSizes.has(path)) this.pageSizes.set(path, bytes);
  }

  /** A new UTC day (or the clock went back): yesterday's rows become counts. */
  private startDay(now: number): void {
    this.foldToday();
    this.dayStart = now - (now % 86_400_000);
    this.dayEnd = this.dayStart + 86_400_000;
    this.day = new Date(this.dayStart).toISOString().slice(0, 10);
  }

  /** Today's rows as counts (the kinds each family was counted under), and the rows cleared. */
  private foldToday(): void {
    for (const [family, row] of this.today) {
      KINDS.forEach((kind, slot) => {
        const base = slot * COUNTERS;
        if (row[base + REQUESTS] === 0) return;
        this.add({ day: this.day, kind, family }, countersOf(row, base));
      });
    }
    this.today = new Map();
  }

  private add(key: MetricKey, counters: MetricCounters): void {
    const id = idOf(key);
    const entry = this.counts.get(id);
    if (!entry) this.counts.set(id, { key, counters: { ...counters } });
    else for (const name of COUNTER_NAMES) entry.counters[name] += counters[name];
  }
}
