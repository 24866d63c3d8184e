import { SyncError } from '../errors/client-errors';
import { discoverTctSitemaps } from '../discovery/discover-tct-sitemaps';
import {
  fetchRobotsTxt,
  ROBOTS_TXT_MAX_AGE_MS,
  robotsPolicy,
  type RobotsPolicy,
  type RobotsTxtRecord,
} from '../discovery/read-robots-policy';
import { HttpClient } from '../http/http-client';
import { isSameOrigin } from '../http/same-origin';
import { forEachConcurrently } from '../http/limit-concurrency';
import { isTctProfileName, tctProfile, type TctProfile } from '@agent-ready/core/tct';
import { readTctSitemapDocument, type ListedDocument } from '../tct/read-tct-sitemap';
import { parseOrigin } from '../http/parse-origin';
import { fetchListedDocument } from './fetch-listed-document';
import { fetchStoredSitemap } from './fetch-stored-sitemap';
import { estimateNaiveCost, measureHtml } from './measure-html';
import { currentFeedCursor, readChangeFeed } from './read-change-feed';
import { clientReport, type SyncOptions, type SyncProblem, type SyncReport } from './sync-report';
import { SyncState, urlKey } from './sync-state';

const SITEMAP_URLS = 'tct_sitemap_urls';
/** The profile the site's sitemap was last read in, for documents learned from the feed. */
const PROFILE = 'tct_profile';
/** Where the site's change feed stood when this state last matched the site. */
const FEED_CURSOR = 'change_feed_cursor';
const ROBOTS_TXT = 'robots_txt';
const DEFAULT_USER_AGENT = 'agent-ready-sync';

export function syncClient(options: SyncOptions): HttpClient {
  return new HttpClient({
    concurrency: options.concurrency ?? 4,
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    maxBodyBytes: options.maxBodyBytes ?? 16 * 2 ** 20,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    retry: options.retry ?? { maxRetries: 3, maxWaitMs: 60_000 },
  });
}

/**
 * The site's robots.txt rules for this agent: the copy from an earlier run while it is younger
 * than a day (RFC 9309 §2.4), else fetched again (one request) and kept.
 */
export async function syncRobotsPolicy(
  client: HttpClient,
  state: SyncState,
  origin: string,
  options: Pick<SyncOptions, 'userAgent' | 'rediscover'>,
): Promise<RobotsPolicy> {
  const kept = options.rediscover ? undefined : state.meta(ROBOTS_TXT);
  let record = kept ? (JSON.parse(kept) as RobotsTxtRecord) : undefined;
  if (!record || Date.now() - record.fetchedAt > ROBOTS_TXT_MAX_AGE_MS) {
    record = await fetchRobotsTxt(client, origin);
    // An unreachable robots.txt is asked again next time, not kept for a day.
    if (record.status !== 'unreachable') state.setMeta(ROBOTS_TXT, JSON.stringify(record));
  }
  const policy = robotsPolicy(record, options.userAgent ?? DEFAULT_USER_AGENT);
  if (record.status === 'unreachable')
    throw new SyncError(
      'sync.robots-unreachable',
      `${origin}/robots.txt did not answer: RFC 9309 §2.3.1.4 says to assume everything is disallowed; try again later`,
      { field: 'origin', value: origin },
    );
  return policy;
}

/**
 * Fetches every shard conditionally; a 304 reuses the stored body. A sitemap index (the root
 * links one on sharded sites) names every shard with its hash: a shard whose stored copy has
 * that hash is not asked for at all, so after one edit a re-sync reads the index and one shard.
 * Each document is read in the profile it declares (tct-1, or -03's M-Sitemap and Index, whose
 * hints may be absent: such a shard is fetched conditionally).
 */
async function readSitemaps(
  client: HttpClient,
  state: SyncState,
  urls: readonly string[],
  problems: SyncProblem[],
  origin: string,
): Promise<{ items: ListedDocument[]; gone: boolean; profile?: TctProfile }> {
  const items: ListedDocument[] = [];
  let profile: TctProfile | undefined;
  const pending = [...urls];
  const read = new Set<string>();
  /** Shard hashes an index gave, by URL. */
  const indexed = new Map<string, string>();
  while (pending.length > 0) {
    const url = pending.shift()!;
    if (read.has(urlKey(url))) continue;
    read.add(urlKey(url));
    const cached = state.sitemap(url);
    const hash = indexed.get(urlKey(url));
    let body: Buffer;
    if (cached && hash !== undefined && cached.etag === `"${hash}"`) body = cached.body;
    else {
      const fetched = await fetchStoredSitemap(client, state, url, 'application/json');
      if ('body' in fetched) body = fetched.body;
      else if (fetched.status === 404 || fetched.status === 410) return { items: [], gone: true };
      else
        throw new SyncError('sync.sitemap', `the sitemap ${url} answered ${fetched.status}`, {
          field: 'url',
          value: url,
        });
    }
    const document = readTctSitemapDocument(body);
    if (profile !== undefined && document.profile !== profile)
      problems.push({
        url,
        detail: `sitemap: profile ${document.profile.name}, the first document is ${profile.name}`,
      });
    profile ??= document.profile;
    if (document.kind === 'index') {
      for (const problem of document.problems)
        problems.push({ url, detail: `sitemap index: ${problem}` });
      for (const shard of document.shards) {
        if (!isSameOrigin(shard.url, origin)) {
          problems.push({ url: shard.url, detail: 'a shard on another origin; not fetched' });
          continue;
        }
        if (shard.etag !== undefined) indexed.set(urlKey(shard.url), shard.etag);
        pending.push(shard.url);
      }
      continue;
    }
    for (const problem of document.problems) problems.push({ url, detail: `sitemap: ${problem}` });
    items.push(...document.items);
  }
  return { items, gone: false, ...(profile ? { profile } : {}) };
}

/** What one run works with: the site, its HTTP client and state, and what it reports. */
interface SyncRun {
  origin: string;
  client: HttpClient;
  state: SyncState;
  options: SyncOptions;
  problems: SyncProblem[];
  progress(phase: 'sitemap' | 'documents' | 'html', done: number, total: number): void;
}

/** What the run learned the site lists: everything (the sitemap), or what changed (the feed). */
interface Listing {
  /** Listed documents by their M-URL's key. */
  listed: Map<string, ListedDocument>;
  /** What the feed says is no longer published, by key. */
  removed: Set<string>;
  /** The whole listing (sitemap), or only what changed (feed). */
  complete: boolean;
  /** Where the feed stands after this listing (stored once the run is clean). */
  nextCursor: string | undefined;
  profile: TctProfile | undefined;
  shardUrls: string[];
}

/** The listing from the change feed since the state's cursor, or undefined without one. */
async function listChanges(
  run: SyncRun,
  robots: RobotsPolicy,
  shardUrls: string[],
): Promise<Listing | undefined> {
  const { client, state, origin, options } = run;
  if (options.rediscover || !robots.allows(`${origin}/llm-changes.json`)) return undefined;
  const cursor = state.meta(FEED_CURSOR);
  const feed = cursor === undefined ? undefined : await readChangeFeed(client, origin, cursor);
  if (!feed) return undefined;
  const listed = new Map<string, ListedDocument>();
  const removed = new Set<string>();
  for (const change of feed.changes) {
    const key = urlKey(change.mUrl);
    if (change.change === 'upsert') {
      removed.delete(key);
      listed.set(key, { cUrl: change.cUrl, mUrl: change.mUrl, etag: change.etag });
    } else {
      listed.delete(key);
      removed.add(key);
    }
  }
  const remembered = state.meta(PROFILE);
  const profile = isTctProfileName(remembered) ? tctProfile(remembered) : undefined;
  return { listed, removed, complete: false, nextCursor: feed.next, profile, shardUrls };
}

/**
 * The listing from the sitemap (the shards remembered, else discovered from the root again),
 * with the feed's cursor taken first so that what changes meanwhile is seen next time.
 */
async function listSitemap(
  run: SyncRun,
  robots: RobotsPolicy,
  remembered: string[],
): Promise<Listing> {
  const { client, state, origin, problems } = run;
  const nextCursor = robots.allows(`${origin}/llm-changes.json`)
    ? await currentFeedCursor(client, origin)
    : undefined;
  let shardUrls = remembered;
  let sitemaps =
    shardUrls.length > 0
      ? await readSitemaps(client, state, shardUrls, problems, origin)
      : undefined;
  if (sitemaps === undefined || sitemaps.gone) {
    shardUrls = (await discoverTctSitemaps(client, origin)).filter((url) =>
      isSameOrigin(url, origin),
    );
    if (shardUrls.length === 0)
      throw new SyncError('sync.no-sitemap', `${origin}/ links no TCT sitemap (rel="index")`, {
        field: 'origin',
        value: origin,
      });
    sitemaps = await readSitemaps(client, state, shardUrls, problems, origin);
    if (sitemaps.gone)
      throw new SyncError('sync.no-sitemap', 'the sitemap the root links is gone', {
        field: 'origin',
        value: origin,
      });
  }
  state.setMeta(SITEMAP_URLS, JSON.stringify(shardUrls));
  if (sitemaps.profile) state.setMeta(PROFILE, sitemaps.profile.name);
  const refused = shardUrls.filter((url) => !robots.allows(url));
  if (refused.length > 0)
    throw new SyncError(
      'sync.robots-disallowed',
      `robots.txt disallows the sitemap for this agent: ${refused.join(', ')}`,
      { field: 'origin', value: origin },
    );
  const listed = new Map(sitemaps.items.map((item) => [urlKey(item.mUrl), item] as const));
  return {
    listed,
    removed: new Set(),
    complete: true,
    nextCursor,
    profile: sitemaps.profile,
    shardUrls,
  };
}

/**
 * What to ask for: every listed document but those whose stored copy has the listed hash (the
 * zero-fetch skips; with the feed, every stored document it does not name too) and those
 * robots.txt keeps this agent from.
 */
function planFetches(run: SyncRun, listing: Listing, robots: RobotsPolicy) {
  const { state } = run;
  let zeroFetchSkips = 0;
  let robotsDisallowed = 0;
  const toFetch: ListedDocument[] = [];
  for (const item of listing.listed.values()) {
    // No hint (-03 allows none): the document is asked for, conditionally.
    if (item.etag !== undefined && state.document(item.mUrl)?.hash === item.etag) zeroFetchSkips++;
    else if (!robots.allows(item.mUrl)) robotsDisallowed++;
    else toFetch.push(item);
  }
  if (!listing.complete) {
    // The feed's silence is an answer too: every stored document it does not name is unchanged.
    for (const mUrl of state.documentUrls()) {
      const key = urlKey(mUrl);
      if (!listing.listed.has(key) && !listing.removed.has(key)) zeroFetchSkips++;
    }
  }
  return { toFetch, zeroFetchSkips, robotsDisallowed };
}

/**
 * Fetches the documents to ask for (fetch-listed-document.ts); what is not served yet is asked
 * again a few times, then left for the next run (the cursor stays before it): never taken for
 * "unchanged".
 */
async function fetchDocuments(run: SyncRun, listing: Listing, toFetch: ListedDocument[]) {
  const { client, state, origin, options, problems } = run;
  let fetched = 0;
  let deleted = 0;
  let done = 0;
  run.progress('documents', 0, toFetch.length);
  /** Items whose M-URL does not serve what the listing announced yet, and why. */
  let notYet: { item: ListedDocument; detail: string }[] = [];
  const fetchOne = async (item: ListedDocument) => {
    if (!isSameOrigin(item.mUrl, origin)) {
      problems.push({ url: item.mUrl, detail: 'on another origin than the site; not fetched' });
      return;
    }
    const outcome = await fetchListedDocument(client, state, item, {
      profile: listing.profile,
      fromFeed: !listing.complete,
      markdown: options.markdown === true,
    });
    if (outcome.kind === 'stored') fetched++;
    else if (outcome.kind === 'not-yet') notYet.push({ item, detail: outcome.detail });
    else if (outcome.kind === 'problem') problems.push({ url: item.mUrl, detail: outcome.detail });
    else if (outcome.kind === 'gone') {
      if (outcome.deleted) deleted++;
      // The feed said it changed, not that it went: keep the cursor, ask again next time.
      if (!listing.complete)
        problems.push({
          url: item.mUrl,
          detail: `listed in the change feed as changed but answers ${outcome.status}`,
        });
      else if (outcome.status === 404)
        problems.push({ url: item.mUrl, detail: 'listed in the sitemap but answers 404' });
    }
  };
  const fetchEach = (items: readonly ListedDocument[], first: boolean) =>
    forEachConcurrently(items, options.concurrency ?? 4, async (item) => {
      try {
        await fetchOne(item);
      } catch (error) {
        problems.push({ url: item.mUrl, detail: (error as Error).message });
      } finally {
        if (first) run.progress('documents', ++done, toFetch.length);
      }
    });
  await fetchEach(toFetch, true);
  const retries = options.notYetRetries ?? 2;
  for (let attempt = 1; attempt <= retries && notYet.length > 0; attempt++) {
    await new Promise((resolve) =>
      setTimeout(resolve, (options.notYetWaitMs ?? 250) * 2 ** (attempt - 1)),
    );
    const again = notYet.map(({ item }) => item);
    notYet = [];
    await fetchEach(again, false);
  }
  return { fetched, deleted, notYet };
}

/** Drops what the listing no longer names (a sitemap) or names as removed (the feed). */
function dropUnlisted(state: SyncState, listing: Listing): number {
  let deleted = 0;
  for (const mUrl of state.documentUrls()) {
    const key = urlKey(mUrl);
    const gone = listing.complete ? !listing.listed.has(key) : listing.removed.has(key);
    if (gone && state.deleteDocument(mUrl)) deleted++;
  }
  return deleted;
}

/**
 * What a crawler without TCT re-reads: every page the site lists (known from the state when
 * only the changes were read), measured (`compareHtml`) or estimated.
 */
async function naiveCostOf(run: SyncRun, listing: Listing) {
  const { state, origin, options } = run;
  const cUrls = (listing.complete ? [...listing.listed.values()] : state.documents())
    .map((item) => item.cUrl)
    .filter((url) => isSameOrigin(url, origin));
  const sitemapBytes = listing.shardUrls.reduce(
    (n, url) => n + (state.sitemap(url)?.body.length ?? 0),
    0,
  );
  return options.compareHtml
    ? await measureHtml(cUrls, state, options, (n) => run.progress('html', n, cUrls.length))
    : estimateNaiveCost(cUrls, state, {
        requests: cUrls.length + listing.shardUrls.length,
        bytes: state.documentBytes() + sitemapBytes,
      });
}

/**
 * The zero-fetch algorithm: fetch the sitemap conditionally, skip every document whose
 * sitemap hash equals the cached ETag, conditional GET for the rest, verify each body against
 * its hash, ETag and canonical link before storing it, delete what answers 410/404 or is no
 * longer listed (the sitemap lists every published document, DECISIONS §1). With a cursor, the
 * change feed says what changed instead: a few hundred bytes after one edit, where the sitemap
 * would be read whole. 429/503 are retried after their Retry-After.
 */
export async function syncSite(originArgument: string, options: SyncOptions): Promise<SyncReport> {
  const origin = parseOrigin(originArgument);
  const started = Date.now();
  const state = SyncState.open(options.stateDir);
  const client = syncClient(options);
  const run: SyncRun = {
    origin,
    client,
    state,
    options,
    problems: [],
    progress: (phase, done, total) =>
      options.onProgress?.({
        phase,
        done,
        total,
        requests: client.stats.requests,
        bytes: client.stats.bytesReceived,
      }),
  };
  try {
    state.claim(origin, 'tct');
    run.progress('sitemap', 0, 1);
    const robots = await syncRobotsPolicy(client, state, origin, options);
    const kept = options.rediscover ? undefined : state.meta(SITEMAP_URLS);
    const shardUrls: string[] = kept ? (JSON.parse(kept) as string[]) : [];
    const listing =
      (await listChanges(run, robots, shardUrls)) ?? (await listSitemap(run, robots, shardUrls));
    run.progress('sitemap', 1, 1);
    const { toFetch, zeroFetchSkips, robotsDisallowed } = planFetches(run, listing, robots);
    const { fetched, deleted, notYet } = await fetchDocuments(run, listing, toFetch);
    const dropped = dropUnlisted(state, listing);
    // Only a clean pass moves the cursor: what failed, or is not served yet, is read from the
    // feed again next time.
    if (listing.nextCursor !== undefined && run.problems.length === 0 && notYet.length === 0)
      state.setMeta(FEED_CURSOR, listing.nextCursor);
    else if (listing.nextCursor === undefined) state.deleteMeta(FEED_CURSOR);
    const naive = await naiveCostOf(run, listing);
    return {
      origin,
      mode: 'tct',
      stateFile: state.file,
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      ok: run.problems.length === 0,
      ...clientReport(client),
      zeroFetchSkips,
      robotsDisallowed,
      fetched,
      deleted: deleted + dropped,
      listed: listing.complete ? listing.listed.size : state.documentUrls().length,
      stored: state.documentUrls().length,
      problems: run.problems,
      notYet: notYet.map(({ item, detail }) => ({ url: item.mUrl, detail })),
      naive,
    };
  } finally {
    client.close();
    state.close();
  }
}
