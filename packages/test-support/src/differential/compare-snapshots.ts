import type {
  FeedChange,
  McpAnswer,
  PageSnapshot,
  ServedFile,
  SiteSnapshot,
} from './site-snapshot';

/**
 * Differences between two snapshots, one readable line each (empty: none).
 *
 * `exact`: two instances serving one store (a writer and a read-only reader): every answer read
 * must be the same bytes with the same validators.
 *
 * Otherwise two stores holding the same content (an incremental store and one rebuilt from
 * scratch): every channel's content must be the same, except what legitimately differs between
 * them and is masked here:
 * - `modified` (a rebuild takes the source's, an incremental store bumps it past the last one)
 *   and what derives from the M-URL's exact bytes: its ETag and `hash`, the sitemap's and the
 *   feed's `etag`/`contentHash`, `Last-Modified`, Content-Digest, SCP's `generated`/checksum;
 * - whatever follows row ids, compared as sets: sitemap shards, llms.txt parts, the order of
 *   llms-full.txt's and SCP snapshots' pages, page sitemaps;
 * - history: the feed is compared as what applying it from its start leaves published (an
 *   incremental store also lists its removals), SCP deltas not at all, and a page neither
 *   serves may answer 404 on one and 410 (a tombstone) on the other;
 * - search scores (each database ranks its own way, and its statistics may count rows an index
 *   keeps until it merges): results are compared as sets.
 * What stays within one store (an M-URL's ETag equals its sitemap item's etag…) is checked by
 * `snapshotInvariantViolations`.
 */
export function snapshotDifferences(
  expected: SiteSnapshot,
  actual: SiteSnapshot,
  options: {
    exact?: boolean;
    /** How the two are named in the lines (default `expected`, `actual`). */
    labels?: readonly [string, string];
  } = {},
): string[] {
  const labels = options.labels ?? ['expected', 'actual'];
  const differences: string[] = [];
  if (options.exact) {
    diffValues(expected.answers, actual.answers, '', labels, differences);
    return differences;
  }
  const [x, y] = [comparableContent(expected), comparableContent(actual)];
  // A page only one snapshot read (only its feed named it) must be absent there too.
  for (const [one, other] of [
    [x.pages, y.pages],
    [y.pages, x.pages],
  ] as const) {
    for (const path of Object.keys(one)) {
      if (path in other) continue;
      if (isAbsentPage(one[path])) delete one[path];
      else other[path] = 'not read';
    }
  }
  // A page one serves and the other does not: one line, not one per channel.
  for (const path of Object.keys(x.pages).sort()) {
    const [a, b] = [x.pages[path], y.pages[path]];
    if (a === 'not read' || b === 'not read' || a === undefined || b === undefined) continue;
    if ((a.mUrl === 'absent') === (b.mUrl === 'absent')) continue;
    const status = (snapshot: SiteSnapshot) => snapshot.pages[path]?.mUrl.status ?? 'unread';
    differences.push(
      `pages.${JSON.stringify(path)}: its M-URL answers ${status(expected)} on ${labels[0]}, ${status(actual)} on ${labels[1]}`,
    );
    delete x.pages[path];
    delete y.pages[path];
  }
  diffValues(x, y, '', labels, differences);
  return differences;
}

const MASK = '<masked>';

type ComparablePage =
  | 'not read'
  | { mUrl: unknown; twin: unknown; negotiated: unknown; page: unknown; fetched?: unknown };

/** Whether no channel serves the page's document (its own page, the app's, aside). */
function isAbsentPage(page: ComparablePage | undefined): boolean {
  return (
    page !== undefined &&
    page !== 'not read' &&
    page.mUrl === 'absent' &&
    page.twin === 'absent' &&
    (page.fetched === undefined || (isRecord(page.fetched) && 'error' in page.fetched))
  );
}

/**
 * A page's answer as two stores may be compared: absent is absent, 404 or 410; its links a set,
 * without the sitemap index (linked once a store has more than one shard: row ids).
 */
function comparableFile(
  file: ServedFile | undefined,
  maskValidators: boolean,
  sitemapIndex: string | undefined,
): unknown {
  if (file === undefined || file.status === 404 || file.status === 410) return 'absent';
  const { link, ...headers } = file.headers;
  delete headers['last-modified'];
  if (maskValidators) {
    delete headers.etag;
    delete headers['content-digest'];
  }
  let body: unknown = file.text;
  if ((headers['content-type'] ?? '').includes('json')) {
    try {
      body = maskKeys(JSON.parse(file.text), maskValidators ? ['modified', 'hash'] : ['modified']);
    } catch {
      // Compared as text.
    }
  }
  const links = (link ?? '')
    .split(/,\s*(?=<)/)
    .filter(
      (one) => one !== '' && (sitemapIndex === undefined || !one.startsWith(`<${sitemapIndex}>`)),
    )
    .sort();
  return { status: file.status, headers, links, body };
}

/** A copy of `value` with these keys' values masked wherever they occur. */
function maskKeys(value: unknown, keys: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => maskKeys(item, keys));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        keys.includes(key) ? MASK : maskKeys(inner, keys),
      ]),
    );
  }
  return value;
}

/** Metadata an M-URL's bytes decide (dates, its hash and ETag) and a search's score. */
const VOLATILE_METADATA = ['modified', 'hash', 'etag', 'score'];

function comparableMcp(answer: McpAnswer | undefined): unknown {
  if (answer === undefined) return undefined;
  if ('error' in answer) return { error: answer.error };
  const result = maskMetadata(answer.result) as { results?: { id?: string }[] };
  // Search results as a set: scores (their order) may differ between two stores.
  if (Array.isArray(result?.results)) {
    return {
      ...result,
      results: [...result.results].sort((a, b) => String(a.id).localeCompare(String(b.id))),
    };
  }
  return result;
}

function maskMetadata(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskMetadata);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === 'metadata' && inner !== null && typeof inner === 'object'
          ? maskKeys(inner, VOLATILE_METADATA)
          : maskMetadata(inner),
      ]),
    );
  }
  return value;
}

/** What applying the feed from its start leaves: each page's last entry, if an upsert. */
export function publishedByFeed(changes: readonly FeedChange[]): Map<string, FeedChange> {
  const last = new Map<string, FeedChange>();
  for (const change of changes) last.set(change.cUrl, change);
  return new Map([...last].filter(([, change]) => change.change === 'upsert'));
}

/** The snapshot as two stores holding the same content must serve it (see above). */
function comparableContent(snapshot: SiteSnapshot) {
  const index =
    snapshot.sitemap.indexPath === undefined
      ? undefined
      : `${snapshot.origin}${snapshot.sitemap.indexPath}`;
  // The root without a document has the llms.txt as its twin, which is compared as llms.txt
  // (a store split in parts serves another file with the same pages).
  const llmsTxt = snapshot.answers['GET /llms.txt'];
  const twinOf = (page: PageSnapshot, file: ServedFile | undefined) =>
    page.mUrl.status !== 200 &&
    file?.status === 200 &&
    llmsTxt?.status === 200 &&
    file.text.endsWith(llmsTxt.text)
      ? 'the llms.txt'
      : comparableFile(file, false, index);
  const pages: Record<string, ComparablePage> = {};
  for (const [path, page] of Object.entries(snapshot.pages)) {
    pages[path] = {
      mUrl: comparableFile(page.mUrl, true, index),
      // The twin's bytes hold no date: its ETag is the content's.
      twin: twinOf(page, page.twin),
      negotiated: twinOf(page, page.negotiated),
      page: comparableFile(page.page, false, index),
      ...(page.fetched === undefined ? {} : { fetched: comparableMcp(page.fetched) }),
    };
  }
  const feed: Record<string, unknown> = {};
  for (const [cUrl, change] of publishedByFeed(snapshot.feed.changes)) {
    feed[cUrl] = { mUrl: change.mUrl };
  }
  return {
    pages,
    sitemap: {
      status: snapshot.sitemap.status,
      fields: snapshot.sitemap.fields,
      items: maskKeys(snapshot.sitemap.items, ['modified', 'etag', 'contentHash']),
    },
    feed,
    llmsTxt: snapshot.llmsTxt,
    llmsFullTxt: snapshot.llmsFullTxt,
    scp: {
      status: snapshot.scp.status,
      sections: snapshot.scp.sections,
      snapshots: Object.fromEntries(
        Object.entries(snapshot.scp.snapshots).map(([section, collection]) => [
          section,
          {
            path: collection.path,
            pages: collection.pages,
            status: collection.status,
            header: maskKeys(collection.header, ['generated', 'checksum']),
            lines: collection.lines
              .map((line) => JSON.stringify(maskKeys(line, ['modified'])))
              .sort(),
          },
        ]),
      ),
      pageUrls: snapshot.scp.pageUrls,
    },
    search: Object.fromEntries(
      Object.entries(snapshot.search).map(([query, answer]) => [query, comparableMcp(answer)]),
    ),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A value in one line, cut to a readable length. */
function show(value: unknown): string {
  const text = value === undefined ? 'nothing' : JSON.stringify(value);
  return text.length > 400 ? `${text.slice(0, 400)}… (${text.length} characters)` : text;
}

/** Where two strings part: a window of each around the first difference. */
function showStrings(a: string, b: string): [string, string] {
  if (a.length + b.length <= 300) return [show(a), show(b)];
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  const from = Math.max(0, at - 60);
  const cut = (s: string) =>
    `${from > 0 ? '…' : ''}${JSON.stringify(s.slice(from, at + 120))}${at + 120 < s.length ? '…' : ''}`;
  return [`${cut(a)} (differs at ${at})`, cut(b)];
}

function diffValues(
  expected: unknown,
  actual: unknown,
  path: string,
  labels: readonly [string, string],
  out: string[],
): void {
  const [a, b] = labels;
  const where = path === '' ? '(root)' : path;
  if (isRecord(expected) && isRecord(actual)) {
    // The channels in their order (pages first), what is in them sorted.
    const keys = [...new Set([...Object.keys(expected), ...Object.keys(actual)])];
    if (path !== '') keys.sort();
    for (const key of keys) {
      const inner = `${path}${path === '' ? '' : '.'}${/^[\w-]+$/.test(key) ? key : JSON.stringify(key)}`;
      diffValues(expected[key], actual[key], inner, labels, out);
    }
    return;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (JSON.stringify(expected) === JSON.stringify(actual)) return;
    // As multisets first: which elements one has and the other lacks.
    const count = (list: unknown[]) => {
      const counts = new Map<string, number>();
      for (const item of list) {
        const key = JSON.stringify(item);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return counts;
    };
    const ca = count(expected);
    const cb = count(actual);
    const only = (x: Map<string, number>, y: Map<string, number>) =>
      [...x].flatMap(([key, n]) => Array<string>(Math.max(0, n - (y.get(key) ?? 0))).fill(key));
    const missing = only(ca, cb);
    const extra = only(cb, ca);
    for (const item of missing) out.push(`${where}: only ${a} has ${show(JSON.parse(item))}`);
    for (const item of extra) out.push(`${where}: only ${b} has ${show(JSON.parse(item))}`);
    if (missing.length === 0 && extra.length === 0) out.push(`${where}: same items, other order`);
    return;
  }
  if (JSON.stringify(expected) === JSON.stringify(actual)) return;
  if (typeof expected === 'string' && typeof actual === 'string') {
    const [x, y] = showStrings(expected, actual);
    out.push(`${where}: ${a} ${x}, ${b} ${y}`);
    return;
  }
  out.push(`${where}: ${a} ${show(expected)}, ${b} ${show(actual)}`);
}
