import { SyncError } from '../errors/client-errors';
import { discoverTctSitemaps } from '../discovery/discover-tct-sitemaps';
import {
  fetchRobotsTxt,
  ROBOTS_TXT_MAX_AGE_MS,
  robotsPolicy,
  type RobotsPolicy,
  type RobotsTxtRecord,
} from '../discovery/read-robots-policy';
import { HttpClient, isSameOrigin } from '../http/http-client';
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

/**
 * The zero-fetch algorithm: fetch the sitemap conditionally, skip every document whose
 * sitemap hash equals the cached ETag, conditional GET for the rest, verify each body against
 * its hash, ETag and canonical link before storing it, delete what answers 410/404 or is no
 * longer listed (the sitemap lists every published document, DECISIONS §1). 429/503 are
 * retried after their Retry-After.
 */
export async function syncSite(originArgument: string, options: SyncOptions): Promise<SyncReport> {
  const origin = parseOrigin(originArgument);
  const started = Date.now();
  const state = SyncState.open(options.stateDir);
  const client = syncClient(options);
  const problems: SyncProblem[] = [];
  const progress = (phase: 'sitemap' | 'documents' | 'html', done: number, total: number) =>
    options.onProgress?.({
      phase,
      done,
      total,
      requests: client.stats.requests,
      bytes: client.stats.bytesReceived,
    });
  try {
    state.claim(origin, 'tct');
    progress('sitemap', 0, 1);
    const robots = await syncRobotsPolicy(client, state, origin, options);
    const remembered = options.rediscover ? undefined : state.meta(SITEMAP_URLS);
    let shardUrls: string[] = remembered ? (JSON.parse(remembered) as string[]) : [];
    // With a cursor, the change feed says what changed: a few hundred bytes after one edit,
    // where the sitemap would be re-read whole. Without one (or when the feed cannot answer),
    // the sitemap, with a cursor taken first so changes made meanwhile are not missed.
    const feedAllowed = robots.allows(`${origin}/llm-changes.json`);
    const cursor = options.rediscover || !feedAllowed ? undefined : state.meta(FEED_CURSOR);
    const feed = cursor === undefined ? undefined : await readChangeFeed(client, origin, cursor);
    let nextCursor = feed?.next;
    /** The whole listing (sitemap), or only what changed (feed). */
    let complete = false;
    const listed = new Map<string, ListedDocument>();
    const rememberedProfile = state.meta(PROFILE);
    let profile: TctProfile | undefined = isTctProfileName(rememberedProfile)
      ? tctProfile(rememberedProfile)
      : undefined;
    const removed = new Set<string>();
    if (feed) {
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
    } else {
      nextCursor = feedAllowed ? await currentFeedCursor(client, origin) : undefined;
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
      profile = sitemaps.profile;
      if (profile) state.setMeta(PROFILE, profile.name);
      const refused = shardUrls.filter((url) => !robots.allows(url));
      if (refused.length > 0)
        throw new SyncError(
          'sync.robots-disallowed',
          `robots.txt disallows the sitemap for this agent: ${refused.join(', ')}`,
          { field: 'origin', value: origin },
        );
      for (const item of sitemaps.items) listed.set(urlKey(item.mUrl), item);
      complete = true;
    }
    progress('sitemap', 1, 1);

    let zeroFetchSkips = 0;
    let fetched = 0;
    let deleted = 0;
    let robotsDisallowed = 0;
    const toFetch: ListedDocument[] = [];
    for (const item of listed.values()) {
      // No hint (-03 allows none): the document is asked for, conditionally.
      if (item.etag !== undefined && state.document(item.mUrl)?.hash === item.etag)
        zeroFetchSkips++;
      else if (!robots.allows(item.mUrl)) robotsDisallowed++;
      else toFetch.push(item);
    }
    if (!complete) {
      // The feed's silence is an answer too: every stored document it does not name is unchanged.
      for (const mUrl of state.documentUrls()) {
        const key = urlKey(mUrl);
        if (!listed.has(key) && !removed.has(key)) zeroFetchSkips++;
      }
    }
    let done = 0;
    progress('documents', 0, toFetch.length);
    /** Items whose M-URL does not serve what the listing announced yet, and why. */
    let notYet: { item: ListedDocument; detail: string }[] = [];
    const fetchEach = (items: readonly ListedDocument[], first: boolean) =>
      forEachConcurrently(items, options.concurrency ?? 4, async (item) => {
        try {
          if (!isSameOrigin(item.mUrl, origin)) {
            problems.push({
              url: item.mUrl,
              detail: 'on another origin than the site; not fetched',
            });
            return;
          }
          const outcome = await fetchListedDocument(client, state, item, {
            profile,
            fromFeed: !complete,
            markdown: options.markdown === true,
          });
          if (outcome.kind === 'stored') fetched++;
          else if (outcome.kind === 'not-yet') notYet.push({ item, detail: outcome.detail });
          else if (outcome.kind === 'problem')
            problems.push({ url: item.mUrl, detail: outcome.detail });
          else if (outcome.kind === 'gone') {
            if (outcome.deleted) deleted++;
            // The feed said it changed, not that it went: keep the cursor, ask again next time.
            if (!complete)
              problems.push({
                url: item.mUrl,
                detail: `listed in the change feed as changed but answers ${outcome.status}`,
              });
            else if (outcome.status === 404)
              problems.push({ url: item.mUrl, detail: 'listed in the sitemap but answers 404' });
          }
        } catch (error) {
          problems.push({ url: item.mUrl, detail: (error as Error).message });
        } finally {
          if (first) progress('documents', ++done, toFetch.length);
        }
      });
    // What is not served yet is asked again a few times, then left for the next run (the
    // cursor stays before it): never taken for "unchanged".
    const retries = options.notYetRetries ?? 2;
    await fetchEach(toFetch, true);
    for (let attempt = 1; attempt <= retries && notYet.length > 0; attempt++) {
      await new Promise((resolve) =>
        setTimeout(resolve, (options.notYetWaitMs ?? 250) * 2 ** (attempt - 1)),
      );
      const again = notYet.map(({ item }) => item);
      notYet = [];
      await fetchEach(again, false);
    }
    for (const mUrl of state.documentUrls()) {
      const key = urlKey(mUrl);
      const gone = complete ? !listed.has(key) : removed.has(key);
      if (gone && state.deleteDocument(mUrl)) deleted++;
    }
    // Only a clean pass moves the cursor: what failed, or is not served yet, is read from the
    // feed again next time.
    if (nextCursor !== undefined && problems.length === 0 && notYet.length === 0)
      state.setMeta(FEED_CURSOR, nextCursor);
    else if (nextCursor === undefined) state.deleteMeta(FEED_CURSOR);

    // What a crawler without TCT re-reads: every page the site lists (known from the state
    // when only the changes were read).
    const cUrls = (complete ? [...listed.values()] : state.documents())
      .map((item) => item.cUrl)
      .filter((url) => isSameOrigin(url, origin));
    const sitemapBytes = shardUrls.reduce(
      (n, url) => n + (state.sitemap(url)?.body.length ?? 0),
      0,
    );
    const naive = options.compareHtml
      ? await measureHtml(cUrls, state, options, (n) => progress('html', n, cUrls.length))
      : estimateNaiveCost(cUrls, state, {
          requests: cUrls.length + shardUrls.length,
          bytes: state.documentBytes() + sitemapBytes,
        });
    return {
      origin,
      mode: 'tct',
      stateFile: state.file,
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      ok: problems.length === 0,
      ...clientReport(client),
      zeroFetchSkips,
      robotsDisallowed,
      fetched,
      deleted,
      listed: complete ? listed.size : state.documentUrls().length,
      stored: state.documentUrls().length,
      problems,
      notYet: notYet.map(({ item, detail }) => ({ url: item.mUrl, detail })),
      naive,
    };
  } finally {
    client.close();
    state.close();
  }
}
