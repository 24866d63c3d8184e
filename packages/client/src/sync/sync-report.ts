import type { HttpClient, HttpClientOptions } from '../http/http-client';

export interface SyncProblem {
  url: string;
  detail: string;
}

/** What a naive crawler would have spent to learn the same: every page, in full, again. */
export interface NaiveCost {
  requests: number;
  bytes: number;
  /**
   * - `html-measured`: every C-URL's HTML fetched for real this run (`--compare-html`);
   * - `html-measured-earlier`: the HTML sizes a previous `--compare-html` run measured;
   * - `full-refetch`: a lower bound: every listed JSON document (or collection) fetched again.
   */
  basis: 'html-measured' | 'html-measured-earlier' | 'full-refetch';
}

export interface SyncReport {
  origin: string;
  mode: 'tct' | 'scp';
  stateFile: string;
  startedAt: string;
  durationMs: number;
  /** No problem recorded. */
  ok: boolean;
  /** Requests made by the sync itself (not by `--compare-html`), retries included. */
  requests: number;
  /** Bytes received over the wire: status lines, headers and bodies. */
  bytes: number;
  bytesSent: number;
  /** 304 answers. */
  notModified: number;
  retries: number;
  /** Documents (or collections) not requested at all: the sitemap hash equals the cached ETag. */
  zeroFetchSkips: number;
  /** Documents robots.txt disallows for this agent: not fetched (RFC 9309). */
  robotsDisallowed?: number;
  /** Documents (or collections) downloaded and stored. */
  fetched: number;
  /** Documents (or SCP pages) removed from the state. */
  deleted: number;
  /** Documents (or pages) the sitemap lists. */
  listed: number;
  /** Documents (or pages) in the state after the run. */
  stored: number;
  problems: SyncProblem[];
  /**
   * Documents the change feed or sitemap announced with a hash their M-URL does not serve yet
   * (another instance behind the one that answered the listing), after the retries: kept as
   * they were, and the feed's cursor stays before them, so the next run asks again. TCT only.
   */
  notYet?: SyncProblem[];
  naive: NaiveCost;
  scp?: {
    snapshots: number;
    deltas: number;
    inserted: number;
    replaced: number;
    ignored: number;
  };
}

export interface SyncProgress {
  phase: 'sitemap' | 'documents' | 'collections' | 'html';
  done: number;
  total: number;
  requests: number;
  bytes: number;
}

/** Options shared by both sync modes. */
export interface SyncOptions extends Pick<
  HttpClientOptions,
  'concurrency' | 'timeoutMs' | 'maxBodyBytes' | 'userAgent' | 'retry'
> {
  /** Directory of the state file (created when missing). */
  stateDir: string;
  /** Fetch every C-URL's (or page's) HTML too and report its cost as the naive cost. */
  compareHtml?: boolean;
  /** Discover the sitemap from the root again instead of using the one remembered. */
  rediscover?: boolean;
  /**
   * Keep each document's Markdown twin (`<page>/index.html.md`, `<page>.md`) and its
   * `Content-Usage` too (`SyncState.documentDetails`): one more request per document fetched,
   * none for one unchanged. Default false.
   */
  markdown?: boolean;
  onProgress?: (progress: SyncProgress) => void;
  /**
   * How often a document whose M-URL does not serve what the listing announced yet is asked
   * again within the run (default 2), after `notYetWaitMs` (default 250), doubled each time.
   */
  notYetRetries?: number;
  notYetWaitMs?: number;
}

export function clientReport(client: HttpClient) {
  return {
    requests: client.stats.requests,
    bytes: client.stats.bytesReceived,
    bytesSent: client.stats.bytesSent,
    notModified: client.stats.notModified,
    retries: client.stats.retries,
  };
}
