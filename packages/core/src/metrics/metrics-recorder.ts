/** What the metrics count responses by. */
export type EndpointKind =
  | 'm-url'
  | 'markdown'
  | 'sitemap'
  | 'llms-txt'
  | 'scp'
  | 'llmindex'
  | 'policy'
  | 'robots'
  | 'stats'
  | 'mcp'
  | 'page';

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

function emptyCounters(): MetricCounters {
  return {
    requests: 0,
    ok: 0,
    notModified: 0,
    gone: 0,
    bytesSent: 0,
    htmlBytes: 0,
    htmlBytesEstimated: 0,
  };
}

/**
 * Counts responses in memory (a Map update per request, never a database write) until the owner
 * drains them into storage in batches. Draining hands over the counts and starts from zero, so a
 * failed write can `restore` them and nothing is ever counted twice.
 */
export class MetricsRecorder {
  private counts = new Map<string, CountEntry>();
  private pageSizes = new Map<string, number>();
  /**
   * Today's entries by kind, then family: the per-request path allocates nothing (no date
   * string, no key string) once a kind and family were seen today. Cleared at midnight UTC
   * and at every drain.
   */
  private today = new Map<EndpointKind, Map<string, CountEntry>>();
  private day = '';
  private dayStart = 0;
  private dayEnd = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  record(event: MetricEvent): void {
    const now = this.clock();
    if (now >= this.dayEnd || now < this.dayStart) {
      this.dayStart = now - (now % 86_400_000);
      this.dayEnd = this.dayStart + 86_400_000;
      this.day = new Date(this.dayStart).toISOString().slice(0, 10);
      this.today = new Map();
    }
    let families = this.today.get(event.kind);
    if (!families) {
      families = new Map();
      this.today.set(event.kind, families);
    }
    let entry = families.get(event.family);
    if (!entry) {
      const { day } = this;
      const id = `${day}\u0000${event.kind}\u0000${event.family}`;
      entry = this.counts.get(id);
      if (!entry) {
        entry = { key: { day, kind: event.kind, family: event.family }, counters: emptyCounters() };
        this.counts.set(id, entry);
      }
      families.set(event.family, entry);
    }
    const c = entry.counters;
    c.requests++;
    if (event.status >= 200 && event.status < 300) c.ok++;
    else if (event.status === 304) c.notModified++;
    else if (event.status === 404 || event.status === 410) c.gone++;
    c.bytesSent += event.bytesSent;
    if (event.htmlBytes !== undefined) {
      c.htmlBytes += event.htmlBytes;
      if (event.htmlEstimated) c.htmlBytesEstimated += event.htmlBytes;
    }
  }

  /** Remembers the size of a rendered page (by its M-URL path), stored with the next flush. */
  notePageSize(mPath: string, bytes: number): void {
    this.pageSizes.set(mPath, bytes);
  }

  get pending(): number {
    return this.counts.size + this.pageSizes.size;
  }

  /** Takes every count and page size recorded so far; the recorder starts again from zero. */
  drain(): {
    counts: { key: MetricKey; counters: MetricCounters }[];
    pageSizes: Map<string, number>;
  } {
    const drained = { counts: [...this.counts.values()], pageSizes: this.pageSizes };
    this.counts = new Map();
    this.pageSizes = new Map();
    this.today = new Map();
    return drained;
  }

  /** Puts back what a failed write could not store, adding to anything recorded meanwhile. */
  restore(drained: ReturnType<MetricsRecorder['drain']>): void {
    for (const { key, counters } of drained.counts) {
      const id = `${key.day}\u0000${key.kind}\u0000${key.family}`;
      const entry = this.counts.get(id);
      if (!entry) this.counts.set(id, { key, counters: { ...counters } });
      else for (const name of COUNTER_NAMES) entry.counters[name] += counters[name];
    }
    for (const [path, bytes] of drained.pageSizes)
      if (!this.pageSizes.has(path)) this.pageSizes.set(path, bytes);
  }
}
