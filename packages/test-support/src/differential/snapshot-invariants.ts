import { createHash } from 'node:crypto';
import { publishedByFeed } from './compare-snapshots';
import { twinPathOf } from './read-site-snapshot';
import type { McpAnswer, SiteSnapshot } from './site-snapshot';

const unquote = (etag: string | undefined) => etag?.replace(/^"(.*)"$/, '$1');
const digestOf = (text: string) =>
  `sha-256=:${createHash('sha256').update(text, 'utf8').digest('base64')}:`;

/** The `metadata` of an MCP answer's result, when it has one. */
const metadataOf = (answer: McpAnswer | undefined) =>
  answer !== undefined && 'result' in answer
    ? ((answer.result as { metadata?: Record<string, unknown> } | null)?.metadata ?? {})
    : undefined;

/**
 * What must hold within one site at any moment, whatever its history (empty: all of it does):
 * each served M-URL's strong ETag is its body's `hash` (when it has one), its sitemap item's
 * `etag` and `contentHash`, the feed's `etag` for it, MCP's; its Content-Digest is its bytes';
 * the sitemap, the feed applied from its start, llms.txt, llms-full.txt and SCP list exactly
 * the pages whose M-URL answers 200 (the sitemap's public pages); a page has a twin and an MCP
 * fetch exactly when its M-URL is served; the sitemap index agrees with its shards.
 */
export function snapshotInvariantViolations(snapshot: SiteSnapshot): string[] {
  const violations = [...snapshot.problems];
  const listed = new Set(Object.keys(snapshot.sitemap.items));

  for (const [path, page] of Object.entries(snapshot.pages)) {
    const { mUrl, twin } = page;
    const negotiated = page.negotiated;
    // Where the app serves its pages itself (not a front end elsewhere, as for Strapi).
    const appServesPage = page.page.status !== 404 || negotiated.status !== 404;
    if (
      appServesPage &&
      twin.status === 200 &&
      (negotiated.status !== 200 || negotiated.text !== twin.text)
    )
      violations.push(
        `${path}: asked for Markdown, the page answers ${negotiated.status}, not its twin`,
      );
    // Pages the site decorates link their twin exactly when it is served.
    const twinUrl = `${snapshot.origin}${twinPathOf(path)}`;
    const links = page.page.headers.link;
    if (links !== undefined && links.includes(`<${twinUrl}>`) !== (twin.status === 200))
      violations.push(
        `${path}: its twin answers ${twin.status}, the page's Link header ${links.includes(`<${twinUrl}>`) ? 'links' : 'does not link'} it`,
      );
    if (mUrl.status !== 200) {
      if (listed.has(path))
        violations.push(`${path}: listed in the sitemap, its M-URL answers ${mUrl.status}`);
      // The root's twin is the llms.txt while no document is the root.
      if (twin.status === 200 && path !== '/')
        violations.push(`${path}: its M-URL answers ${mUrl.status}, its twin 200`);
      if (page.fetched !== undefined && 'result' in page.fetched)
        violations.push(`${path}: its M-URL answers ${mUrl.status}, MCP fetch finds it`);
      continue;
    }
    const etag = mUrl.headers.etag;
    if (etag === undefined || etag.startsWith('W/'))
      violations.push(`${path}: its M-URL has no strong ETag (${etag})`);
    const hash = unquote(etag);
    try {
      const body = JSON.parse(mUrl.text) as { hash?: unknown };
      if (body.hash !== undefined && body.hash !== hash)
        violations.push(`${path}: its M-URL's hash ${String(body.hash)} is not its ETag ${etag}`);
    } catch {
      violations.push(`${path}: its M-URL is not JSON`);
    }
    const digest = mUrl.headers['content-digest'];
    if (digest !== undefined && digest !== digestOf(mUrl.text))
      violations.push(`${path}: its M-URL's Content-Digest is not its bytes'`);
    const item = snapshot.sitemap.items[path];
    if (item === undefined)
      violations.push(`${path}: its M-URL answers 200, the sitemap does not list it`);
    else {
      for (const field of ['etag', 'contentHash'])
        if (item[field] !== undefined && item[field] !== hash)
          violations.push(
            `${path}: the sitemap's ${field} ${String(item[field])} is not the M-URL's ETag ${etag}`,
          );
    }
    if (twin.status !== 200)
      violations.push(`${path}: its M-URL answers 200, its twin ${twin.status}`);
    const twinDigest = twin.headers['content-digest'];
    if (twin.status === 200 && twinDigest !== undefined && twinDigest !== digestOf(twin.text))
      violations.push(`${path}: its twin's Content-Digest is not its bytes'`);
    if (page.fetched !== undefined) {
      const metadata = metadataOf(page.fetched);
      if (metadata === undefined)
        violations.push(
          `${path}: its M-URL answers 200, MCP fetch says ${JSON.stringify(page.fetched)}`,
        );
      else if (metadata.etag !== etag || metadata.hash !== hash)
        violations.push(
          `${path}: MCP fetch gives ETag ${String(metadata.etag)}, the M-URL ${etag}`,
        );
    }
  }

  for (const path of listed) {
    if (!snapshot.pages[path]) violations.push(`${path}: listed in the sitemap, not read`);
  }
  for (const shard of snapshot.sitemap.shards) {
    if (shard.status !== 200)
      violations.push(`sitemap shard ${shard.path} answers ${shard.status}`);
    if (shard.listedEtag !== undefined && shard.listedEtag !== unquote(shard.etag))
      violations.push(
        `the sitemap index gives ${shard.path} the etag ${shard.listedEtag}, it serves ${shard.etag}`,
      );
    if (shard.listedItems !== undefined && shard.listedItems !== shard.items)
      violations.push(
        `the sitemap index says ${shard.path} has ${shard.listedItems} items, it has ${shard.items}`,
      );
  }

  const feed = publishedByFeed(snapshot.feed.changes);
  const pathOf = (url: string) =>
    url.startsWith(`${snapshot.origin}/`) ? url.slice(snapshot.origin.length) : url;
  const byFeed = new Set([...feed.keys()].map(pathOf));
  sameSet('the feed (applied from its start)', byFeed, 'the sitemap', listed, violations);
  for (const [cUrl, change] of feed) {
    const page = snapshot.pages[pathOf(cUrl)];
    const etag = page?.mUrl.status === 200 ? unquote(page.mUrl.headers.etag) : undefined;
    if (etag !== undefined && change.etag !== etag)
      violations.push(
        `${pathOf(cUrl)}: the feed's last etag ${change.etag} is not the M-URL's ${etag}`,
      );
  }

  const llmsPages = new Set(Object.values(snapshot.llmsTxt).flatMap((listing) => listing.pages));
  if (snapshot.llmsTxt['/llms.txt']?.status === 200)
    sameSet('llms.txt (every locale)', llmsPages, 'the sitemap', listed, violations);
  const fullPages = new Set(Object.values(snapshot.llmsFullTxt).flatMap((full) => full.sources));
  if (snapshot.llmsFullTxt['/llms-full.txt']?.status === 200)
    sameSet('llms-full.txt (every locale)', fullPages, 'the sitemap', listed, violations);

  if (snapshot.scp.status === 200) {
    const scpPages = new Set<string>();
    for (const [section, collection] of Object.entries(snapshot.scp.snapshots)) {
      if (collection.status !== 200)
        violations.push(`SCP snapshot ${collection.path} answers ${collection.status}`);
      if (collection.lines.length !== collection.pages)
        violations.push(
          `SCP snapshot ${collection.path}: sitemap.xml says ${collection.pages} pages, it holds ${collection.lines.length}`,
        );
      if (snapshot.scp.sections[section] !== collection.pages)
        violations.push(
          `SCP section ${section}: ${snapshot.scp.sections[section]} pages, its snapshot ${collection.pages}`,
        );
      for (const line of collection.lines) {
        const path = pathOf(String(line.url));
        if (scpPages.has(path)) violations.push(`SCP: ${path} is in two snapshots`);
        scpPages.add(path);
      }
    }
    sameSet('the SCP snapshots', scpPages, 'the sitemap', listed, violations);
  }

  for (const [query, answer] of Object.entries(snapshot.search)) {
    if ('error' in answer) {
      violations.push(`search ${JSON.stringify(query)} failed: ${answer.error}`);
      continue;
    }
    const results =
      (answer.result as { results?: { id: string; metadata?: Record<string, unknown> }[] })
        .results ?? [];
    for (const result of results) {
      const path = pathOf(result.id);
      const page = snapshot.pages[path];
      if (page?.mUrl.status !== 200)
        violations.push(
          `search ${JSON.stringify(query)} finds ${path}, whose M-URL answers ${page?.mUrl.status ?? 'unread'}`,
        );
      else if (result.metadata?.etag !== page.mUrl.headers.etag)
        violations.push(
          `search ${JSON.stringify(query)} gives ${path} the ETag ${String(result.metadata?.etag)}, the M-URL ${page.mUrl.headers.etag}`,
        );
    }
  }
  return violations;
}

function sameSet(
  what: string,
  set: Set<string>,
  other: string,
  reference: Set<string>,
  violations: string[],
): void {
  for (const path of set)
    if (!reference.has(path)) violations.push(`${what} lists ${path}, ${other} does not`);
  for (const path of reference)
    if (!set.has(path)) violations.push(`${other} lists ${path}, ${what} does not`);
}
