import {
  checkTct03Sitemap,
  checkTct03SitemapIndex,
  TCT_03,
  TCT_1,
  type Tct03Problem,
  type TctProfile,
} from '@agent-ready/core/tct';
import { isRfc3339 } from '@agent-ready/core/time';
import { isHttpUrl, normalizeUri } from '@agent-ready/core/uri';

/** One sitemap item, as DECISIONS §1 shapes it. */
export interface TctSitemapItem {
  cUrl: string;
  mUrl: string;
  modified: string;
  contentHash: string;
  etag: string;
}

export interface TctSitemapReading {
  /** Items that are well-formed; a malformed one is left out and named in `problems`. */
  items: TctSitemapItem[];
  /** Every deviation from the shape, in order (capped). */
  problems: string[];
}

export const TCT_HASH = /^sha256-[0-9a-f]{64}$/;
const MAX_PROBLEMS = 50;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function normalized(url: string): string {
  try {
    return normalizeUri(url);
  } catch {
    return url;
  }
}

/**
 * Reads a TCT sitemap body (`{"version":1,"profile":"tct-1","items":[…]}`) leniently, as a sync
 * client must: every problem is reported, well-formed items are kept. Never throws.
 */
/** A problem list capped at MAX_PROBLEMS, and the function that adds to it. */
function problemList(): { problems: string[]; problem: (message: string) => void } {
  const problems: string[] = [];
  return {
    problems,
    problem: (message) => {
      if (problems.length < MAX_PROBLEMS) problems.push(message);
    },
  };
}

/** A sitemap document's JSON object, its version and profile checked; a string when not one. */
function readEnvelope(
  body: Buffer | string,
  problem: (message: string) => void,
): Record<string, unknown> | string {
  let value: unknown;
  try {
    value = JSON.parse(typeof body === 'string' ? body : body.toString('utf8'));
  } catch (error) {
    return `not JSON: ${(error as Error).message}`;
  }
  if (!isObject(value)) return 'not a JSON object';
  if (value.version !== 1) problem(`version is ${JSON.stringify(value.version)}, expected 1`);
  if (value.profile !== 'tct-1')
    problem(`profile is ${JSON.stringify(value.profile)}, expected "tct-1"`);
  return value;
}

export function readTctSitemap(body: Buffer | string): TctSitemapReading {
  const { problems, problem } = problemList();
  const value = readEnvelope(body, problem);
  if (typeof value === 'string') return { items: [], problems: [value] };
  if (!Array.isArray(value.items)) {
    problem('items is not an array');
    return { items: [], problems };
  }
  const items: TctSitemapItem[] = [];
  const cUrls = new Set<string>();
  const mUrls = new Set<string>();
  value.items.forEach((item: unknown, index: number) => {
    const at = `items[${index}]`;
    if (!isObject(item)) {
      problem(`${at} is not an object`);
      return;
    }
    const before = problems.length;
    for (const key of ['cUrl', 'mUrl'] as const) {
      if (!isHttpUrl(item[key])) problem(`${at}.${key} is not an absolute http(s) URL`);
    }
    if (typeof item.modified !== 'string' || !isRfc3339(item.modified))
      problem(`${at}.modified is not an RFC 3339 date-time`);
    for (const key of ['contentHash', 'etag'] as const) {
      if (typeof item[key] !== 'string' || !TCT_HASH.test(item[key] as string))
        problem(`${at}.${key} is not "sha256-<64 lowercase hex>"`);
    }
    if (item.contentHash !== item.etag)
      problem(
        `${at}: contentHash ${String(item.contentHash)} differs from etag ${String(item.etag)}`,
      );
    if (problems.length > before) return;
    const cUrl = normalized(item.cUrl as string);
    const mUrl = normalized(item.mUrl as string);
    if (cUrls.has(cUrl)) problem(`${at}.cUrl ${cUrl} is listed twice`);
    if (mUrls.has(mUrl)) problem(`${at}.mUrl ${mUrl} is listed twice`);
    if (problems.length > before) return;
    cUrls.add(cUrl);
    mUrls.add(mUrl);
    items.push({
      cUrl: item.cUrl as string,
      mUrl: item.mUrl as string,
      modified: item.modified as string,
      contentHash: item.contentHash as string,
      etag: item.etag as string,
    });
  });
  return { items, problems };
}

/** One shard as a sitemap index lists it. */
export interface TctSitemapIndexEntry {
  url: string;
  /** The shard's hash: its ETag without quotes. */
  etag: string;
  items: number;
}

export interface TctSitemapIndexReading {
  shards: TctSitemapIndexEntry[];
  problems: string[];
}

/**
 * Reads a sitemap index (`{"version":1,"profile":"tct-1","sitemaps":[{url, etag, items}]}`), or
 * answers `undefined` when the body is not one (a shard, or not JSON). Lenient like
 * `readTctSitemap`: well-formed entries are kept, every problem is named. Never throws.
 */
export function readTctSitemapIndex(body: Buffer | string): TctSitemapIndexReading | undefined {
  const { problems, problem } = problemList();
  const value = readEnvelope(body, problem);
  if (typeof value === 'string' || !('sitemaps' in value) || 'items' in value) return undefined;
  if (!Array.isArray(value.sitemaps)) {
    problem('sitemaps is not an array');
    return { shards: [], problems };
  }
  const shards: TctSitemapIndexEntry[] = [];
  const urls = new Set<string>();
  value.sitemaps.forEach((entry: unknown, index: number) => {
    const at = `sitemaps[${index}]`;
    if (!isObject(entry)) return problem(`${at} is not an object`);
    if (!isHttpUrl(entry.url)) return problem(`${at}.url is not an absolute http(s) URL`);
    if (typeof entry.etag !== 'string' || !TCT_HASH.test(entry.etag))
      return problem(`${at}.etag is not "sha256-<64 lowercase hex>"`);
    if (!Number.isSafeInteger(entry.items) || (entry.items as number) < 0)
      return problem(`${at}.items is not a count`);
    const url = normalized(entry.url as string);
    if (urls.has(url)) return problem(`${at}.url ${url} is listed twice`);
    urls.add(url);
    shards.push({ url: entry.url as string, etag: entry.etag, items: entry.items as number });
  });
  return { shards, problems };
}

/** A document an agent lists from: what it names, whatever the profile. */
export interface ListedDocument {
  cUrl: string;
  mUrl: string;
  /** The M-URL's ETag without quotes: always under tct-1, an optional hint under -03. */
  etag?: string;
  /** RFC 3339 (`modified` under tct-1, `lastModified` under -03), when given. */
  modified?: string;
}

/** A shard an index lists: its URL and, when given, its ETag without quotes. */
export interface ListedShard {
  url: string;
  etag?: string;
}

/** A sitemap document read in the profile it declares (its `profile` member). */
export type TctSitemapDocument = { profile: TctProfile; problems: string[] } & (
  { kind: 'sitemap'; items: ListedDocument[] } | { kind: 'index'; shards: ListedShard[] }
);

const describe = (problem: Tct03Problem) => problem.message;

/**
 * Reads a sitemap document of either profile: a -03 M-Sitemap or M-Sitemap Index when its
 * `profile` member says so, else a tct-1 sitemap or index (whose readers name a wrong profile).
 * Lenient: every problem is named, well-formed entries are kept. Never throws.
 */
export function readTctSitemapDocument(body: Buffer | string): TctSitemapDocument {
  let value: unknown;
  try {
    value = JSON.parse(typeof body === 'string' ? body : body.toString('utf8'));
  } catch {
    value = undefined;
  }
  const declared = isObject(value) ? value.profile : undefined;
  if (declared === TCT_03.sitemapIndexProfile) {
    const reading = checkTct03SitemapIndex(value);
    return {
      kind: 'index',
      profile: TCT_03,
      shards: reading.entries,
      problems: reading.problems.map(describe),
    };
  }
  if (declared === TCT_03.sitemapProfile) {
    const reading = checkTct03Sitemap(value);
    return {
      kind: 'sitemap',
      profile: TCT_03,
      items: reading.entries.map(({ lastModified, ...item }) => ({
        ...item,
        ...(lastModified !== undefined ? { modified: lastModified } : {}),
      })),
      problems: reading.problems.map(describe),
    };
  }
  const index = readTctSitemapIndex(body);
  if (index)
    return { kind: 'index', profile: TCT_1, shards: index.shards, problems: index.problems };
  const reading = readTctSitemap(body);
  return { kind: 'sitemap', profile: TCT_1, items: reading.items, problems: reading.problems };
}
