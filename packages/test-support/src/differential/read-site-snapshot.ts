import type { SiteRequest, SiteResponse } from './site-request';
import type {
  FeedChange,
  FeedSnapshot,
  LlmsFullTxt,
  LlmsTxtListing,
  McpAnswer,
  PageSnapshot,
  ScpSnapshot,
  ServedFile,
  SiteSnapshot,
  SitemapSnapshot,
} from './site-snapshot';

/**
 * The path of a page's Markdown twin, as core's `markdownTwinUrl` names it: `.md` appended to a
 * page with a file name (`/en` → `/en.md`), `index.html.md` in a directory (`/a/`).
 */
export function twinPathOf(path: string): string {
  return path.endsWith('/') ? `${path}index.html.md` : `${path}.md`;
}

/** The page a twin's path stands for (the inverse of `twinPathOf`). */
export function pageOfTwin(path: string): string {
  return path.endsWith('/index.html.md')
    ? path.slice(0, -'index.html.md'.length)
    : path.replace(/\.md$/, '');
}

export interface SnapshotOptions {
  /** The site's public origin, as its URLs name it (`https://example.com`). */
  origin: string;
  /**
   * Page paths (`/a/`) whose M-URL, Markdown twin and MCP fetch are read whether any listing
   * names them or not: every path either site might serve, so that a page one serves and the
   * other does not is seen. Pages the sitemap lists or the feed ever named are read too.
   */
  pagePaths: readonly string[];
  /** The M-URL's last segment (`mUrl.suffix`, default `llm.json`). */
  mUrlSuffix?: string;
  /** Queries for the MCP `search` tool (default none). */
  searchQueries?: readonly string[];
  /** The MCP endpoint's path (default `/mcp`); `false`: the site serves none. */
  mcpPath?: string | false;
  /** The SCP sitemap's path (default `/scp/sitemap.xml`); `false`: the site serves no SCP. */
  scpSitemapPath?: string | false;
  /** Requests in flight at once (default 4). */
  concurrency?: number;
}

/** The headers a snapshot keeps (the rest, `date` first, say nothing of the content). */
const KEPT_HEADERS = [
  'content-type',
  'etag',
  'last-modified',
  'content-digest',
  'link',
  'cache-control',
  'content-usage',
  'vary',
] as const;

const MCP_HEADERS = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

function servedFile(response: SiteResponse): ServedFile {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = response.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  return { status: response.status, headers, text: response.body.toString('utf8') };
}

/** The directory-style path of a page (`/a` → `/a/`), which its M-URL and twin extend. */
function pageDirectory(path: string): string {
  return path.endsWith('/') ? path : `${path}/`;
}

/** Runs `work` over `items`, at most `limit` at once, in order of start. */
async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Reads the whole change feed after `since` (from its start without one), following `more`.
 * For a step of a differential test: what the feed names between two snapshots.
 */
export async function readChangeFeed(request: SiteRequest, since?: string): Promise<FeedSnapshot> {
  const changes: FeedChange[] = [];
  let cursor = since;
  for (;;) {
    const path = `/llm-changes.json${cursor === undefined ? '' : `?since=${encodeURIComponent(cursor)}`}`;
    const response = await request(path);
    if (response.status !== 200) {
      throw new Error(`GET ${path} answered ${response.status}: ${response.body.toString('utf8')}`);
    }
    const page = JSON.parse(response.body.toString('utf8')) as {
      changes: FeedChange[];
      next: string;
      more?: boolean;
    };
    changes.push(...page.changes);
    if (!page.more || page.next === cursor) return { changes, next: page.next };
    cursor = page.next;
  }
}

/**
 * Reads every channel of a served site into a snapshot: M-URLs and Markdown twins of every page
 * (see `pagePaths`), the JSON sitemap with its index and shards, the change feed from its start,
 * llms.txt and llms-full.txt of every locale (parts followed), SCP's sitemap.xml, page sitemaps
 * and snapshot collections (decoded), and through MCP a `fetch` per page and each `search`.
 * Listings are followed from the site's own links, so any site serving these protocols fits.
 */
export async function readSiteSnapshot(
  request: SiteRequest,
  options: SnapshotOptions,
): Promise<SiteSnapshot> {
  const origin = options.origin.replace(/\/$/, '');
  const suffix = options.mUrlSuffix ?? 'llm.json';
  const mcpPath = options.mcpPath === undefined ? '/mcp' : options.mcpPath;
  const concurrency = options.concurrency ?? 4;
  const answers: Record<string, ServedFile> = {};
  const problems: string[] = [];

  /** The path of a URL on the origin; undefined for any other. */
  const pathOf = (url: string): string | undefined =>
    url.startsWith(`${origin}/`) ? url.slice(origin.length) : undefined;
  const keyOf = (url: string) => pathOf(url) ?? url;

  const recorded: SiteRequest = async (path, init) => {
    const response = await request(path, init);
    const accept = init?.headers?.accept;
    if ((init?.method ?? 'GET') === 'GET')
      answers[`GET ${path}${accept === undefined ? '' : ` (Accept: ${accept})`}`] =
        servedFile(response);
    return response;
  };
  const get = async (path: string, headers?: Record<string, string>): Promise<ServedFile> =>
    servedFile(await recorded(path, headers === undefined ? undefined : { headers }));
  const json = (file: ServedFile, what: string): Record<string, unknown> | undefined => {
    try {
      return JSON.parse(file.text) as Record<string, unknown>;
    } catch {
      problems.push(`${what} is not JSON: ${file.text.slice(0, 120)}`);
      return undefined;
    }
  };

  const callTool = async (name: string, args: Record<string, unknown>): Promise<McpAnswer> => {
    const response = await request(mcpPath as string, {
      method: 'POST',
      headers: MCP_HEADERS,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name, arguments: args },
      }),
    });
    const answer = mcpAnswerOf(response);
    answers[`MCP ${name} ${JSON.stringify(args)}`] = {
      status: response.status,
      headers: {},
      text: JSON.stringify(answer),
    };
    return answer;
  };

  // The JSON sitemap: the root, then the shards its index lists.
  const sitemap: SitemapSnapshot = { status: 0, fields: {}, items: {}, shards: [] };
  const root = await get('/llm-sitemap.json');
  sitemap.status = root.status;
  const addItems = (body: Record<string, unknown> | undefined, shard: string) => {
    for (const item of (body?.items ?? []) as Record<string, unknown>[]) {
      const key = keyOf(String(item.cUrl));
      if (sitemap.items[key]) problems.push(`the sitemap lists ${key} twice (${shard})`);
      sitemap.items[key] = item;
    }
  };
  if (root.status === 200) {
    const body = json(root, 'GET /llm-sitemap.json');
    const { items: _items, ...fields } = body ?? {};
    sitemap.fields = fields;
    addItems(body, '/llm-sitemap.json');
    const indexUrl = /<([^>]+)>;\s*rel="?index"?/.exec(root.headers.link ?? '')?.[1];
    const indexPath = indexUrl === undefined ? undefined : pathOf(indexUrl);
    if (indexPath !== undefined) {
      sitemap.indexPath = indexPath;
      const index = json(await get(indexPath), `GET ${indexPath}`);
      for (const listed of (index?.sitemaps ?? []) as Record<string, unknown>[]) {
        const path = keyOf(String(listed.url));
        const shard = path === '/llm-sitemap.json' ? root : await get(path);
        const body = shard.status === 200 ? json(shard, `GET ${path}`) : undefined;
        if (path !== '/llm-sitemap.json') addItems(body, path);
        sitemap.shards.push({
          path,
          ...(listed.etag === undefined ? {} : { listedEtag: String(listed.etag) }),
          ...(listed.items === undefined ? {} : { listedItems: Number(listed.items) }),
          status: shard.status,
          ...(shard.headers.etag === undefined ? {} : { etag: shard.headers.etag }),
          items: ((body?.items ?? []) as unknown[]).length,
        });
      }
    }
  }

  const feed = await readChangeFeed(recorded);

  // Every page anyone names: the caller, the sitemap, the feed (removals included).
  const pagePaths = new Set(options.pagePaths);
  for (const key of Object.keys(sitemap.items)) pagePaths.add(key);
  for (const change of feed.changes) pagePaths.add(keyOf(change.cUrl));
  const pages: Record<string, PageSnapshot> = {};
  await forEachLimited([...pagePaths].sort(), concurrency, async (path) => {
    const directory = pageDirectory(path);
    const [mUrl, twin, negotiated, page, fetched] = await Promise.all([
      get(`${directory}${suffix}`),
      get(twinPathOf(path)),
      get(path, { accept: 'text/markdown' }),
      get(path, { accept: 'text/html' }).then((file) => ({ ...file, text: '' })),
      mcpPath === false ? undefined : callTool('fetch', { id: `${origin}${path}` }),
    ]);
    pages[path] = {
      mUrl,
      twin,
      negotiated,
      page,
      ...(fetched === undefined ? {} : { fetched }),
    };
  });

  const llmsTxt: Record<string, LlmsTxtListing> = {};
  await readLlmsTxt('/llms.txt', llmsTxt, get, pathOf);
  const llmsFullTxt: Record<string, LlmsFullTxt> = {};
  await readLlmsFullTxt('/llms-full.txt', llmsFullTxt, get, pathOf);

  const scpSitemapPath = options.scpSitemapPath ?? '/scp/sitemap.xml';
  const scp =
    scpSitemapPath === false
      ? { status: 0, sections: {}, snapshots: {}, pageUrls: [] }
      : await readScp(scpSitemapPath, recorded, get, pathOf, problems);

  const search: Record<string, McpAnswer> = {};
  if (mcpPath !== false) {
    for (const query of options.searchQueries ?? []) {
      search[query] = await callTool('search', { query, limit: 20 });
    }
  }

  return {
    origin,
    answers,
    pages,
    sitemap,
    feed,
    llmsTxt,
    llmsFullTxt,
    scp,
    search,
    problems,
  };
}

/** The outcome of a JSON-RPC `tools/call`, answered as JSON or as an event stream. */
function mcpAnswerOf(response: SiteResponse): McpAnswer {
  const text = response.body.toString('utf8');
  let message: Record<string, unknown> | undefined;
  try {
    if ((response.headers['content-type'] ?? '').includes('text/event-stream')) {
      const data = text
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => JSON.parse(line.slice(5)) as Record<string, unknown>);
      message = data.find((candidate) => candidate.id === 1);
    } else message = JSON.parse(text) as Record<string, unknown>;
  } catch {
    message = undefined;
  }
  if (message === undefined) return { error: `HTTP ${response.status}: ${text.slice(0, 200)}` };
  const error = message.error as { code?: number; message?: string } | undefined;
  if (error) return { error: `JSON-RPC ${error.code}: ${error.message}` };
  const result = message.result as {
    isError?: boolean;
    structuredContent?: unknown;
    content?: { text?: string }[];
  };
  if (result.isError) return { error: result.content?.[0]?.text ?? 'isError' };
  return { result: result.structuredContent ?? JSON.parse(result.content?.[0]?.text ?? 'null') };
}

/** `# title`, `> summary`, paragraphs, then `## section` blocks of `- [name](url)…` items. */
function parseMarkdownListing(text: string): {
  preamble: string[];
  sections: { title: string; items: { line: string; url: string | undefined }[] }[];
} {
  const preamble: string[] = [];
  const sections: { title: string; items: { line: string; url: string | undefined }[] }[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) preamble.push(paragraph.join('\n'));
    paragraph = [];
  };
  for (const line of text.split('\n')) {
    if (line.startsWith('## ')) {
      endParagraph();
      sections.push({ title: line.slice(3).trim(), items: [] });
    } else if (sections.length > 0) {
      if (line.startsWith('- ')) {
        const url = /^- \[(?:[^\]\\]|\\.)*\]\(<?([^)>\s]+)>?\)/.exec(line)?.[1];
        sections[sections.length - 1]!.items.push({ line, url });
      } else if (line.trim() !== '') {
        sections[sections.length - 1]!.items.push({ line, url: undefined });
      }
    } else if (line.trim() === '') endParagraph();
    else paragraph.push(line);
  }
  endParagraph();
  return { preamble, sections };
}

/** The note of an llms.txt that lists other llms.txt files (parts, sections) instead of pages. */
const SPLIT_NOTE = /^This llms\.txt is split\b/;
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/**
 * One locale's llms.txt with every file it links merged in: a link to another `llms.txt` is
 * another locale's root (read as its own listing, its item line kept); a link to any other
 * `.txt` is a part of this one (its items merged, its item line dropped: parts are cut by row
 * id, so two stores with the same pages may cut them differently).
 */
async function readLlmsTxt(
  rootPath: string,
  into: Record<string, LlmsTxtListing>,
  get: (path: string) => Promise<ServedFile>,
  pathOf: (url: string) => string | undefined,
): Promise<void> {
  if (into[rootPath]) return;
  const listing: LlmsTxtListing = { status: 0, preamble: [], sections: {}, pages: [] };
  into[rootPath] = listing;
  const locales: string[] = [];
  const seen = new Set<string>();
  const readFile = async (path: string, isRoot: boolean) => {
    if (seen.has(path)) return;
    seen.add(path);
    const file = await get(path);
    if (isRoot) listing.status = file.status;
    if (file.status !== 200) return;
    const parsed = parseMarkdownListing(file.text);
    if (isRoot) listing.preamble = parsed.preamble.filter((p) => !SPLIT_NOTE.test(p));
    for (const section of parsed.sections) {
      for (const { line, url } of section.items) {
        const path = url === undefined ? undefined : pathOf(url);
        if (path !== undefined && path.endsWith('.txt')) {
          if (baseName(path) === 'llms.txt') {
            locales.push(path);
            (listing.sections[section.title] ??= []).push(line);
          } else await readFile(path, false);
          continue;
        }
        (listing.sections[section.title] ??= []).push(line);
        if (path !== undefined) listing.pages.push(pageOfTwin(path));
      }
    }
  };
  await readFile(rootPath, true);
  for (const lines of Object.values(listing.sections)) lines.sort();
  listing.pages.sort();
  for (const locale of locales) await readLlmsTxt(locale, into, get, pathOf);
}

/** One locale's llms-full.txt (pages split at `---` lines), and the other locales' it links. */
async function readLlmsFullTxt(
  path: string,
  into: Record<string, LlmsFullTxt>,
  get: (path: string) => Promise<ServedFile>,
  pathOf: (url: string) => string | undefined,
): Promise<void> {
  if (into[path]) return;
  const full: LlmsFullTxt = { status: 0, preamble: [], pages: [], sources: [] };
  into[path] = full;
  const file = await get(path);
  full.status = file.status;
  if (file.status !== 200) return;
  const [preamble = '', ...pages] = file.text.split(/^---$/m);
  full.preamble = preamble
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '');
  full.pages = pages.map((page) => page.trim()).sort();
  for (const page of full.pages) {
    const source = /^Source: (\S+)$/m.exec(page)?.[1];
    const sourcePath = source === undefined ? undefined : pathOf(source);
    if (sourcePath !== undefined) full.sources.push(pageOfTwin(sourcePath));
  }
  full.sources.sort();
  const others = full.preamble
    .map((line) => /^- \[[^\]]*\]\(([^)]+)\)/.exec(line)?.[1])
    .map((url) => (url === undefined ? undefined : pathOf(url)))
    .filter((other): other is string => other !== undefined && other.endsWith('.txt'));
  for (const other of others) await readLlmsFullTxt(other, into, get, pathOf);
}

const XML_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};
const unescapeXml = (value: string) =>
  value.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]!);

function xmlAttributes(element: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, value] of element.matchAll(/([\w:-]+)="([^"]*)"/g))
    attributes[name!] = unescapeXml(value!);
  return attributes;
}

const locsOf = (xml: string, element: 'url' | 'sitemap') =>
  [...xml.matchAll(new RegExp(`<${element}>\\s*<loc>([^<]*)</loc>`, 'g'))].map(([, loc]) =>
    unescapeXml(loc!),
  );

/**
 * SCP: sitemap.xml's sections and snapshot collections, each snapshot read whole (identity
 * coding: the page lines as served, decoded), and the pages it lists, or its page sitemaps list
 * once the site has them (`sitemap-pages.xml` beside it). Deltas are left out: they hold the
 * changes a store went through, which a store rebuilt from scratch never had.
 */
async function readScp(
  sitemapPath: string,
  request: SiteRequest,
  get: (path: string) => Promise<ServedFile>,
  pathOf: (url: string) => string | undefined,
  problems: string[],
): Promise<ScpSnapshot> {
  const scp: ScpSnapshot = { status: 0, sections: {}, snapshots: {}, pageUrls: [] };
  const sitemap = await get(sitemapPath);
  scp.status = sitemap.status;
  if (sitemap.status !== 200) return scp;
  for (const [element] of sitemap.text.matchAll(/<scp:section\b[^>]*>/g)) {
    const { name, pages } = xmlAttributes(element);
    if (name !== undefined) scp.sections[name] = Number(pages);
  }
  for (const [element] of sitemap.text.matchAll(/<scp:collection\b[^>]*>/g)) {
    const { section, type, url, pages } = xmlAttributes(element);
    if (type !== 'snapshot' || section === undefined || url === undefined) continue;
    const path = pathOf(url) ?? url;
    const collection = await get(path);
    const lines = collection.text.split('\n').filter((line) => line.trim() !== '');
    const parsed = lines.map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        problems.push(`a line of ${path} is not JSON: ${line.slice(0, 120)}`);
        return { unparsed: line };
      }
    });
    scp.snapshots[section] = {
      path,
      pages: Number(pages),
      status: collection.status,
      header: collection.status === 200 ? (parsed[0] ?? {}) : {},
      lines: collection.status === 200 ? parsed.slice(1) : [],
    };
  }
  const pagesIndexPath = `${sitemapPath.slice(0, sitemapPath.lastIndexOf('/'))}/sitemap-pages.xml`;
  const pagesIndex = await request(pagesIndexPath);
  if (pagesIndex.status === 200) {
    const index = servedFile(pagesIndex);
    for (const loc of locsOf(index.text, 'sitemap')) {
      const part = await get(pathOf(loc) ?? loc);
      scp.pageUrls.push(...locsOf(part.text, 'url'));
    }
  } else scp.pageUrls.push(...locsOf(sitemap.text, 'url'));
  scp.pageUrls.sort();
  return scp;
}
