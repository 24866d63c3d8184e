import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  applyScpDelta,
  applyScpSnapshot,
  compareScpTimestamps,
  inspectScpCollection,
  parseScpCollection,
  parseScpSitemap,
  SCP_SITEMAP_NAMESPACE,
  type ScpLimits,
  type ScpPage,
  type ScpSitemap,
} from '@agent-ready/core/scp';
import { SyncError } from '../errors/client-errors';
import { readRobotsSitemaps } from '../discovery/find-sitemap-xml';
import type { RobotsPolicy } from '../discovery/read-robots-policy';
import type { HttpClient } from '../http/http-client';
import { isSameOrigin, originOf } from '../http/same-origin';
import { parseOrigin } from '../http/parse-origin';
import { estimateNaiveCost, measureHtml } from './measure-html';
import { syncClient, syncRobotsPolicy } from './sync-site';
import { clientReport, type SyncOptions, type SyncProblem, type SyncReport } from './sync-report';
import { collectionUrlRefusal } from './collection-url-refusal';
import { fetchStoredSitemap } from './fetch-stored-sitemap';
import { SyncState } from './sync-state';

const SITEMAP_URL = 'scp_sitemap_url';
const DAY_MS = 86_400_000;

export interface ScpSyncOptions extends SyncOptions {
  /** Re-download a section's snapshot once the last one applied is this old (default 7 days). */
  snapshotMaxAgeMs?: number;
  /** Caps for reading collections (defaults: 1 GiB compressed, 10 GiB decompressed). */
  limits?: Partial<ScpLimits>;
  /**
   * Origins other than the site's that collections are followed to (object storage, a CDN),
   * e.g. `['https://bucket.example-storage.com']`; `[]`: the site's own only. Default: any the
   * site's sitemap.xml advertises, within the rules of `collectionUrlRefusal`.
   */
  collectionOrigins?: readonly string[];
}

interface Entry {
  kind: 'snapshot' | 'delta';
  section: string;
  url: string;
  generated: string;
  since?: string;
}

interface Counters {
  snapshots: number;
  deltas: number;
  inserted: number;
  replaced: number;
  ignored: number;
  deleted: number;
  skips: number;
}

/** The first sitemap.xml (robots.txt order) with the SCP extension, stored for next time. */
async function findScpSitemap(
  client: HttpClient,
  state: SyncState,
  origin: string,
  robots: RobotsPolicy,
): Promise<{ url: string; sitemap: ScpSitemap } | undefined> {
  // The Sitemap: lines of the robots.txt already read, or /sitemap.xml when it names none.
  const { record } = robots;
  const listed =
    record.status === 'rules' ? readRobotsSitemaps(record.text, `${origin}/robots.txt`) : [];
  const urls = listed.length > 0 ? listed : [`${origin}/sitemap.xml`];
  for (const url of urls.filter((u) => isSameOrigin(u, origin) && robots.allows(u))) {
    const res = await client.request(url, { headers: { 'accept-encoding': 'identity' } });
    if (res.status !== 200 || !res.body.includes(SCP_SITEMAP_NAMESPACE)) continue;
    const sitemap = parseScpSitemap(res.body);
    state.putSitemap({
      url,
      etag: res.headers.etag ?? null,
      lastModified: res.headers['last-modified'] ?? null,
      body: res.body,
    });
    return { url, sitemap };
  }
  return undefined;
}

async function readSitemap(
  client: HttpClient,
  state: SyncState,
  url: string,
): Promise<ScpSitemap | undefined> {
  const fetched = await fetchStoredSitemap(client, state, url);
  if (!('body' in fetched)) return undefined;
  return parseScpSitemap(fetched.body);
}

async function* pagesOf(file: string, limits: Partial<ScpLimits>): AsyncGenerator<ScpPage> {
  for await (const item of parseScpCollection(createReadStream(file), {
    limits,
    verifyChecksum: false,
  }))
    if (item.kind === 'page') yield item.page;
}

/**
 * Downloads one collection to a temporary file (conditionally, when it was fetched before),
 * verifies it completely (checksum, limits, schema), then applies it in one transaction by the
 * spec's rules. Returns false when it was not applied.
 */
async function applyEntry(
  client: HttpClient,
  state: SyncState,
  entry: Entry,
  limits: Partial<ScpLimits>,
  counters: Counters,
  problems: SyncProblem[],
): Promise<boolean> {
  const file = join(dirname(state.file), `.download-${randomBytes(6).toString('hex')}.scp`);
  try {
    const { head, result } = await client.stream(
      entry.url,
      { headers: { 'accept-encoding': 'gzip' }, maxBodyBytes: limits.maxCompressedBytes! + 1 },
      async (response, body) => {
        if (response.status !== 200) return false;
        await pipeline(Readable.from(body), createWriteStream(file));
        return true;
      },
    );
    if (!result) {
      problems.push({ url: entry.url, detail: `answered ${head.status}` });
      return false;
    }
    const inspection = await inspectScpCollection(createReadStream(file), { limits });
    if (!inspection.valid) {
      problems.push({
        url: entry.url,
        detail: `not applied: ${String(inspection.error?.code)}: ${String(inspection.error?.message)}`,
      });
      return false;
    }
    const metadata = inspection.report.metadata!;
    if (metadata.type !== entry.kind || metadata.section !== entry.section) {
      problems.push({
        url: entry.url,
        detail: `not applied: a ${metadata.type} of ${metadata.section}, listed as a ${entry.kind} of ${entry.section}`,
      });
      return false;
    }
    const index = state.scpIndex(entry.section);
    const applied = await state.transaction(async () => {
      const outcome =
        entry.kind === 'snapshot'
          ? await applyScpSnapshot(index, pagesOf(file, limits))
          : await applyScpDelta(index, pagesOf(file, limits));
      const previous = state.scpSection(entry.section);
      const now = new Date().toISOString();
      state.putScpSection({
        section: entry.section,
        appliedGenerated: metadata.generated,
        snapshotGenerated:
          entry.kind === 'snapshot' ? metadata.generated : previous!.snapshotGenerated,
        snapshotAppliedAt: entry.kind === 'snapshot' ? now : previous!.snapshotAppliedAt,
      });
      state.putCollection({
        url: entry.url,
        etag: head.headers.etag ?? null,
        lastModified: head.headers['last-modified'] ?? null,
        generated: metadata.generated,
      });
      return outcome;
    });
    counters[entry.kind === 'snapshot' ? 'snapshots' : 'deltas']++;
    counters.inserted += applied.inserted;
    counters.replaced += applied.replaced;
    counters.ignored += applied.ignored;
    counters.deleted += applied.deleted;
    return true;
  } catch (error) {
    problems.push({ url: entry.url, detail: (error as Error).message });
    return false;
  } finally {
    await rm(file, { force: true });
  }
}

/** What one SCP run works with: the site, its HTTP client and state, and what it counts. */
interface ScpRun {
  origin: string;
  client: HttpClient;
  state: SyncState;
  options: ScpSyncOptions;
  problems: SyncProblem[];
  counters: Counters;
  limits: Partial<ScpLimits>;
}

/** The site's sitemap.xml with SCP collections: the one remembered, else found again. */
async function locateScpSitemap(
  run: ScpRun,
  robots: RobotsPolicy,
): Promise<{ sitemap: ScpSitemap; sitemapUrl: string }> {
  const { client, state, origin, options } = run;
  let sitemapUrl = options.rediscover ? undefined : state.meta(SITEMAP_URL);
  let sitemap = sitemapUrl ? await readSitemap(client, state, sitemapUrl) : undefined;
  if (!sitemap) {
    const found = await findScpSitemap(client, state, origin, robots);
    sitemapUrl = found?.url;
    sitemap = found?.sitemap;
  }
  if (!sitemap || !sitemapUrl)
    throw new SyncError(
      'sync.no-scp-sitemap',
      `${origin} advertises no SCP collections in sitemap.xml`,
      { field: 'origin', value: origin },
    );
  state.setMeta(SITEMAP_URL, sitemapUrl);
  return { sitemap, sitemapUrl };
}

/**
 * Which collection URLs are followed. Collections robots.txt disallows for this agent are never
 * fetched (RFC 9309). The site's robots.txt governs its own origin; a collection on another
 * origin (object storage) is fetched because the site advertises it there, within
 * collectionUrlRefusal's rules.
 */
function collectionFilter(run: ScpRun, robots: RobotsPolicy) {
  const { origin, options, problems } = run;
  const disallowed = new Set<string>();
  const otherOrigins = new Set<string>();
  const notFollowed = new Set<string>();
  // `https://bucket.example/` names the origin https://bucket.example (a typed error if not a URL).
  const collectionOrigins = options.collectionOrigins?.map((listed) => originOf(listed));
  const allowed = (url: string) => {
    const refusal = collectionUrlRefusal(url, origin, otherOrigins, collectionOrigins);
    if (refusal !== undefined) {
      if (!notFollowed.has(url)) problems.push({ url, detail: `not followed: ${refusal}` });
      notFollowed.add(url);
      return false;
    }
    if (!isSameOrigin(url, origin)) return true;
    return robots.allows(url) || (disallowed.add(url), false);
  };
  return { allowed, disallowed, notFollowed };
}

/** A section's newest snapshot and its deltas, oldest first, among the followed ones. */
function sectionEntries(
  sitemap: ScpSitemap,
  section: string,
  allowed: (url: string) => boolean,
): { snapshot: Entry | undefined; deltas: Entry[] } {
  const byGenerated = (a: Entry, b: Entry) => compareScpTimestamps(a.generated, b.generated);
  const snapshot = sitemap.collections
    .filter((c) => c.section === section && allowed(c.url))
    .map((c): Entry => ({ kind: 'snapshot', section, url: c.url, generated: c.generated }))
    .sort(byGenerated)
    .at(-1);
  const deltas = sitemap.deltas
    .filter((d) => d.section === section && allowed(d.url))
    .map((d): Entry => ({
      kind: 'delta',
      section,
      url: d.url,
      generated: d.generated,
      since: d.since,
    }))
    .sort(byGenerated);
  return { snapshot, deltas };
}

/**
 * Brings one section up to date: its snapshot applied when the copy has none, is older than
 * `snapshotMaxAgeMs` or cannot reach the deltas (a gap), then every delta after what is applied,
 * in order, stopping at a gap or a failure.
 */
async function syncScpSection(
  run: ScpRun,
  section: string,
  located: { sitemap: ScpSitemap; sitemapUrl: string },
  filter: ReturnType<typeof collectionFilter>,
): Promise<void> {
  const { client, state, limits, counters, problems } = run;
  const { sitemap, sitemapUrl } = located;
  const { snapshot, deltas } = sectionEntries(sitemap, section, filter.allowed);
  const maxAge = run.options.snapshotMaxAgeMs ?? 7 * DAY_MS;
  const local = state.scpSection(section);
  const stale = local !== undefined && Date.now() - Date.parse(local.snapshotAppliedAt) > maxAge;
  const pendingAfter = (generated: string) =>
    deltas.filter((d) => compareScpTimestamps(d.generated, generated) > 0);
  let applied = local?.appliedGenerated;
  let pending = applied === undefined ? [] : pendingAfter(applied);
  const gap = pending.length > 0 && compareScpTimestamps(pending[0]!.since!, applied!) > 0;
  if (local === undefined || stale || gap) {
    if (!snapshot) {
      // Disallowed by robots.txt is the site's choice, counted in the report, not a problem;
      // a snapshot not followed is already reported as such.
      const refused = sitemap.collections.some(
        (c) =>
          c.section === section && (filter.disallowed.has(c.url) || filter.notFollowed.has(c.url)),
      );
      if (!refused)
        problems.push({
          url: sitemapUrl,
          detail: `section ${section} lists no snapshot to start from`,
        });
      return;
    }
    if (!(await applyEntry(client, state, snapshot, limits, counters, problems))) return;
    applied = state.scpSection(section)!.appliedGenerated;
    pending = pendingAfter(applied);
  } else if (snapshot) counters.skips++;
  counters.skips += deltas.length - pending.length;
  for (const delta of pending) {
    if (compareScpTimestamps(delta.since!, applied!) > 0) {
      problems.push({ url: delta.url, detail: `gap: since ${delta.since} is after ${applied}` });
      break;
    }
    if (!(await applyEntry(client, state, delta, limits, counters, problems))) break;
    applied = delta.generated;
  }
}

/** What a crawler without SCP re-reads: every page of the copy, measured or estimated. */
async function scpNaiveCost(run: ScpRun, sitemap: ScpSitemap) {
  const { client, state, origin, options } = run;
  const pageUrls = state.scpPageUrls().filter((url) => isSameOrigin(url, origin));
  const refetch = {
    requests: 1 + sitemap.collections.length,
    bytes: sitemap.collections.reduce((n, c) => n + c.size, 0),
  };
  return options.compareHtml
    ? await measureHtml(pageUrls, state, options, (n) =>
        options.onProgress?.({
          phase: 'html',
          done: n,
          total: pageUrls.length,
          requests: client.stats.requests,
          bytes: client.stats.bytesReceived,
        }),
      )
    : estimateNaiveCost(pageUrls, state, refetch);
}

/**
 * Sync by SCP collections: the sitemap.xml conditionally, then per section the snapshot when
 * there is no local copy, when the deltas listed leave a gap after what was applied, or when
 * the last snapshot is older than `snapshotMaxAgeMs` (deletions are learned only from
 * snapshots); otherwise only the deltas newer than what was applied, in order of `generated`.
 * Collections already applied are not requested at all.
 */
export async function syncScp(
  originArgument: string,
  options: ScpSyncOptions,
): Promise<SyncReport> {
  const started = Date.now();
  const client = syncClient(options);
  const state = SyncState.open(options.stateDir);
  const run: ScpRun = {
    origin: parseOrigin(originArgument),
    client,
    state,
    options,
    problems: [],
    counters: {
      snapshots: 0,
      deltas: 0,
      inserted: 0,
      replaced: 0,
      ignored: 0,
      deleted: 0,
      skips: 0,
    },
    limits: { maxCompressedBytes: 2 ** 30, maxDecompressedBytes: 10 * 2 ** 30, ...options.limits },
  };
  const { origin, problems, counters } = run;
  try {
    state.claim(origin, 'scp');
    const robots = await syncRobotsPolicy(client, state, origin, options);
    const located = await locateScpSitemap(run, robots);
    const { sitemap } = located;
    const sections = new Set(
      [...sitemap.collections, ...sitemap.deltas].map((entry) => entry.section),
    );
    const filter = collectionFilter(run, robots);
    let done = 0;
    for (const section of sections) {
      await syncScpSection(run, section, located, filter);
      options.onProgress?.({
        phase: 'collections',
        done: ++done,
        total: sections.size,
        requests: client.stats.requests,
        bytes: client.stats.bytesReceived,
      });
    }
    const naive = await scpNaiveCost(run, sitemap);
    return {
      origin,
      mode: 'scp',
      stateFile: state.file,
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      ok: problems.length === 0,
      ...clientReport(client),
      zeroFetchSkips: counters.skips,
      ...(filter.disallowed.size > 0 ? { robotsDisallowed: filter.disallowed.size } : {}),
      fetched: counters.snapshots + counters.deltas,
      deleted: counters.deleted,
      listed: sitemap.collections.reduce((n, c) => n + c.pages, 0),
      stored: state.scpPageCount(),
      problems,
      naive,
      scp: {
        snapshots: counters.snapshots,
        deltas: counters.deltas,
        inserted: counters.inserted,
        replaced: counters.replaced,
        ignored: counters.ignored,
      },
    };
  } finally {
    client.close();
    state.close();
  }
}
