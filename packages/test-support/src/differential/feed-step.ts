import type { FeedChange, FeedSnapshot, ServedFile, SiteSnapshot } from './site-snapshot';

const ABSENT: ServedFile = { status: 404, headers: {}, text: '' };
const unquote = (etag: string | undefined) => etag?.replace(/^"(.*)"$/, '$1');

/**
 * Whether the change feed between two snapshots of one site (`changes`: what it served after
 * `before.feed.next`) names exactly the pages whose answers changed (empty: it does):
 * - a page whose M-URL (bytes or status), Markdown twin or MCP fetch answer changed is named,
 *   its last entry `upsert` (with the ETag its M-URL serves now) when its M-URL answers 200,
 *   `removed` when it answers 404 or 410 (a moved page's old URL included). The twin and MCP
 *   count too: a page moved to another section keeps its M-URL bytes (no `modified` moves when
 *   nothing in them changed) but MCP's `type`, llms.txt and SCP list it elsewhere, and the feed
 *   is how agents learn of any change to a document;
 * - a page whose answers are all the same is not named.
 * A page that was absent before and after with the same status may be named `removed` again:
 * the feed holds one entry per row for its latest change, so when the row that announced a
 * removal moves on (a deleted document published at another URL), the path it left needs an
 * entry of its own, or agents whose cursor is older than the removal would never learn of it.
 */
export function feedStepViolations(
  before: SiteSnapshot,
  after: SiteSnapshot,
  changes: FeedSnapshot,
): string[] {
  const violations: string[] = [];
  const origin = after.origin;
  const pathOf = (url: string) => (url.startsWith(`${origin}/`) ? url.slice(origin.length) : url);
  const named = new Map<string, FeedChange>();
  for (const change of changes.changes) named.set(pathOf(change.cUrl), change);
  const paths = new Set([
    ...Object.keys(before.pages),
    ...Object.keys(after.pages),
    ...named.keys(),
  ]);
  for (const path of [...paths].sort()) {
    const was = before.pages[path]?.mUrl ?? ABSENT;
    const now = after.pages[path]?.mUrl ?? ABSENT;
    const change = named.get(path);
    const [wasPage, nowPage] = [before.pages[path], after.pages[path]];
    // A twin and a fetch are a document's while its M-URL is served (the root's twin without a
    // document is the llms.txt, which changes with every page).
    const changed =
      was.status !== now.status ||
      was.text !== now.text ||
      (now.status === 200 &&
        (wasPage?.twin.text !== nowPage?.twin.text ||
          JSON.stringify(wasPage?.fetched) !== JSON.stringify(nowPage?.fetched)));
    const transition = `${was.status} → ${now.status}`;
    if (!changed) {
      if (change === undefined) continue;
      if (change.change === 'removed' && now.status !== 200) continue;
      violations.push(
        `${path}: the feed names it (${change.change}), nothing it serves changed (${now.status})`,
      );
      continue;
    }
    const expected = now.status === 200 ? 'upsert' : 'removed';
    if (change === undefined) {
      violations.push(`${path}: what it serves changed (${transition}), the feed does not name it`);
    } else if (change.change !== expected) {
      violations.push(
        `${path}: what it serves changed (${transition}), the feed's last entry is ${change.change}`,
      );
    } else if (expected === 'upsert' && change.etag !== unquote(now.headers.etag)) {
      violations.push(
        `${path}: the feed names the etag ${change.etag}, the M-URL serves ${now.headers.etag}`,
      );
    }
  }
  if (changes.next !== after.feed.next) {
    violations.push(
      `the feed's cursor after the step is ${changes.next}, the snapshot's ${after.feed.next}`,
    );
  }
  return violations;
}
