/**
 * What a differential test reads of a served site, every channel in one plain object: the raw
 * answers (for comparing two instances that serve one store byte for byte) and each channel in a
 * normalized form (for comparing two stores, see `snapshotDifferences`).
 */

/** One answer as read: its status, the headers a comparison looks at, its body as text. */
export interface ServedFile {
  status: number;
  /** `content-type`, `etag`, `last-modified`, `content-digest`, `link`, `cache-control`, `content-usage`, `vary`, when sent. */
  headers: Record<string, string>;
  text: string;
}

/** An MCP tool call's outcome: the tool's structured result, or why it gave none. */
export type McpAnswer = { result: unknown } | { error: string };

/** One page (a C-URL path on the site's origin) through every channel that serves it alone. */
export interface PageSnapshot {
  mUrl: ServedFile;
  twin: ServedFile;
  /** The page's own URL asked for Markdown (`Accept: text/markdown`): its twin, negotiated. */
  negotiated: ServedFile;
  /** The page's own URL asked for HTML: the app's page, with the headers the site adds (its body left out). */
  page: ServedFile;
  /** The MCP `fetch` tool's answer for the page's URL (absent when the site serves no MCP). */
  fetched?: McpAnswer;
}

/** One entry of the change feed, as served. */
export interface FeedChange {
  change: 'upsert' | 'removed';
  cUrl: string;
  mUrl: string;
  etag?: string;
  modified?: string;
}

export interface SitemapShard {
  path: string;
  /** What the index says of the shard. */
  listedEtag?: string;
  listedItems?: number;
  /** What the shard answers. */
  status: number;
  etag?: string;
  items: number;
}

export interface SitemapSnapshot {
  /** The root's status (`/llm-sitemap.json`). */
  status: number;
  /** The root's fields but its items (`version`, `profile`…). */
  fields: Record<string, unknown>;
  /** Every item of the root and of every shard the index lists, by page path. */
  items: Record<string, Record<string, unknown>>;
  /** The index's path, when the root links one (a site with more than one shard). */
  indexPath?: string;
  /** The root and the shards the index lists (empty without an index). */
  shards: SitemapShard[];
}

export interface FeedSnapshot {
  /** Every entry from the start of the feed, in the order served (pages followed). */
  changes: FeedChange[];
  /** The cursor the last page gave out: what a step's `since` starts from. */
  next: string;
}

/**
 * An llms.txt for one locale, its parts merged: a site splits its list in parts (or per section)
 * by row id once it is long, so two stores with the same pages may split them differently.
 */
export interface LlmsTxtListing {
  status: number;
  /** Paragraphs before the first section, but the note saying the file is split. */
  preamble: string[];
  /** Item lines per section title, of the file and every part it links, sorted. */
  sections: Record<string, string[]>;
  /** Page paths the items link to (their Markdown twins' pages). */
  pages: string[];
}

/** An llms-full.txt for one locale: its preamble, and its pages (whose order is by row id). */
export interface LlmsFullTxt {
  status: number;
  preamble: string[];
  /** Each page's text, sorted. */
  pages: string[];
  /** The page paths their `Source:` lines name. */
  sources: string[];
}

export interface ScpSnapshotCollection {
  path: string;
  /** What sitemap.xml says it holds. */
  pages: number;
  status: number;
  /** Its first line (the collection's metadata), parsed. */
  header: Record<string, unknown>;
  /** Its page lines, parsed, as served (order by row id). */
  lines: Record<string, unknown>[];
}

export interface ScpSnapshot {
  /** sitemap.xml's status. */
  status: number;
  /** Pages per section (`<scp:section>`). */
  sections: Record<string, number>;
  /** Each section's snapshot collection, read whole (identity coding). */
  snapshots: Record<string, ScpSnapshotCollection>;
  /** The pages sitemap.xml lists, or its page sitemaps once it has them, sorted. */
  pageUrls: string[];
}

export interface SiteSnapshot {
  origin: string;
  /** Every answer read, by what was asked (`GET /a/llm.json`, `MCP fetch {"id":…}`). */
  answers: Record<string, ServedFile>;
  /** Every page the options name, the sitemap lists or the feed ever named, by path. */
  pages: Record<string, PageSnapshot>;
  sitemap: SitemapSnapshot;
  feed: FeedSnapshot;
  /** By the path of each locale's root (`/llms.txt`, `/fr/llms.txt`). */
  llmsTxt: Record<string, LlmsTxtListing>;
  /** By the path of each locale's file (`/llms-full.txt`, `/fr/llms-full.txt`). */
  llmsFullTxt: Record<string, LlmsFullTxt>;
  scp: ScpSnapshot;
  /** The MCP `search` tool's answer per query. */
  search: Record<string, McpAnswer>;
  /** What could not be read as its format says (a body that is not JSON…). */
  problems: string[];
}
