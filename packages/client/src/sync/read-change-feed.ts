import { CHANGES_PATH, type ChangeEntry, type ChangeFeedPage } from '@agent-ready/core/serve';
import type { HttpClient } from '../http/http-client';

/** More pages than this after one cursor: re-reading the sitemap is cheaper (and bounded). */
const MAX_FEED_PAGES = 50;

function isChangeEntry(value: unknown): value is ChangeEntry {
  const entry = value as Partial<Record<string, unknown>>;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    typeof entry.cUrl === 'string' &&
    typeof entry.mUrl === 'string' &&
    typeof entry.modified === 'string' &&
    (entry.change === 'removed' || (entry.change === 'upsert' && typeof entry.etag === 'string'))
  );
}

/** A feed page as the extension defines it (docs/change-feed.md), or undefined. */
function readPage(body: Buffer): ChangeFeedPage | undefined {
  let page: Partial<ChangeFeedPage>;
  try {
    page = JSON.parse(body.toString('utf8')) as Partial<ChangeFeedPage>;
  } catch {
    return undefined;
  }
  if (
    page?.version !== 1 ||
    typeof page.next !== 'string' ||
    typeof page.more !== 'boolean' ||
    !Array.isArray(page.changes) ||
    !page.changes.every(isChangeEntry)
  ) {
    return undefined;
  }
  return page as ChangeFeedPage;
}

const feedUrl = (origin: string, since: string) =>
  `${origin}${CHANGES_PATH}?since=${encodeURIComponent(since)}`;

/** The feed's current cursor (`since=now`), or undefined where the site has no feed. */
export async function currentFeedCursor(
  client: HttpClient,
  origin: string,
): Promise<string | undefined> {
  const res = await client.request(feedUrl(origin, 'now'), {
    headers: { accept: 'application/json' },
  });
  return res.status === 200 ? readPage(res.body)?.next : undefined;
}

/**
 * Every change after `cursor`, in commit order, and the cursor after them; undefined when the
 * feed cannot answer (gone, expired cursor, malformed, too long): the caller reads the sitemap.
 */
export async function readChangeFeed(
  client: HttpClient,
  origin: string,
  cursor: string,
): Promise<{ changes: ChangeEntry[]; next: string } | undefined> {
  const changes: ChangeEntry[] = [];
  let since = cursor;
  for (let pages = 0; pages < MAX_FEED_PAGES; pages++) {
    const res = await client.request(feedUrl(origin, since), {
      headers: { accept: 'application/json' },
    });
    if (res.status !== 200) return undefined;
    const page = readPage(res.body);
    if (!page) return undefined;
    changes.push(...page.changes);
    since = page.next;
    if (!page.more) return { changes, next: since };
  }
  return undefined;
}
