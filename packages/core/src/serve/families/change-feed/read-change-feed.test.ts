import fc from 'fast-check';
import { propertyRuns } from '@agent-ready/test-support';
import {
  formatChangeCursor,
  parseChangeCursor,
  readChangeFeed,
  type ChangeFeedPage,
  type ChangeFeedSource,
  type StoredChangeView,
} from './read-change-feed';

/** A table's worth of rows in memory: the feed reads any source with these two methods. */
function memorySource(rows: StoredChangeView[], epoch = 7): ChangeFeedSource {
  return {
    feedPosition: async () => ({ epoch, seq: Math.max(0, ...rows.map((r) => r.changeSeq)) }),
    changesSince: async (after, limit) => rows.filter((r) => r.changeSeq > after).slice(0, limit),
  };
}

const row = (seq: number, state: StoredChangeView['state'] = 'published'): StoredChangeView => ({
  changeSeq: seq,
  state,
  visibility: 'public',
  cUrl: `https://example.com/${seq}/`,
  mUrl: `https://example.com/${seq}/llm.json`,
  modified: '2025-01-01T00:00:00Z',
  hash: state === 'published' ? `sha256-${String(seq).padStart(64, '0')}` : null,
});

/** The page a target reads, two changes a page. */
async function pageAt(source: ChangeFeedSource, target: string): Promise<ChangeFeedPage> {
  const read = await readChangeFeed(source, target, { pageSize: 2 });
  if (!('page' in read)) throw new Error(`${target}: ${read.problem.error}`);
  return read.page;
}

describe('change feed', () => {
  it('walks every change exactly once, page by page, then stays put', async () => {
    const source = memorySource([row(1), row(3), row(4, 'deleted'), row(9), row(10)]);
    const seen: number[] = [];
    let target = '/llm-changes.json';
    let last: ChangeFeedPage;
    for (let pages = 0; ; pages++) {
      expect(pages).toBeLessThan(10);
      last = await pageAt(source, target);
      seen.push(...last.changes.map((c) => Number(new URL(c.cUrl).pathname.slice(1, -1))));
      target = `/llm-changes.json?since=${last.next}`;
      if (!last.more) break;
    }
    expect(seen).toEqual([1, 3, 4, 9, 10]);
    expect(last.next).toBe(formatChangeCursor({ epoch: 7, seq: 10 }));
    expect(await pageAt(source, target)).toMatchObject({ changes: [], more: false });
  });

  it('since=now gives the current cursor and no history', async () => {
    const source = memorySource([row(1), row(2)]);
    expect(await pageAt(source, '/llm-changes.json?since=now')).toEqual({
      version: 1,
      since: null,
      next: '7-2',
      more: false,
      changes: [],
    });
  });

  it('names what is wrong with a cursor it cannot follow', async () => {
    const source = memorySource([row(1), row(2)]);
    const problem = async (target: string) => {
      const read = await readChangeFeed(source, target);
      return 'problem' in read ? [read.problem.status, read.problem.error] : read.page;
    };
    expect(await problem('/llm-changes.json?since=1-1&since=2-2')).toEqual([400, 'invalid-cursor']);
    expect(await problem('/llm-changes.json?since=nope')).toEqual([400, 'invalid-cursor']);
    // Another epoch (the table was made anew), or a sequence from the future.
    expect(await problem('/llm-changes.json?since=6-1')).toEqual([410, 'cursor-expired']);
    expect(await problem('/llm-changes.json?since=7-3')).toEqual([410, 'cursor-expired']);
  });

  it('reads cursors strictly', () => {
    expect(parseChangeCursor('7-10')).toEqual({ epoch: 7, seq: 10 });
    expect(parseChangeCursor(formatChangeCursor({ epoch: 2 ** 40, seq: 5 }))).toEqual({
      epoch: 2 ** 40,
      seq: 5,
    });
    for (const bad of ['', '7', '7-', '-1', '7-01', '7--1', 'Z-1', '7-1x', '7-99999999999999999']) {
      expect(parseChangeCursor(bad)).toBeUndefined();
    }
  });

  it('round-trips every cursor and never throws on junk', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.string({ maxLength: 40 }),
        (epoch, seq, junk) => {
          expect(parseChangeCursor(formatChangeCursor({ epoch, seq }))).toEqual({ epoch, seq });
          const parsed = parseChangeCursor(junk);
          if (parsed) expect(formatChangeCursor(parsed)).toBe(junk);
        },
      ),
      propertyRuns(1000),
    );
  });
});
