import { AgentReadyError } from '../../../errors';
import type { WebLink } from '../../../http/link-header';
import type { StoredDocumentView } from '../../agent-content-source';

/**
 * The change feed (an agent-ready extension, docs/change-feed.md): what changed after a cursor,
 * in commit order, so an agent re-syncs one edit with a few hundred bytes instead of re-reading
 * sitemap shards.
 */
export const CHANGES_PATH = '/llm-changes.json';
export const CHANGES_PAGE_SIZE = 1000;

/**
 * The link relation that points at the feed (RFC 8288 §2.1.2 extension type: no registered
 * relation means "changes since"). Sent on the sitemap shards, the sitemap index and the policy
 * descriptor, so an agent that found any of them finds the feed.
 */
export const CHANGE_FEED_REL =
  'https://github.com/agent-ready/agent-ready/blob/main/docs/change-feed.md';

/** `Link` to the change feed. */
export function changeFeedLink(feedUrl: string): WebLink {
  return { href: feedUrl, rel: CHANGE_FEED_REL, type: 'application/json' };
}

/** Where the table's commit sequence is: `epoch` changes when the table is made anew. */
export interface ChangeFeedPosition {
  epoch: number;
  seq: number;
}

/** A row that has been listed publicly at some point, as of its last change. */
export interface StoredChangeView extends Pick<
  StoredDocumentView,
  'state' | 'visibility' | 'cUrl' | 'mUrl' | 'modified' | 'hash'
> {
  changeSeq: number;
}

/** What a source offers for the feed (StoreReader implements it). */
export interface ChangeFeedSource {
  /**
   * The position the feed stands at: never past what this source serves yet. `atLeast`: the
   * cursor asked about, which a source whose views lag (another instance gave it out) may
   * catch up to before answering.
   */
  feedPosition(atLeast?: number): Promise<ChangeFeedPosition>;
  /**
   * Rows ever listed publicly whose last change is after `afterSeq`, by change sequence. Never
   * a row that was only ever a draft or private: those are not the public's to know about.
   */
  changesSince(afterSeq: number, limit: number): Promise<StoredChangeView[]>;
}

export type ChangeEntry =
  | { change: 'upsert'; cUrl: string; mUrl: string; etag: string; modified: string }
  | { change: 'removed'; cUrl: string; mUrl: string; modified: string };

export interface ChangeFeedPage {
  version: 1;
  /** The cursor this page starts after (null: from the beginning). */
  since: string | null;
  /** Pass as `?since=` for what follows this page. */
  next: string;
  /** More changes are already waiting after `next`. */
  more: boolean;
  changes: ChangeEntry[];
}

const CURSOR = /^([0-9a-z]{1,13})-(0|[1-9][0-9]{0,15})$/;

export function formatChangeCursor(position: ChangeFeedPosition): string {
  return `${position.epoch.toString(36)}-${position.seq}`;
}

/** `<epoch base 36>-<sequence>`; undefined when it is not one. */
export function parseChangeCursor(value: string): ChangeFeedPosition | undefined {
  const match = CURSOR.exec(value);
  if (!match) return undefined;
  const epoch = parseInt(match[1]!, 36);
  const seq = Number(match[2]);
  return Number.isSafeInteger(epoch) && Number.isSafeInteger(seq) ? { epoch, seq } : undefined;
}

export function changeEntryOf(row: StoredChangeView): ChangeEntry {
  if (row.state === 'published' && row.visibility === 'public' && row.hash !== null) {
    return {
      change: 'upsert',
      cUrl: row.cUrl,
      mUrl: row.mUrl,
      etag: row.hash,
      modified: row.modified,
    };
  }
  return { change: 'removed', cUrl: row.cUrl, mUrl: row.mUrl, modified: row.modified };
}

/** The `since` parameter of a request target (`undefined` when absent). */
function sinceOf(target: string): string | undefined | null {
  const query = target.indexOf('?');
  if (query === -1) return undefined;
  const params = new URLSearchParams(target.slice(query + 1).replace(/#.*$/s, ''));
  const values = params.getAll('since');
  if (values.length > 1) return null;
  return values[0];
}

/** What a request to the feed reads: a page, or a cursor the feed cannot follow (and why). */
export type ChangeFeedRead =
  { page: ChangeFeedPage } | { problem: { status: 400 | 410; error: string; detail: string } };

/**
 * Reads `GET /llm-changes.json[?since=<cursor>|now]` (the request target). Without a cursor it
 * starts at the beginning; `since=now` gives just the current cursor (an agent takes it before
 * reading the sitemap, then follows the feed from there). A cursor of another epoch (the table
 * was made anew) or from the future is expired: the agent re-reads the sitemap and starts over
 * from the feed's `next`.
 */
export async function readChangeFeed(
  source: ChangeFeedSource,
  target: string,
  options: { pageSize?: number } = {},
): Promise<ChangeFeedRead> {
  const since = sinceOf(target);
  if (since === null) {
    return { problem: { status: 400, error: 'invalid-cursor', detail: 'give `since` once' } };
  }
  if (since === 'now') {
    // Where an agent starts before it reads the sitemap: no history, just the current cursor.
    const position = await source.feedPosition();
    return {
      page: {
        version: 1,
        since: null,
        next: formatChangeCursor(position),
        more: false,
        changes: [],
      },
    };
  }
  const from = since === undefined || since === '' ? undefined : parseChangeCursor(since);
  if (since !== undefined && since !== '' && from === undefined) {
    return {
      problem: {
        status: 400,
        error: 'invalid-cursor',
        detail: 'since must be a cursor this feed gave out (`next`)',
      },
    };
  }
  // Read before the rows: every change up to this sequence is committed (writers take the
  // sequence under a lock and commit in its order), so `next` never skips one.
  const position = await source.feedPosition(from?.seq);
  if (from !== undefined && (from.epoch !== position.epoch || from.seq > position.seq)) {
    return {
      problem: {
        status: 410,
        error: 'cursor-expired',
        detail:
          'this cursor is not from the current table: re-read the sitemap, then follow this feed from its `next`',
      },
    };
  }
  const pageSize = options.pageSize ?? CHANGES_PAGE_SIZE;
  const after = from?.seq ?? 0;
  const rows = await source.changesSince(after, pageSize + 1);
  const more = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  const last = page.length > 0 ? page[page.length - 1]!.changeSeq : after;
  const nextSeq = more ? last : Math.max(last, position.seq);
  if (!Number.isSafeInteger(nextSeq)) {
    throw new AgentReadyError('serve.change-feed', 'change sequence out of range');
  }
  return {
    page: {
      version: 1,
      since: from === undefined ? null : formatChangeCursor(from),
      next: formatChangeCursor({ epoch: position.epoch, seq: nextSeq }),
      more,
      changes: page.map(changeEntryOf),
    },
  };
}
