import { isRfc3339 } from '../time';
import { normalizeUri } from '../uri';
import {
  isTct03HttpUrl,
  parseTct03Json,
  Tct03DocumentError,
  type JsonObject,
} from './read-tct03-document';
import { TCT_03, TCT_03_LIMITS } from './tct-profile';

/** A catalog hint: the ETag of the listed representation without quotes (quoted is refused). */
export const TCT_HINT = /^sha256-[0-9a-f]{64}$/;

/** One way a -03 sitemap document breaks the rules; the document may still be partly usable. */
export interface Tct03Problem {
  /** `tct03.<rule>`, as `Tct03DocumentError` codes are. */
  code: string;
  /** The member, e.g. `items[3].etag`; '' for the document. */
  field: string;
  message: string;
}

/** One item of an M-Sitemap (version 2). */
export interface Tct03SitemapItem {
  cUrl: string;
  mUrl: string;
  /** The M-URL's ETag without quotes, when the publisher gives the hint. */
  etag?: string;
  /** RFC 3339, when given. */
  lastModified?: string;
}

/** One shard an M-Sitemap Index lists. */
export interface Tct03SitemapIndexEntry {
  url: string;
  /** The shard's ETag without quotes, when given. */
  etag?: string;
  lastModified?: string;
}

export interface Tct03Reading<T> {
  /** The well-formed entries; a malformed or repeated one is left out and named in `problems`. */
  entries: T[];
  problems: Tct03Problem[];
}

const MAX_PROBLEMS = 50;

function problemList() {
  const problems: Tct03Problem[] = [];
  return {
    problems,
    add(code: string, field: string, message: string): void {
      if (problems.length < MAX_PROBLEMS) problems.push({ code: `tct03.${code}`, field, message });
    },
  };
}

function urlKey(url: string): string {
  try {
    return normalizeUri(url);
  } catch {
    return url;
  }
}

const isObject = (v: unknown): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `version` and `profile` of a document, against what its kind requires. */
function checkEnvelope(
  doc: JsonObject,
  version: number,
  profile: string,
  add: (code: string, field: string, message: string) => void,
): void {
  if (doc.version !== version)
    add('version', 'version', `version is ${JSON.stringify(doc.version)}, expected ${version}`);
  if (doc.profile === 'tct-1')
    add('legacy-profile', 'profile', `profile "tct-1" is the -01 profile; -03 needs ${profile}`);
  else if (doc.profile !== profile)
    add('profile', 'profile', `profile is ${JSON.stringify(doc.profile)}, expected ${profile}`);
}

/** The optional `etag` and `lastModified` hints of an item or index entry. */
function checkHints(
  entry: JsonObject,
  at: string,
  add: (code: string, field: string, message: string) => void,
): boolean {
  let ok = true;
  if (entry.etag !== undefined && (typeof entry.etag !== 'string' || !TCT_HINT.test(entry.etag))) {
    add('hint', `${at}.etag`, `${at}.etag is not sha256-<64 lowercase hex> (unquoted)`);
    ok = false;
  }
  if (
    entry.lastModified !== undefined &&
    (typeof entry.lastModified !== 'string' || !isRfc3339(entry.lastModified))
  ) {
    add('last-modified', `${at}.lastModified`, `${at}.lastModified is not an RFC 3339 date-time`);
    ok = false;
  }
  return ok;
}

/**
 * Checks a parsed M-Sitemap (`{"version":2,"profile":<M-Sitemap profile>,"items":[…]}`)
 * leniently, as an agent reads one: every problem is named, the well-formed items are kept.
 * Rules: version 2, the exact profile (the legacy `tct-1` is refused), no `sitemaps` member
 * (that belongs to the index), `items` an array of at most 10,000 objects, each with absolute
 * http(s) `cUrl` and `mUrl`, optional `etag` (`sha256-<64 hex>`, unquoted) and `lastModified`
 * (RFC 3339, a real date); every cUrl and every mUrl listed once (compared normalized).
 */
export function checkTct03Sitemap(value: unknown): Tct03Reading<Tct03SitemapItem> {
  const { problems, add } = problemList();
  if (!isObject(value)) {
    add('not-object', '', 'the document is not a JSON object');
    return { entries: [], problems };
  }
  checkEnvelope(value, TCT_03.sitemapVersion, TCT_03.sitemapProfile, add);
  if ('sitemaps' in value)
    add('index-member', 'sitemaps', 'an M-Sitemap has no sitemaps member (the index has)');
  if (!Array.isArray(value.items)) {
    add('items', 'items', 'items is not an array');
    return { entries: [], problems };
  }
  const cap = TCT_03_LIMITS.maxSitemapItems!;
  if (value.items.length > cap)
    add('too-many-items', 'items', `${value.items.length} items; the cap is ${cap}`);
  const entries: Tct03SitemapItem[] = [];
  const cUrls = new Set<string>();
  const mUrls = new Set<string>();
  value.items.forEach((item, index) => {
    const at = `items[${index}]`;
    if (!isObject(item)) return add('item', at, `${at} is not an object`);
    let ok = true;
    for (const key of ['cUrl', 'mUrl'] as const) {
      if (!isTct03HttpUrl(item[key])) {
        add('url', `${at}.${key}`, `${at}.${key} is not an absolute http(s) URL`);
        ok = false;
      }
    }
    if (!checkHints(item, at, add) || !ok) return;
    const cUrl = urlKey(item.cUrl as string);
    const mUrl = urlKey(item.mUrl as string);
    if (cUrls.has(cUrl)) add('duplicate-c-url', `${at}.cUrl`, `${at}.cUrl ${cUrl} is listed twice`);
    if (mUrls.has(mUrl)) add('duplicate-m-url', `${at}.mUrl`, `${at}.mUrl ${mUrl} is listed twice`);
    if (cUrls.has(cUrl) || mUrls.has(mUrl)) return;
    cUrls.add(cUrl);
    mUrls.add(mUrl);
    entries.push({
      cUrl: item.cUrl as string,
      mUrl: item.mUrl as string,
      ...(item.etag !== undefined ? { etag: item.etag as string } : {}),
      ...(item.lastModified !== undefined ? { lastModified: item.lastModified as string } : {}),
    });
  });
  return { entries, problems };
}

/**
 * Checks a parsed M-Sitemap Index (docs/protocols.md#tct-03-sitemap-index):
 * `{"version":1,"profile":<index profile>,"sitemaps":[{"url","etag"?,"lastModified"?}]}`, no
 * `items` member, every shard URL absolute http(s) and listed once. Lenient like
 * `checkTct03Sitemap`.
 */
export function checkTct03SitemapIndex(value: unknown): Tct03Reading<Tct03SitemapIndexEntry> {
  const { problems, add } = problemList();
  if (!isObject(value)) {
    add('not-object', '', 'the document is not a JSON object');
    return { entries: [], problems };
  }
  checkEnvelope(value, TCT_03.sitemapIndexVersion, TCT_03.sitemapIndexProfile, add);
  if ('items' in value)
    add('items-member', 'items', 'an M-Sitemap Index has no items member (its shards have)');
  if (!Array.isArray(value.sitemaps)) {
    add('sitemaps', 'sitemaps', 'sitemaps is not an array');
    return { entries: [], problems };
  }
  const entries: Tct03SitemapIndexEntry[] = [];
  const urls = new Set<string>();
  value.sitemaps.forEach((entry, index) => {
    const at = `sitemaps[${index}]`;
    if (!isObject(entry)) return add('entry', at, `${at} is not an object`);
    const urlOk = isTct03HttpUrl(entry.url);
    if (!urlOk) add('url', `${at}.url`, `${at}.url is not an absolute http(s) URL`);
    if (!checkHints(entry, at, add) || !urlOk) return;
    const key = urlKey(entry.url as string);
    if (urls.has(key)) return add('duplicate-url', `${at}.url`, `${at}.url ${key} is listed twice`);
    urls.add(key);
    entries.push({
      url: entry.url as string,
      ...(entry.etag !== undefined ? { etag: entry.etag as string } : {}),
      ...(entry.lastModified !== undefined ? { lastModified: entry.lastModified as string } : {}),
    });
  });
  return { entries, problems };
}

function strict<T>(reading: Tct03Reading<T>): T[] {
  const first = reading.problems[0];
  if (first)
    throw new Tct03DocumentError(first.code, first.message, {
      field: first.field,
      rule: 'TCT -03 (docs/protocols.md#tct-03)',
    });
  return reading.entries;
}

/** Reads an M-Sitemap's bytes (16 MiB cap, UTF-8, JSON limits); any problem is thrown. */
export function readTct03Sitemap(body: Buffer | string): Tct03SitemapItem[] {
  return strict(checkTct03Sitemap(parseTct03Json(body, TCT_03_LIMITS.maxSitemapBytes!)));
}

/** Reads an M-Sitemap Index's bytes; any problem is thrown as a `Tct03DocumentError`. */
export function readTct03SitemapIndex(body: Buffer | string): Tct03SitemapIndexEntry[] {
  return strict(checkTct03SitemapIndex(parseTct03Json(body, TCT_03_LIMITS.maxSitemapBytes!)));
}
